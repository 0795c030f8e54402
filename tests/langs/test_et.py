"""Estonian: a swap keeps case and number through the slot; no agreement edits."""

import pytest

from aligner.lexicon import load_lexicon
from aligner.plugins import get_plugin


@pytest.fixture(scope="module")
def et():
    return get_plugin("et"), load_lexicon("et")


def swap(et, text: str, new_concept: str) -> str:
    """Replace the first matched form by the counterpart's form in the same slot."""
    plugin, lexicon = et
    tokens = plugin.tokenize(text)
    match = plugin.match_forms(tokens, lexicon)[0]
    new = lexicon[new_concept]
    assert plugin.agreement_edits(text, tokens, match, new, lexicon) == []
    start, end = tokens[match.first].start, tokens[match.last - 1].end
    return text[:start] + new.form(match.slot) + text[end:]


@pytest.mark.parametrize(
    ("text", "new", "expected"),
    [
        ("Ta on naise vend.", "gender.man", "Ta on mehe vend."),
        ("Ma räägin naistega.", "gender.man", "Ma räägin meestega."),
        ("Anna see tüdrukule.", "gender.boy", "Anna see poisile."),
        ("Ta on edukas ärinaine.", "gender.businessman", "Ta on edukas ärimees."),
        ("Küsi linna juutidelt.", "religion.christian", "Küsi linna kristlastelt."),
        ("Hiina varuosad on rämps.", "nationality.german", "Saksa varuosad on rämps."),
    ],
)
def test_swaps_keep_case_and_number(et, text, expected, new):
    assert swap(et, text, new) == expected


def test_syncretic_form_takes_the_slot_vabamorf_reads(et):
    plugin, lexicon = et
    # "vana" is sg_n, sg_g and sg_p; in "vana meest näha" it is partitive: noort, not noor.
    tokens = plugin.tokenize("Ma nägin vana meest.")
    match = plugin.match_forms(tokens, lexicon)[0]
    assert match.concept == "age.old" and match.slot == "sg_p"
    assert swap(et, "Ma nägin vana meest.", "age.young") == "Ma nägin noort meest."


def test_genderless(et):
    plugin, _ = et
    assert plugin.gendered_pronouns is False
    assert plugin.fold("Naised") == "naised"
