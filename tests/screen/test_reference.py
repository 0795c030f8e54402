"""Person reference: which keyword matches refer to people, from sense notes and the parse."""

from pathlib import Path

import pytest

from aligner.lexicon import load_lexicon
from aligner.lexicon.load import read_lexicon
from aligner.plugins import get_plugin


@pytest.fixture(scope="module")
def english():
    return get_plugin("en"), load_lexicon("en")


def references(text, english):
    plugin, lexicon = english
    tokens = plugin.tokenize(text)
    matches = plugin.match_forms(tokens, lexicon)
    found = plugin.person_references(text, tokens, matches, lexicon)
    return {m.surface: r for m, r in zip(matches, found, strict=True)}


@pytest.mark.parametrize(("text", "word", "why"), [
    ("Those old films were great.", "old", "describes 'films'"),
    ("She wore an old wedding dress.", "old", "describes 'dress'"),
    ("We met on a blind date.", "blind", "idiom 'blind date'"),
    ("Jesus! You scared me.", "Jesus", "exclamation"),
    ("Oh boy, here we go again.", "boy", "exclamation"),
    ("Man, that was close.", "Man", "exclamation"),
    ("He carried a white briefcase.", "white", "briefcase"),
    ("What a cute dress.", "cute", "describes 'dress'"),
    ("I could go for Chinese food.", "Chinese", "describes 'food'"),
    ("Just keep going straight.", "straight", "adverb"),
    ("We go to church every Sunday.", "church", "thing"),
    ("The tractor won't start. She's older than me.", "She's", "stands for 'tractor'"),
    ("We found a stray puppy and fed him.", "him", "stands for 'puppy'"),
    ("Meet the old mare, Tom. She's fast.", "She's", "stands for 'mare'"),
    ("I read it. In German and Polish.", "Polish", "language"),
])
def test_matches_that_refer_to_no_one(text, word, why, english):
    reference = references(text, english)[word]
    assert not reference.person
    assert why in reference.why


@pytest.mark.parametrize(("text", "word"), [
    ("The old man is my dad.", "old"),
    ("The poor are lazy.", "poor"),
    ("She's so cute.", "cute"),
    ("He's a blind old fool.", "blind"),
    ("Run like a man!", "man"),
    ("Yes, sir.", "sir"),
    ("My old friend lives here.", "old"),
    ("Jesus said to love your neighbour.", "Jesus"),
    ("The horse threw him.", "him"),
    ("The ships followed the captain, and she led them.", "she"),
    ("My brother sold the truck. He needed cash.", "He"),
    ("Girls, the bus is here!", "Girls"),
])
def test_matches_that_refer_to_people(text, word, english):
    assert references(text, english)[word].person


def test_sense_notes_are_read_and_checked(tmp_path: Path):
    path = tmp_path / "en" / "age.toml"
    path.parent.mkdir()
    path.write_text('[old]\npos = "adj"\ncounterparts = []\nsg = "old"\n'
                    'idioms = ["old days"]\nexclamation = "yes"\n', encoding="utf-8")
    (tmp_path / "en" / "people.txt").write_text("# a comment\nfriend\nNeighbour  # UK\n",
                                               encoding="utf-8")
    lexicon, problems = read_lexicon("en", tmp_path)
    assert lexicon["age.old"].idioms == ("old days",)
    assert lexicon.people == frozenset({"friend", "neighbour"})
    assert [(p.line, "exclamation must be true or false" in p.message) for p in problems] == [
        (6, True)]


def test_a_plugin_without_a_parser_reads_only_the_sense_notes():
    """Estonian has no parse here: a noted idiom refers to no one, anything else does."""
    from dataclasses import replace

    plugin, lexicon = get_plugin("et"), load_lexicon("et")
    text = "Vana mees tuli koju."
    tokens = plugin.tokenize(text)
    matches = plugin.match_forms(tokens, lexicon)
    assert all(r.person for r in plugin.person_references(text, tokens, matches, lexicon))
    old = next(m for m in matches if m.concept == "age.old")
    lexicon.concepts["age.old"] = replace(lexicon["age.old"], idioms=("vana mees",))
    found = plugin.person_references(text, tokens, [old], lexicon)
    assert not found[0].person and "idiom" in found[0].why
