"""Column contracts of the polars frames that pass between stages.

Stages are plain functions over these frames, one film at a time, so a distributed
engine can map them later. Each schema below is the contract; ``conform`` checks a
frame against one and puts the columns in order.
"""

from __future__ import annotations

import polars as pl

# One row per clean subtitle line (a cue, a speaker turn of a cue, or cues joined
# across an ellipsis/comma continuation).
CUES = {
    "film": pl.Utf8,  # film id: file stem before the language code, or the OPUS id
    "lang": pl.Utf8,  # ISO 639-1
    "idx": pl.Int64,  # 0-based position of the line within its film and language
    "cue_id": pl.Utf8,  # display id: "17", "17#2" (2nd speaker turn), "17+18" (joined)
    "cue_ids": pl.List(pl.Utf8),  # the raw cue ids behind the line: ["17", "18"]
    "start_ms": pl.Int64,  # null for plain text
    "end_ms": pl.Int64,  # null for plain text
    "text": pl.Utf8,  # clean text used everywhere downstream
    "raw_text": pl.Utf8,  # the cue text as written in the file
    "source": pl.Utf8,  # path of the file read
    "line": pl.Int64,  # 1-based line in the source file where the first cue starts
}


def conform(frame: pl.DataFrame, schema: dict[str, pl.DataType]) -> pl.DataFrame:
    """Select ``schema``'s columns in order, casting; a missing column is a bug upstream."""
    missing = [name for name in schema if name not in frame.columns]
    if missing:
        raise ValueError(f"frame lacks columns {missing}")
    return frame.select([pl.col(name).cast(dtype) for name, dtype in schema.items()])


def empty(schema: dict[str, pl.DataType]) -> pl.DataFrame:
    return pl.DataFrame(schema=schema)
