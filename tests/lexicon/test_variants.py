"""Variants: several words for one concept, each with its register, through load, check,
expand, transfer and the validator (issue 23). A small lexicon written here keeps the
tests still when the bundled data grows."""

from __future__ import annotations

from pathlib import Path

import pytest

from aligner.errors import LexiconError
from aligner.lexicon import load_lexicon
from aligner.lexicon.check import check_lexicon
from aligner.lexicon.expand import expand_directory
from aligner.lexicon.load import read_lexicon
from aligner.lexicon.model import Concept, Variant, counterpart_form
from aligner.pairs import reasons as r
from aligner.pairs.transfer import load_languages, swap_line
from aligner.pairs.validate import validate_pair
from aligner.plugins import get_plugin

EN = {
    "gender": """
[woman]
gender = "f"
counterparts = ["gender.man"]
sg = "woman"
pl = "women"

[man]
gender = "m"
counterparts = ["gender.woman"]
sg = "man"
pl = "men"
""",
    "socioeconomic": """
[rich]
pos = "adj"
counterparts = ["socioeconomic.poor"]
sg = "rich"

[poor]
pos = "adj"
counterparts = ["socioeconomic.rich"]
sg = "poor"
""",
    "sexual-orientation": """
[straight]
counterparts = ["sexual-orientation.faggot"]
sg = "straight"
pl = "straights"

[faggot]
register = "derogatory"
counterparts = ["sexual-orientation.straight"]
sg = "faggot"
pl = "faggots"

[faggot.fag]
register = "derogatory"
sg = "fag"
pl = "fags"
""",
}

ET = {
    "gender": """
[woman]
sg_n = "naine"
pl_n = "naised"

[woman.naisterahvas]   # colloquial; its answer is named
register = "colloquial"
prefer = "meesterahvas"
sg_n = "naisterahvas"
pl_n = "naisterahvad"

[woman.eit]            # colloquial; answered by the man's first colloquial word
register = "colloquial"
sg_n = "eit"
pl_n = "eided"

[man]
sg_n = "mees"
pl_n = "mehed"

[man.taat]
register = "colloquial"
sg_n = "taat"
pl_n = "taadid"

[man.meesterahvas]
register = "colloquial"
sg_n = "meesterahvas"
pl_n = "meesterahvad"
""",
    "socioeconomic": """
[rich]
pos = "adj"
sg_n = "rikas"
pl_n = "rikkad"

[rich."jõukas"]        # a synonym: a non-ASCII variant name is quoted
sg_n = "jõukas"
pl_n = "jõukad"

[poor]
pos = "adj"
sg_n = "vaene"
pl_n = "vaesed"
""",
}


def write(root: Path, lang: str, files: dict[str, str]) -> Path:
    for category, text in files.items():
        path = root / lang / f"{category}.toml"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("lexicons")
    write(base, "en", EN)
    return write(base, "et", ET)


@pytest.fixture(scope="module")
def et(root: Path):
    return load_languages("et", root)


def test_variants_load_as_words_of_one_concept(root: Path):
    woman = load_lexicon("et", root)["gender.woman"]
    assert [(w.name, w.register) for w in woman.words] == [
        ("woman", "neutral"),
        ("naisterahvas", "colloquial"),
        ("eit", "colloquial"),
    ]
    assert woman.forms["pl_n"] == ("naised", "naisterahvad", "eided")  # main word first
    assert woman.form("sg_n") == "naine"
    assert woman.words[1].prefer == ("meesterahvas",)
    jõukas = load_lexicon("et", root)["socioeconomic.rich"].words[1]
    assert jõukas.name == "jõukas" and jõukas.line == 7


def test_an_entry_without_variants_is_one_word(root: Path):
    """Backward compatible: an entry written before variants is one word, its forms as
    they were."""
    straight = load_lexicon("en", root)["sexual-orientation.straight"]
    assert straight.variants == ()
    assert [(w.name, w.forms) for w in straight.words] == [("straight", straight.forms)]


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ('[woman.eit]\nregister = "rude"\nsg_n = "eit"\n', "register 'rude' is not one of"),
        (
            '[woman.eit]\ncounterparts = ["gender.man"]\nsg_n = "eit"\n',
            "counterparts belongs to the concept, not to one of its variants",
        ),
        ('[woman.eit]\nsg_x = "eit"\n', "'sg_x' is neither a field nor a et noun slot"),
        ('[woman.eit]\nregister = "colloquial"\n', "a variant needs a lemma to expand or forms"),
        ('[woman.eit]\nprefer = 3\nsg_n = "eit"\n', "prefer must name counterpart variants"),
    ],
)
def test_variant_errors_name_file_and_line(tmp_path: Path, table: str, message: str):
    write(tmp_path, "en", {"gender": EN["gender"]})
    write(tmp_path, "et", {"gender": '[woman]\nsg_n = "naine"\n\n[man]\nsg_n = "mees"\n\n' + table})
    with pytest.raises(LexiconError) as caught:
        load_lexicon("et", tmp_path)
    assert message in caught.value.reason
    assert caught.value.path.endswith("gender.toml") and caught.value.line in (7, 8)


