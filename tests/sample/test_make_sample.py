"""The generator's own rules: script checking, sentence splitting and OPUS tokens."""

from __future__ import annotations

import random
from pathlib import Path

import make_sample
import pytest
from sample_corpus.film import render_film
from sample_corpus.layout import Cue, Turn
from sample_corpus.reader_lines import detokenize, split_sentences, tokenize
from sample_corpus.script import load_film
from sample_corpus.timing import place_target

from aligner.errors import InputFormatError

HEADER = '[film]\nid = "tiny"\ntitle = "Tiny"\nyear = 2025\nsynopsis = "x"\n'
GOOD = '\n[[unit]]\nen = "Hello there."\net = "Tere."\nhi = "नमस्ते।"\n'


def write_script(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "tiny.toml"
    path.write_text(HEADER + body, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("unit", "message"),
    [
        ('en = "A"\net = "B"\n', "no text for ['hi']"),
        ('en = "A"\net = "B"\nhi = "C"\nkind = "song"\n', "kind 'song'"),
        ('en = "A"\net = "B"\nhi = "C"\nsdh-et = "(X)"\n', "unknown keys"),
        ('en = "SHOP"\net = "POOD"\nkind = "sign"\n', "English only"),
        ('en = "A"\net = "B"\nhi = "C"\nbias = "gender"\n', "stereo must be"),
        (
            'en = "A | B"\net = "C"\nhi = "D"\nbias = "age"\nstereo = "stereo"\n'
            'orig_side = "more"\nen_swap = "E"\net_swap = "F"\nhi_reason = "genderless-pronoun"\n',
            "one English speech cue",
        ),
        (
            'en = "A"\net = "C"\nhi = "D"\nbias = "age"\nstereo = "stereo"\n'
            'orig_side = "more"\nen_swap = "E"\net_swap = "F"\n',
            "exactly one of hi_swap and hi_reason",
        ),
        ('en = "A"\net = "B"\nhi = "C"\nturns = true\n', "needs a next speech unit"),
    ],
)
def test_a_broken_unit_names_the_script_and_its_line(tmp_path, unit, message):
    path = write_script(tmp_path, GOOD + "\n[[unit]]\n" + unit)
    with pytest.raises(InputFormatError) as caught:
        load_film(path)
    assert message in caught.value.reason
    assert caught.value.path == str(path)
    assert caught.value.line == 12  # the second [[unit]] header


def test_a_character_the_legacy_encoding_lacks_is_a_script_error(tmp_path):
    path = tmp_path / "harbour_lights.toml"
    path.write_text(
        HEADER.replace("tiny", "harbour_lights")
        + '\n[[unit]]\nen = "Hi"\net = "Tere ☺"\nhi = "x"\n',
        encoding="utf-8",
    )
    with pytest.raises(InputFormatError, match="cp1257"):
        render_film(load_film(path))


def test_generator_exits_1_with_one_line_on_a_bad_script(tmp_path, capsys):
    write_script(tmp_path, '\n[[unit]]\nen = "A"\n')
    assert make_sample.main(["--scripts", str(tmp_path), "--out", str(tmp_path / "out")]) == 1
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "tiny.toml:7:" in error


@pytest.mark.parametrize(
    ("text", "sentences"),
    [
        ("Get in. We're late.", ["Get in.", "We're late."]),
        ("I never told her... that I was leaving.", ["I never told her... that I was leaving."]),
        ("Ask Mr. Tamm. He knows!", ["Ask Mr. Tamm.", "He knows!"]),
        ("अंदर बैठो। हमें देर हो रही है।", ["अंदर बैठो।", "हमें देर हो रही है।"]),
        ("Really?! No way.", ["Really?!", "No way."]),
    ],
)
def test_sentences_split_at_ends_but_not_at_ellipses_or_titles(text, sentences):
    assert split_sentences(text) == sentences


@pytest.mark.parametrize(
    ("text", "tokens"),
    [
        ("Where were you?", ["Where", "were", "you", "?"]),
        ("...that I left.", ["...", "that", "I", "left", "."]),
        ("[door slams] Wait,", ["[", "door", "slams", "]", "Wait", ","]),
        ("तुम कहाँ थे?", ["तुम", "कहाँ", "थे", "?"]),
        ("well-known, don't", ["well-known", ",", "don't"]),
    ],
)
def test_opus_tokens_split_punctuation_and_join_back(text, tokens):
    assert tokenize(text) == tokens
    clean = text.removeprefix("[door slams] ")
    assert detokenize(tokenize(clean)) == clean


def test_target_cues_share_the_english_span_then_never_overlap():
    english = [
        Cue((Turn(0, "a" * 20),), "speech", None, 1_000, 3_000),
        Cue((Turn(1, "b" * 10),), "speech", None, 3_200, 4_000),
    ]
    target = [
        Cue((Turn(0, "x" * 30),), "speech", None),
        Cue((Turn(0, "y" * 10),), "speech", None),
        Cue((Turn(1, "z" * 5),), "speech", None),
    ]
    placed = place_target(target, english, random.Random(0))
    for cue, nxt in zip(placed, placed[1:], strict=False):
        assert nxt.start_ms >= cue.end_ms + 40
    assert all(cue.end_ms - cue.start_ms >= 700 for cue in placed)
    assert abs(placed[0].start_ms - 1_000) <= 1_500
