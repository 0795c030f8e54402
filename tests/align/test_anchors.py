import numpy as np

from aligner.align.anchors import settles
from aligner.align.timing import fit_time_map, proportional_map

SEARCH = proportional_map((0.0, 1_000_000.0), (0.0, 1_000_000.0), 8_000, timed=True)


def test_a_fit_from_anchors_matched_at_random_in_the_window_does_not_settle():
    rng = np.random.default_rng(3)
    source = np.sort(rng.uniform(0, 1_000_000, 20))
    target = source + rng.uniform(-SEARCH.window, SEARCH.window, source.size)
    assert not settles(fit_time_map(source, target, timed=True), SEARCH)


def test_a_fit_from_right_anchors_settles():
    rng = np.random.default_rng(3)
    source = np.sort(rng.uniform(0, 1_000_000, 20))
    target = source + rng.uniform(-1_500, 1_500, source.size)
    assert settles(fit_time_map(source, target, timed=True), SEARCH)
