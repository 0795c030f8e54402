import numpy as np

from aligner.align.path import band_from_windows, monotonic_path
from aligner.align.spans import Span


def test_path_keeps_order_and_prefers_the_better_total():
    full = band_from_windows(np.zeros(3, np.int64), np.full(3, 2, np.int64), 3)
    candidates = {
        (Span(0), Span(0)): 0.1,
        (Span(1), Span(1)): 0.1,
        (Span(2), Span(2)): 0.1,
        (Span(0), Span(2)): 0.25,  # crossing link: better alone, worse than the three
    }
    assert monotonic_path(3, 3, full, candidates) == [
        (Span(0), Span(0)),
        (Span(1), Span(1)),
        (Span(2), Span(2)),
    ]


def test_merge_link_wins_when_it_scores_more_than_its_parts():
    full = band_from_windows(np.zeros(2, np.int64), np.zeros(2, np.int64), 1)
    candidates = {(Span(0), Span(0)): 0.1, (Span(0, 2), Span(0)): 0.15}
    assert monotonic_path(2, 1, full, candidates) == [(Span(0, 2), Span(0))]


def test_band_is_connected_even_where_a_line_has_no_window():
    first = np.array([0, 5, 2, 3])  # line 1's window is empty (first > last)
    last = np.array([1, 4, 3, 5])
    band = band_from_windows(first, last, 6)
    assert band.lo[0] == 0 and band.hi[-1] == 6
    assert all(band.hi[i] >= band.lo[i + 1] for i in range(4))
    assert list(band.lo) == sorted(band.lo) and list(band.hi) == sorted(band.hi)
    assert monotonic_path(4, 6, band, {}) == []


def test_path_may_end_early_on_the_target_side():
    """Ten advertising lines close the target release; the last real line still links."""
    first = np.array([0, 1, 2])
    last = np.array([1, 2, 12])  # the last line's window reaches over the ads
    band = band_from_windows(first, last, 13)
    candidates = {(Span(row), Span(row)): 0.2 for row in range(3)}
    assert monotonic_path(3, 13, band, candidates) == [
        (Span(0), Span(0)),
        (Span(1), Span(1)),
        (Span(2), Span(2)),
    ]
