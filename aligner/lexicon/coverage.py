"""How much of the English (pivot) lexicon a target language covers, and why not the rest.

A concept counts as *accounted for* when the language has words for it or says
why it has none (``missing = "reason"``): the target the issue sets is 90 % of
the English concepts accounted for in every category. Generic keywords ("new",
"manager") are left out of the figures: they flag no line on their own and are
not worth a translator's time. Categories only the target has (Hindi caste) get
their own rows, with status ``own``.
"""

from __future__ import annotations

import polars as pl

from aligner.lexicon.model import LANGUAGE_CATEGORIES, Lexicon

COVERAGE = {
    "concept": pl.Utf8,
    "category": pl.Utf8,
    "status": pl.Utf8,  # covered | missing (a reason is given) | absent (no entry) | own
    "reason": pl.Utf8,
    "source_form": pl.Utf8,
    "target_form": pl.Utf8,
}
TARGET_PERCENT = 90.0


def _first(forms: dict[str, tuple[str, ...]]) -> str | None:
    return next(iter(forms.values()), (None,))[0]


def coverage_table(
    source: Lexicon, target: Lexicon, categories: tuple[str, ...] = ()
) -> pl.DataFrame:
    """One row per non-generic source concept in ``categories`` (all when empty), then
    one per concept of a category only the target has."""
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
            status, reason, form = "covered", None, _first(entry.forms)
        rows.append((concept.id, concept.category, status, reason, _first(concept.forms), form))
    own = LANGUAGE_CATEGORIES.get(target.lang, ())
    for concept in target:
        if concept.category in own and (not categories or concept.category in categories):
            rows.append((concept.id, concept.category, "own", None, None, _first(concept.forms)))
    return pl.DataFrame(rows, schema=COVERAGE, orient="row")


def coverage_summary(table: pl.DataFrame) -> pl.DataFrame:
    """Per category and overall: concept counts by status, the covered share and the
    accounted-for share (covered or a reason given) in percent, and whether the
    category meets the target."""
    status = pl.col("status")
    counts = [
        pl.len().alias("concepts"),
        (status.is_in(["covered", "own"])).sum().alias("covered"),
        (status == "missing").sum().alias("reasoned"),
        (status == "absent").sum().alias("absent"),
    ]
    per_category = table.group_by("category").agg(counts).sort("category")
    total = table.select(counts).select(pl.lit("all").alias("category"), pl.all())
    summary = pl.concat([per_category, total.cast(per_category.schema)])
    return summary.with_columns(
        (100 * pl.col("covered") / pl.col("concepts")).round(1).alias("covered_pct"),
        (100 * (pl.col("covered") + pl.col("reasoned")) / pl.col("concepts"))
        .round(1)
        .alias("accounted_pct"),
    ).with_columns((pl.col("accounted_pct") >= TARGET_PERCENT).alias("meets_target"))

