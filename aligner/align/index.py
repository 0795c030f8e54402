"""FAISS nearest-neighbour search over unit vectors (inner product = cosine).

A flat index is exact and fast enough for one film (a few thousand lines); HNSW and IVF
are there for whole corpora, where exact search over every line gets slow.
"""

from __future__ import annotations

from typing import Literal

import numpy as np

IndexKind = Literal["flat", "hnsw", "ivf"]


def build_index(vectors: np.ndarray, kind: IndexKind = "flat"):
    """An inner-product FAISS index holding ``vectors`` (already L2-normalised)."""
    import faiss

    vectors = np.ascontiguousarray(vectors, dtype=np.float32)
    dim = vectors.shape[1]
    if kind == "flat":
        index = faiss.IndexFlatIP(dim)
    elif kind == "hnsw":
        index = faiss.IndexHNSWFlat(dim, 32, faiss.METRIC_INNER_PRODUCT)
    elif kind == "ivf":
        # IVF needs enough points per list to train; small sets fall back to one list.
        nlist = max(1, min(int(np.sqrt(len(vectors))), len(vectors) // 39))
        index = faiss.IndexIVFFlat(faiss.IndexFlatIP(dim), dim, nlist, faiss.METRIC_INNER_PRODUCT)
        index.train(vectors)
        index.nprobe = min(nlist, 8)
    else:
        raise ValueError(f"unknown index kind {kind!r}")
    index.add(vectors)
    return index


def knn(
    queries: np.ndarray, corpus: np.ndarray, k: int, kind: IndexKind = "flat"
) -> tuple[np.ndarray, np.ndarray]:
    """Cosines and row numbers of each query's ``k`` nearest corpus rows, best first.

    ``k`` is capped at the corpus size; approximate indexes may return fewer hits, which
    come back as cosine NaN and row -1.
    """
    k = min(k, len(corpus))
    if k == 0 or len(queries) == 0:
        return np.zeros((len(queries), 0), np.float32), np.zeros((len(queries), 0), np.int64)
    index = build_index(corpus, kind)
    scores, rows = index.search(np.ascontiguousarray(queries, dtype=np.float32), k)
    scores = np.where(rows < 0, np.nan, scores)
    return scores, rows
