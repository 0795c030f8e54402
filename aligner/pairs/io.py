"""Pair files on disk: CrowS-Pairs-style CSV in, CSV/JSONL out, atomically.

Reviewers open these files in spreadsheets; reading goes through the one table
reader (aligner.tables), which keeps every cell as text and reports a file that
lacks a column or has a ragged row with its line number.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import polars as pl

from aligner.errors import InputFormatError
from aligner.io import atomic_path
from aligner.tables import LINE, read_table

PAIR_COLUMNS = ("sent_more", "sent_less")


def read_csv_rows(
    path: str | Path,
    required: tuple[str, ...] = PAIR_COLUMNS,
    *,
    columns: Mapping[str, str] | None = None,
    lang: str | None = None,
) -> pl.DataFrame:
    """Every cell as a string (empty cells as null), plus ``line``: the row's line in the file.

    A thin wrapper over :func:`aligner.tables.read_table` for callers that only want
    the frame; the empty rows it skipped are said as ``InputNote`` warnings, which the
    command line prints.
    """
    return read_table(path, required, columns=columns, lang=lang).warn_notes().frame


def read_frame(path: str | Path, required: tuple[str, ...] = ()) -> pl.DataFrame:
    """A Parquet file as written by a stage, or a CSV/TSV read as text; a file that lacks
    one of the ``required`` columns is refused here, naming them and the columns it has,
    rather than failing later on the first row that uses one."""
    path = Path(path)
    if path.suffix != ".parquet":
        return read_csv_rows(path, required=required)
    try:
        frame = pl.read_parquet(path)
    except (OSError, pl.exceptions.PolarsError) as err:
        raise InputFormatError(f"not a readable Parquet file: {err}", path) from err
    require_columns(frame, required, path)
    return frame


def require_columns(frame: pl.DataFrame, required: tuple[str, ...], path: str | Path) -> None:
    """Refuse a frame read from ``path`` that lacks a column a caller needs; a CSV's header
    is its line 1."""
    missing = [name for name in required if name not in frame.columns]
    if not missing:
        return
    found = ", ".join(name for name in frame.columns if name != LINE) or "none"
    line = 1 if LINE in frame.columns else None
    raise InputFormatError(f"lacks column(s) {', '.join(missing)}; its columns: {found}", path,
                           line)


def _flat(frame: pl.DataFrame) -> pl.DataFrame:
    """List columns as space-separated strings, so a CSV cell holds them."""
    return frame.with_columns(
        pl.col(name).cast(pl.List(pl.Utf8)).list.join(" ")
        for name, dtype in frame.schema.items() if isinstance(dtype, pl.List)
    )


def write_csv(frame: pl.DataFrame, path: str | Path) -> None:
    with atomic_path(path) as temporary:
        _flat(frame).write_csv(temporary)


def write_jsonl(frame: pl.DataFrame, path: str | Path) -> None:
    with atomic_path(path) as temporary:
        frame.write_ndjson(temporary)
