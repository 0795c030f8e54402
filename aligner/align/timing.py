"""Where a source line should appear in the target file: offset and drift from anchors.

Releases of one film differ by a constant offset (another cut of the opening) and a
framerate drift (25 vs 23.976 fps), i.e. t_tgt = a * t_src + b. We fit a and b with
Theil-Sen on confident anchor pairs, which shrugs off the anchors that are wrong, and
then only look for a line's translation in a window around its mapped time.

Files without timestamps (plain text) use each line's relative position in the film
(its character midpoint over the total characters) as a stand-in time; the same fit
then absorbs different amounts of text before the first shared line.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import polars as pl

MIN_ANCHORS = 3
MIN_WINDOW_MS = 4000.0  # subtitle jitter between releases reaches ~1.5 s per cue, both sides
MIN_WINDOW_RELATIVE = 0.03  # plain text: 3% of the film
WINDOW_MADS = 6.0  # window half-width in robust standard deviations of anchor residuals
PSEUDO_SCALE = 1_000_000.0  # plain-text positions run 0..1e6 so numbers read like ms


def has_times(frame: pl.DataFrame) -> bool:
    """True when every line of ``frame`` has start and end times."""
    return (
        frame.height > 0
        and frame["start_ms"].null_count() == 0
        and frame["end_ms"].null_count() == 0
    )


def line_positions(frame: pl.DataFrame, timed: bool) -> tuple[np.ndarray, np.ndarray]:
    """Start and end of every line: ms when ``timed``, else scaled character offsets."""
    if timed:
        return (
            frame["start_ms"].to_numpy().astype(np.float64),
            frame["end_ms"].to_numpy().astype(np.float64),
        )
    lengths = frame["text"].str.len_chars().fill_null(0).to_numpy().astype(np.float64) + 1.0
    ends = np.cumsum(lengths)
    starts = ends - lengths
    return starts / ends[-1] * PSEUDO_SCALE, ends / ends[-1] * PSEUDO_SCALE


@dataclass(frozen=True)
class TimeMap:
    """t_tgt ≈ slope * t_src + intercept, trusted within ±window.

    ``spread`` is the robust standard deviation of the anchors around the fit: how far a
    correct link typically lands from its mapped time.
    """

    slope: float
    intercept: float
    spread: float
    window: float
    anchors: int
    timed: bool

    def __call__(self, source_time: np.ndarray | float) -> np.ndarray | float:
        return self.slope * source_time + self.intercept

    @property
    def fitted(self) -> bool:
        return self.anchors >= MIN_ANCHORS


def unfitted(timed: bool) -> TimeMap:
    """No usable anchors: identity map with an unbounded window (order and similarity only)."""
    return TimeMap(1.0, 0.0, float("inf"), float("inf"), 0, timed)


def proportional_map(
    source_span: tuple[float, float], target_span: tuple[float, float], window: float, timed: bool
) -> TimeMap:
    """A guess before any anchor: lay the source film's first-to-last span onto the target's.

    Exact when the first and last lines correspond (a constant offset and a framerate
    drift both stretch the whole film), off by a credit line's length when they do not;
    ``window`` is how far off we allow it to be. It counts no anchors, so it is never
    mistaken for a fit.
    """
    (src_first, src_last), (tgt_first, tgt_last) = source_span, target_span
    slope = (tgt_last - tgt_first) / (src_last - src_first) if src_last > src_first else 1.0
    return TimeMap(slope, tgt_first - slope * src_first, window / WINDOW_MADS, window, 0, timed)


def search_windows(timed: bool, duration: float) -> list[float]:
    """Ever wider windows around a guessed map, ending unbounded (the whole film).

    The first is twice the narrowest window a fit may have, so a right guess finds its
    anchors there; each next one is four times wider.
    """
    floor = MIN_WINDOW_MS if timed else MIN_WINDOW_RELATIVE * PSEUDO_SCALE
    windows = [2.0 * floor]
    while windows[-1] < duration:
        windows.append(4.0 * windows[-1])
    windows[-1] = float("inf")
    return windows


def theil_sen_slope(x: np.ndarray, y: np.ndarray) -> float:
    """Median of the slopes between every two points with different x (Theil-Sen).

    What ``scipy.stats.theilslopes`` returns as its slope, without importing scipy.stats,
    which costs most of a second of every run that aligns.
    """
    first, second = np.triu_indices(len(x), k=1)
    dx = x[second] - x[first]
    apart = dx != 0
    return float(np.median((y[second] - y[first])[apart] / dx[apart]))


def fit_time_map(source_times: np.ndarray, target_times: np.ndarray, timed: bool) -> TimeMap:
    """Theil-Sen fit of anchor times, window from the robust spread of the residuals."""
    source_times = np.asarray(source_times, dtype=np.float64)
    target_times = np.asarray(target_times, dtype=np.float64)
    if len(source_times) < MIN_ANCHORS or np.ptp(source_times) == 0:
        return unfitted(timed)
    slope = theil_sen_slope(source_times, target_times)
    # The usual intercept, median(y) - slope * median(x), is pulled by wrong anchors; the
    # median of the residual offsets is not.
    intercept = float(np.median(target_times - slope * source_times))
    residuals = target_times - (slope * source_times + intercept)
    spread = 1.4826 * np.median(np.abs(residuals))
    # Least squares on the anchors the robust fit trusts averages out their jitter.
    inliers = np.abs(residuals) <= 3 * spread
    if inliers.sum() >= MIN_ANCHORS and np.ptp(source_times[inliers]) > 0:
        slope, intercept = np.polyfit(source_times[inliers], target_times[inliers], 1)
        residuals = target_times - (slope * source_times + intercept)
        spread = 1.4826 * np.median(np.abs(residuals))
    floor = MIN_WINDOW_MS if timed else MIN_WINDOW_RELATIVE * PSEUDO_SCALE
    spread = max(float(spread), floor / WINDOW_MADS)
    return TimeMap(
        float(slope), float(intercept), spread, WINDOW_MADS * spread, len(source_times), timed
    )
