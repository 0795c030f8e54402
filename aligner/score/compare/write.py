"""A comparison on disk: tables (CSV, JSON, Markdown) and the PNGs, per metric setting."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from pathlib import Path

import polars as pl

from aligner import __version__
from aligner.io import atomic_path, write_text
from aligner.score.compare.plot import agreement_heatmap, model_chart
from aligner.score.compare.reports import BALANCED, UNBALANCED
from aligner.score.report import strict_json


@dataclass(frozen=True)
class Comparison:
    signature: str
    scores: pl.DataFrame  # aligner.score.compare.reports.SCORES
    table: pl.DataFrame  # aligner.score.compare.table.agreement_table


@dataclass(frozen=True)
class Written:
    files: list[Path]


def compare_signature(reports: int, resamples: int, seed: int) -> str:
    fields = {
        "compare": "spearman+kendall",
        "reports": reports,
        "ci": f"bootstrap-models-{resamples}",
        "seed": seed,
        "version": __version__,
    }
    return "|".join(f"{key}:{value}" for key, value in fields.items())


def write_comparison(comparison: Comparison, out: Path) -> Written:
    """agreement.csv, scores.csv, compare.json, compare.md and two PNGs per setting."""
    files = [
        _csv(comparison.table, out / "agreement.csv"),
        _csv(comparison.scores, out / "scores.csv"),
    ]
    charts: dict[str, tuple[Path, Path]] = {}
    for setting in sorted(comparison.scores["setting"].unique()):
        slug = re.sub(r"[^a-z0-9]+", "-", setting.lower()).strip("-")
        scores = comparison.scores.filter(pl.col("setting") == setting)
        table = (
            comparison.table.filter(pl.col("setting") == setting)
            if not comparison.table.is_empty()
            else comparison.table
        )
        title = f"{setting}\n{comparison.signature}"
        benchmarks = sorted(scores["benchmark"].unique())
        metric = setting.split("|")[0].upper()
        charts[setting] = (
            agreement_heatmap(table, benchmarks, title, out / f"agreement-{slug}.png"),
            model_chart(
                scores, title, f"{metric}: % preferring sent_more", out / f"models-{slug}.png"
            ),
        )
        files += charts[setting]
    data = {
        "signature": comparison.signature,
        "agreement": comparison.table.to_dicts(),
        "scores": comparison.scores.to_dicts(),
    }
    write_text(out / "compare.json", strict_json(data))
    write_text(out / "compare.md", to_markdown(comparison, charts))
    return Written([*files, out / "compare.json", out / "compare.md"])


def to_markdown(comparison: Comparison, charts: dict[str, tuple[Path, Path]]) -> str:
    lines = [
        "# Agreement between benchmarks",
        "",
        f"`{comparison.signature}`",
        "",
        "Spearman's rho and Kendall's tau between the scores models get on two benchmarks "
        "(scipy p-values; 95% percentile bootstrap CI over models). `unbalanced` is the "
        "overall score, `balanced` gives each group of the report's balance column equal "
        "weight (seed 004: by stereotype component).",
    ]
    for setting, (heatmap, chart) in charts.items():
        table = (
            comparison.table.filter(pl.col("setting") == setting)
            if not comparison.table.is_empty()
            else comparison.table
        )
        scores = comparison.scores.filter(pl.col("setting") == setting)
        lines += ["", f"## {setting}", "", *_agreement_rows(table), ""]
        lines += _score_rows(scores)
        lines += _unmatched(scores)
        lines += ["", f"![agreement]({heatmap.name})", "", f"![models]({chart.name})"]
    return "\n".join(lines) + "\n"


def _agreement_rows(table: pl.DataFrame) -> list[str]:
    rows = [
        "| scope | benchmarks | models | Spearman rho [95% CI] | p | Kendall tau [95% CI] | p |",
        "|---|---|---:|---|---:|---|---:|",
    ]
    for r in table.iter_rows(named=True):
        rows.append(
            f"| {r['scope']} | {r['benchmark_a']} / {r['benchmark_b']} | {r['n']} "
            f"| {_number(r['spearman'])} [{_number(r['spearman_low'])}, "
            f"{_number(r['spearman_high'])}] | {_p(r['spearman_p'])} "
            f"| {_number(r['kendall'])} [{_number(r['kendall_low'])}, "
            f"{_number(r['kendall_high'])}] | {_p(r['kendall_p'])} |"
        )
    return rows


def _score_rows(scores: pl.DataFrame) -> list[str]:
    """Seed 004's Table 6: every model's score on every benchmark, pre- and post-balance."""
    benchmarks = sorted(scores["benchmark"].unique())
    header = [f"{b} {label}" for b in benchmarks for label in ("pre", "post")]
    rows = ["| model | " + " | ".join(header) + " |", "|---|" + "---:|" * len(header)]
    for model in sorted(scores["model"].unique()):
        cells = []
        for benchmark in benchmarks:
            for scope in (UNBALANCED, BALANCED):
                found = scores.filter(
                    (pl.col("model") == model)
                    & (pl.col("benchmark") == benchmark)
                    & (pl.col("scope") == scope)
                )
                cells.append("–" if found.is_empty() else _number(found["score"][0]))
        rows.append(f"| {model} | " + " | ".join(cells) + " |")
    return rows


def _unmatched(scores: pl.DataFrame) -> list[str]:
    """Models scored on some benchmarks only: they are left out of those correlations.

    Models match by weights hash, which includes the dtype they were loaded in.
    """
    benchmarks = scores["benchmark"].n_unique()
    per_model = scores.group_by("model").agg(pl.col("benchmark").n_unique().alias("on"))
    partial = sorted(per_model.filter(pl.col("on") < benchmarks)["model"].to_list())
    if not partial:
        return []
    return [
        "",
        "Scored on only some of the benchmarks (left out where a benchmark lacks them; "
        f"models match by weights hash, dtype included): {', '.join(partial)}",
    ]


def _csv(frame: pl.DataFrame, path: Path) -> Path:
    with atomic_path(path) as temporary:
        frame.write_csv(temporary)
    return path


def _number(value: float | None) -> str:
    return "–" if value is None or math.isnan(value) else f"{value:.2f}"


def _p(value: float | None) -> str:
    return "–" if value is None or math.isnan(value) else f"{value:.3g}"
