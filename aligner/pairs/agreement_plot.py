"""The agreement forest plot: alpha and kappa with their 95% intervals, beside observed agreement.

A table of intervals hides what a reader needs first: which figures are far from one, and
whether an interval is tight enough to say so. One panel per variable (decision, direction,
category), one row per scope and group (all pairs, then each category, then each film),
each chance-corrected figure a point on its interval, and the observed share of agreeing
reviewer pairs marked on the same row, since alpha and kappa fall towards zero when one label
dominates however often reviewers agree.
"""

from __future__ import annotations

import math
from pathlib import Path

import polars as pl

from aligner.io import atomic_path
from aligner.pairs.agreement import SCOPES, VARIABLES

FIGURES = {  # column -> (its interval, legend, colour, marker, offset from the row's centre)
    "alpha": (("alpha_low", "alpha_high"), "Krippendorff's alpha", "#4c72b0", "o", 0.15),
    "kappa": (("kappa_low", "kappa_high"), "Fleiss' kappa", "#dd8452", "s", -0.15),
}
OBSERVED = ("#333333", "x")


def plot_agreement(table: pl.DataFrame, path: Path, title: str = "Reviewer agreement") -> Path:
    """Draw ``table`` (the AGREEMENT frame of :func:`aligner.pairs.agreement.measure`) into
    the PNG ``path``, written atomically; rows without two votes on a pair are left out."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    shown = table.filter(pl.col("pairs") > 0)
    rows = _rows(shown)
    variables = [v for v in VARIABLES if v in set(shown["variable"])] or ["decision"]
    figure = Figure(
        figsize=(4.2 * len(variables) + 1.5, 1.8 + 0.42 * max(len(rows), 1)), layout="constrained"
    )
    FigureCanvasAgg(figure)
    figure.suptitle(title, fontsize=10)
    panels = figure.subplots(1, len(variables), sharey=True, squeeze=False)[0]
    if rows:
        for axes, variable in zip(panels, variables, strict=True):
            _panel(axes, shown.filter(pl.col("variable") == variable), rows, variable)
        panels[0].set_yticks(range(len(rows)), [_label(scope, group) for scope, group in rows])
        legend = {
            label: handle
            for axes in panels
            for handle, label in zip(*axes.get_legend_handles_labels(), strict=True)
        }
        figure.legend(
            legend.values(),
            legend.keys(),
            loc="outside lower center",
            ncols=len(legend),
            fontsize=8,
        )
    else:
        panels[0].text(
            0.5,
            0.5,
            "No pair has votes from two reviewers yet.",
            ha="center",
            va="center",
            transform=panels[0].transAxes,
        )
        panels[0].set_axis_off()
    with atomic_path(path) as temporary:
        figure.savefig(temporary, format="png", dpi=120)
    return path


def _rows(table: pl.DataFrame) -> list[tuple[str, str]]:
    """(scope, group) of every row any variable has, all pairs first, then by category, by film."""
    keys = set(table.select("scope", "group").iter_rows())
    return [
        (scope, group) for scope in SCOPES for group in sorted(g for s, g in keys if s == scope)
    ]


def _label(scope: str, group: str) -> str:
    return "all pairs" if scope == "all" else f"{scope}: {group}"


def _panel(axes, table: pl.DataFrame, rows: list[tuple[str, str]], variable: str) -> None:
    """One variable's forest: per row each figure on its interval, observed as a cross, the
    pairs measured at the right, and 'undefined' where neither figure exists."""
    position = {key: y for y, key in enumerate(rows)}
    lowest = 0.0
    for row in table.iter_rows(named=True):
        y = position[(row["scope"], row["group"])]
        for name, ((low, high), legend, colour, marker, offset) in FIGURES.items():
            lowest = min([lowest, *(v for v in (row[name], row[low]) if not math.isnan(v))])
            _figure(axes, y - offset, row[name], row[low], row[high], colour, marker, legend)
        if not math.isnan(row["observed"]):
            axes.plot(
                row["observed"],
                y,
                linestyle="none",
                color=OBSERVED[0],
                marker=OBSERVED[1],
                label="observed agreement",
            )
        if math.isnan(row["alpha"]) and math.isnan(row["kappa"]):
            axes.text(
                0.0,
                y,
                "undefined (one label)",
                color="grey",
                fontsize=7,
                ha="center",
                va="center",
                style="italic",
            )
        axes.text(
            1.01,
            y,
            f"n={row['pairs']}",
            transform=axes.get_yaxis_transform(),
            fontsize=7,
            color="grey",
            va="center",
        )
    for y in range(1, len(rows)):
        if rows[y][0] != rows[y - 1][0]:
            axes.axhline(y - 0.5, color="#dddddd", linewidth=0.8)
    axes.axvline(0.0, color="grey", linestyle="--", linewidth=0.8)
    axes.axvline(1.0, color="grey", linestyle=":", linewidth=0.8)
    axes.set_xlim(lowest - 0.1, 1.08)
    axes.set_ylim(len(rows) - 0.5, -0.5)  # all pairs on top, as the table reads
    axes.set_title(variable, fontsize=10)
    axes.set_xlabel("agreement (95% bootstrap CI)", fontsize=8)


def _figure(
    axes, y: float, value: float, low: float, high: float, colour: str, marker: str, legend: str
) -> None:
    """A point and, where the bootstrap gave one, its interval as a capped horizontal bar
    spanning exactly low to high (a percentile interval need not be centred on the point)."""
    if math.isnan(value):
        return
    if not (math.isnan(low) or math.isnan(high)):
        axes.errorbar(
            (low + high) / 2,
            y,
            xerr=(high - low) / 2,
            fmt="none",
            ecolor=colour,
            capsize=3,
            linewidth=1.2,
        )
    axes.plot(value, y, linestyle="none", color=colour, marker=marker, label=legend)
