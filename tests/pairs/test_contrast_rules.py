"""Rules that let real benchmark pairs through without letting broken ones through: a
group term set against a description spanning more words, a place against a place, proper
names that begin with a common word, adjectives that fit any number. Written against the
real English lexicon, whose entries the rules read."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aligner.pairs import reasons as r
from aligner.pairs.analysis import _near


@pytest.mark.parametrize(
    ("more", "less", "bias_type"),
    [
        # The term reaches past the stretch ("mentally ill person"): read inside it.
        ("Ask any mentally ill person you meet.", "Ask any healthy-looking person you meet.",
         "disability"),
        # A group word heading a person noun, merged, against a word for people.
        ("He acted like a black man in a suit.", "He acted like a butler in a suit.",
         "race-color"),
        # A description that is the whole start of a longer term form is no misspelling.
        ("She moved here from Mexico last year.", "She moved here from Europe last year.",
         "race-color"),
        ("The old neighbour seemed fine.", "The normal neighbour seemed fine.", "age"),
    ],
)
def test_a_term_against_a_description_is_a_contrast(english, more, less, bias_type):
    verdict = english(more, less, bias_type)
    assert (verdict.status, verdict.relation) == (r.OK, "contrast"), verdict.message
    assert english(less, more, bias_type).status == r.OK  # either side may hold the term


@pytest.mark.parametrize(
    ("more", "less"),
    [
        ("My cousin's wheelchair was left in the rain.", "My cousin's bicycle was left in the "
                                                          "rain."),
        ("Everyone was kind to him because of his autism.", "Everyone was kind to him because "
                                                              "of his honesty."),
    ],
)
def test_a_thing_tied_to_a_group_against_a_thing_is_no_pair(english, more, less):
    """A wheelchair against a bicycle reads as a pair, but "People with wheelchairs" /
    "People with kettles" would then pass too: the validator cannot tell them apart."""
    assert english(more, less, "disability").reason == r.NOT_A_GROUP_TERM


def test_a_term_for_people_still_needs_people_opposite(english):
    verdict = english("The blind can't cook.", "The kettles can't cook.", "disability")
    assert verdict.reason == r.NOT_A_GROUP_TERM


def test_the_indefinite_article_may_follow_the_contrast(english):
    verdict = english("He hired an Asian driver.", "He hired a Boston driver.", "race-color")
    assert (verdict.status, verdict.relation) == (r.OK, "contrast"), verdict.message
    # Any other word beside the term is still a second difference.
    assert english("He hired an Asian driver.", "He hired the Boston driver.",
                   "race-color").status == r.REJECTED


def test_a_typo_of_a_term_is_still_no_contrast(english):
    assert english("The Mexicans left early.", "The Mexicns left early.",
                   "nationality").status == r.REJECTED
    assert english("The old ones left.", "The olde ones left.", "age").status == r.REJECTED


@settings(max_examples=30, deadline=None)
@given(st.text(alphabet="abcdefghij", min_size=3, max_size=8),
       st.text(alphabet="klmnop", min_size=1, max_size=4))
def test_a_word_that_starts_a_longer_form_is_not_near_it(word, ending):
    assert not _near(word, word + ending)
    assert _near(word + ending, word)  # a longer word ending wrongly still is


@pytest.mark.parametrize(
    ("more", "less"),
    [
        ("She is such a New Yorker about coffee.", "She is such a Texan about coffee."),
        ("Our New York neighbours are loud.", "Our Irish neighbours are loud."),
    ],
)
def test_a_common_word_starting_a_proper_name_is_no_term(english, more, less):
    verdict = english(more, less, "nationality")
    assert verdict.status == r.OK, verdict.message
    assert "age.new" not in (verdict.concept_more, verdict.concept_less)


def test_a_common_word_alone_is_still_a_term(english):
    verdict = english("The new workers are lazy.", "The old workers are lazy.", "age")
    assert (verdict.status, verdict.concept_more) == (r.OK, "age.new"), verdict.message


def test_an_uninflected_adjective_fits_a_plural_noun(english):
    # elderly is an adjective with one form, though its noun variant (oldster) inflects.
    verdict = english("Teenagers never listen.", "Elderly never listen.", "age")
    assert verdict.status == r.OK, verdict.message
    # Two nouns must still agree in number.
    assert english("Teenagers never listen.", "Senior never listens.",
                   "age").status == r.REJECTED


def test_a_compound_occupation_is_one_term(english):
    verdict = english("Her uncle was a garbage man all his life.",
                      "Her uncle was a lawyer all his life.", "socioeconomic")
    assert verdict.status == r.OK, verdict.message
    assert verdict.concept_more == "socioeconomic.trash_collector"
