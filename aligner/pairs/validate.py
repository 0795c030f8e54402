"""The one minimal-pair validator, for every language.

A pair passes when the pair model (aligner/pairs/analysis.py) reads it as one swap
of two bias terms that may stand for each other (counterparts, any two terms of one
category, two names of different groups; opposite genders for gender) in the same
slot, every other difference being agreement the language plugin predicts, in both
directions, and none the plugin requires missing. Differences of punctuation alone
are reported, not fatal. When a scoring tokenizer is given, the two sentences must
also stay different after it: uncased tokenizers strip Estonian diacritics and
Devanagari signs. With a parser, a pair that passes is also read by the parser alone
(aligner/pairs/independent_check.py), which owes nothing to the plugin's rules; what
it finds ungrammatical is flagged (``suspect-agreement`` in message and notes).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Protocol

import polars as pl

from aligner.analysis.parse import Parse
from aligner.lexicon.model import DEROGATORY, Lexicon
from aligner.pairs import reasons as r
from aligner.pairs.analysis import Analysis, PairReader
from aligner.pairs.terms import is_name
from aligner.plugins import LanguagePlugin

MIN_WORDS = 2
MAX_WORDS = 64


Parser = Callable[[str], Parse]  # a dependency parser, as in transfer.Languages.parser


class Tokenizer(Protocol):
    """What the validator needs from a scoring model's tokenizer (Hugging Face's has it)."""

    def tokenize(self, text: str) -> list[str]: ...


@dataclass(frozen=True)
class Verdict:
    """``relation`` says what kind of swap passed (counterpart, same-category, name) and
    whether it was agreement-only; ``notes`` what was accepted without being fatal."""

    status: str
    reason: str | None
    message: str
    concept_more: str | None = None
    concept_less: str | None = None
    relation: str | None = None
    notes: str | None = None

    @classmethod
    def reject(cls, code: str, **details: object) -> Verdict:
        return cls(r.REJECTED, code, r.message(code, **details))

    @classmethod
    def of(cls, analysis: Analysis) -> Verdict:
        concepts = (analysis.swap.a.concept, analysis.swap.b.concept) if analysis.swap else (
            None, None)
        notes = "; ".join(analysis.notes) or None
        if analysis.problem is not None:
            return cls(r.REJECTED, analysis.problem.code, analysis.problem.message(),
                       *concepts, None, notes)
        kind = analysis.relation.kind if analysis.relation else None
        if analysis.agreement_only:
            kind = f"{kind}, agreement-only"
        return cls(r.OK, None, "", *concepts, kind, notes)


def _word_count(plugin: LanguagePlugin, text: str) -> int:
    return sum(1 for t in plugin.tokenize(text) if any(ch.isalnum() for ch in t.text))


def _length_problem(plugin: LanguagePlugin, more: str, less: str) -> str | None:
    for side, text in (("sent_more", more), ("sent_less", less)):
        words = _word_count(plugin, text)
        if not MIN_WORDS <= words <= MAX_WORDS:
            return f"{side} has {words} words; a pair sentence has {MIN_WORDS} to {MAX_WORDS}"
    return None


def _mark_derogatory(verdict: Verdict, analysis: Analysis, plugin: LanguagePlugin,
                     lexicon: Lexicon) -> Verdict:
    """A pair whose swap uses a derogatory word stays valid (a benchmark must measure
    slurs too) but says so in its notes, for reviewers and for anyone filtering them."""
    if analysis.swap is None:
        return verdict
    marked = [
        f"derogatory: {term.surface}"
        for term in (analysis.swap.a, analysis.swap.b)
        if term.concept in lexicon and not is_name(term.concept)
        and lexicon[term.concept].variant_of(term.slot, term.surface, plugin.fold).register
        == DEROGATORY
    ]
    if not marked:
        return verdict
    return replace(verdict, notes="; ".join(filter(None, [verdict.notes, *marked])))


def _second_opinion(verdict: Verdict, more: str, less: str, parser: Parser) -> Verdict:
    """``verdict`` with what the parser alone, without the plugin's rules, finds wrong in
    the pair (aligner/pairs/independent_check.py): a flag for review, not a rejection."""
    from aligner.pairs.independent_check import independent_check

    found = "; ".join(s.describe() for s in independent_check(more, less, parser))
    if not found:
        return verdict
    return replace(verdict, message=found, notes="; ".join(n for n in (verdict.notes, found) if n))


def validate_pair(
    more: str,
    less: str,
    plugin: LanguagePlugin,
    lexicon: Lexicon,
    tokenizer: Tokenizer | None = None,
    parser: Parser | None = None,
    bias_type: str | None = None,
) -> Verdict:
    """Check one pair; ``bias_type`` (the CrowS category) names the relation's category."""
    more, less = plugin.normalize(more.strip()), plugin.normalize(less.strip())
    if more == less:
        return Verdict.reject(r.IDENTICAL, detail="same text")
    problem = _length_problem(plugin, more, less)
    if problem:
        return Verdict.reject(r.LENGTH, detail=problem)
    analysis = PairReader(plugin, lexicon, parser).analyse(more, less, bias_type)
    verdict = _mark_derogatory(Verdict.of(analysis), analysis, plugin, lexicon)
    if verdict.status == r.OK and parser is not None:
        verdict = _second_opinion(verdict, more, less, parser)
    if verdict.status == r.OK and tokenizer is not None:
        pieces = tokenizer.tokenize(more)
        if pieces == tokenizer.tokenize(less):
            name = getattr(tokenizer, "name_or_path", None) or type(tokenizer).__name__
            return Verdict(r.REJECTED, r.TOKENIZER_COLLAPSE,
                           r.message(r.TOKENIZER_COLLAPSE, tokenizer=name, tokens=" ".join(pieces)),
                           verdict.concept_more, verdict.concept_less)
    return verdict


VERDICT_COLUMNS = {
    "verdict": pl.Utf8,
    "verdict_reason": pl.Utf8,
    "verdict_message": pl.Utf8,
    "concept_more": pl.Utf8,
    "concept_less": pl.Utf8,
    "verdict_relation": pl.Utf8,
    "verdict_notes": pl.Utf8,
}


def validate_pairs(
    frame: pl.DataFrame,
    lang: str,
    tokenizer: Tokenizer | None = None,
    lexicon: Lexicon | None = None,
    parser: Parser | None = None,
) -> pl.DataFrame:
    """``frame`` with the verdict columns set; rows without both sentences get null verdicts.

    Any CrowS-Pairs-style frame works: ``sent_more`` and ``sent_less`` are read, and
    ``bias_type`` when present.
    """
    from aligner.lexicon.load import load_lexicon
    from aligner.plugins import get_plugin

    plugin = get_plugin(lang)
    lexicon = lexicon if lexicon is not None else load_lexicon(lang)
    rows = []
    bias_types = frame["bias_type"] if "bias_type" in frame.columns else [None] * frame.height
    for more, less, bias_type in zip(frame["sent_more"], frame["sent_less"], bias_types,
                                     strict=True):
        if not more or not less:
            rows.append((None,) * len(VERDICT_COLUMNS))
            continue
        v = validate_pair(more, less, plugin, lexicon, tokenizer, parser, bias_type)
        rows.append((v.status, v.reason, v.message, v.concept_more, v.concept_less,
                     v.relation, v.notes))
    verdicts = pl.DataFrame(rows, schema=VERDICT_COLUMNS, orient="row")
    kept = frame.drop([c for c in VERDICT_COLUMNS if c in frame.columns])
    return pl.concat([kept, verdicts], how="horizontal")
