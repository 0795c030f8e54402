"""The one minimal-pair validator, for every language.

A pair passes when its two sentences differ in exactly one concept span, the two
concepts are counterparts in the same category and the same slot, and every other
difference is an agreement edit the language plugin itself declares for that swap
(in both directions: from either sentence the plugin must reach the other). When a
scoring tokenizer is given, the two sentences must also stay different after it:
uncased tokenizers strip Estonian diacritics and Devanagari signs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

import polars as pl

from aligner.analysis.parse import Parse
from aligner.lexicon.model import Lexicon
from aligner.pairs import reasons as r
from aligner.pairs.concepts import are_counterparts, has_form
from aligner.pairs.diff import Comparison, Swap, apply_edits, compare, diff_blocks, span
from aligner.plugins import AgreementUnresolved, Edit, LanguagePlugin

MIN_WORDS = 2
MAX_WORDS = 64


Parser = Callable[[str], Parse]  # a dependency parser, as in transfer.Languages.parser


class Tokenizer(Protocol):
    """What the validator needs from a scoring model's tokenizer (Hugging Face's has it)."""

    def tokenize(self, text: str) -> list[str]: ...


@dataclass(frozen=True)
class Verdict:
    status: str
    reason: str | None
    message: str
    concept_more: str | None = None
    concept_less: str | None = None

    @classmethod
    def reject(cls, code: str, swap: Swap | None = None, **details: object) -> Verdict:
        concepts = (swap.a.concept, swap.b.concept) if swap else (None, None)
        return cls(r.REJECTED, code, r.message(code, **details), *concepts)


def _word_count(plugin: LanguagePlugin, text: str) -> int:
    return sum(1 for t in plugin.tokenize(text) if any(ch.isalnum() for ch in t.text))


def _length_problem(plugin: LanguagePlugin, more: str, less: str) -> str | None:
    for side, text in (("sent_more", more), ("sent_less", less)):
        words = _word_count(plugin, text)
        if not MIN_WORDS <= words <= MAX_WORDS:
            return f"{side} has {words} words; a pair sentence has {MIN_WORDS} to {MAX_WORDS}"
    return None


def _agreement_explains(
    plugin: LanguagePlugin, lexicon: Lexicon, a: str, b: str, comparison: Comparison,
    parser: Parser | None = None,
) -> tuple[bool, str]:
    """Whether swapping in B's form plus the plugin's agreement edits turns A into B."""
    swap = comparison.swaps[0]
    tokens_a, tokens_b = comparison.tokens_a, comparison.tokens_b
    parse = parser(a) if parser else None
    try:
        edits = plugin.agreement_edits(
            a, tokens_a, swap.a, lexicon[swap.b.concept], lexicon, parse=parse
        )
    except AgreementUnresolved as err:
        return False, str(err)
    start, end = span(tokens_a, swap.a)
    new = b[slice(*span(tokens_b, swap.b))]
    try:
        predicted = apply_edits(a, [*edits, Edit(start, end, swap.a.surface, new, "swap")])
    except ValueError as err:
        return False, str(err)
    same = not diff_blocks(plugin, plugin.tokenize(predicted), tokens_b)
    return same, "" if same else f"the declared agreement gives {predicted!r}"


def _minimal(
    plugin: LanguagePlugin, lexicon: Lexicon, more: str, less: str, comparison: Comparison,
    parser: Parser | None = None,
) -> Verdict | None:
    """None when every residual difference is declared agreement, else the rejection.

    The plugin must declare the edits in both directions: a rule applied only from
    the ungrammatical side ("लड़का गई था" -> "लड़की गई थी") would otherwise pass.
    """
    if not (comparison.residual_a or comparison.residual_b):
        return None
    explained, why = _agreement_explains(plugin, lexicon, more, less, comparison, parser)
    if explained:
        reverse = compare(plugin, lexicon, less, more)
        if len(reverse.swaps) == 1:
            explained, why = _agreement_explains(plugin, lexicon, less, more, reverse, parser)
        else:
            explained, why = False, "the reverse swap is not one concept"
    if explained:
        return None
    words = comparison.residual_words() + (f" ({why})" if why else "")
    return Verdict.reject(r.NOT_MINIMAL, comparison.swaps[0], words=words)


def validate_pair(
    more: str,
    less: str,
    plugin: LanguagePlugin,
    lexicon: Lexicon,
    tokenizer: Tokenizer | None = None,
    parser: Parser | None = None,
) -> Verdict:
    """Check one pair; the first failed check (in the order of the module docstring) wins."""
    more, less = plugin.normalize(more.strip()), plugin.normalize(less.strip())
    if more == less:
        return Verdict.reject(r.IDENTICAL)
    problem = _length_problem(plugin, more, less)
    if problem:
        return Verdict.reject(r.LENGTH, detail=problem)
    comparison = compare(plugin, lexicon, more, less)
    if not comparison.blocks:
        return Verdict.reject(r.NO_CONCEPT_SWAP, words="only case or spacing")
    if not comparison.swaps:
        return Verdict.reject(r.NO_CONCEPT_SWAP, words=comparison.residual_words())
    if len(comparison.swaps) > 1:
        swaps = ", ".join(f"{s.a.surface}->{s.b.surface}" for s in comparison.swaps)
        return Verdict.reject(r.DOUBLE_SWITCH, count=len(comparison.swaps), swaps=swaps)
    swap = comparison.swaps[0]
    if not are_counterparts(lexicon, swap.a.concept, swap.b.concept):
        return Verdict.reject(r.NOT_COUNTERPARTS, swap, more=swap.a.concept, less=swap.b.concept)
    same_slot = has_form(plugin.fold, lexicon[swap.b.concept], swap.a.slot, swap.b.surface) or (
        has_form(plugin.fold, lexicon[swap.a.concept], swap.b.slot, swap.a.surface)
    )
    if not same_slot:
        return Verdict.reject(
            r.SLOT_MISMATCH, swap, more=swap.a.surface, more_slot=swap.a.slot,
            less=swap.b.surface, less_slot=swap.b.slot,
        )
    rejection = _minimal(plugin, lexicon, more, less, comparison, parser)
    if rejection is not None:
        return rejection
    if tokenizer is not None:
        pieces = tokenizer.tokenize(more)
        if pieces == tokenizer.tokenize(less):
            name = getattr(tokenizer, "name_or_path", None) or type(tokenizer).__name__
            return Verdict.reject(r.TOKENIZER_COLLAPSE, swap, tokenizer=name,
                                  tokens=" ".join(pieces))
    return Verdict(r.OK, None, "", swap.a.concept, swap.b.concept)


VERDICT_COLUMNS = {
    "verdict": pl.Utf8,
    "verdict_reason": pl.Utf8,
    "verdict_message": pl.Utf8,
    "concept_more": pl.Utf8,
    "concept_less": pl.Utf8,
}


def validate_pairs(
    frame: pl.DataFrame,
    lang: str,
    tokenizer: Tokenizer | None = None,
    lexicon: Lexicon | None = None,
    parser: Parser | None = None,
) -> pl.DataFrame:
    """``frame`` with the verdict columns set; rows without both sentences get null verdicts.

    Any CrowS-Pairs-style frame works: only ``sent_more`` and ``sent_less`` are read.
    """
    from aligner.lexicon.load import load_lexicon
    from aligner.plugins import get_plugin

    plugin = get_plugin(lang)
    lexicon = lexicon if lexicon is not None else load_lexicon(lang)
    rows = []
    for more, less in zip(frame["sent_more"], frame["sent_less"], strict=True):
        if not more or not less:
            rows.append((None, None, None, None, None))
            continue
        v = validate_pair(more, less, plugin, lexicon, tokenizer, parser)
        rows.append((v.status, v.reason, v.message, v.concept_more, v.concept_less))
    verdicts = pl.DataFrame(rows, schema=VERDICT_COLUMNS, orient="row")
    kept = frame.drop([c for c in VERDICT_COLUMNS if c in frame.columns])
    return pl.concat([kept, verdicts], how="horizontal")
