"""Decisions ``align review apply`` set apart because their pairs did not exist, as the page
reports them.

They sit in ``<store>.unknown.csv`` beside the store, never in it (aligner.pairs.decisions.
set_apart), so the page, which reads only the store, would never show them: a reviewer whose
sheet was applied after a rebuild would not learn that part of their work was kept aside.
The file is only read here, never written.
"""

from __future__ import annotations

from pathlib import Path

from aligner.errors import CineAlignError
from aligner.pairs.decisions import label, set_apart_path


def set_apart_notice(store: Path) -> dict | None:
    """How many decisions were set apart beside ``store``, for which pairs, and the file
    holding them; None when there are none. A file someone broke by hand is still named
    (with why it cannot be read) rather than stopping the page."""
    from aligner.pairs.io import read_csv_rows

    path = set_apart_path(store)
    if not path.exists():
        return None
    try:
        rows = read_csv_rows(path, required=("pair_id", "lang"))
    except CineAlignError as err:
        return {"file": str(path), "count": None, "pairs": [], "error": str(err)}
    if rows.height == 0:
        return None
    return {"file": str(path), "count": rows.height, "error": None,
            "pairs": [label(key) for key in rows.select("pair_id", "lang").iter_rows()]}
