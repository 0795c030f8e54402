"""Scoring a pairs frame: encode, split into U/M, plan copies, evaluate, compare.

All sentences' copies go to the evaluator in one call, so the batched evaluator
can pack copies of different sentences together; the naive reference takes the
same call, which is how tests and the benchmark compare them.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
import polars as pl

from aligner.errors import ConfigError, InputFormatError
from aligner.score.batching import DEFAULT_TOKEN_BUDGET, BatchedEvaluator
from aligner.score.copies import Evaluator, MaskedCopy
from aligner.score.encode import EncodedSentence, encode_sentences
from aligner.score.lm import LanguageModel
from aligner.score.metrics import Metric, get_metric
from aligner.score.parts import UNITS, SentenceParts, Units, split_pair
from aligner.score.report import ScoreReport, build_report, signature
from aligner.score.stats import DEFAULT_RESAMPLES, DEFAULT_TIE_TOLERANCE, outcomes
from aligner.score.words import WordSplitter, split_words, word_splitter


def pair_parts(
    pairs: pl.DataFrame,
    lm: LanguageModel,
    units: Units = "word",
    split: WordSplitter = split_words,
    source: str | Path | None = None,
) -> list[tuple[SentenceParts, SentenceParts]]:
    """Both sides of every pair, tokenized and split into shared and modified tokens."""
    more = encode_sentences(lm.tokenizer, pairs["sent_more"].to_list(), split, lm.bos_id)
    less = encode_sentences(lm.tokenizer, pairs["sent_less"].to_list(), split, lm.bos_id)
    lines = pairs["line"].to_list() if "line" in pairs.columns else [None] * len(more)
    for m, s, line in zip(more, less, lines, strict=True):
        _check_length(m, s, lm.max_tokens, source, line)
    return [split_pair(m, s, units) for m, s in zip(more, less, strict=True)]


def sentence_scores(
    parts: list[tuple[SentenceParts, SentenceParts]], metric: Metric, evaluator: Evaluator
) -> tuple[np.ndarray, np.ndarray]:
    """Score of sent_more and of sent_less for each pair, in one evaluator call."""
    sides = [side for pair in parts for side in pair]
    plans = [metric.copies(side) for side in sides]
    copies: list[MaskedCopy] = [copy for plan in plans for copy in plan]
    results = evaluator.evaluate(copies, attention=metric.needs_attention)
    scores, start = [], 0
    for plan in plans:
        scores.append(metric.reduce(results[start : start + len(plan)]))
        start += len(plan)
    values = np.array(scores, dtype=np.float64).reshape(-1, 2)
    return values[:, 0], values[:, 1]


def score_frame(
    pairs: pl.DataFrame,
    lm: LanguageModel,
    metric: Metric,
    evaluator: Evaluator,
    units: Units = "word",
    split: WordSplitter = split_words,
    tie_tolerance: float = DEFAULT_TIE_TOLERANCE,
    source: str | Path | None = None,
) -> pl.DataFrame:
    """``pairs`` with more_score, less_score, diff and outcome (more/less/tie/unscored)."""
    if metric.model_kind != lm.kind:
        raise ConfigError(
            f"metric {metric.name} needs a {metric.model_kind} LM but {lm.name!r} is {lm.kind}; "
            + ("use --metric clm-sum or clm-mean" if lm.kind == "causal" else "use a masked metric")
        )
    more, less = sentence_scores(pair_parts(pairs, lm, units, split, source), metric, evaluator)
    return pairs.with_columns(
        pl.Series("more_score", more),
        pl.Series("less_score", less),
        pl.Series("diff", more - less),
        pl.Series("outcome", outcomes(more, less, tie_tolerance), dtype=pl.Utf8),
    )


def _check_length(
    more: EncodedSentence, less: EncodedSentence, limit: int, source, line: int | None
) -> None:
    longest = max(len(more), len(less))
    if longest > limit:
        raise InputFormatError(
            f"sentence of {longest} tokens exceeds the model's {limit}", source, line
        )


@dataclass(frozen=True)
class ScoreSettings:
    """Everything besides the model that decides a score; defaults are the CLI's."""

    metric: str = "cps"
    mask: str = "token"
    units: Units = "word"
    lang: str | None = None
    category_column: str = "bias_type"
    balance_by: str = "bias_type"
    tie_tolerance: float = DEFAULT_TIE_TOLERANCE
    resamples: int = DEFAULT_RESAMPLES
    seed: int = 0
    token_budget: int = DEFAULT_TOKEN_BUDGET


def score_pairs(
    pairs: pl.DataFrame,
    lm: LanguageModel,
    settings: ScoreSettings = ScoreSettings(),
    source: str | Path | None = None,
    progress: bool = False,
) -> tuple[pl.DataFrame, ScoreReport]:
    """Score every pair with the batched evaluator and summarise: per-pair frame and report."""
    if settings.units not in UNITS:
        raise ConfigError(f"unknown units {settings.units!r}; choose one of {', '.join(UNITS)}")
    metric = get_metric(settings.metric, settings.mask)
    evaluator = BatchedEvaluator(lm, token_budget=settings.token_budget, progress=progress)
    scored = score_frame(
        pairs,
        lm,
        metric,
        evaluator,
        units=settings.units,
        split=word_splitter(settings.lang),
        tie_tolerance=settings.tie_tolerance,
        source=source,
    )
    report = build_report(
        scored,
        signature(lm, metric, settings.units),
        metric.name,
        category_column=settings.category_column,
        balance_by=settings.balance_by,
        tie_tolerance=settings.tie_tolerance,
        resamples=settings.resamples,
        seed=settings.seed,
    )
    return scored, report
