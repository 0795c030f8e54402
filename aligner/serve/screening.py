"""What the screen stage said of a pair's English line, as the page shows it, and the two
orders the queue can be read in.

A reviewer reads from the top, so the lines the stereotype judge scored highest come
first, as in review.csv. A build from seed pairs has no screening (every column null):
its queue keeps film order and the page shows nothing of the screen stage, as before it.
"""

from __future__ import annotations

from collections.abc import Iterable

from aligner.pairs.review import SCREENING

SCORE, FILM, CATEGORY, DIRECTION = "score", "film", "category", "direction"
ORDERS = (SCORE, FILM, CATEGORY, DIRECTION)


def screening(row: dict) -> dict | None:
    """The screen stage's verdict on the pair's English line; None when nothing judged it."""
    if row.get("stereotype") is None and not row.get("rationale"):
        return None
    return {column: row.get(column) for column in SCREENING}


def scored(rows: Iterable[dict]) -> bool:
    """Whether the judge scored any line of the queue (a seed build's scored none)."""
    return any(row.get("stereotype") is not None for row in rows)


def default_order(rows: Iterable[dict]) -> str:
    """Score order once any line has a score; film order for a queue nothing screened."""
    return SCORE if scored(rows) else FILM


def _by_film(row: dict) -> tuple:
    start = row.get("start_ms")
    return row.get("film") or "", start is None, start or 0, row["pair_id"], row["lang"]


def _by_score(row: dict) -> tuple:
    """Highest score first, unscored lines last; ties in film order (review.csv's order)."""
    score = row.get("stereotype")
    return score is None, -(score or 0.0), *_by_film(row)


def _grouped(column: str):
    """By ``column`` (a category, a screening direction), best score first within each."""
    return lambda row: (row.get(column) is None, row.get(column) or "", *_by_score(row))


SORT_KEYS = {SCORE: _by_score, FILM: _by_film, CATEGORY: _grouped("bias_type"),
             DIRECTION: _grouped("direction")}


def ordered(rows: Iterable[dict], order: str) -> list[dict]:
    """``rows`` in ``order`` (one of ORDERS)."""
    if order not in ORDERS:
        raise ValueError(f"order must be one of {', '.join(ORDERS)}")
    return sorted(rows, key=SORT_KEYS[order])
