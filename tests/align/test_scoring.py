import numpy as np
import polars as pl

from aligner.align.scoring import time_penalties
from aligner.align.spans import Side, Span
from aligner.align.timing import TimeMap

SPREAD_MS = 1_000.0
IN_SYNC = TimeMap(1.0, 0.0, SPREAD_MS, 6 * SPREAD_MS, 40, True)


def _side(film, jitter_ms: dict[int, int] | None = None) -> Side:
    shifts = [(jitter_ms or {}).get(row, 0) for row in range(film.height)]
    shifted = film.with_columns(
        pl.col("start_ms") + pl.Series(shifts), pl.col("end_ms") + pl.Series(shifts)
    )
    return Side(shifted, timed=True)


def test_a_jittered_merged_line_still_beats_its_half_on_time(film):
    en, et, gold = film
    (src_rows, tgt_rows) = next((s, t) for s, t in gold if len(s) == 2)
    (tgt_row,) = tgt_rows
    # The release showed the merged line 600 ms early: its midpoint now sits closer to
    # the first half's midpoint than to the whole span's, but its end is far from the
    # first half's end.
    src, tgt = _side(en), _side(et, {tgt_row: -600})
    whole, half = (Span(src_rows[0], 2), Span(tgt_row)), (Span(src_rows[0]), Span(tgt_row))
    assert abs(src.span_mid(half[0]) - tgt.span_mid(half[1])) < abs(
        src.span_mid(whole[0]) - tgt.span_mid(whole[1])
    )
    penalty_whole, penalty_half = time_penalties(src, tgt, [whole, half], IN_SYNC, 1.0)
    assert penalty_whole < penalty_half


def test_time_penalty_grows_with_distance_and_vanishes_without_a_fit(film):
    en, et, _ = film
    src, tgt = _side(en), _side(et)
    pairs = [(Span(0), Span(0)), (Span(0), Span(1)), (Span(0), Span(2))]
    penalties = time_penalties(src, tgt, pairs, IN_SYNC, 1.0)
    assert penalties[0] == 0.0 and penalties[0] < penalties[1] < penalties[2]
    unbounded = TimeMap(1.0, 0.0, float("inf"), float("inf"), 0, True)
    assert np.all(time_penalties(src, tgt, pairs, unbounded, 1.0) == 0.0)
