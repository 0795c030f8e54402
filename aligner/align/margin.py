"""Ratio margin (Artetxe & Schwenk 2019): cosine relative to each side's neighbourhood.

Short generic lines ("Yes.", "What?") sit close to everything, so their raw cosine with a
wrong partner is high. Dividing by the mean cosine of both items' k nearest neighbours
on the other side rewards a pair only for being closer than its usual company.
"""

from __future__ import annotations

import numpy as np

from aligner.align.index import IndexKind, knn

DEFAULT_K = 4


def neighbourhood(
    items: np.ndarray, other_side: np.ndarray, k: int = DEFAULT_K, kind: IndexKind = "flat"
) -> np.ndarray:
    """Mean cosine of each item's k nearest neighbours among ``other_side``."""
    scores, _ = knn(items, other_side, k, kind)
    if scores.shape[1] == 0:
        return np.ones(len(items), dtype=np.float32)
    return np.nanmean(scores, axis=1).astype(np.float32)


def ratio_margin(
    cosine: np.ndarray, src_neighbourhood: np.ndarray, tgt_neighbourhood: np.ndarray
) -> np.ndarray:
    """margin(x, y) = cos(x, y) / ((nn_k(x) + nn_k(y)) / 2), broadcast like ``cosine``."""
    return cosine / ((src_neighbourhood + tgt_neighbourhood) / 2.0)