def test_a_category_prefix_is_still_an_error(tmp_path: Path):
    write(tmp_path, "en", {"gender": '[gender.woman]\ncounterparts = []\nsg = "woman"\n'})
    _, problems = read_lexicon("en", tmp_path)
    assert any("without the category prefix" in p.message for p in problems)


def test_a_form_twice_in_one_variant_is_an_error(tmp_path: Path):
    write(tmp_path, "en", {"gender": EN["gender"] + '\n[man.bloke]\nsg = ["bloke", "bloke"]\n'})
    problems = check_lexicon("en", get_plugin("en"), tmp_path)
    assert any("slot sg of bloke lists a form twice" in p.message for p in problems)


def test_expand_writes_each_variant_from_its_own_lemma(tmp_path: Path):
    write(tmp_path, "en", EN)
    write(
        tmp_path,
        "et",
        {
            "socioeconomic": '[rich]\npos = "adj"\nlemma = "rikas"\n\n'
            '[rich."jõukas"]\nlemma = "jõukas"\n\n'
            '[poor]\npos = "adj"\nlemma = "vaene"\n'
        },
    )
    expand_directory(tmp_path / "et", get_plugin("et"))
    rich = load_lexicon("et", tmp_path)["socioeconomic.rich"]
    assert rich.words[0].forms["pl_ad"][0] == "rikastel"
    assert rich.words[1].forms["pl_ad"][0] == "jõukatel"
    problems = check_lexicon("et", get_plugin("et"), tmp_path)
    assert [p for p in problems if p.severity == "error"] == []


def test_a_variant_whose_form_fails_the_morphology_is_named(tmp_path: Path):
    write(tmp_path, "en", EN)
    wrong = ET["socioeconomic"].replace('"jõukad"', '"jõukasid"')
    write(tmp_path, "et", {"socioeconomic": wrong})
    problems = check_lexicon("et", get_plugin("et"), tmp_path)
    assert any("[rich.jõukas]" in p.message and p.line == 7 for p in problems), problems


def test_transfer_swaps_a_synonym_for_the_counterpart(et):
    """The English pair says rich/poor; the subtitle says jõukad, a variant of rich."""
    out = swap_line("Jõukad elavad siin.", "socioeconomic.rich", "socioeconomic.poor", et)
    assert out.reason is None and out.swapped == "Vaesed elavad siin."


@pytest.mark.parametrize(
    ("natural", "swapped"),
    [
        ("Naisterahvad ei saa aru.", "Meesterahvad ei saa aru."),  # prefer names it
        ("Eit ei saa aru.", "Taat ei saa aru."),  # the first word of the same register
        ("Naised ei saa aru.", "Mehed ei saa aru."),  # the main word answers the main word
    ],
)
def test_transfer_keeps_the_register(et, natural: str, swapped: str):
    out = swap_line(natural, "gender.woman", "gender.man", et)
    assert out.reason is None and out.swapped == swapped


def test_an_answer_without_the_slot_falls_back_to_the_main_word():
    old = Concept(
        "gender.woman",
        "gender",
        "et",
        (),
        forms={"sg_n": ("naine", "eit")},
        variants=(
            Variant("woman", {"sg_n": ("naine",)}),
            Variant("eit", {"sg_n": ("eit",)}, "colloquial"),
        ),
    )
    new = Concept(
        "gender.man",
        "gender",
        "et",
        (),
        forms={"sg_n": ("mees",), "pl_n": ("mehed",)},
        variants=(
            Variant("man", {"sg_n": ("mees",), "pl_n": ("mehed",)}),
            Variant("taat", {"pl_n": ("taadid",)}, "colloquial"),
        ),
    )
    assert counterpart_form(old, new, "sg_n", "eit", str.casefold) == "mees"


def test_the_validator_accepts_a_variant_against_the_main_word(et):
    verdict = validate_pair("Jõukad elavad siin.", "Vaesed elavad siin.", et.tgt, et.tgt_lexicon)
    assert verdict.status == r.OK and verdict.notes is None


def test_a_derogatory_word_is_valid_and_marked(et):
    verdict = validate_pair("The fags were loud.", "The straights were loud.", et.en, et.en_lexicon)
    assert verdict.status == r.OK
    assert verdict.notes == "derogatory: fags"
