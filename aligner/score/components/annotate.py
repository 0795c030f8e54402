"""Proposing a component for every gender pair, and keeping what reviewers decided.

The annotated file is the pairs file with component columns added, so it can be
reviewed in a spreadsheet and then scored as it is with ``--balance-by component``.
A reviewer changes ``component`` (or empties it to leave a pair out);
``component_proposed`` keeps what the classifier said, so a rerun can tell a
decision (the two differ) from a proposal and never overwrites a decision.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import polars as pl

from aligner.errors import InputFormatError
from aligner.io import atomic_path
from aligner.score.components.classify import ComponentClassifier
from aligner.score.components.content import pair_content
from aligner.score.components.taxonomy import COLUMN, COMPONENTS
from aligner.score.table import read_table

PROPOSED = "component_proposed"
ANNOTATION_COLUMNS = {
    COLUMN: pl.Utf8,  # the label used for balancing; reviewers edit this one
    PROPOSED: pl.Utf8,
    "component_score": pl.Float64,  # mean cosine to the K nearest prototypes
    "component_runner_up": pl.Utf8,
    "component_margin": pl.Float64,  # low margins are the ones worth a second look
    "component_by_precedence": pl.Boolean,  # a near tie settled by the seed's precedence
}


def annotate_components(
    pairs: pl.DataFrame, classifier: ComponentClassifier, category: str | None = "gender"
) -> pl.DataFrame:
    """``pairs`` with ANNOTATION_COLUMNS; rows outside ``category`` (bias_type) stay empty.

    ``category`` None labels every pair.
    """
    selected = (
        [True] * pairs.height
        if category is None
        else [str(v).casefold() == category.casefold() for v in pairs["bias_type"].fill_null("")]
    )
    rows = [i for i, keep in enumerate(selected) if keep]
    contents = [pair_content(pairs["sent_more"][i], pairs["sent_less"][i]) for i in rows]
    proposals = dict(zip(rows, classifier.propose(contents), strict=True))
    values: dict[str, list] = {name: [] for name in ANNOTATION_COLUMNS}
    for i in range(pairs.height):
        proposal = proposals.get(i)
        for name, value in zip(
            ANNOTATION_COLUMNS,
            (None,) * len(ANNOTATION_COLUMNS)
            if proposal is None
            else (
                proposal.component,
                proposal.component,
                proposal.score,
                proposal.runner_up,
                proposal.margin,
                proposal.by_precedence,
            ),
            strict=True,
        ):
            values[name].append(value)
    kept = pairs.drop([name for name in (*ANNOTATION_COLUMNS, "line") if name in pairs.columns])
    return kept.with_columns(
        pl.Series(name, values[name], dtype=dtype) for name, dtype in ANNOTATION_COLUMNS.items()
    )


@dataclass(frozen=True)
class Written:
    path: Path
    labelled: int
    decisions_kept: int


def write_annotations(annotated: pl.DataFrame, path: Path) -> Written:
    """Write the annotated pairs as CSV, keeping every reviewer decision already in ``path``."""
    decisions = _decisions(path) if path.exists() else {}
    if decisions:
        ids = annotated["pair_id"].to_list()
        merged = [
            decisions.get(pair_id, proposed)
            for pair_id, proposed in zip(ids, annotated[COLUMN].to_list(), strict=True)
        ]
        annotated = annotated.with_columns(pl.Series(COLUMN, merged, dtype=pl.Utf8))
    with atomic_path(path) as temporary:
        annotated.write_csv(temporary)
    kept = sum(1 for pair_id in annotated["pair_id"] if pair_id in decisions)
    return Written(path, int(annotated[PROPOSED].is_not_null().sum()), kept)


def _decisions(path: Path) -> dict[str, str | None]:
    """pair_id -> the reviewer's component, for rows where it differs from the proposal."""
    table = read_table(path)
    needed = ["pair_id", COLUMN, PROPOSED]
    missing = [name for name in needed if name not in table.header]
    if missing:
        raise InputFormatError(
            f"exists but is not an annotated pairs file (no {', '.join(missing)}); "
            "choose another --out",
            path,
            1,
        )
    pair_id, chosen, proposed = (table.column(name) for name in needed)
    decisions: dict[str, str | None] = {}
    for record, line in zip(table.rows, table.lines, strict=True):
        value = record[chosen].strip()
        if value and value not in COMPONENTS:
            raise InputFormatError(
                f"unknown component {value!r}; use one of {', '.join(COMPONENTS)}", path, line
            )
        if value != record[proposed].strip():
            if record[pair_id] in decisions:
                raise InputFormatError(f"pair_id {record[pair_id]} appears twice", path, line)
            decisions[record[pair_id]] = value or None
    return decisions
