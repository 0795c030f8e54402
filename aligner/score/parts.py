"""Shared (U) and modified (M) parts of a minimal pair.

CrowS-Pairs decides U and M by diffing token ids, so when a swapped word shares a
subword with its counterpart (Estonian "nais|te" / "mees|te") that subword lands in
U and is scored as context. IndiBias decides on whole words and maps the decision
to tokens; both are offered, named by ``units``.
"""

from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Literal

from aligner.score.encode import EncodedSentence

Units = Literal["word", "token"]
UNITS: tuple[str, ...] = ("word", "token")


@dataclass(frozen=True)
class SentenceParts:
    """One side of a pair with the token positions of its shared and modified parts."""

    sentence: EncodedSentence
    shared: tuple[int, ...]
    modified: tuple[int, ...]


def split_pair(
    more: EncodedSentence, less: EncodedSentence, units: Units = "word"
) -> tuple[SentenceParts, SentenceParts]:
    """U/M token positions of both sides; special tokens are in neither."""
    if units == "token":
        shared_more, shared_less = _shared_tokens(more, less)
    else:
        words_more, words_less = _equal_items(_word_keys(more), _word_keys(less))
        shared_more = _tokens_of_words(more, words_more)
        shared_less = _tokens_of_words(less, words_less)
    return _parts(more, shared_more), _parts(less, shared_less)


def _shared_tokens(a: EncodedSentence, b: EncodedSentence) -> tuple[set[int], set[int]]:
    pos_a, pos_b = a.positions(), b.positions()
    eq_a, eq_b = _equal_items([a.ids[p] for p in pos_a], [b.ids[p] for p in pos_b])
    return {pos_a[i] for i in eq_a}, {pos_b[i] for i in eq_b}


def _tokens_of_words(sentence: EncodedSentence, shared_words: set[int]) -> set[int]:
    """A token is shared only when every word it touches is shared."""
    return {
        p
        for p in sentence.positions()
        if sentence.words[p] and all(w in shared_words for w in sentence.words[p])
    }


def _equal_items(a: Sequence[Hashable], b: Sequence[Hashable]) -> tuple[set[int], set[int]]:
    """Indices of ``a`` and ``b`` inside difflib's equal blocks (as the CrowS-Pairs script)."""
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    eq_a: set[int] = set()
    eq_b: set[int] = set()
    for op, a0, a1, b0, b1 in matcher.get_opcodes():
        if op == "equal":
            eq_a.update(range(a0, a1))
            eq_b.update(range(b0, b1))
    return eq_a, eq_b


def _word_keys(sentence: EncodedSentence) -> list[Hashable]:
    """Words compare by the token ids that spell them, so the tokenizer's own normalisation
    (lower-casing, accent stripping) decides equality; text (NFC) where no token covers a word."""
    spelled: list[list[int]] = [[] for _ in sentence.word_texts]
    for token_id, words in zip(sentence.ids, sentence.words, strict=True):
        for w in words:
            spelled[w].append(token_id)
    return [
        tuple(ids) if ids else unicodedata.normalize("NFC", text)
        for ids, text in zip(spelled, sentence.word_texts, strict=True)
    ]


def _parts(sentence: EncodedSentence, shared: set[int]) -> SentenceParts:
    positions = sentence.positions()
    return SentenceParts(
        sentence=sentence,
        shared=tuple(p for p in positions if p in shared),
        modified=tuple(p for p in positions if p not in shared),
    )
