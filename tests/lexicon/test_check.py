"""`align lexicon check`: every kind of problem, located, and the bundled lexicons pass."""

from pathlib import Path

import pytest
from typer.testing import CliRunner

from aligner.cli.main import app
from aligner.errors import LexiconError
from aligner.lexicon.check import check_lexicon
from aligner.lexicon.load import load_lexicon


def write(root: Path, lang: str, category: str, text: str) -> Path:
    path = root / lang / f"{category}.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def problems(root: Path, lang: str = "en", severity: str = "error") -> list:
    return [p for p in check_lexicon(lang, root=root) if p.severity == severity]


@pytest.mark.parametrize("lang", ["en", "et", "hi"])
def test_bundled_lexicons_have_no_errors(lang):
    assert problems(None, lang) == []


def test_form_of_two_concepts_in_one_category(tmp_path):
    write(
        tmp_path,
        "en",
        "gender",
        '[lady]\ncounterparts = ["gender.lord"]\nsg = "lady"\n\n'
        '[lord]\ncounterparts = ["gender.lady"]\nsg = "lord"\n\n'
        '[madam]\ncounterparts = ["gender.lord"]\nsg = ["madam", "Lady"]\n',
    )
    found = problems(tmp_path)
    assert len(found) == 1
    assert "'Lady' are also forms of gender.lady" in found[0].message
    assert found[0].line == 9


WIDOWS_EN = (
    '[widow]\ncounterparts = ["gender.widower"]\nsg = "widow"\n\n'
    '[widower]\ncounterparts = ["gender.widow"]\nsg = "widower"\n'
)


def test_counterparts_may_share_a_form_in_the_same_slot(tmp_path):
    """Latvian atraitni is the accusative singular of both atraitne and atraitnis."""
    write(tmp_path, "en", "gender", WIDOWS_EN)
    write(
        tmp_path,
        "lv",
        "gender",
        '[widow]\nsg_nom = "atraitne"\nsg_acc = "atraitni"\n\n'
        '[widower]\nsg_nom = "atraitnis"\nsg_acc = "atraitni"\n',
    )
    assert problems(tmp_path, "lv") == []
    shared = [w for w in problems(tmp_path, "lv", "warning") if "same slot" in w.message]
    assert "'atraitni' also spell counterpart gender.widow" in shared[0].message


def test_counterparts_sharing_a_form_in_different_slots_is_an_error(tmp_path):
    write(tmp_path, "en", "gender", WIDOWS_EN)
    write(
        tmp_path,
        "lv",
        "gender",
        '[widow]\nsg_nom = "atraitne"\nsg_acc = "atraitni"\n\n'
        '[widower]\nsg_nom = "atraitnis"\nsg_gen = "atraitni"\n',
    )
    assert "'atraitni' are also forms of gender.widow" in problems(tmp_path, "lv")[0].message


def test_lexicon_that_is_not_utf8_is_located(tmp_path):
    path = write(tmp_path, "en", "age", "")
    text = '[old]\ncounterparts = []\nsg = "old"\n\n[elder]\nsg = "äi"\n'
    path.write_bytes(text.encode("cp1252"))
    found = problems(tmp_path)
    assert found[0].line == 6 and "not UTF-8" in found[0].message


def test_empty_category_file_is_an_error(tmp_path):
    write(tmp_path, "en", "age", '[old]\ncounterparts = []\nsg = "old"\n')
    write(tmp_path, "et", "age", "# nothing yet\n")
    assert "no entries" in problems(tmp_path, "et")[0].message


def test_target_counterpart_nobody_defines_is_an_error(tmp_path):
    write(tmp_path, "en", "age", '[old]\ncounterparts = []\nsg = "old"\n')
    write(tmp_path, "et", "age", '[old]\ncounterparts = ["age.youngish"]\nsg_n = "vana"\n')
    assert "counterpart age.youngish is not defined" in problems(tmp_path, "et")[0].message


def test_form_claimed_by_two_categories(tmp_path):
    write(tmp_path, "en", "gender", '[boy]\ncounterparts = []\nsg = "boy"\n')
    write(tmp_path, "en", "age", '[kid]\ncounterparts = []\nsg = ["kid", "boy"]\n')
    found = problems(tmp_path)
    assert "claimed by two categories" in found[0].message
    assert found[0].path.endswith("gender.toml") or found[0].path.endswith("age.toml")


def test_form_listed_twice_in_one_slot(tmp_path):
    write(tmp_path, "en", "age", '[old]\ncounterparts = []\nsg = ["old", "Old"]\n')
    assert "lists a form twice" in problems(tmp_path)[0].message


def test_counterpart_not_defined_or_in_another_category(tmp_path):
    write(tmp_path, "en", "age", '[old]\ncounterparts = ["age.young", "gender.man"]\nsg = "old"\n')
    write(tmp_path, "en", "gender", '[man]\ncounterparts = []\nsg = "man"\n')
    messages = [p.message for p in problems(tmp_path)]
    assert any("age.young is not defined" in m for m in messages)
    assert any("in another category (gender)" in m for m in messages)


