"""Scoring a pairs frame: encode, split into U/M, plan copies, evaluate, compare.

All sentences' copies go to the evaluator in one call, so the batched evaluator
can pack copies of different sentences together; the naive reference takes the
same call, which is how tests and the benchmark compare them.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import polars as pl

from aligner.errors import ConfigError, InputFormatError
from aligner.score.copies import Evaluator, MaskedCopy
from aligner.score.encode import EncodedSentence, encode_sentences
from aligner.score.lm import LanguageModel
from aligner.score.metrics import Metric
from aligner.score.parts import SentenceParts, Units, split_pair
from aligner.score.stats import outcomes
from aligner.score.words import WordSplitter, split_words


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
    tie_tolerance: float = 1e-4,
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
