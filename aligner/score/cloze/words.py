"""Words as a reader counts them, for cloze probabilities.

A cloze probability is per word: P("crafted" | "The chef mentioned that the recipe
was"). Contractions and hyphenated words are one word ("don't",
"record-setting"), punctuation marks are words of their own that ClozeAll leaves
out, and every token belongs to the first word it overlaps.
"""

from __future__ import annotations

import regex

from aligner.plugins import Token

_WORD = regex.compile(r"[\p{L}\p{M}\p{N}]+(?:['’\-][\p{L}\p{M}\p{N}]+)*|[^\s\p{L}\p{M}\p{N}]")


def cloze_words(text: str) -> list[Token]:
    return [Token(m.group(), m.start(), m.end()) for m in _WORD.finditer(text)]


def is_punctuation(word: str) -> bool:
    return not any(character.isalnum() for character in word)
