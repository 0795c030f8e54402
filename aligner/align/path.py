"""A monotonic path through the whole film (Bertalign-style dynamic programming).

Subtitles of one film keep their order across releases, so the best set of links is a
monotonic path through the (source line, target line) grid: each step either links a
1-2 line span to a 1-2 line span or skips a line on one side. Searching only a band
around the timing fit keeps the work linear in the film's length.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from aligner.align.spans import Span


@dataclass(frozen=True)
class Band:
    """For each number of source lines consumed i, the target counts lo[i]..hi[i] allowed."""

    lo: np.ndarray
    hi: np.ndarray

    def allows(self, i: int, j: int) -> bool:
        return self.lo[i] <= j <= self.hi[i]


def band_from_windows(first: np.ndarray, last: np.ndarray, m: int) -> Band:
    """A connected band from each source line's window of target lines [first, last].

    Made monotonic (a later source line never allows an earlier target line than an
    earlier one does) and gap-free, so the corner (n, m) is always reachable and lines
    with an empty window are simply skipped. After the last source line every target
    count from the last line's window on is allowed: the path may end early on the
    target side (a release that closes with ads or credits), skipping the rest.
    """
    n = len(first)
    lo = np.empty(n + 1, dtype=np.int64)
    hi = np.empty(n + 1, dtype=np.int64)
    lo[:n] = np.minimum.accumulate(np.asarray(first)[::-1])[::-1]
    lo[n] = lo[n - 1] if n else m
    hi[:n] = np.maximum.accumulate(np.asarray(last) + 1)
    hi[n] = m
    lo[0] = 0
    lo = np.minimum(lo, m)
    hi = np.minimum(np.maximum(hi, np.append(lo[1:], m)), m)
    hi = np.maximum(hi, lo)
    return Band(lo, hi)


def monotonic_path(
    n: int, m: int, band: Band, candidates: dict[tuple[Span, Span], float]
) -> list[tuple[Span, Span]]:
    """The links of the best-scoring monotonic path; skipping a line scores 0."""
    moves: dict[tuple[int, int], list[tuple[Span, Span, float]]] = {}
    for (src, tgt), score in candidates.items():
        moves.setdefault((src.first, tgt.first), []).append((src, tgt, score))

    best: dict[tuple[int, int], float] = {(0, 0): 0.0}
    back: dict[tuple[int, int], tuple[tuple[int, int], tuple[Span, Span] | None]] = {}

    def relax(state: tuple[int, int], target: tuple[int, int], gain: float, link) -> None:
        i, j = target
        if i > n or j > m or not band.allows(i, j):
            return
        total = best[state] + gain
        if total > best.get(target, -np.inf):
            best[target] = total
            back[target] = (state, link)

    for i in range(n + 1):
        for j in range(int(band.lo[i]), int(band.hi[i]) + 1):
            state = (i, j)
            if state not in best:
                continue
            relax(state, (i + 1, j), 0.0, None)
            relax(state, (i, j + 1), 0.0, None)
            for src, tgt, score in moves.get(state, ()):
                relax(state, (i + src.length, j + tgt.length), score, (src, tgt))

    links: list[tuple[Span, Span]] = []
    state = (n, m)
    while state != (0, 0):
        state, link = back[state]
        if link is not None:
            links.append(link)
    return links[::-1]
