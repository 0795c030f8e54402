"""The category chart: one bar per category with its 95% CI, against the 50% line."""

from __future__ import annotations

import math
from pathlib import Path

from matplotlib.figure import Figure

from aligner.io import atomic_path
from aligner.score.report import ScoreReport


def category_chart(report: ScoreReport, path: Path) -> Path:
    """Horizontal bars, categories first, then the overall and balanced scores."""
    rows = [(f"{c.group} (n={c.n})", c.score, c.ci_low, c.ci_high) for c in report.categories]
    overall, balanced = report.overall, report.balanced
    rows.append((f"all (n={overall.n})", overall.score, overall.ci_low, overall.ci_high))
    rows.append((f"balanced by {balanced.by}", balanced.score, balanced.ci_low, balanced.ci_high))
    labels = [row[0] for row in rows]
    scores = [_zero_nan(row[1]) for row in rows]
    below = [_zero_nan(row[1] - row[2]) for row in rows]
    above = [_zero_nan(row[3] - row[1]) for row in rows]
    colors = ["#4c72b0"] * len(report.categories) + ["#333333", "#c44e52"]

    figure = Figure(figsize=(8, 1.6 + 0.4 * len(rows)), layout="constrained")
    axes = figure.add_subplot()
    positions = list(range(len(rows)))[::-1]
    axes.barh(positions, scores, xerr=[below, above], color=colors, capsize=3)
    axes.axvline(50, color="grey", linestyle="--", linewidth=1)
    axes.set_yticks(positions, labels)
    axes.set_xlim(0, 100)
    axes.set_xlabel(f"{report.metric.upper()}: % pairs preferring sent_more (95% CI)")
    axes.set_title(report.signature, fontsize=8)
    with atomic_path(path) as temporary:
        figure.savefig(temporary, format="png", dpi=120)
    return path


def _zero_nan(value: float) -> float:
    return 0.0 if math.isnan(value) else value
