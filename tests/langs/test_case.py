"""match_case, the case helper every plugin's edits go through (aligner/analysis/text.py)."""

import pytest

from aligner.analysis.text import match_case
from aligner.pairs.transfer import load_languages
from aligner.pairs.validate import validate_pair


@pytest.mark.parametrize(
    ("model", "word", "expected"),
    [
        ("L'", "la ", "La "),  # an elided capital is title case, not all capitals
        ("L’", "la ", "La "),
        ("D'", "de ", "De "),
        ("l'", "la ", "la "),
        ("A", "una", "Una"),
        ("QU'", "que ", "QUE "),  # two letters do show all capitals
        ("LA", "l'", "L'"),
        ("LE", "la", "LA"),
        ("Le", "la", "La"),
        ("le", "la", "la"),
        ("Naised", "mehed", "Mehed"),
    ],
)
def test_match_case(model, word, expected):
    assert match_case(model, word) == expected


def test_french_sentence_initial_elision_takes_title_case():
    fr = load_languages("fr")
    verdict = validate_pair(
        "La femme est fatiguée.", "L'homme est fatigué.", fr.tgt, fr.tgt_lexicon
    )
    assert verdict.status == "ok"
    edits = fr.tgt.agreement_edits(
        "L'homme est fatigué.",
        tokens := fr.tgt.tokenize("L'homme est fatigué."),
        next(m for m in fr.tgt.match_forms(tokens, fr.tgt_lexicon) if m.concept == "gender.man"),
        fr.tgt_lexicon["gender.woman"],
        fr.tgt_lexicon,
    )
    assert {(e.old, e.new) for e in edits} >= {("L'", "La ")}
