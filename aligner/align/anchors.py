"""Confident 1-1 pairs whose times teach us the target file's offset and drift.

An anchor is a mutual best match under the ratio margin: the source line's best target
line is also that target line's best source line, and the margin is high. Generic lines
rarely qualify, so anchors are mostly long, distinctive lines; the robust fit then
ignores the few that are still wrong. A second pass looks for anchors only inside the
first fit's window, where the window itself rules out most wrong partners, so any
mutual best that beats its neighbourhood will do (``window_anchor_margin``). With
e5-small's crowded cosines the first pass's margin let 24 of a 1,818-line film's lines
through, and a drift fitted on 24 points was off by 1.4 s at the film's end; the second
pass finds about 1,100, the fit's drift is within 2e-6 and the film's F1 rose from
0.966 to 0.998 (scripts/bench_align.py).

The first pass may itself be held to a guess's window (selected-lines mode embeds only
the target lines near a guess); ``settles`` then tells a real fit from one made of
anchors matched at random inside that window.
"""

from __future__ import annotations

import numpy as np

from aligner.align.scoring import AlignParams, SpanVectors
from aligner.align.timing import TimeMap, fit_time_map, unfitted


def mutual_best(
    src: SpanVectors, tgt: SpanVectors, margin_floor: float, time_map: TimeMap | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """Positions (source, target) of mutual-best single-line pairs above ``margin_floor``."""
    src_spans, src_vectors = src.singles()
    tgt_spans, tgt_vectors = tgt.singles()
    if not src_spans or not tgt_spans:
        return np.zeros(0), np.zeros(0)
    src_hood = src.hood[src.rows(src_spans)]
    tgt_hood = tgt.hood[tgt.rows(tgt_spans)]
    margin = (src_vectors @ tgt_vectors.T) / ((src_hood[:, None] + tgt_hood[None, :]) / 2.0)
    src_mid = np.array([src.side.span_mid(span) for span in src_spans])
    tgt_mid = np.array([tgt.side.span_mid(span) for span in tgt_spans])
    if time_map is not None and np.isfinite(time_map.window):
        outside = np.abs(time_map(src_mid)[:, None] - tgt_mid[None, :]) > time_map.window
        margin = np.where(outside, -np.inf, margin)
    best_tgt = margin.argmax(axis=1)
    best_src = margin.argmax(axis=0)
    rows = np.arange(len(src_spans))
    keep = (best_src[best_tgt] == rows) & (margin[rows, best_tgt] >= margin_floor)
    return src_mid[keep], tgt_mid[best_tgt[keep]]


def estimate_time_map(
    src: SpanVectors,
    tgt: SpanVectors,
    params: AlignParams,
    timed: bool,
    prior: TimeMap | None = None,
) -> TimeMap:
    """Fit on anchors within ``prior``'s window (or anywhere), refit inside the fit's window."""
    first = fit_time_map(*mutual_best(src, tgt, params.anchor_margin, prior), timed=timed)
    if not first.fitted:
        return unfitted(timed)
    second = fit_time_map(*mutual_best(src, tgt, params.window_anchor_margin, first), timed=timed)
    return second if second.fitted else first


def settles(fit: TimeMap, search: TimeMap) -> bool:
    """Whether ``fit``, made from anchors found within ``search``'s window, is real.

    Anchors matched at random inside a window of half-width W scatter over all of it,
    which gives a fitted window of about 4.4 W (six robust deviations of a uniform
    spread); right anchors scatter only by the releases' jitter. A fit whose own window
    is at most twice the search window is therefore the second kind.
    """
    return fit.fitted and fit.window <= 2.0 * search.window
