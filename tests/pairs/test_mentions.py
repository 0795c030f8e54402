"""Lines that name one person several times become one pair, every mention swapped
together; lines that name two people or groups are left out, with a reason (issue 18)."""

from __future__ import annotations

from collections import Counter

import polars as pl
import pytest

from aligner.build.proposals import propose_pairs
from aligner.extract import extract, line_matches
from aligner.pairs import reasons as r
from aligner.pairs.mentions import Mention, Person, one_person
from aligner.pairs.validate import validate_pair
from aligner.screen.stage import screen


def person(en, text: str) -> Person | r.Problem:
    found = line_matches(text, en.en, en.en_lexicon)
    mentions = [Mention(m["concept"], m["slot"], m["start"], m["end"]) for m in found]
    return one_person(text, mentions, en.en_lexicon)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("He said his car was stolen.", Person("gender.he", "gender.she", every=True)),
        ("He hurt himself.", Person("gender.he", "gender.she", every=True)),
        # The mother is someone else, of the same gender: only "her" is the person.
        ("Her mother gave her the keys.", Person("gender.she", "gender.he", every=True)),
        ("The boy lost his bag.", Person("gender.boy", "gender.girl", coreferent=True)),
        ("The girl gave her mother the keys.",
         Person("gender.girl", "gender.boy", coreferent=True)),
        ("The woman said the woman next door was rude.",
         Person("gender.woman", "gender.man", every=True)),
        ("Women can't park.", Person("gender.woman", "gender.man")),
    ],
)
def test_mentions_of_one_person(en, text, expected):
    assert person(en, text) == expected


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("He told her to leave.", r.TWO_PEOPLE),
        ("She told the boy to wait.", r.TWO_PEOPLE),
        ("She told her husband to wait.", r.TWO_PEOPLE),  # her husband: a man
        ("The woman and the girl left.", r.SEVERAL_TERMS),
        ("The old woman left.", r.SEVERAL_TERMS),  # an age group and a gender
    ],
)
def test_mentions_of_several_people_or_groups(en, text, code):
    found = person(en, text)
    assert isinstance(found, r.Problem) and found.code == code
    assert r.message(found.code, **found.details)


LINES = [
    "He said his car was stolen.",
    "Her mother gave her the keys.",
    "The boy lost his bag.",
    "The woman said the woman next door was rude.",
    "He told her to leave.",
    "She told her husband to wait.",
    "The woman and the girl left.",
]


def cue_frame(lines: list[str]) -> pl.DataFrame:
    count = len(lines)
    return pl.DataFrame({
        "film": ["f"] * count, "lang": ["en"] * count, "idx": range(count),
        "cue_id": [str(i + 1) for i in range(count)],
        "cue_ids": [[str(i + 1)] for i in range(count)],
        "start_ms": [i * 1000 for i in range(count)],
        "end_ms": [i * 1000 + 900 for i in range(count)],
        "text": lines, "raw_text": lines, "source": ["f.en.srt"] * count,
        "line": [i * 4 + 1 for i in range(count)],
    })


def test_proposals_swap_every_mention_and_count_the_lines_left_out(en):
    screened = screen(extract(cue_frame(LINES), en.en, en.en_lexicon), en.en, en.en_lexicon,
                      None)
    left_out: Counter[str] = Counter()
    proposed = propose_pairs(screened, en, left_out=left_out)
    pairs = dict(zip(proposed["sent_more"], proposed["sent_less"], strict=True))
    assert pairs == {
        "He said his car was stolen.": "She said her car was stolen.",
        "Her mother gave her the keys.": "His mother gave him the keys.",
        "The boy lost his bag.": "The girl lost her bag.",
        "The woman said the woman next door was rude.":
            "The man said the man next door was rude.",
    }
    assert left_out == {r.TWO_PEOPLE: 2, r.SEVERAL_TERMS: 1}
    assert set(proposed["bias_type"]) == {"gender"}
    for more, less in pairs.items():  # the validator reads each as one swap
        assert validate_pair(more, less, en.en, en.en_lexicon).status == r.OK
