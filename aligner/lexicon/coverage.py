"""How much of the English (pivot) lexicon a target language covers, and why not the rest.

Generic keywords ("new", "manager") are left out of the figures: they flag no line on
their own and are not worth a translator's time.
"""

from __future__ import annotations

import polars as pl

from aligner.lexicon.model import CINEBIAS_CATEGORIES, Lexicon

COVERAGE = {
    "concept": pl.Utf8,
    "category": pl.Utf8,
    "status": pl.Utf8,  # covered | missing (a reason is given) | absent (no entry at all)
    "reason": pl.Utf8,
    "source_form": pl.Utf8,
    "target_form": pl.Utf8,
}


def coverage_table(
    source: Lexicon, target: Lexicon, categories: tuple[str, ...] = ()
) -> pl.DataFrame:
    """One row per non-generic source concept in ``categories`` (all when empty)."""
    rows = []
    for concept in source:
        if concept.generic or (categories and concept.category not in categories):
            continue
        entry = target.concepts.get(concept.id)
        if entry is None:
            status, reason, form = "absent", None, None
        elif not entry.available:
            status, reason, form = "missing", entry.missing, None
        else:
            # a concept written with the forms of those it shares has none of its own
            form = next((f[0] for f in entry.forms.values()), None) or f"= {entry.shares[0]}"
            status, reason = "covered", None
        first = next(iter(concept.forms.values()), (None,))[0]
        rows.append((concept.id, concept.category, status, reason, first, form))
    return pl.DataFrame(rows, schema=COVERAGE, orient="row")


def coverage_summary(table: pl.DataFrame) -> pl.DataFrame:
    """Per category and overall: concepts, covered, and the covered share in percent."""
    per_category = table.group_by("category").agg(
        pl.len().alias("concepts"),
        (pl.col("status") == "covered").sum().alias("covered"),
    )
    total = pl.DataFrame(
        {
            "category": ["all"],
            "concepts": [table.height],
            "covered": [int((table["status"] == "covered").sum())],
        }
    ).cast(per_category.schema)
    return pl.concat([per_category.sort("category"), total]).with_columns(
        (100 * pl.col("covered") / pl.col("concepts")).round(1).alias("percent")
    )


def cinebias_share(source: Lexicon, target: Lexicon) -> float:
    """Covered share (percent) of the seven CineBias categories: the figure the issue targets."""
    table = coverage_table(source, target, CINEBIAS_CATEGORIES)
    return 100 * float((table["status"] == "covered").sum()) / max(table.height, 1)
