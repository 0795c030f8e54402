"""Pair files on disk: CrowS-Pairs-style CSV in, CSV/JSONL out, atomically.

Reviewers open these files in spreadsheets, so everything is read as text and a
file that lacks a column or has a ragged row is reported with its line number.
"""

from __future__ import annotations

import csv
from pathlib import Path

import polars as pl

from aligner.errors import InputFormatError
from aligner.io import atomic_path

PAIR_COLUMNS = ("sent_more", "sent_less")


def read_csv_rows(path: str | Path, required: tuple[str, ...] = PAIR_COLUMNS) -> pl.DataFrame:
    """Every cell as a string (empty cells as null), plus ``line``: the row's line in the file."""
    path = Path(path)
    try:
        handle = path.open(encoding="utf-8-sig", newline="")
    except OSError as err:
        raise InputFormatError(f"cannot read: {err.strerror}", path) from err
    with handle:
        reader = csv.DictReader(handle)
        header = reader.fieldnames or []
        missing = [c for c in required if c not in header]
        if missing:
            raise InputFormatError(f"CSV header lacks column(s) {', '.join(missing)}", path, 1)
        rows = []
        for row in reader:
            if None in row:
                raise InputFormatError(
                    f"row has {len(header) + len(row[None])} cells, header has {len(header)}",
                    path, reader.line_num,
                )
            values = {k: (v if v != "" else None) for k, v in row.items()}
            rows.append({**values, "line": reader.line_num})
    schema = {**dict.fromkeys(header, pl.Utf8), "line": pl.Int64}
    return pl.DataFrame(rows, schema=schema) if rows else pl.DataFrame(schema=schema)


def read_frame(path: str | Path) -> pl.DataFrame:
    """A Parquet file as written by a stage, or a CSV read as text."""
    path = Path(path)
    if path.suffix == ".parquet":
        try:
            return pl.read_parquet(path)
        except (OSError, pl.exceptions.PolarsError) as err:
            raise InputFormatError(f"not a readable Parquet file: {err}", path) from err
    return read_csv_rows(path, required=())


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
