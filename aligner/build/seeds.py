"""English seed pairs (CineBias/CrowS-Pairs CSV) matched to the film's English lines.

A seed pair names its film and the English cue it came from (``cue_id``, and/or
``start_ms``). The cue frame may have joined that cue with a continuation (``17+18``)
or split it into speaker turns (``17#1``), so a seed matches the line whose raw
``cue_ids`` contain its cue id, then the line starting nearest ``start_ms``, then the
line whose text equals the pair's original side.
"""

from __future__ import annotations

from pathlib import Path

import polars as pl

from aligner.tables import read_table

REQUIRED = ("sent_more", "sent_less", "stereo_antistereo", "bias_type")
START_TOLERANCE_MS = 1500


def read_seed_pairs(path: Path) -> pl.DataFrame:
    """Read a CrowS-Pairs-style CSV; a missing column or a malformed row names file and line."""
    frame = read_table(path, (*REQUIRED, "film"), lang="en").frame.drop("line")
    if "pair_id" not in frame.columns:
        frame = frame.with_row_index("row").with_columns(
            pair_id=pl.format("{}-{}", pl.col("film"), pl.col("row") + 1)
        ).drop("row")
    if "orig_side" not in frame.columns:
        frame = frame.with_columns(orig_side=pl.lit(None, pl.Utf8))
    for column in ("cue_id", "start_ms"):
        if column not in frame.columns:
            frame = frame.with_columns(pl.lit(None, pl.Utf8).alias(column))
    return frame.with_columns(pl.col("start_ms").cast(pl.Int64, strict=False))


def match_seeds(seeds: pl.DataFrame, cues: pl.DataFrame) -> pl.DataFrame:
    """One row per seed pair of this film, with the English line it belongs to (or nulls)."""
    rows = []
    lines = cues.sort("idx").to_dicts()
    for seed in seeds.to_dicts():
        line = _find_line(seed, lines)
        rows.append(
            {
                **seed,
                "src_idx": line["idx"] if line else None,
                "src_cue_id": line["cue_id"] if line else None,
                "src_start_ms": line["start_ms"] if line else None,
                "src_text": line["text"] if line else None,
            }
        )
    schema = {**seeds.schema, "src_idx": pl.Int64, "src_cue_id": pl.Utf8,
              "src_start_ms": pl.Int64, "src_text": pl.Utf8}
    return pl.DataFrame(rows, schema=schema)


def _find_line(seed: dict, lines: list[dict]) -> dict | None:
    wanted = set((seed.get("cue_id") or "").split())
    if wanted:
        for line in lines:
            # A seed names the cue; the line may be one speaker turn of it ("17#1").
            ids = set(line["cue_ids"]) | {raw.split("#")[0] for raw in line["cue_ids"]}
            if wanted & ids:
                return line
    start = seed.get("start_ms")
    if start is not None:
        timed = [line for line in lines if line["start_ms"] is not None]
        if timed:
            nearest = min(timed, key=lambda line: abs(line["start_ms"] - start))
            if abs(nearest["start_ms"] - start) <= START_TOLERANCE_MS:
                return nearest
    original = seed["sent_less"] if seed.get("orig_side") == "less" else seed["sent_more"]
    return next((line for line in lines if line["text"] == original), None)
