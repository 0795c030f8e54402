"""Reading what the aligner is given: cue frames, and the lines to align.

Cue frames come as `align ingest` Parquet (or any subtitle file, read on the spot).
Selected lines come from extract's output, seed pairs or a hand-made list: any Parquet
or CSV with a ``film`` column and either ``cue_id``, ``idx`` or ``start_ms`` to find
each line among the film's cues.
"""

from __future__ import annotations

from pathlib import Path

import polars as pl

from aligner.align.spans import raw_line_ids
from aligner.errors import ConfigError, InputFormatError
from aligner.frames import CUES, conform

KEYS = ("cue_id", "idx", "start_ms")


def read_frame(path: Path) -> pl.DataFrame:
    """A Parquet or CSV table; anything else is read as a subtitle file into CUES."""
    if not path.is_file():
        raise InputFormatError("no such file", path=path)
    try:
        if path.suffix == ".parquet":
            return pl.read_parquet(path)
        if path.suffix == ".csv":
            return pl.read_csv(path, infer_schema_length=0)
    except pl.exceptions.PolarsError as err:
        raise InputFormatError(f"cannot read table: {err}", path=path) from err
    from aligner.subtitles import read_subtitles

    return read_subtitles(path)


def read_cues(path: Path) -> pl.DataFrame:
    """A CUES frame from ``path``, checked for the columns the aligner uses."""
    frame = read_frame(path)
    missing = [column for column in CUES if column not in frame.columns]
    if missing:
        raise InputFormatError(f"not a cue frame: lacks columns {missing}", path=path)
    return conform(frame, CUES)


class _FilmLines:
    """One film's cues (sorted by idx), indexed once for finding many lines quickly.

    Looking each line up by filtering the frame cost a second per hundred lines on a
    feature film; the dictionaries answer the same questions in microseconds.
    """

    def __init__(self, cues: pl.DataFrame):
        self.cues = cues
        self.by_idx = {int(idx): row for row, idx in enumerate(cues["idx"].to_list())}
        self.by_start: dict[int, int] = {}
        for row, start in enumerate(cues["start_ms"].to_list()):
            if start is not None:
                self.by_start.setdefault(int(start), row)
        self.by_id: dict[str, int] = {}
        for row, (cue_id, cue_ids) in enumerate(
            zip(cues["cue_id"].to_list(), cues["cue_ids"].to_list(), strict=True)
        ):
            for name in (cue_id, *raw_line_ids(cue_id, list(cue_ids)), *cue_ids):
                self.by_id.setdefault(name, row)

    def find(self, key: str, value: str) -> int | None:
        """Row of the line ``key`` = ``value``, or None."""
        if key == "idx":
            return self.by_idx.get(int(value))
        if key == "start_ms":
            # Seed pairs give the cue's start; a joined line starts where its first cue
            # does, and a line within [start, end) is the next best thing.
            start = int(value)
            if start in self.by_start:
                return self.by_start[start]
            inside = self.cues.with_row_index("row").filter(
                (pl.col("start_ms") <= start) & (pl.col("end_ms") > start)
            )["row"]
            return int(inside[0]) if len(inside) else None
        return self.by_id.get(value)


def select_rows(lines: pl.DataFrame, cues: pl.DataFrame, path: Path) -> dict[str, list[int]]:
    """Per film, the rows of that film's cues (sorted by idx) that ``lines`` names.

    A line that matches no cue is an error naming its CSV line (header = line 1).
    """
    key = next((k for k in KEYS if k in lines.columns), None)
    if "film" not in lines.columns or key is None:
        raise ConfigError(f"lines table needs a film column and one of {list(KEYS)}", path=path)
    selected: dict[str, list[int]] = {}
    films: dict[str, _FilmLines] = {}
    for number, (film, value) in enumerate(
        zip(lines["film"].cast(pl.Utf8), lines[key].cast(pl.Utf8), strict=True), start=2
    ):
        if film not in films:
            films[film] = _FilmLines(cues.filter(pl.col("film") == film).sort("idx"))
        row = films[film].find(key, value) if value is not None else None
        if row is None:
            raise ConfigError(
                f"no {film!r} source line with {key} = {value!r}", path=path, line=number
            )
        rows = selected.setdefault(film, [])
        if row not in rows:
            rows.append(row)
    return selected
