"""Reading minimal pairs: the CrowS-Pairs CSV and CineAlign's own output.

Both share the CrowS-Pairs column names; CrowS-Pairs adds an unnamed index
column and annotation columns, CineAlign adds provenance (film, cue_id, lang...).
Every column is kept as text so provenance reaches the per-pair output, and each
row remembers the line it starts on so errors can point at it. CineAlign rows whose
``status`` is not "ok" (rejected transfers) have no pair and are passed over.
"""

from __future__ import annotations

import csv
from pathlib import Path

import polars as pl

from aligner.errors import EncodingError, InputFormatError

REQUIRED = ("sent_more", "sent_less", "bias_type")
INDEX_COLUMN = "index"  # CrowS-Pairs' unnamed first column
STATUS_COLUMN = "status"  # CineAlign transfer output: rows not "ok" carry no pair


def read_pairs(path: str | Path) -> pl.DataFrame:
    """All columns as text plus ``line`` (1-based start line) and ``pair_id``."""
    path = Path(path)
    if not path.is_file():
        raise InputFormatError("no such pairs file", path)
    try:
        with path.open(newline="", encoding="utf-8-sig") as handle:
            header, rows = _read_rows(csv.reader(handle), path)
    except UnicodeDecodeError as err:
        raise EncodingError(f"not UTF-8 text ({err.reason})", path) from err
    except csv.Error as err:
        raise InputFormatError(f"malformed CSV: {err}", path) from err
    if not rows:
        raise InputFormatError("no pairs to score (only a header, or every row rejected)", path)
    frame = pl.DataFrame(
        rows, schema={**dict.fromkeys(header, pl.Utf8), "line": pl.Int64}, orient="row"
    )
    if "pair_id" not in frame.columns:
        ids = frame[INDEX_COLUMN] if INDEX_COLUMN in frame.columns else frame["line"].cast(pl.Utf8)
        frame = frame.with_columns(ids.alias("pair_id"))
    return frame


def _read_rows(reader, path: Path) -> tuple[list[str], list[list]]:
    header = next(reader, None)
    if header is None:
        raise InputFormatError("empty file; expected a CrowS-Pairs style header", path, 1)
    header = [name.strip() or INDEX_COLUMN for name in header]
    missing = [name for name in REQUIRED if name not in header]
    if missing:
        raise InputFormatError(
            f"missing column(s) {', '.join(missing)}; CrowS-Pairs columns are "
            "sent_more, sent_less, stereo_antistereo, bias_type",
            path,
            1,
        )
    required = [header.index(name) for name in REQUIRED]
    status = header.index(STATUS_COLUMN) if STATUS_COLUMN in header else None
    rows, start = [], reader.line_num + 1
    for record in reader:
        rejected = status is not None and status < len(record) and record[status] != "ok"
        if any(field.strip() for field in record) and not rejected:
            rows.append(_checked(record, header, required, path, start))
        start = reader.line_num + 1
    return header, rows


def _checked(record: list[str], header: list[str], required: list[int], path: Path, line: int):
    if len(record) != len(header):
        raise InputFormatError(
            f"{len(record)} fields where the header has {len(header)}", path, line
        )
    for index in required:
        if not record[index].strip():
            raise InputFormatError(f"empty {header[index]}", path, line)
    return [*record, line]
