"""Tables people keep in spreadsheets: pairs, seeds, cues, review sheets, decision stores.

Every such file goes through this one reader, so each gets the same guarantees:
the encoding is detected as for subtitles (UTF-8, UTF-16 with or without a BOM,
legacy code pages), a spreadsheet's "Unicode text" export (UTF-16, tab-separated)
and a comma-, tab- or semicolon-separated file are read alike, every cell stays text,
and a file whose shape is wrong (a ragged row, a duplicate or unnamed column, broken
quoting) is refused with one line naming file and line. Nothing is guessed silently:
rows whose cells are all empty are skipped and listed in ``Table.notes()``.

Datasets that name their columns differently (IndiBias: ``sent_more_hindi``) are read
with a mapping, ``--columns more=sent_more_hindi,less=sent_less_hindi``.
"""

from __future__ import annotations

import csv
import io
import warnings
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import polars as pl

from aligner.errors import ConfigError, InputFormatError, InputNote
from aligner.subtitles.encoding import decode

LINE = "line"  # the row's first line in the file (header = line 1); replaces a file's own
INDEX = "index"  # name of an unnamed first column (CrowS-Pairs and pandas write one)
UNMAPPED = "_unmapped"  # suffix for a file's own column that a --columns mapping displaced
SEPARATORS = (",", "\t", ";")
SHORT_NAMES = {"more": "sent_more", "less": "sent_less"}  # for --columns
_ENCODING_HINT = "save the file as UTF-8"


@dataclass(frozen=True)
class Table:
    """A table read from ``path``: every cell text (empty cells null) plus ``line``."""

    frame: pl.DataFrame
    path: Path
    encoding: str
    separator: str
    blank_lines: tuple[int, ...] = ()

    def warn_notes(self) -> Table:
        """Say the notes as ``InputNote`` warnings (the command line prints them), so that a
        caller keeping only the frame still tells the user; returns the table."""
        for note in self.notes():
            warnings.warn(note, InputNote, stacklevel=3)
        return self

    def notes(self) -> list[str]:
        """What was read but left out, for the command to show the user."""
        if not self.blank_lines:
            return []
        shown = ", ".join(str(line) for line in self.blank_lines[:10])
        more = " ..." if len(self.blank_lines) > 10 else ""
        count = len(self.blank_lines)
        return [f"{self.path}: skipped {count} empty row{'s' * (count > 1)} (line {shown}{more})"]


def parse_columns(spec: str | None) -> dict[str, str]:
    """``more=sent_more_hindi,less=sent_less_hindi`` as {our column: the file's column}.

    ``more`` and ``less`` stand for ``sent_more`` and ``sent_less``; any other column
    is named in full (``bias_type=category``).
    """
    if not spec:
        return {}
    mapping: dict[str, str] = {}
    for item in spec.split(","):
        ours, equals, theirs = (part.strip() for part in item.partition("="))
        if not (equals and ours and theirs):
            raise ConfigError(
                f"--columns: {item.strip()!r} is not OURS=THEIRS "
                "(e.g. more=sent_more_hindi,less=sent_less_hindi)"
            )
        ours = SHORT_NAMES.get(ours, ours)
        if ours in mapping:
            raise ConfigError(f"--columns: {ours} is mapped twice")
        mapping[ours] = theirs
    return mapping


