"""A group term set against words that are no term (``contrast``) must be set against
people: a description or a word for people, never a noun for a thing (issue 18)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aligner.pairs import reasons as r
from aligner.pairs.validate import validate_pair


def english(en, more: str, less: str):
    return validate_pair(more, less, en.tgt, en.tgt_lexicon)


def test_a_group_term_swapped_for_a_thing_is_not_a_group_term(en):
    verdict = english(en, "The poor are lazy.", "The cars are lazy.")
    assert (verdict.status, verdict.reason) == (r.REJECTED, r.NOT_A_GROUP_TERM)
    assert "'cars' is a noun that names no people" in verdict.message
    assert "'poor'" in verdict.message
    # Either side may hold the term.
    assert english(en, "The cars are lazy.", "The poor are lazy.").reason == r.NOT_A_GROUP_TERM


@pytest.mark.parametrize(
    ("more", "less"),
    [
        ("The poor are lazy.", "The smart are lazy."),  # an adjective used as a noun
        ("He is too poor for this job.", "He is too tall for this job."),
        ("They knew the neighbour was old.", "They knew the neighbour was travelling."),
        ("They are poor, so they steal.", "They are from Ohio, so they steal."),  # a phrase
        ("The poor are lazy.", "The Hetrosexuals are lazy."),  # unknown word: no evidence
        ("Poor people can't be trusted.", "My friends can't be trusted."),  # a word for people
    ],
)
def test_a_description_of_people_is_still_a_contrast(en, more, less):
    verdict = english(en, more, less)
    assert (verdict.status, verdict.relation) == (r.OK, "contrast"), verdict.message


@pytest.mark.parametrize(
    ("more", "less"),
    [
        ("He grew up poor.", "He grew up a table."),
        ("My old friend is here.", "My table friend is here."),  # a noun modifying a person
        ("Old people can't use computers.", "Windows can't use computers."),  # capitalised
        ("Never trust a poor man.", "Never trust a Bicycle man."),
    ],
)
def test_a_noun_for_a_thing_is_rejected_wherever_it_stands(en, more, less):
    assert english(en, more, less).reason == r.NOT_A_GROUP_TERM


TEMPLATES = ["The {} are lazy.", "Never trust the {} around here.", "My neighbours are {}.",
             "Everyone knows that {} steal."]
TERMS = ["poor", "rich", "old", "young"]
THINGS = ["cars", "tables", "windows", "chairs", "kettles", "bicycles", "umbrellas", "spoons"]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(TEMPLATES), st.sampled_from(TERMS), st.sampled_from(THINGS),
       st.booleans())
def test_any_group_term_replaced_by_a_thing_is_rejected(en, template, term, thing, flip):
    pair = (template.format(term), template.format(thing))
    more, less = reversed(pair) if flip else pair
    assert english(en, more, less).status == r.REJECTED


def test_estonian_nouns_come_from_vabamorf(et):
    def check(less):
        return validate_pair("Vanad ei saa hakkama.", less, et.tgt, et.tgt_lexicon)

    assert check("Autod ei saa hakkama.").reason == r.NOT_A_GROUP_TERM
    assert check("Ehitusautod ei saa hakkama.").reason == r.NOT_A_GROUP_TERM  # compound head
    assert check("Targad ei saa hakkama.").relation == "contrast"  # an adjective too
    assert check("Sõbrad ei saa hakkama.").relation == "contrast"  # people.txt: sõber


def test_without_word_classes_only_a_word_for_people_is_taken(hi):
    # The Hindi plugin cannot tell a noun from an adjective: a contrast must be a word of
    # people.txt, and the message says why the rest is refused.
    def check(less):
        return validate_pair("बूढ़ा आदमी आया।", less, hi.tgt, hi.tgt_lexicon)

    assert check("दोस्त आदमी आया।").relation == "contrast"
    verdict = check("मेज़ आदमी आया।")
    assert verdict.reason == r.NOT_A_GROUP_TERM
    assert "Hindi plugin cannot tell" in verdict.message


def test_gender_terms_still_need_a_gender_partner(en):
    # Outside contrast: a gender term set against a thing has no partner at all.
    assert english(en, "The woman is lazy.", "The car is lazy.").reason == r.NO_PARTNER
