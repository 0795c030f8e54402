"""Reading a CSV or TSV file strictly: every error names the file and line.

Every table aligner.score reads (pairs, GenderLex cloze sentences, component
labels) goes through this one function, so malformed input fails the same way
everywhere and a project-wide reader can replace it in one place.
"""

from __future__ import annotations

import csv
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from aligner.errors import EncodingError, InputFormatError

INDEX_COLUMN = "index"  # the name given to an unnamed first column (pandas' to_csv index)


@dataclass(frozen=True)
class Table:
    """Header names and the non-blank rows, each with the line it starts on (1-based)."""

    path: Path
    header: list[str]
    rows: list[list[str]]
    lines: list[int]

    def column(self, name: str) -> int:
        return self.header.index(name)


def read_table(path: str | Path) -> Table:
    """The rows of a UTF-8 CSV (TSV when the name ends in .tsv), all of the header's width.

    Column names must be unique; an unnamed first column is called ``index`` unless
    the file already has one, so the two can never be confused.
    """
    path = Path(path)
    if not path.is_file():
        raise InputFormatError("no such file", path)
    delimiter = "\t" if path.suffix.lower() == ".tsv" else ","
    try:
        with path.open(newline="", encoding="utf-8-sig") as handle:
            return _read(csv.reader(handle, delimiter=delimiter, strict=True), path)
    except UnicodeDecodeError as err:
        raise EncodingError(f"not UTF-8 text ({err.reason})", path) from err


def _read(reader, path: Path) -> Table:
    try:
        header = next(reader, None)
        if header is None:
            raise InputFormatError("empty file; expected a header line", path, 1)
        header = _names(header, path)
        rows, lines, start = [], [], reader.line_num + 1
        for record in reader:
            if any(field.strip() for field in record):
                if len(record) != len(header):
                    raise InputFormatError(
                        f"{len(record)} fields where the header has {len(header)}", path, start
                    )
                rows.append(record)
                lines.append(start)
            start = reader.line_num + 1
    except csv.Error as err:
        raise InputFormatError(f"malformed CSV: {err}", path, reader.line_num) from err
    return Table(path, header, rows, lines)


def _names(header: list[str], path: Path) -> list[str]:
    names = [name.strip() for name in header]
    if names and not names[0]:
        if INDEX_COLUMN in names:
            raise InputFormatError(
                f"both an unnamed first column and a column named {INDEX_COLUMN!r}; "
                "name the first column",
                path,
                1,
            )
        names[0] = INDEX_COLUMN
    unnamed = [str(i + 1) for i, name in enumerate(names) if not name]
    if unnamed:
        raise InputFormatError(f"unnamed column(s) at position {', '.join(unnamed)}", path, 1)
    repeated = [name for name, count in Counter(names).items() if count > 1]
    if repeated:
        raise InputFormatError(f"duplicate column name(s): {', '.join(repeated)}", path, 1)
    return names
