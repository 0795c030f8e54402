"""What a sentence says about a gender, with the gender itself taken out.

Nearest-prototype labelling compares sentence embeddings; left in, the gender
words ("women", "his wife") weigh on every comparison alike and drown the part
that tells components apart. A pair shows its gender words by itself: they are
the words its two sides do not share. A prototype marks them in [brackets].
Either way they become one neutral word.
"""

from __future__ import annotations

import difflib
import re

from aligner.score.words import split_words

NEUTRAL = "someone"
_BRACKETED = re.compile(r"\[([^\[\]]*)\]")


def pair_content(more: str, less: str) -> str:
    """``more`` with each run of words that differ from ``less`` replaced by NEUTRAL."""
    words_more, words_less = split_words(more), split_words(less)
    matcher = difflib.SequenceMatcher(
        None,
        [w.text.casefold() for w in words_more],
        [w.text.casefold() for w in words_less],
        autojunk=False,
    )
    pieces, cursor = [], 0
    for op, a0, a1, _b0, _b1 in matcher.get_opcodes():
        if op == "equal" or a0 == a1:
            continue
        start, end = words_more[a0].start, words_more[a1 - 1].end
        pieces += [more[cursor:start], NEUTRAL]
        cursor = end
    return "".join([*pieces, more[cursor:]])


def bracketed_content(text: str) -> str:
    """A prototype with its [bracketed] gender words replaced by NEUTRAL."""
    return _BRACKETED.sub(NEUTRAL, text)


def plain(text: str) -> str:
    """A prototype as a reader sees it: brackets dropped, words kept."""
    return _BRACKETED.sub(r"\1", text)
