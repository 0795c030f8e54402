"""Retrieval mode: translations found in a pool without times or order.

OPUS sentence pairs, Tatoeba-style lists or any two shuffled sets of sentences have no
timing to fit and no order for a path, so each source line looks for its partner among
all target lines: a global FAISS search, scored with the ratio margin (Artetxe &
Schwenk 2019), kept when the two lines are each other's best match (mutual best) and
the margin clears ``threshold``. Mutual-best filtering is what makes a pool search
precise: a generic line ("Yes.") is some line's nearest neighbour often, but rarely
the nearest for both sides.
"""

from __future__ import annotations

import numpy as np
import polars as pl

from aligner.align.index import IndexKind, knn
from aligner.align.margin import DEFAULT_K
from aligner.align.spans import Side
from aligner.embed.base import Encoder
from aligner.frames import ALIGNMENT, conform

CANDIDATES = 8  # nearest target lines each source line considers


def margin_table(
    src_vectors: np.ndarray, tgt_vectors: np.ndarray, k: int = DEFAULT_K, index: IndexKind = "flat"
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Each source line's CANDIDATES nearest targets: (rows, cosines, margins), and the
    margin-best source of every target (-1 where it has none)."""
    src_cos, _ = knn(src_vectors, tgt_vectors, k, index)
    tgt_cos, _ = knn(tgt_vectors, src_vectors, k, index)
    src_hood = np.nanmean(src_cos, axis=1) if src_cos.size else np.ones(len(src_vectors))
    tgt_hood = np.nanmean(tgt_cos, axis=1) if tgt_cos.size else np.ones(len(tgt_vectors))
    cosines, rows = knn(src_vectors, tgt_vectors, CANDIDATES, index)
    safe = np.maximum(rows, 0)
    margins = np.where(rows >= 0, cosines / ((src_hood[:, None] + tgt_hood[safe]) / 2.0), -np.inf)
    best_src = np.full(len(tgt_vectors), -1, dtype=np.int64)
    best_margin = np.full(len(tgt_vectors), -np.inf)
    for src_row in range(len(src_vectors)):
        for column in range(rows.shape[1]):
            tgt_row, margin = rows[src_row, column], margins[src_row, column]
            if tgt_row >= 0 and margin > best_margin[tgt_row]:
                best_margin[tgt_row], best_src[tgt_row] = margin, src_row
    return rows, cosines, margins, best_src


def retrieve(
    src_frame: pl.DataFrame,
    tgt_frame: pl.DataFrame,
    encoder: Encoder,
    *,
    threshold: float = 1.0,
    mutual: bool = True,
    index: IndexKind = "flat",
) -> pl.DataFrame:
    """One ALIGNMENT row per source line: its partner in the target pool, or why none.

    With ``mutual=False`` and ``threshold=0`` every line takes its margin-best target:
    the plain margin baseline retrieval mode is measured against.
    """
    src, tgt = Side(src_frame, False), Side(tgt_frame, False)
    src_vectors, tgt_vectors = encoder.encode(src.texts), encoder.encode(tgt.texts)
    rows, cosines, margins, best_src = margin_table(src_vectors, tgt_vectors, index=index)
    records = []
    for row in range(len(src)):
        base = {
            "film": src.frame["film"][row],
            "src_lang": src.frame["lang"][row],
            "tgt_lang": tgt.frame["lang"][0] if len(tgt) else None,
            "src_idx": int(src.frame["idx"][row]),
            "src_cue_id": src.frame["cue_id"][row],
            "src_text": src.texts[row],
            "src_cue_ids": src.ids[row],
        }
        choice = int(np.argmax(margins[row])) if rows.shape[1] else None
        target = int(rows[row, choice]) if choice is not None else -1
        margin = float(margins[row, choice]) if choice is not None else None
        reason = None
        if target < 0:
            reason = "no-candidate-in-window"
        elif mutual and best_src[target] != row:
            reason = "not-mutual-best"
        elif margin < threshold:
            reason = "below-threshold"
        cosine = cosines[row, choice] if choice is not None else None
        records.append({**base, **_link(tgt, target, cosine, margin, threshold, reason)})
    return conform(pl.DataFrame(records, schema=ALIGNMENT, strict=False), ALIGNMENT)


def _link(tgt: Side, row: int, cosine, margin, threshold: float, reason: str | None) -> dict:
    if reason is not None:
        return {"tgt_idx": [], "tgt_lines": [], "tgt_cue_ids": [], "status": "unaligned",
                "reason": reason}  # fmt: skip
    return {
        "tgt_idx": [int(tgt.frame["idx"][row])],
        "tgt_lines": [tgt.frame["cue_id"][row]],
        "tgt_cue_ids": tgt.ids[row],
        "tgt_text": tgt.texts[row],
        "link": "1-1",
        "cosine": float(cosine),
        "margin": margin,
        "score": margin - threshold,
        "status": "aligned",
    }
