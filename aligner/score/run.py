"""Score a pairs frame into a directory: per-pair scores, report, chart.

One function for ``align score`` and for the optional score stage of ``align build``,
so both write the same files the same way.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import polars as pl

from aligner.score.scorer import ScoreSettings

CACHE_NAME = ".score-cache.parquet"


@dataclass(frozen=True)
class RunOptions:
    """How a scoring run is carried out and written, whatever is scored.

    ``benchmark`` names the dataset in the report (align compare groups by it).
    """

    benchmark: str | None = None
    device: str = "auto"
    dtype: str = "float32"
    resume: bool = True
    pairs_format: str = "parquet"
    progress: bool = True


DEFAULT_RUN = RunOptions()


@dataclass(frozen=True)
class ScoreOutputs:
    report: object  # aligner.score.report.ScoreReport
    scores: Path
    json: Path
    markdown: Path
    chart: Path


def score_into(
    frame: pl.DataFrame,
    model: str,
    settings: ScoreSettings,
    out: Path,
    options: RunOptions = DEFAULT_RUN,
) -> ScoreOutputs:
    """Score ``frame`` with ``model``; a rerun reuses the pair scores cached in ``out``."""
    from transformers.utils import logging as transformers_logging

    from aligner.score.lm import load_lm
    from aligner.score.plot import category_chart
    from aligner.score.report import write_pair_scores, write_report
    from aligner.score.scorer import score_pairs

    transformers_logging.disable_progress_bar()
    lm = load_lm(
        model, device=options.device, dtype=options.dtype, attentions=settings.metric == "aula"
    )
    cache = out / CACHE_NAME
    if not options.resume:
        cache.unlink(missing_ok=True)
    scored, report = score_pairs(
        frame,
        lm,
        settings,
        progress=options.progress,
        cache_path=cache,
        benchmark=options.benchmark,
    )
    scores = write_pair_scores(scored, out / f"scores.{options.pairs_format}")
    chart = category_chart(report, out / "categories.png")
    json_path, md_path = write_report(report, out, chart.name)
    return ScoreOutputs(report, scores, json_path, md_path, chart)
