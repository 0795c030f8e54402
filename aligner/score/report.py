"""The score report: overall, per-category and balanced scores with CIs and a signature.

Shaped like a sentence-transformers evaluator result (one dict, one primary
number) and signed like sacrebleu (``model:…|metric:cps|mask:…|version:…``) so
a paper can quote exactly what was measured.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path

import polars as pl

from aligner import __version__
from aligner.errors import ConfigError
from aligner.io import atomic_path, write_text
from aligner.score.lm import LanguageModel
from aligner.score.metrics import Metric
from aligner.score.parts import Units
from aligner.score.stats import BalancedScore, GroupScore, balanced_score, group_score, group_scores

DIRECTION_COLUMN = "stereo_antistereo"


def signature(lm: LanguageModel, metric: Metric, units: Units, lang: str | None = None) -> str:
    """``model:…|metric:…|mask:…|units:…|words:…|dtype:…|version:…``.

    ``units`` and ``words`` (the word split: built-in or a language plugin's) only
    where the metric has U/M sets; elsewhere they read "none".
    """
    fields = {
        "model": lm.name,
        "metric": metric.name,
        "mask": metric.mask,
        "units": units if metric.uses_units else "none",
        "words": (lang or "builtin") if metric.uses_units else "none",
        "dtype": str(lm.dtype).removeprefix("torch."),
        "version": __version__,
    }
    return "|".join(f"{key}:{value}" for key, value in fields.items())


@dataclass(frozen=True)
class ScoreReport:
    signature: str
    metric: str
    overall: GroupScore
    categories: list[GroupScore]
    category_column: str
    balanced: BalancedScore
    directions: list[GroupScore]
    tie_tolerance: float
    resamples: int
    seed: int

    def as_dict(self) -> dict:
        return {
            "primary_metric": self.metric,
            self.metric: self.overall.score,
            "signature": self.signature,
            "overall": self.overall.as_dict(),
            "category_column": self.category_column,
            "categories": [c.as_dict() for c in self.categories],
            "balanced": self.balanced.as_dict(),
            "directions": [d.as_dict() for d in self.directions],
            "tie_tolerance": self.tie_tolerance,
            "bootstrap": {"resamples": self.resamples, "seed": self.seed, "confidence": 0.95},
        }


def build_report(
    scored: pl.DataFrame,
    signature_line: str,
    metric: str,
    category_column: str = "bias_type",
    balance_by: str = "bias_type",
    tie_tolerance: float = 1e-4,
    resamples: int = 1000,
    seed: int = 0,
) -> ScoreReport:
    """Statistics of a scored frame (the ``outcome`` column of scorer.score_frame)."""
    for column in (category_column, balance_by):
        if column not in scored.columns:
            raise ConfigError(f"no column {column!r} to group by; columns: {scored.columns}")
    directions = (
        group_scores(scored, DIRECTION_COLUMN, resamples, seed)
        if DIRECTION_COLUMN in scored.columns
        else []
    )
    return ScoreReport(
        signature=signature_line,
        metric=metric,
        overall=group_score("all", scored["outcome"].to_list(), resamples, seed),
        categories=group_scores(scored, category_column, resamples, seed),
        category_column=category_column,
        balanced=balanced_score(scored, balance_by, resamples, seed),
        directions=directions,
        tie_tolerance=tie_tolerance,
        resamples=resamples,
        seed=seed,
    )


def to_markdown(report: ScoreReport, chart: str | None = None) -> str:
    balanced = report.balanced
    lines = [
        f"# {report.metric.upper()} bias score",
        "",
        f"`{report.signature}`",
        "",
        f"Share of pairs where the model prefers sent_more, in percent (50 = no preference); "
        f"95% percentile bootstrap CI, {report.resamples} resamples, seed {report.seed}; "
        f"ties are |more - less| <= {report.tie_tolerance:g} and count as not preferred.",
        "",
        "| group | n | more | less | ties | unscored | score | 95% CI |",
        "|---|---:|---:|---:|---:|---:|---:|---|",
        _row(report.overall, bold=True),
        *(_row(c) for c in report.categories),
        *(_row(d) for d in report.directions),
        "",
        f"**Balanced by `{balanced.by}`** (each group weighs the same): "
        f"{_number(balanced.score)} [{_number(balanced.ci_low)}, {_number(balanced.ci_high)}]",
    ]
    if balanced.left_out:
        lines.append(f"(left out, fewer than two scored pairs: {', '.join(balanced.left_out)})")
    if chart:
        lines += ["", f"![scores by {report.category_column}]({chart})"]
    return "\n".join(lines) + "\n"


def write_report(report: ScoreReport, out_dir: Path, chart: str | None) -> tuple[Path, Path]:
    """report.json and report.md in ``out_dir``, written atomically."""
    json_path, md_path = out_dir / "report.json", out_dir / "report.md"
    write_text(json_path, json.dumps(report.as_dict(), indent=2, allow_nan=True) + "\n")
    write_text(md_path, to_markdown(report, chart))
    return json_path, md_path


def write_pair_scores(scored: pl.DataFrame, path: Path) -> Path:
    """Per-pair scores as Parquet, or CSV when ``path`` ends in .csv."""
    with atomic_path(path) as temporary:
        if path.suffix == ".csv":
            scored.write_csv(temporary)
        else:
            scored.write_parquet(temporary)
    return path


def _row(group: GroupScore, bold: bool = False) -> str:
    name = f"**{group.group}**" if bold else group.group
    return (
        f"| {name} | {group.n} | {group.more} | {group.less} | {group.ties} | {group.unscored} "
        f"| {_number(group.score)} | [{_number(group.ci_low)}, {_number(group.ci_high)}] |"
    )


def _number(value: float) -> str:
    return "–" if math.isnan(value) else f"{value:.2f}"
