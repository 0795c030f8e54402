"""The score report: overall, per-category and balanced scores with CIs and a signature.

Shaped like a sentence-transformers evaluator result (one dict, one primary
number) and signed like sacrebleu (``model:…|metric:cps|mask:…|version:…``) so
a paper can quote exactly what was measured.
"""

from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, field
from pathlib import Path

import polars as pl

from aligner import __version__
from aligner.errors import ConfigError
from aligner.io import atomic_path, write_text
from aligner.score.lm import LanguageModel
from aligner.score.metrics import Metric
from aligner.score.parts import Units
from aligner.score.stats import BalancedScore, GroupScore, balanced_score, group_score, group_scores
from aligner.score.stereoset import LanguageModelScore

DIRECTION_COLUMN = "stereo_antistereo"


def signature(lm: LanguageModel, metric: Metric, units: Units, lang: str | None = None) -> str:
    """``model:…|weights:…|metric:…|mask:…|units:…|words:…|dtype:…|version:…``.

    ``weights`` is the start of the hash of the model's parameters and config
    (aligner.score.fingerprint): the name alone does not say which checkpoint it was.
    ``units`` and ``words`` (the word split: built-in or a language plugin's) only
    where the metric has U/M sets; elsewhere they read "none".
    """
    fields = {
        "model": lm.name,
        "weights": lm.fingerprint.short,
        "metric": metric.name,
        "mask": metric.mask,
        "units": units if metric.uses_units else "none",
        "words": (lang or "builtin") if metric.uses_units else "none",
        "dtype": str(lm.dtype).removeprefix("torch."),
        "version": __version__,
    }
    return "|".join(f"{key}:{value}" for key, value in fields.items())


@dataclass(frozen=True)
class Skipped:
    """A pair left unscored, where it is and why."""

    pair_id: str
    line: int | None
    reason: str

    def as_dict(self) -> dict:
        return asdict(self)


@dataclass(frozen=True)
class ScoreReport:
    """``benchmark`` names the scored dataset, so align compare can line reports up."""

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
    benchmark: str | None = None
    skipped: list[Skipped] = field(default_factory=list)
    language_model: LanguageModelScore | None = None

    def as_dict(self) -> dict:
        data = {
            "primary_metric": self.metric,
            self.metric: self.overall.score,
            "signature": self.signature,
            "benchmark": self.benchmark,
            "overall": self.overall.as_dict(),
            "category_column": self.category_column,
            "categories": [c.as_dict() for c in self.categories],
            "balanced": self.balanced.as_dict(),
            "directions": [d.as_dict() for d in self.directions],
            "skipped": [s.as_dict() for s in self.skipped],
            "tie_tolerance": self.tie_tolerance,
            "bootstrap": {"resamples": self.resamples, "seed": self.seed, "confidence": 0.95},
        }
        if self.language_model is not None:
            data["language_model"] = self.language_model.as_dict()
        return data


def build_report(
    scored: pl.DataFrame,
    signature_line: str,
    metric: str,
    category_column: str = "bias_type",
    balance_by: str = "bias_type",
    tie_tolerance: float = 1e-4,
    resamples: int = 1000,
    seed: int = 0,
    benchmark: str | None = None,
    language_model: LanguageModelScore | None = None,
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
        benchmark=benchmark,
        skipped=_skipped(scored),
        language_model=language_model,
    )


def _skipped(scored: pl.DataFrame) -> list[Skipped]:
    if "note" not in scored.columns:
        return []
    noted = scored.filter(pl.col("note").is_not_null())
    lines = noted["line"] if "line" in noted.columns else [None] * noted.height
    ids = noted["pair_id"] if "pair_id" in noted.columns else [None] * noted.height
    return [
        Skipped(str(pair_id), line, note)
        for pair_id, line, note in zip(ids, lines, noted["note"], strict=True)
    ]


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
    if balanced.unlabelled:
        lines.append(f"({balanced.unlabelled} pair(s) without a {balanced.by} left out)")
    if report.language_model is not None:
        lm = report.language_model
        lines += [
            "",
            f"**StereoSet LM score** (meaningful over unrelated, macro over {lm.targets} targets, "
            f"{lm.items} items): LMS {_number(lm.lms)}, SS {_number(lm.ss)}, "
            f"ICAT {_number(lm.icat)}",
        ]
    if report.skipped:
        lines += ["", f"**{len(report.skipped)} pair(s) not scored:**", ""]
        lines += [
            f"- {s.pair_id}" + (f" (line {s.line})" if s.line else "") + f": {s.reason}"
            for s in report.skipped
        ]
    if chart:
        lines += ["", f"![scores by {report.category_column}]({chart})"]
    return "\n".join(lines) + "\n"


def write_report(report: ScoreReport, out_dir: Path, chart: str | None) -> tuple[Path, Path]:
    """report.json and report.md in ``out_dir``, written atomically."""
    json_path, md_path = out_dir / "report.json", out_dir / "report.md"
    write_text(json_path, strict_json(report.as_dict()))
    write_text(md_path, to_markdown(report, chart))
    return json_path, md_path


def strict_json(data) -> str:
    """JSON with every NaN (a group too small for a CI, a score of nothing) as null.

    Python writes NaN and Infinity bare, which is not JSON: strict parsers (jq,
    JavaScript) reject the whole file.
    """
    return json.dumps(_nan_to_none(data), indent=2, allow_nan=False) + "\n"


def _nan_to_none(value):
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {key: _nan_to_none(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_nan_to_none(item) for item in value]
    return value


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
