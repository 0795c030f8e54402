"""The agreement table: every pair of benchmarks, overall, balanced and per category.

One row per metric setting, scope and pair of benchmarks, over the models both
scored; the pre- vs post-balance comparison of seed 004 is the ``unbalanced`` and
``balanced`` rows side by side.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
import polars as pl

from aligner.score.compare.agreement import Agreement, agreement
from aligner.score.compare.reports import BALANCED, UNBALANCED

SCOPE_ORDER = {UNBALANCED: 0, BALANCED: 1}


def agreement_table(scores: pl.DataFrame, resamples: int, seed: int) -> pl.DataFrame:
    """Rows: setting, scope, benchmark_a, benchmark_b, then Agreement's fields."""
    rows = []
    for (setting, scope), group in scores.group_by(["setting", "scope"]):
        benchmarks = sorted(group["benchmark"].unique())
        for a, b in combinations(benchmarks, 2):
            x, y = paired(group, a, b)
            result: Agreement = agreement(x, y, resamples, seed)
            rows.append(
                {"setting": setting, "scope": scope, "benchmark_a": a, "benchmark_b": b}
                | result.as_dict()
            )
    if not rows:
        return pl.DataFrame()
    table = pl.DataFrame(rows)
    order = table["scope"].map_elements(lambda s: SCOPE_ORDER.get(s, 2), return_dtype=pl.Int64)
    return (
        table.with_columns(order.alias("_order"))
        .sort(["setting", "_order", "scope", "benchmark_a", "benchmark_b"])
        .drop("_order")
    )


def paired(group: pl.DataFrame, a: str, b: str) -> tuple[np.ndarray, np.ndarray]:
    """Scores on ``a`` and ``b`` of the models that have a finite score on both, model order."""
    wide = (
        group.filter(pl.col("benchmark").is_in([a, b]) & pl.col("score").is_not_nan())
        .pivot(on="benchmark", index="model_key", values="score")
        .drop_nulls()
        .sort("model_key")
    )
    if a not in wide.columns or b not in wide.columns:
        return np.array([]), np.array([])
    return wide[a].to_numpy(), wide[b].to_numpy()
