"""Estonian forms come from Vabamorf and read back through it: generated or typed."""

from pathlib import Path

import pytest

from aligner.analysis.vabamorf import SLOTS, form_problems, synthesize_slots
from aligner.lexicon.expand import (
    corpus_counts,
    expand_directory,
    refresh_directory,
    words_of,
)
from aligner.lexicon.load import read_lexicon
from aligner.plugins import get_plugin


def test_every_estonian_form_reads_back_as_its_lemma_and_slot():
    """The whole bundled lexicon, every form of every slot (~18,000), through Vabamorf, each
    variant against its own lemma."""
    lexicon, _ = read_lexicon("et")
    plugin = get_plugin("et")
    checked = sum(len(f) for c in lexicon for s, f in c.forms.items() if s in SLOTS)
    assert checked > 15000
    wrong = {
        table: found
        for c in lexicon
        if c.available
        for table, word in words_of(c)
        if (found := plugin.form_problems(word))
    }
    assert wrong == {}


@pytest.mark.parametrize(
    ("lemma", "slot", "usual"),
    [
        ("poiss", "pl_p", ("poisse", "poissisid")),
        ("poiss", "pl_g", ("poiste", "poisside")),
        ("poiss", "pl_kom", ("poistega", "poissidega")),
        ("vana", "pl_p", ("vanu", "vanasid")),
        ("vana", "pl_abl", ("vanadelt", "vanult")),
        ("kristlane", "pl_abl", ("kristlastelt", "kristlasilt", "kristlaseilt")),
    ],
)
def test_usual_variant_comes_first(lemma, slot, usual):
    assert synthesize_slots(lemma)[slot] == usual


def test_unknown_demonym_is_inflected_like_its_model():
    """Vabamorf lacks kiribatilane and, guessing, wrote gen. *kiribatilane (issue 11)."""
    forms = synthesize_slots("kiribatilane")
    assert forms["sg_g"] == ("kiribatilase",)
    assert forms["pl_n"] == ("kiribatilased",)
    assert forms["pl_p"][0] == "kiribatilasi"
    assert form_problems("kiribatilane", {"sg_g": ("kiribatilane",)}) != []


@pytest.mark.parametrize(
    ("slot", "form"),
    [("sg_g", "naist"), ("pl_p", "naisesid"), ("sg_n", "mees"), ("pl_g", "poissite")],
)
def test_wrong_hand_written_forms_are_caught(slot, form):
    lemma = "naine" if form.startswith("nais") else "poiss"
    assert form_problems(lemma, {slot: (form,)}) != []


def test_right_forms_pass_even_when_read_as_another_word():
    assert form_problems("isalik", {"sg_abl": ("isalikult",)}) == []  # also an adverb
    assert form_problems("maja", {"sg_ill": ("majja", "majasse")}) == []


def write(root: Path, text: str) -> Path:
    path = root / "et" / "gender.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_fix_rewrites_wrong_forms_in_place_and_keeps_good_variants(tmp_path):
    path = write(
        tmp_path,
        '# reviewed\n[boy]\nlemma = "poiss"\nsg_g = "poisi"  # ok\n'
        'pl_p = ["poissisid", "poisse"]\npl_g = ["poisside", "poissite"]\n\n'
        '[girl]\nlemma = "tüdruk"\nsg_g = "tüdruku"\n',
    )
    fixed = refresh_directory(tmp_path / "et", get_plugin("et"))
    assert [item.concept for item in fixed] == ["gender.boy"]
    text = path.read_text(encoding="utf-8")
    assert text.startswith('# reviewed\n[boy]\nlemma = "poiss"\nsg_g = "poisi"  # ok\n')
    assert 'pl_p = ["poisse", "poissisid"]\npl_g = ["poiste", "poisside"]\n' in text


def test_counts_from_subtitles_order_the_variants(tmp_path):
    plugin = get_plugin("et")
    subtitles = tmp_path / "film.et.txt"
    subtitles.write_text("Need poissisid ma tean.\nPoissisid oli kaks. Poisse ka.\n", "utf-8")
    counts = corpus_counts([subtitles], plugin)
    write(tmp_path, '[boy]\nlemma = "poiss"\nsg_n = "poiss"\n')
    done = expand_directory(tmp_path / "et", plugin, counts=counts)
    assert done[0].slots["pl_p"] == ("poissisid", "poisse")
    assert done[0].slots["pl_g"] == ("poiste", "poisside")  # unseen: the grammar's order


def test_expansion_leaves_out_forms_another_concept_spells(tmp_path):
    """isane's partitive isast is isa's elative: writing it would merge male and father."""
    write(tmp_path, '[father]\nsg_n = "isa"\nsg_el = "isast"\n\n[male]\nlemma = "isane"\n')
    done = expand_directory(tmp_path / "et", get_plugin("et"))
    male = next(item for item in done if item.concept == "gender.male")
    assert "sg_p" not in male.slots and male.slots["sg_g"] == ("isase",)
