"""WEAT against a hand-worked example and its permutation test."""

import math

import numpy as np
import pytest

from aligner.score.weat import weat

# Attributes a = (1, 0), b = (0, 1); targets X = {(1, 0), (0.6, 0.8)}, Y = {(0, 1), (0.8, 0.6)}.
# s(w) = cos(w, a) - cos(w, b): x1 = 1, x2 = -0.2, y1 = -1, y2 = 0.2.
# mean_x s - mean_y s = 0.4 - (-0.4) = 0.8; the four s have mean 0 and sample variance
# (1 + 0.04 + 1 + 0.04) / 3 = 0.69333, std 0.83267, so d = 0.8 / 0.83267 = 0.96077.
# S = (1 - 0.2) - (-1 + 0.2) = 1.6. The six 2+2 partitions have S = 2 * (sum of the first
# pair's s): 1.6, 0, 2.4, -2.4, 0, -1.6; two are >= 1.6, so p = 2/6.
X = np.array([[1.0, 0.0], [0.6, 0.8]])
Y = np.array([[0.0, 1.0], [0.8, 0.6]])
A = np.array([[1.0, 0.0]])
B = np.array([[0.0, 1.0]])


def test_hand_worked_example():
    result = weat(X, Y, A, B)
    assert result.effect_size == pytest.approx(0.8 / math.sqrt(2.08 / 3), abs=1e-4)
    assert result.effect_size == pytest.approx(0.96077, abs=1e-4)
    assert result.statistic == pytest.approx(1.6, abs=1e-12)
    assert result.mean_difference == pytest.approx(0.8, abs=1e-12)
    assert result.p_value == pytest.approx(2 / 6)
    assert result.exact and result.partitions == 6


def test_vector_length_does_not_matter():
    assert weat(3 * X, Y, 5 * A, B).effect_size == pytest.approx(weat(X, Y, A, B).effect_size)


def test_swapping_the_targets_flips_the_sign():
    assert weat(Y, X, A, B).effect_size == pytest.approx(-weat(X, Y, A, B).effect_size)


def test_sampled_permutations_approach_the_exact_p_value():
    rng = np.random.default_rng(1)
    x, y = rng.normal(size=(8, 5)) + 0.3, rng.normal(size=(8, 5))
    a, b = rng.normal(size=(6, 5)) + 0.3, rng.normal(size=(6, 5))
    exact = weat(x, y, a, b, permutations=20_000)  # C(16, 8) = 12870 partitions
    sampled = weat(x, y, a, b, permutations=5_000, seed=2)
    assert exact.exact and not sampled.exact
    assert sampled.p_value == pytest.approx(exact.p_value, abs=0.02)
    assert weat(x, y, a, b, permutations=5_000, seed=2) == sampled


def test_an_empty_set_gives_nan():
    result = weat(X, Y, A, np.zeros((0, 2)))
    assert math.isnan(result.effect_size) and result.attributes == (1, 0)