def test_counterpart_lacking_slots_is_a_warning(tmp_path):
    write(
        tmp_path,
        "en",
        "age",
        '[child]\ncounterparts = ["age.adult"]\nsg = "child"\n'
        'pl = "children"\n\n[adult]\ncounterparts = ["age.child"]\nsg = "adult"\n',
    )
    assert problems(tmp_path) == []
    warnings = problems(tmp_path, severity="warning")
    assert "counterpart age.adult lacks 1 slots (pl)" in warnings[0].message
    assert warnings[0].line == 1


def test_hindi_noun_without_gender(tmp_path):
    write(tmp_path, "hi", "gender", '[girl]\ndir_sg = "लड़की"\n')
    assert "need gender" in problems(tmp_path, "hi")[0].message


def test_target_concept_unknown_to_english_and_english_concept_missing(tmp_path):
    write(tmp_path, "en", "age", '[old]\ncounterparts = []\nsg = "old"\n')
    write(tmp_path, "et", "age", '[olde]\nsg_n = "vana"\n')
    assert "age.olde is not a concept of the en lexicon" in problems(tmp_path, "et")[0].message
    warnings = problems(tmp_path, "et", "warning")
    assert any("age.old has no et entry" in w.message for w in warnings)


def test_lemma_not_expanded(tmp_path):
    write(tmp_path, "et", "age", '[old]\nlemma = "vana"\n')
    assert "run `align lexicon expand --lang et`" in problems(tmp_path, "et")[0].message


def test_cli_exit_status_and_file_line(tmp_path):
    runner = CliRunner()
    good = runner.invoke(app, ["lexicon", "check", "--lang", "en"])
    assert good.exit_code == 0, good.output
    write(tmp_path, "en", "age", '[old]\ncounterparts = ["age.young"]\nsg = "old"\n')
    bad = runner.invoke(app, ["lexicon", "check", "--lang", "en", "--root", str(tmp_path)])
    assert bad.exit_code == 1
    # the line of the counterparts entry that names it, not the [old] header (issue 21)
    assert "age.toml:2: error: age.old: counterpart age.young is not defined" in bad.output


def test_an_inherited_counterpart_is_located_at_the_pivot_entry_that_names_it(tmp_path):
    """et inherits English counterparts: a typo there is fixed in en/age.toml, so that is
    the file:line shown, by `lexicon check --lang et` and by every command loading et
    (issue 21: the error named the concept's header, or the et file, instead)."""
    english = write(tmp_path, "en", "age", '[old]\nsg = "old"\ncounterparts = ["age.yuong"]\n')
    write(tmp_path, "et", "age", '# Estonian\n[old]\nsg_n = "vana"\n')
    bad = CliRunner().invoke(app, ["lexicon", "check", "--lang", "et", "--lexicons",
                                   str(tmp_path)])
    assert bad.exit_code == 1
    assert f"{english}:3: error: age.old: counterpart age.yuong is not defined" in bad.output
    with pytest.raises(LexiconError) as raised:  # what validate, transfer and build load
        load_lexicon("et", tmp_path)
    assert (raised.value.path, raised.value.line) == (str(english), 3)


def test_one_form_in_two_slots_of_a_concept_is_a_warning(tmp_path):
    """Italian papà is singular and plural: the default matcher would read every one as sg."""
    write(
        tmp_path,
        "en",
        "gender",
        '[dad]\ncounterparts = ["gender.mom"]\nsg = "dad"\npl = "dads"\n\n'
        '[mom]\ncounterparts = ["gender.dad"]\nsg = "mom"\npl = "moms"\n',
    )
    write(
        tmp_path,
        "xx",
        "gender",
        '[dad]\ngender = "m"\nsg = "papà"\npl = "papà"\n\n'
        '[mom]\ngender = "f"\nsg = "mamma"\npl = "mamme"\n',
    )
    assert problems(tmp_path, "xx") == []
    found = [w for w in problems(tmp_path, "xx", "warning") if "fills slots" in w.message]
    assert len(found) == 1
    assert "gender.dad: 'papà' fills slots sg, pl" in found[0].message
    assert "always reads it as sg" in found[0].message and "match_forms" in found[0].message
    assert found[0].path.endswith("gender.toml") and found[0].line == 1


def test_a_plugin_that_picks_slots_from_context_is_not_warned(tmp_path):
    from langs.it import Italian

    write(tmp_path, "en", "gender", '[dad]\nsg = "dad"\npl = "dads"\n')
    write(tmp_path, "it", "gender", '[dad]\ngender = "m"\nsg = "papà"\npl = "papà"\n')
    found = check_lexicon("it", plugin=Italian(), root=tmp_path)
    assert not [w for w in found if "fills slots" in w.message]