def read_table(
    path: str | Path,
    required: tuple[str, ...] = (),
    *,
    columns: Mapping[str, str] | None = None,
    lang: str | None = None,
) -> Table:
    """Read a CSV/TSV; ``columns`` renames the file's columns to ours before ``required``
    is checked; ``lang`` helps guess a legacy code page."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except IsADirectoryError as err:
        raise InputFormatError("is a directory, not a table", path) from err
    except OSError as err:
        raise InputFormatError(f"cannot read: {err.strerror}", path) from err
    decoded = decode(data, path, lang=lang, hint=_ENCODING_HINT)
    text = decoded.text
    separator = _separator(text.split("\n", 1)[0], path)
    rows = csv.reader(io.StringIO(text, newline=""), delimiter=separator, strict=True)
    header, records, blank = _records(rows, path)
    header = _renamed(header, dict(columns or {}), path)
    _require(header, required, path)
    kept = [number for number, name in enumerate(header) if name != LINE]
    schema = {**{header[number]: pl.Utf8 for number in kept}, LINE: pl.Int64}
    body = [[cells[number] or None for number in kept] + [at] for at, cells in records]
    frame = pl.DataFrame(body, schema=schema, orient="row")
    return Table(frame, path, decoded.encoding, separator, tuple(blank))


def _separator(first_line: str, path: Path) -> str:
    """The separator the header uses most; a one-column header means a comma file."""
    counts = {sep: first_line.count(sep) for sep in SEPARATORS}
    best = max(SEPARATORS, key=lambda sep: counts[sep])  # ties go to the comma
    return best if counts[best] else ","


def _records(rows, path: Path) -> tuple[list[str], list[tuple[int, list[str]]], list[int]]:
    """Header, (start line, cells) of each row, and the lines of all-empty rows."""
    records: list[tuple[int, list[str]]] = []
    blank: list[int] = []
    start = 1
    try:
        header = next(rows, None)
        if header is None or not any(cell.strip() for cell in header):
            raise InputFormatError("no header row (the first line is empty)", path, 1)
        header = _header(header, path)
        start = rows.line_num + 1
        for cells in rows:
            if not any(cell.strip() for cell in cells):
                blank.append(start)
            elif len(cells) != len(header):
                raise InputFormatError(_ragged(cells, header), path, start)
            else:
                records.append((start, cells))
            start = rows.line_num + 1
    except csv.Error as err:
        unclosed = "unexpected end of data" in str(err)
        reason = "a quoted cell that starts in this row is never closed" if unclosed else err
        raise InputFormatError(f"malformed CSV: {reason}", path, start) from err
    return header, records, blank


def _ragged(cells: list[str], header: list[str]) -> str:
    found = f"row has {len(cells)} cell{'s' * (len(cells) != 1)}, the header has {len(header)}"
    if len(cells) == 1:
        return f"{found} (no separator on this line: a stray note, or a different separator?)"
    return found


def _header(cells: list[str], path: Path) -> list[str]:
    """Stripped names; an unnamed first column is ``index``; other blanks and twins are errors."""
    names = [cell.strip() for cell in cells]
    if not names[0]:
        names[0] = INDEX
    seen: dict[str, int] = {}
    for number, name in enumerate(names, start=1):
        if not name:
            raise InputFormatError(
                f"column {number} ({_letter(number)}) has no name in the header", path, 1
            )
        if name in seen:
            raise InputFormatError(
                f"duplicate column {name!r}: columns {seen[name]} ({_letter(seen[name])}) and "
                f"{number} ({_letter(number)})"
                + (" (an unnamed first column is read as 'index')" if name == INDEX else ""),
                path,
                1,
            )
        seen[name] = number
    return names


def _letter(number: int) -> str:
    """The spreadsheet letter of a 1-based column number (1 -> A, 27 -> AA)."""
    letters = ""
    while number:
        number, rest = divmod(number - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def _renamed(header: list[str], mapping: dict[str, str], path: Path) -> list[str]:
    """Apply a --columns mapping; a column of ours it displaces is kept as ``<name>_unmapped``."""
    absent = [theirs for theirs in mapping.values() if theirs not in header]
    if absent:
        raise ConfigError(
            f"--columns names {', '.join(repr(a) for a in absent)}, which the file lacks; "
            f"its columns: {_listing(header)}",
            path,
            1,
        )
    targets = {theirs: ours for ours, theirs in mapping.items()}
    if len(targets) < len(mapping):
        twice = next(t for t in mapping.values() if list(mapping.values()).count(t) > 1)
        raise ConfigError(f"--columns maps {twice!r} to two of our columns", path, 1)
    renamed = []
    for name in header:
        if name in targets:
            renamed.append(targets[name])
        elif name in mapping:
            renamed.append(name + UNMAPPED)
        else:
            renamed.append(name)
    twins = sorted({name for name in renamed if renamed.count(name) > 1})
    if twins:
        raise ConfigError(f"--columns maps two columns to {twins[0]!r}", path, 1)
    return renamed


def _require(header: list[str], required: tuple[str, ...], path: Path) -> None:
    missing = [name for name in required if name not in header]
    if not missing:
        return
    guesses = {name: _guess(name, header) for name in missing}
    if all(guesses.values()):
        short = {full: short for short, full in SHORT_NAMES.items()}
        mapping = ",".join(f"{short.get(name, name)}={guess}" for name, guess in guesses.items())
        hint = f"; the file has {', '.join(guesses.values())}: map them with --columns {mapping}"
    else:
        hint = f"; its columns: {_listing(header)}"
    raise InputFormatError(f"CSV header lacks column(s) {', '.join(missing)}{hint}", path, 1)


def _guess(name: str, header: list[str]) -> str | None:
    """The one column that is plainly ``name`` under another spelling, if there is one."""
    found = [h for h in header if h.lower() == name.lower() or h.startswith(f"{name}_")]
    return found[0] if len(found) == 1 else None


def _listing(header: list[str]) -> str:
    shown = ", ".join(name for name in header[:12] if name != LINE)
    return shown + (" ..." if len(header) > 12 else "")
