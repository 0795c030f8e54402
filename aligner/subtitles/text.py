"""Plain text (one line per cue, untimed) and TSV (a header naming the columns).

A TSV needs a ``text`` column; ``id``, ``start`` and ``end`` are optional, times in
milliseconds or as ``HH:MM:SS,mmm``. Without times the cues stay untimed.
"""

from __future__ import annotations

import csv

from aligner.errors import InputFormatError, TimestampError
from aligner.subtitles.cue import RawCue
from aligner.subtitles.timing import parse_timestamp


def parse_text(text: str, path: str) -> list[RawCue]:
    """Every non-blank line is a cue, its id the line number."""
    return [
        RawCue(str(number), (str(number),), None, None, line.strip(), number)
        for number, line in enumerate(text.split("\n"), start=1)
        if line.strip()
    ]


def parse_tsv(text: str, path: str) -> list[RawCue]:
    """Rows of a TSV with a header; ``text`` is required, ``id``/``start``/``end`` optional."""
    rows = list(csv.reader(text.split("\n"), delimiter="\t", quoting=csv.QUOTE_NONE))
    header = [name.strip().lower() for name in rows[0]]
    if "text" not in header:
        raise InputFormatError(f"TSV header {rows[0]!r} has no 'text' column", path, 1)
    timed = "start" in header and "end" in header
    cues = []
    for number, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        if len(row) != len(header):
            raise InputFormatError(f"{len(row)} fields, header has {len(header)}", path, number)
        record = dict(zip(header, row, strict=True))
        cue_id = record.get("id", "").strip() or str(number - 1)
        start = _time(record["start"], path, number) if timed else None
        end = _time(record["end"], path, number) if timed else None
        cues.append(RawCue(cue_id, (cue_id,), start, end, record["text"], number))
    return cues


def _time(value: str, path: str, line: int) -> int:
    value = value.strip()
    if value.isdigit():
        return int(value)
    try:
        return parse_timestamp(value)
    except ValueError as err:
        raise TimestampError(f"malformed time {value!r} ({err})", path, line) from err
