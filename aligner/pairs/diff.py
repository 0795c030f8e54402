"""Word-level comparison of two sentences: which concept was swapped, what else differs.

Transfer reads the English pair with it and the validator reads every target pair
with it, so "what counts as the swap" is decided once. Tokens are compared by the
plugin's ``fold`` (case and spelling variants do not count as differences).
"""

from __future__ import annotations

from dataclasses import dataclass
from difflib import SequenceMatcher

from aligner.lexicon.model import Lexicon
from aligner.plugins import Edit, FormMatch, LanguagePlugin, Token


@dataclass(frozen=True)
class Block:
    """Tokens ``[a_first, a_last)`` of side A stand where ``[b_first, b_last)`` of side B stand."""

    a_first: int
    a_last: int
    b_first: int
    b_last: int


@dataclass(frozen=True)
class Swap:
    """A concept form on side A replaced by another concept's form on side B."""

    a: FormMatch
    b: FormMatch


@dataclass(frozen=True)
class Comparison:
    """Two tokenized sentences, their concept swaps, and the differing tokens the swaps leave.

    ``residual_a``/``residual_b`` are token indices that differ but belong to no swap:
    agreement edits when they are declared, a non-minimal pair otherwise.
    """

    tokens_a: list[Token]
    tokens_b: list[Token]
    blocks: list[Block]
    swaps: list[Swap]
    residual_a: list[int]
    residual_b: list[int]

    def residual_words(self) -> str:
        """The leftover differences, written for a human: ``a -> b`` per block."""
        a = " ".join(self.tokens_a[i].text for i in self.residual_a) or "(nothing)"
        b = " ".join(self.tokens_b[i].text for i in self.residual_b) or "(nothing)"
        return f"'{a}' vs '{b}'"


def diff_blocks(plugin: LanguagePlugin, a: list[Token], b: list[Token]) -> list[Block]:
    """The non-equal regions of two token lists, compared by folded text."""
    keys_a = [plugin.fold(t.text) for t in a]
    keys_b = [plugin.fold(t.text) for t in b]
    matcher = SequenceMatcher(None, keys_a, keys_b, autojunk=False)
    return [
        Block(i1, i2, j1, j2)
        for tag, i1, i2, j1, j2 in matcher.get_opcodes()
        if tag != "equal"
    ]


def _overlapping(matches: list[FormMatch], first: int, last: int) -> list[FormMatch]:
    return [m for m in matches if m.first < last and m.last > first]


def compare(plugin: LanguagePlugin, lexicon: Lexicon, a_text: str, b_text: str) -> Comparison:
    """Tokenize, diff and pair up the concept forms inside each differing block.

    Within a block the i-th concept form of A pairs with the i-th of B; a form whose
    concept is the same on both sides is not a swap (it changed case or number).
    """
    tokens_a = plugin.tokenize(a_text)
    tokens_b = plugin.tokenize(b_text)
    matches_a = plugin.match_forms(tokens_a, lexicon)
    matches_b = plugin.match_forms(tokens_b, lexicon)
    blocks = diff_blocks(plugin, tokens_a, tokens_b)
    swaps: list[Swap] = []
    covered_a: set[int] = set()
    covered_b: set[int] = set()
    for block in blocks:
        in_a = _overlapping(matches_a, block.a_first, block.a_last)
        in_b = _overlapping(matches_b, block.b_first, block.b_last)
        for ma, mb in zip(in_a, in_b, strict=False):
            if ma.concept == mb.concept:
                continue
            swaps.append(Swap(ma, mb))
            covered_a.update(range(ma.first, ma.last))
            covered_b.update(range(mb.first, mb.last))
    residual_a = sorted(
        i for blk in blocks for i in range(blk.a_first, blk.a_last) if i not in covered_a
    )
    residual_b = sorted(
        i for blk in blocks for i in range(blk.b_first, blk.b_last) if i not in covered_b
    )
    return Comparison(tokens_a, tokens_b, blocks, swaps, residual_a, residual_b)


def span(tokens: list[Token], match: FormMatch) -> tuple[int, int]:
    """Character span of a match, from its first token's start to its last token's end."""
    return tokens[match.first].start, tokens[match.last - 1].end


def apply_edits(text: str, edits: list[Edit]) -> str:
    """``text`` with every edit applied; edits must not overlap."""
    ordered = sorted(edits, key=lambda e: e.start)
    for left, right in zip(ordered, ordered[1:], strict=False):
        if right.start < left.end:
            raise ValueError(f"overlapping edits {left} and {right}")
    for edit in reversed(ordered):
        text = text[: edit.start] + edit.new + text[edit.end :]
    return text
