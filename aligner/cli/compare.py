"""``align compare``: agreement between benchmarks over the models scored on them."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer


def compare(
    reports: Annotated[
        list[str],
        typer.Argument(
            help="Score reports of `align score`: report.json files or their directories; "
            "NAME=PATH names the benchmark of a report that has none.",
            show_default=False,
        ),
    ],
    out: Annotated[
        Path, typer.Option("--out", help="Directory for tables, compare.md and PNGs.")
    ] = Path("out/compare"),
    resamples: Annotated[
        int, typer.Option("--resamples", help="Bootstrap resamples of models for the CIs.")
    ] = 1000,
    seed: Annotated[int, typer.Option("--seed", help="Bootstrap seed.")] = 0,
) -> None:
    """Spearman's rho and Kendall's tau between benchmarks, overall, balanced and per
    category, with p-values, bootstrap CIs, a heatmap and a model-by-benchmark chart."""
    import polars as pl
    from rich.console import Console
    from rich.table import Table

    from aligner.score.compare import compare_reports, write_comparison

    comparison = compare_reports(reports, resamples=resamples, seed=seed)
    written = write_comparison(comparison, out)
    console = Console()
    rows = comparison.table
    for setting in sorted(comparison.scores["setting"].unique()):
        table = Table(title=f"{setting}: Spearman / Kendall between benchmarks, over models")
        for column in ("scope", "benchmarks", "n", "rho", "p", "tau", "p "):
            table.add_column(column, justify="left" if column == "scope" else "right")
        for row in (
            [] if rows.is_empty() else rows.filter(pl.col("setting") == setting).rows(named=True)
        ):
            table.add_row(
                row["scope"],
                f"{row['benchmark_a']}/{row['benchmark_b']}",
                str(row["n"]),
                f"{row['spearman']:.3f}",
                f"{row['spearman_p']:.3g}",
                f"{row['kendall']:.3f}",
                f"{row['kendall_p']:.3g}",
            )
        console.print(table)
    console.print(comparison.signature, highlight=False, soft_wrap=True)
    for path in written.files:
        console.print(f"wrote {path}", highlight=False, soft_wrap=True)
