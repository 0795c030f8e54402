"""The two pictures of a comparison: agreement heatmaps and the model-by-benchmark chart."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import polars as pl
from matplotlib.figure import Figure

from aligner.io import atomic_path
from aligner.score.compare.reports import BALANCED, UNBALANCED

PANELS = ((UNBALANCED, "pre-balance (unbalanced)"), (BALANCED, "post-balance (balanced)"))


def agreement_heatmap(table: pl.DataFrame, benchmarks: list[str], title: str, path: Path) -> Path:
    """Spearman's rho between every two benchmarks, before and after balancing."""
    size = 1.2 + 0.9 * len(benchmarks)
    figure = Figure(figsize=(2 * size + 1.5, size + 1.0), layout="constrained")
    panels = figure.subplots(1, len(PANELS), squeeze=False)[0]
    image = None
    for axes, (scope, label) in zip(panels, PANELS, strict=True):
        matrix = np.eye(len(benchmarks))
        notes = np.full(matrix.shape, "", dtype=object)
        for row in table.filter(pl.col("scope") == scope).iter_rows(named=True):
            i, j = benchmarks.index(row["benchmark_a"]), benchmarks.index(row["benchmark_b"])
            matrix[i, j] = matrix[j, i] = row["spearman"]
            notes[i, j] = notes[j, i] = _note(row["spearman"], row["spearman_p"], row["n"])
        image = axes.imshow(np.nan_to_num(matrix), cmap="RdBu", vmin=-1, vmax=1)
        for (i, j), note in np.ndenumerate(notes):
            color = "white" if abs(np.nan_to_num(matrix[i, j])) > 0.6 else "black"
            axes.text(j, i, note or "1", ha="center", va="center", fontsize=8, color=color)
        axes.set_xticks(range(len(benchmarks)), benchmarks, rotation=30, ha="right")
        axes.set_yticks(range(len(benchmarks)), benchmarks)
        axes.set_title(label)
    figure.colorbar(image, ax=list(panels), label="Spearman's rho over models", shrink=0.8)
    figure.suptitle(title, fontsize=8)
    return _save(figure, path)


def model_chart(scores: pl.DataFrame, title: str, ylabel: str, path: Path) -> Path:
    """Per model, one bar per benchmark with its 95% CI; unbalanced above, balanced below."""
    models = sorted(scores["model"].unique())
    benchmarks = sorted(scores["benchmark"].unique())
    width = 0.8 / max(len(benchmarks), 1)
    figure = Figure(figsize=(max(6.0, 1.1 * len(models) + 2), 7.5), layout="constrained")
    panels = figure.subplots(len(PANELS), 1, squeeze=False, sharex=True)[:, 0]
    for axes, (scope, label) in zip(panels, PANELS, strict=True):
        part = scores.filter(pl.col("scope") == scope)
        for b, benchmark in enumerate(benchmarks):
            values = [_value(part, model, benchmark) for model in models]
            centres = [m + (b - (len(benchmarks) - 1) / 2) * width for m in range(len(models))]
            heights = [_zero_nan(v[0]) for v in values]
            errors = [
                [_zero_nan(v[0] - v[1]) for v in values],
                [_zero_nan(v[2] - v[0]) for v in values],
            ]
            axes.bar(centres, heights, width, yerr=errors, capsize=2, label=benchmark)
        axes.axhline(50, color="grey", linestyle="--", linewidth=1)
        axes.set_ylim(0, 100)
        axes.set_ylabel(ylabel)
        axes.set_title(label)
    panels[0].legend(fontsize=8, ncols=min(len(benchmarks), 4))
    panels[-1].set_xticks(range(len(models)), [_short(m) for m in models], rotation=30, ha="right")
    figure.suptitle(title, fontsize=8)
    return _save(figure, path)


def _value(part: pl.DataFrame, model: str, benchmark: str) -> tuple[float, float, float]:
    found = part.filter((pl.col("model") == model) & (pl.col("benchmark") == benchmark))
    if found.is_empty():
        return math.nan, math.nan, math.nan
    row = found.row(0, named=True)
    return row["score"], row["ci_low"], row["ci_high"]


def _note(rho: float, p: float, n: int) -> str:
    if math.isnan(rho):
        return f"n={n}"
    return f"{rho:.2f}\np={p:.2g}\nn={n}"


def _short(model: str) -> str:
    """The last path component of a local model directory; hub names as they are."""
    return Path(model).name if model.startswith(("/", ".", "~")) else model


def _zero_nan(value: float) -> float:
    return 0.0 if math.isnan(value) else value


def _save(figure: Figure, path: Path) -> Path:
    with atomic_path(path) as temporary:
        figure.savefig(temporary, format="png", dpi=120)
    return path
