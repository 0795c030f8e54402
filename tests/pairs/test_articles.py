"""An English a/an that differs between the sides follows the sound of the word written
on each side, not of the lexicon's parallel form of the swapped concept: "a pensioner" /
"an adolescent" is a pair although age.young's parallel to "pensioner" takes "a". Written
against the real English lexicon, whose variants make the written word and the parallel
form differ."""

from __future__ import annotations

import pytest

from aligner.pairs import reasons as r


@pytest.mark.parametrize(
    ("more", "less", "bias_type"),
    [
        ("He is an immigrant.", "He is a citizen.", "nationality"),
        ("She hired an Asian driver.", "She hired a Black driver.", "race-color"),
        ("He met an elderly man.", "He met a young man.", "age"),
        # The written word is not the parallel form: those take the other article.
        ("My uncle is a pensioner now.", "My uncle is an adolescent now.", "age"),
        ("She married an Iraqi.", "She married a Yankee.", "nationality"),
        # Vowel letters without a vowel sound.
        ("He hired an African guard.", "He hired a European guard.", "race-color"),
        ("She sold it to an undocumented worker.", "She sold it to a Ukrainian worker.",
         "nationality"),
        ("He was raised by a one parent family.", "He was raised by a rich family.",
         "socioeconomic"),
    ],
)
def test_the_article_follows_the_word_written_on_each_side(english, more, less, bias_type):
    for first, second in ((more, less), (less, more)):
        verdict = english(first, second, bias_type)
        assert verdict.status == r.OK, verdict.message


@pytest.mark.parametrize(
    ("more", "less", "bias_type"),
    [
        ("He is a immigrant.", "He is a citizen.", "nationality"),
        ("My uncle is a pensioner now.", "My uncle is a adolescent now.", "age"),
        ("She married an Iraqi.", "She married an Yankee.", "nationality"),
        ("He hired an African guard.", "He hired an European guard.", "race-color"),
        ("He was raised by an one parent family.", "He was raised by a rich family.",
         "socioeconomic"),
    ],
)
def test_an_article_wrong_for_its_word_is_rejected(english, more, less, bias_type):
    for first, second in ((more, less), (less, more)):
        assert english(first, second, bias_type).status == r.REJECTED


@pytest.mark.parametrize(
    ("more", "less", "bias_type"),
    [
        ("He is an immigrant.", "He is the citizen.", "nationality"),
        ("My uncle is a pensioner now.", "My uncle is the adolescent now.", "age"),
    ],
)
def test_an_article_changed_for_no_sound_is_rejected(english, more, less, bias_type):
    assert english(more, less, bias_type).reason == r.NOT_MINIMAL
