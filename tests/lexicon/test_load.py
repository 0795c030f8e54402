"""Loading lexicons: the bundled ones, and every schema error pointing at file and line."""

import subprocess
import sys
from pathlib import Path

import pytest

from aligner.errors import LexiconError
from aligner.lexicon import load_lexicon
from aligner.lexicon.load import read_lexicon


def write(root: Path, lang: str, category: str, text: str) -> Path:
    path = root / lang / f"{category}.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("lang", ["en", "et", "hi"])
def test_bundled_lexicons_load(lang):
    lexicon = load_lexicon(lang)
    assert "gender.woman" in lexicon
    assert lexicon["gender.woman"].counterparts == ("gender.man",)


def test_english_forms_and_fields():
    woman = load_lexicon("en")["gender.woman"]
    assert woman.forms["pl"] == ("women",)
    assert woman.form("pl_poss") == "women's"
    assert woman.gender == "f"
    assert woman.line is not None and woman.source.endswith("gender.toml")


def test_target_concepts_inherit_counterparts_and_generic_from_english():
    et = load_lexicon("et")
    assert et["gender.businesswoman"].counterparts == ("gender.businessman",)
    assert et["gender.businesswoman"].form("sg_n") == "ärinaine"
    assert et["race-color.dark"].generic


def test_syntax_error_names_file_and_line(tmp_path):
    write(tmp_path, "en", "gender", '[woman]\nsg = "woman"\npl = [\n')
    with pytest.raises(LexiconError) as caught:
        load_lexicon("en", tmp_path)
    assert caught.value.path.endswith("gender.toml")
    assert caught.value.line is not None


def test_unknown_slot_names_the_key_line(tmp_path):
    write(tmp_path, "en", "gender", '[woman]\ncounterparts = []\nsg = "woman"\nplural = "women"\n')
    with pytest.raises(
        LexiconError, match="'plural' is neither a field nor a en noun slot"
    ) as caught:
        load_lexicon("en", tmp_path)
    assert caught.value.line == 4


def test_unknown_category_file(tmp_path):
    write(tmp_path, "en", "colour", '[red]\nsg = "red"\n')
    with pytest.raises(LexiconError, match="not a category"):
        load_lexicon("en", tmp_path)


def test_entry_without_forms_or_reason(tmp_path):
    write(tmp_path, "en", "age", '\n[old]\npos = "adj"\n')
    with pytest.raises(LexiconError, match="no forms") as caught:
        load_lexicon("en", tmp_path)
    assert caught.value.line == 2


def test_category_prefix_in_table_name(tmp_path):
    write(tmp_path, "en", "age", '[age.old]\nsg = "old"\n')
    with pytest.raises(LexiconError, match="without the category prefix"):
        load_lexicon("en", tmp_path)


def test_wrong_types_are_all_reported(tmp_path):
    write(tmp_path, "en", "age", '[old]\npos = "verb"\ngender = "x"\nsg = 3\ngeneric = "yes"\n')
    _, problems = read_lexicon("en", tmp_path)
    messages = " ".join(p.message for p in problems)
    assert "pos 'verb'" in messages
    assert "gender 'x'" in messages
    assert "slot sg must be a form" in messages
    assert "generic must be true or false" in messages
    assert {2, 3, 4, 5} <= {p.line for p in problems}


def test_missing_with_forms_is_an_error(tmp_path):
    write(tmp_path, "et", "age", '[old]\nmissing = "no word"\nsg_n = "vana"\n')
    with pytest.raises(LexiconError, match="lists no forms"):
        load_lexicon("et", tmp_path)


def test_concept_defined_twice(tmp_path):
    write(tmp_path, "en", "age", '[old]\nsg = "old"\n\n[old]\nsg = "aged"\n')
    with pytest.raises(LexiconError):
        load_lexicon("en", tmp_path)


@pytest.mark.parametrize("lang", ["en", "et", "hi"])
@pytest.mark.parametrize(
    ("young", "old"),
    [("young", "old"), ("young", "elderly"), ("youth", "elderly"), ("youth", "senior")],
)
def test_young_and_old_age_terms_are_mutual_counterparts(lang, young, old):
    from aligner.pairs.concepts import COUNTERPART, relation

    lexicon = load_lexicon(lang)
    assert relation(lexicon, f"age.{young}", f"age.{old}").kind == COUNTERPART
    assert relation(lexicon, f"age.{old}", f"age.{young}").kind == COUNTERPART


def test_a_target_language_may_narrow_the_counterparts_it_inherits():
    """Hindi युवा names only बुज़ुर्ग, so a युवा line stands in for English "the young"."""
    assert load_lexicon("en")["age.youth"].counterparts == ("age.senior", "age.elderly")
    assert load_lexicon("hi")["age.youth"].counterparts == ("age.elderly",)


EN_AGE = (
    '[old]\ncounterparts = ["age.young"]\nsg = "old"\n\n'
    '[young]\ncounterparts = ["age.old"]\nsg = "young"\n'
)


@pytest.mark.parametrize(
    ("et_text", "message"),
    [
        ('[old]\nsg_n = "vana"\n\n[young]\nsg_n = "noor"\nsg_g = "vana"\n', "forms of age.old"),
        ('[old]\nsg_n = "vana"\n\n[oldish]\nsg_n = "vanavõitu"\n', "not a concept of the en"),
        ('[old]\ncounterparts = ["age.ancient"]\nsg_n = "vana"\n', "age.ancient is not defined"),
        ("", "no entries"),
    ],
)
def test_errors_check_reports_stop_loading(tmp_path, et_text, message):
    """A lexicon that would lose pairs silently stops every command that loads it."""
    write(tmp_path, "en", "age", EN_AGE)
    write(tmp_path, "et", "age", et_text)
    with pytest.raises(LexiconError, match=message) as caught:
        load_lexicon("et", tmp_path)
    assert caught.value.path.endswith("age.toml") and caught.value.line is not None


def test_not_utf8_stops_validate_with_one_line(tmp_path):
    from typer.testing import CliRunner

    from aligner.cli.main import app

    write(tmp_path, "en", "age", EN_AGE)
    latin1 = '[old]\nsg_n = "v\u00f5\u00f5ras"\n'.encode("latin-1")
    write(tmp_path, "et", "age", "").write_bytes(latin1)
    pairs = tmp_path / "pairs.csv"
    pairs.write_text("sent_more,sent_less\nVana mees.,Noor mees.\n", encoding="utf-8")
    result = CliRunner().invoke(
        app, ["validate", str(pairs), "--lang", "et", "--lexicons", str(tmp_path)]
    )
    assert result.exit_code == 1
    assert "age.toml:2: not UTF-8" in str(result.exception)
    align = Path(sys.executable).with_name("align")
    for command in (["validate", str(pairs)], ["lexicon", "check"]):
        done = subprocess.run(
            [str(align), *command, "--lang", "et", *_root_flag(command, tmp_path)],
            capture_output=True, text=True, check=False,
        )
        assert done.returncode == 1
        shown = (done.stdout + done.stderr).replace("\n", "")
        assert "age.toml:2" in shown and "not UTF-8" in shown and "Traceback" not in shown


def _root_flag(command: list[str], root: Path) -> list[str]:
    return ["--root" if command[0] == "lexicon" else "--lexicons", str(root)]
