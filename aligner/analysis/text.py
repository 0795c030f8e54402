"""Small text utilities every plugin needs, written once.

Subtitle text arrives with curly and modifier apostrophes, composed and decomposed
accents and several sentences per cue; these helpers give plugins one canonical way
to handle each.
"""

from __future__ import annotations

import re
import unicodedata

from aligner.plugins import Token

_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'", "\u00b4": "'", "`": "'"})
# A sentence ends at . ! ? … or the Devanagari danda, followed by space.
_SENTENCE_END = re.compile(r"(?<=[.!?\u2026\u0964\u0965])[\"'\u201d\u00bb)]*\s+")


def canonical(text: str) -> str:
    """NFC with one apostrophe (U+0027), so lexicon forms and subtitles compare equal."""
    return unicodedata.normalize("NFC", text).translate(_APOSTROPHES)


def split_sentences(text: str) -> list[str]:
    """Sentences of a subtitle line; text without end punctuation is one sentence."""
    return [part.strip() for part in _SENTENCE_END.split(text.strip()) if part.strip()]


def regex_tokens(pattern: re.Pattern[str], text: str) -> list[Token]:
    """Every match of ``pattern`` as a Token with its span in ``text``."""
    return [Token(m.group(), m.start(), m.end()) for m in pattern.finditer(text)]


def align_spans(text: str, pieces: list[str]) -> list[Token]:
    """Tokens for ``pieces`` found left to right in ``text``.

    Tokenizers that return bare strings (indic-nlp-library, CoNLL-U without
    offsets) lose the character spans that edits need; this recovers them. A piece
    that cannot be found (a tokenizer that rewrote it) is skipped.
    """
    tokens: list[Token] = []
    cursor = 0
    for piece in pieces:
        start = text.find(piece, cursor)
        if start < 0:
            continue
        tokens.append(Token(piece, start, start + len(piece)))
        cursor = start + len(piece)
    return tokens


def match_case(model: str, word: str) -> str:
    """``word`` capitalised like ``model``: sentence-initial "Naised" -> "Mehed".

    All capitals need two letters to show: an elided "L'" or a lone "A" is only
    capitalised ("L'" -> "La ", not "LA "), while "QU'" and "LA" are shouted.
    """
    if model.isupper() and sum(ch.isalpha() for ch in model) > 1:
        return word.upper()
    if model[:1].isupper():
        return word[:1].upper() + word[1:]
    return word
