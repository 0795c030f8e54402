"""Scoring a pairs frame: encode, split into U/M, plan copies, evaluate, compare.

The copies of many pairs go to the evaluator in one call, so the batched evaluator
can pack copies of different sentences together; the naive reference takes the
same call, which is how tests and the benchmark compare them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import polars as pl
from rich.progress import Progress

from aligner.errors import ConfigError
from aligner.frames import PAIR_SCORES
from aligner.score.batching import DEFAULT_TOKEN_BUDGET, BatchedEvaluator
from aligner.score.copies import Evaluator, MaskedCopy
from aligner.score.encode import EncodedSentence, encode_sentences
from aligner.score.lm import LanguageModel
from aligner.score.metrics import Metric, get_metric
from aligner.score.parts import UNITS, SentenceParts, Units, split_pair
from aligner.score.report import ScoreReport, build_report, signature
from aligner.score.resume import ScoreCache, run_identity
from aligner.score.stats import DEFAULT_RESAMPLES, DEFAULT_TIE_TOLERANCE, outcomes
from aligner.score.stereoset import UNRELATED, against_unrelated, lm_score
from aligner.score.words import WordSplitter, split_words, word_splitter

CHUNK_PAIRS = 64  # pairs per evaluator call: enough copies to fill batches, saved after each
PairParts = tuple[SentenceParts, SentenceParts]


def pair_parts(
    pairs: pl.DataFrame,
    lm: LanguageModel,
    units: Units = "word",
    split: WordSplitter = split_words,
) -> tuple[list[PairParts | None], list[str | None]]:
    """Both sides of every pair, tokenized and split into shared and modified tokens.

    A pair with a side longer than the model accepts has no parts (None) and a note
    saying why; every other pair has parts and no note.
    """
    more = encode_sentences(lm.tokenizer, pairs["sent_more"].to_list(), split, lm.bos_id)
    less = encode_sentences(lm.tokenizer, pairs["sent_less"].to_list(), split, lm.bos_id)
    notes = [too_long(m, s, lm.max_tokens) for m, s in zip(more, less, strict=True)]
    parts = [
        None if note else split_pair(m, s, units)
        for m, s, note in zip(more, less, notes, strict=True)
    ]
    return parts, notes


def too_long(more: EncodedSentence, less: EncodedSentence, limit: int) -> str | None:
    """Why a pair cannot be scored whole, or None when it can."""
    longest = max(len(more), len(less))
    if longest > limit:
        return f"sentence of {longest} tokens exceeds the model's {limit}"
    return None


def sentence_scores(
    parts: Sequence[PairParts], metric: Metric, evaluator: Evaluator
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
    cache: ScoreCache | None = None,
    progress: bool = False,
) -> pl.DataFrame:
    """``pairs`` with the PAIR_SCORES columns (aligner.frames).

    Pairs go to the evaluator in chunks; with a ``cache`` each chunk is saved as it
    completes and pairs already in it are not scored again. A pair that cannot be
    scored (a sentence longer than the model accepts) is "unscored" with a note.
    """
    if metric.model_kind != lm.kind:
        raise ConfigError(
            f"metric {metric.name} needs a {metric.model_kind} LM but {lm.name!r} is {lm.kind}; "
            + ("use --metric clm-sum or clm-mean" if lm.kind == "causal" else "use a masked metric")
        )
    if metric.needs_attention and lm.model.config._attn_implementation != "eager":
        raise ConfigError(f"{metric.name} needs attention weights: load_lm(..., attentions=True)")
    parts, notes = pair_parts(pairs, lm, units, split)
    more = np.full(len(parts), np.nan)
    less = np.full(len(parts), np.nan)
    keys = (
        [cache.key(m, s) for m, s in pairs.select("sent_more", "sent_less").iter_rows()]
        if cache
        else []
    )
    todo = []
    for i, pair in enumerate(parts):
        known = cache.get(keys[i]) if cache else None
        if known is not None:
            more[i], less[i] = known
        elif pair is not None:
            todo.append(i)
    with Progress(disable=not progress, transient=True) as bar:
        task = bar.add_task(f"scoring pairs ({metric.name})", total=len(todo))
        for start in range(0, len(todo), CHUNK_PAIRS):
            chunk = todo[start : start + CHUNK_PAIRS]
            scored = sentence_scores([parts[i] for i in chunk], metric, evaluator)  # type: ignore[misc]
            more[chunk], less[chunk] = scored
            if cache:
                for i in chunk:
                    cache.add(keys[i], float(more[i]), float(less[i]))
                cache.save()
            bar.advance(task, len(chunk))
    columns = {
        "more_score": more,
        "less_score": less,
        "diff": more - less,
        "outcome": outcomes(more, less, tie_tolerance),
        "note": notes,
    }
    return pairs.with_columns(
        pl.Series(name, columns[name], dtype=PAIR_SCORES[name]) for name in PAIR_SCORES
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
    lm_score: bool = False


def score_pairs(
    pairs: pl.DataFrame,
    lm: LanguageModel,
    settings: ScoreSettings = ScoreSettings(),
    progress: bool = False,
    cache_path: Path | None = None,
    benchmark: str | None = None,
) -> tuple[pl.DataFrame, ScoreReport]:
    """Score every pair with the batched evaluator and summarise: per-pair frame and report.

    ``cache_path`` keeps finished pairs on disk so a rerun resumes (aligner.score.resume).
    With ``settings.lm_score`` both sides are also scored against ``sent_unrelated``
    (StereoSet's language-modelling score, aligner.score.stereoset).
    """
    if settings.units not in UNITS:
        raise ConfigError(f"unknown units {settings.units!r}; choose one of {', '.join(UNITS)}")
    if settings.lm_score and UNRELATED not in pairs.columns:
        raise ConfigError(f"the LM score needs a {UNRELATED} column (StereoSet input)")
    metric = get_metric(settings.metric, settings.mask)
    evaluator = BatchedEvaluator(lm, token_budget=settings.token_budget)
    signature_line = signature(lm, metric, settings.units, settings.lang)
    cache = (
        None
        if cache_path is None
        else ScoreCache(cache_path, run_identity(signature_line, lm.fingerprint))
    )

    def scored(frame: pl.DataFrame) -> pl.DataFrame:
        return score_frame(
            frame,
            lm,
            metric,
            evaluator,
            units=settings.units,
            split=word_splitter(settings.lang),
            tie_tolerance=settings.tie_tolerance,
            cache=cache,
            progress=progress,
        )

    frame = scored(pairs)
    meaningful = (
        [scored(against_unrelated(pairs, side)) for side in ("sent_more", "sent_less")]
        if settings.lm_score
        else None
    )
    report = build_report(
        frame,
        signature_line,
        metric.name,
        category_column=settings.category_column,
        balance_by=settings.balance_by,
        tie_tolerance=settings.tie_tolerance,
        resamples=settings.resamples,
        seed=settings.seed,
        benchmark=benchmark,
        language_model=None if meaningful is None else lm_score(frame, *meaningful),
    )
    return frame, report
