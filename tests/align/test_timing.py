import numpy as np
import pytest
from scipy.stats import theilslopes

from aligner.align.timing import (
    fit_time_map,
    proportional_map,
    search_windows,
    theil_sen_slope,
    unfitted,
)

OFFSET_MS = 12_300.0
DRIFT = 25 / 23.976


def test_fit_recovers_planted_offset_and_drift_despite_wrong_anchors():
    rng = np.random.default_rng(7)
    source = np.sort(rng.uniform(5_000, 5_400_000, 300))
    target = DRIFT * source + OFFSET_MS + rng.uniform(-300, 300, source.size)
    wrong = rng.choice(source.size, 60, replace=False)  # 20% anchors matched to anything
    target[wrong] = rng.uniform(0, 5_600_000, wrong.size)
    fitted = fit_time_map(source, target, timed=True)
    grid = np.linspace(0, 5_400_000, 50)
    assert np.max(np.abs(fitted(grid) - (DRIFT * grid + OFFSET_MS))) < 100
    assert fitted.anchors == 300


def test_too_few_anchors_leave_the_window_unbounded():
    fitted = fit_time_map(np.array([1.0, 2.0]), np.array([3.0, 4.0]), timed=True)
    assert fitted == unfitted(True)
    assert not fitted.fitted and fitted.window == float("inf")


def test_window_never_narrower_than_subtitle_jitter():
    source = np.arange(0, 100_000, 1_000.0)
    fitted = fit_time_map(source, source + 500, timed=True)
    assert fitted.window >= 4_000


def test_proportional_guess_is_exact_when_first_and_last_lines_correspond():
    source = np.array([5_000.0, 900_000.0])
    guess = proportional_map(
        (source[0], source[1]), tuple(DRIFT * source + OFFSET_MS), 8_000, timed=True
    )
    assert np.allclose(
        guess(np.array([5_000.0, 400_000.0])), DRIFT * np.array([5_000.0, 400_000.0]) + OFFSET_MS
    )
    assert not guess.fitted and guess.window == 8_000


def test_search_windows_widen_to_the_whole_film():
    windows = search_windows(timed=True, duration=3_600_000)
    assert windows[0] == 8_000 and windows[-1] == float("inf")
    assert all(a < b for a, b in zip(windows, windows[1:], strict=False))


@pytest.mark.parametrize("seed", range(5))
def test_theil_sen_slope_matches_scipy_on_random_anchors(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(3, 400))
    source = rng.uniform(0, 5_400_000, n)
    source[rng.choice(n, n // 10, replace=False)] = source[0]  # ties in x are skipped
    target = DRIFT * source + OFFSET_MS + rng.normal(0, 500, n)
    wrong = rng.choice(n, n // 5, replace=False)
    target[wrong] = rng.uniform(0, 5_600_000, wrong.size)
    assert theil_sen_slope(source, target) == pytest.approx(theilslopes(target, source)[0])
