"""Turning chosen links into the ALIGNMENT frame, one row per source line asked about."""

from __future__ import annotations

import math
from dataclasses import dataclass

import polars as pl

from aligner.align.spans import Side, Span
from aligner.align.timing import TimeMap
from aligner.frames import ALIGNMENT, conform

CONFIDENCE_SCALE = 0.05  # score units over which confidence rises from 0.5 to ~0.73


@dataclass(frozen=True)
class Link:
    """A chosen link with its scores."""

    src: Span
    tgt: Span
    cosine: float
    margin: float
    score: float
    second_gap: float
    delta: float


def confidence(score: float, second_gap: float) -> float:
    """A 0..1 ranking aid: high when the link clears the threshold and its rivals."""
    return 1.0 / (1.0 + math.exp(-(score + min(second_gap, score)) / CONFIDENCE_SCALE))


def _link_row(src: Side, tgt: Side, link: Link, timed: bool) -> dict:
    return {
        "src_cue_ids": src.span_ids(link.src),
        "tgt_idx": [int(tgt.frame["idx"][r]) for r in link.tgt.rows],
        "tgt_lines": [tgt.frame["cue_id"][r] for r in link.tgt.rows],
        "tgt_cue_ids": tgt.span_ids(link.tgt),
        "tgt_text": tgt.text(link.tgt),
        "link": f"{link.src.length}-{link.tgt.length}",
        "cosine": link.cosine,
        "margin": link.margin,
        "score": link.score,
        "second_gap": link.second_gap,
        "time_delta_ms": round(link.delta) if timed else None,
        "confidence": confidence(link.score, link.second_gap),
        "status": "aligned",
        "reason": None,
    }


def _unaligned_row(src: Side, row: int, reason: str) -> dict:
    return {
        "src_cue_ids": src.ids[row],
        "tgt_idx": [],
        "tgt_lines": [],
        "tgt_cue_ids": [],
        "tgt_text": None,
        "link": None,
        "cosine": None,
        "margin": None,
        "score": None,
        "second_gap": None,
        "time_delta_ms": None,
        "confidence": None,
        "status": "unaligned",
        "reason": reason,
    }


def time_map_columns(time_map: TimeMap) -> dict:
    """The fitted offset and drift as stored with the alignment (null when not fitted)."""
    known = time_map.timed and time_map.fitted
    return {
        "time_offset_ms": time_map.intercept if known else None,
        "time_drift": time_map.slope if known else None,
        "time_anchors": time_map.anchors if known else None,
    }


def alignment_frame(
    src: Side,
    tgt: Side,
    rows: list[int],
    links: dict[int, Link],
    reasons: dict[int, str],
    time_map: TimeMap,
) -> pl.DataFrame:
    """One ALIGNMENT row per source row in ``rows``: its link, or why it has none."""
    fit = time_map_columns(time_map)
    film = src.frame["film"][0] if src.frame.height else None
    src_lang = src.frame["lang"][0] if src.frame.height else None
    tgt_lang = tgt.frame["lang"][0] if tgt.frame.height else None
    records = []
    for row in rows:
        body = (
            _link_row(src, tgt, links[row], src.timed)
            if row in links
            else _unaligned_row(src, row, reasons.get(row, "below-threshold"))
        )
        records.append(
            {
                "film": film,
                "src_lang": src_lang,
                "tgt_lang": tgt_lang,
                "src_idx": int(src.frame["idx"][row]),
                "src_cue_id": src.frame["cue_id"][row],
                "src_text": src.texts[row],
                **body,
                **fit,
            }
        )
    return conform(pl.DataFrame(records, schema=ALIGNMENT), ALIGNMENT)
