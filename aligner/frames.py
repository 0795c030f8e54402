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

# One row per English seed pair and target language (aligner/pairs/transfer.py): the
# target pair in CrowS-Pairs columns, or a reason code why there is none, with the
# English pair and the alignment it came from. Cue ids are space-separated raw ids
# (as in the gold files) so the frame round-trips through CSV for reviewers.
PAIRS = {
    "pair_id": pl.Utf8,
    "lang": pl.Utf8,  # target language
    "film": pl.Utf8,
    "bias_type": pl.Utf8,
    "stereo_antistereo": pl.Utf8,
    "sent_more": pl.Utf8,  # null when rejected
    "sent_less": pl.Utf8,
    "status": pl.Utf8,  # "ok" | "rejected" (transfer)
    "reason": pl.Utf8,  # reason code (aligner/pairs/reasons.py); null when ok
    "message": pl.Utf8,  # the reason for a human
    "orig_side": pl.Utf8,  # "more" | "less": which side is the natural subtitle line
    "src_sent_more": pl.Utf8,  # the English pair
    "src_sent_less": pl.Utf8,
    "src_cue_ids": pl.Utf8,
    "tgt_cue_ids": pl.Utf8,  # null when the English cue is unaligned
    "start_ms": pl.Int64,  # English cue start
    "cosine": pl.Float64,  # alignment scores; null for gold alignments
    "margin": pl.Float64,
    "confidence": pl.Float64,
    "concept": pl.Utf8,  # the concept of the natural line, e.g. gender.woman
    "counterpart": pl.Utf8,  # the concept swapped in
    "slot": pl.Utf8,  # target slot of the swapped form (sg_n, dir_pl, ...)
}
