"""`align lexicon check` lints names lists and says where a misfiled concept belongs."""

from pathlib import Path
from types import SimpleNamespace

import pytest

from aligner.lexicon.check import check_lexicon
from aligner.lexicon.names_lint import function_words, names_problems
from aligner.plugins import get_plugin
from aligner.resources import lexicon_root

ENGLISH_NAMES = """\
[gender.f]
names = ["Mary", "Jean", "Andrea"]

[gender.m]
names = ["John", "Andrea"]
"""
FRENCH_NAMES = """\
[gender.f]
names = ["Marie", "Camille", "Andrea"]

[gender.m]
names = ["Jean", "Camille", "Le"]
"""


def lexicons(tmp_path: Path) -> Path:
    for lang, text in (("en", ENGLISH_NAMES), ("fr", FRENCH_NAMES)):
        (tmp_path / lang).mkdir()
        (tmp_path / lang / "names.toml").write_text(text, encoding="utf-8")
    return tmp_path


def messages(tmp_path: Path) -> dict[str, tuple[int | None, str]]:
    found = names_problems("fr", get_plugin("fr"), lexicons(tmp_path))
    assert all(p.severity == "warning" and p.path.endswith("fr/names.toml") for p in found)
    return {p.message.split("'")[1]: (p.line, p.message) for p in found}


def test_a_function_word_listed_as_a_name(tmp_path):
    line, message = messages(tmp_path)["Le"]
    assert line == 5 and "function word in French" in message


def test_a_name_in_both_genders_where_agreement_needs_one(tmp_path):
    line, message = messages(tmp_path)["Camille"]
    assert line == 2 and "both gender.f and gender.m" in message


def test_a_name_whose_gender_differs_from_the_list_it_was_copied_from(tmp_path):
    found = messages(tmp_path)
    assert "gender.m here but gender.f in en/names.toml" in found["Jean"][1]
    assert "gender.f here but gender.f/m in en/names.toml" in found["Andrea"][1]
    assert "Marie" not in found  # not in the English list: nothing to compare


def test_the_pivot_itself_is_not_compared_with_anything(tmp_path):
    found = names_problems("en", get_plugin("en"), lexicons(tmp_path))
    assert not any("copied" in p.message for p in found)


def test_function_words_come_from_spacy_or_the_plugin():
    assert {"le", "ma", "son"} <= function_words(get_plugin("fr"))
    assert function_words(SimpleNamespace(code="zz", fold=str.lower)) == frozenset()
    listed = SimpleNamespace(code="zz", fold=str.lower, function_words=["Da"])
    assert function_words(listed) == frozenset({"da"})


def test_a_concept_in_the_wrong_category_file_gets_its_right_one(tmp_path):
    (tmp_path / "en").mkdir()
    (tmp_path / "en" / "gender.toml").write_text(
        '[nurse]\ngender = "f"\nsg = "nurse"\n', encoding="utf-8"
    )
    (tmp_path / "fr").mkdir()
    (tmp_path / "fr" / "age.toml").write_text(
        '[nurse]\ngender = "f"\nsg = "infirmière"\n', encoding="utf-8"
    )
    (error,) = [p for p in check_lexicon("fr", root=tmp_path) if p.severity == "error"]
    assert error.message == (
        "age.nurse is not a concept of the en lexicon (en has gender.nurse: move it to gender.toml)"
    )
    assert error.line == 1


@pytest.mark.parametrize("lang", ["en", "et", "hi", "fr"])
def test_the_bundled_names_lists_hold_no_function_words(lang):
    """He (English "he") and Ma (Estonian "I") were listed as surnames; a name that is a
    function word would make every line with the word read as a name."""
    found = names_problems(lang, get_plugin(lang), lexicon_root())
    assert not [p.message for p in found if "function word" in p.message]
