"""Counterpart pairs side by side, for the review lexicons/README.md asks of a linguist.

Each pair is checked against written criteria (both words name people, same
register, the ordinary word first); a doubtful one keeps a ``note``. Reading the
pairs in one table is how a reviewer sees isand next to armuke and catches it.
"""

from __future__ import annotations

import polars as pl

from aligner.lexicon.model import Concept, Lexicon

PAIRS = {
    "concept": pl.Utf8,
    "counterpart": pl.Utf8,
    "source": pl.Utf8,
    "source_counterpart": pl.Utf8,
    "form": pl.Utf8,
    "counterpart_form": pl.Utf8,
    "note": pl.Utf8,
}


def _first(concept: Concept | None) -> str | None:
    if concept is None:
        return None
    if not concept.available:
        return f"(missing: {concept.missing})"
    return next(iter(concept.forms.values()), (None,))[0]


def counterpart_pairs(source: Lexicon, target: Lexicon, category: str) -> pl.DataFrame:
    """One row per counterpart pair (each pair once) of ``category``, with both lexicons'
    first forms and the target's notes on either side."""
    rows, seen = [], set()
    for concept in target.by_category(category) or source.by_category(category):
        for other_id in concept.counterparts:
            key = frozenset((concept.id, other_id))
            if key in seen:
                continue
            seen.add(key)
            mine, theirs = target.concepts.get(concept.id), target.concepts.get(other_id)
            notes = [c.note for c in (mine, theirs) if c is not None and c.note]
            rows.append((
                concept.id, other_id,
                _first(source.concepts.get(concept.id)), _first(source.concepts.get(other_id)),
                _first(mine), _first(theirs), " | ".join(notes) or None,
            ))
    return pl.DataFrame(rows, schema=PAIRS, orient="row")
