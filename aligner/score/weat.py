"""WEAT (Caliskan et al. 2017): do target words X lean to attributes A and Y to B?

s(w, A, B) = mean cos(w, a) - mean cos(w, b); the test statistic is
S = sum_x s(x) - sum_y s(y); the effect size is
d = (mean_x s(x) - mean_y s(y)) / std_{w in X u Y} s(w) (sample std); the one-sided
p-value is the share of re-partitions (X_i, Y_i) of X u Y, sizes kept, with
S(X_i, Y_i) >= S(X, Y): every partition when there are at most ``permutations`` of
them, else that many random ones (seeded), counted as (k + 1) / (R + 1). Caliskan
et al. write ">"; counting the observed partition too (">=") is the usual exact
permutation p-value and is never 0, which no finite test can claim.
Seed 002 uses gendered pronouns as targets and the context words a model ties to
each gender as attributes, and reports the statistic with means (S / |X|).
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from itertools import combinations

import numpy as np

DEFAULT_PERMUTATIONS = 10_000


@dataclass(frozen=True)
class WeatResult:
    effect_size: float
    p_value: float
    statistic: float  # S, sums over targets
    mean_difference: float  # mean_x s(x) - mean_y s(y): seed 002's S
    partitions: int  # re-partitions the p-value counts over
    exact: bool
    targets: tuple[int, int]  # |X|, |Y| (with vectors)
    attributes: tuple[int, int]  # |A|, |B|

    def as_dict(self) -> dict:
        return asdict(self)


def weat(
    x: np.ndarray,
    y: np.ndarray,
    a: np.ndarray,
    b: np.ndarray,
    permutations: int = DEFAULT_PERMUTATIONS,
    seed: int = 0,
) -> WeatResult:
    """Rows are word vectors (any norm); NaN results when a set is empty or s has no spread."""
    sizes = (len(x), len(y)), (len(a), len(b))
    if min(*sizes[0], *sizes[1]) == 0:
        nan = math.nan
        return WeatResult(nan, nan, nan, nan, 0, True, *sizes)
    targets = _unit(np.vstack([x, y]))
    s = (targets @ _unit(a).T).mean(axis=1) - (targets @ _unit(b).T).mean(axis=1)
    n_x = len(x)
    statistic = float(s[:n_x].sum() - s[n_x:].sum())
    difference = float(s[:n_x].mean() - s[n_x:].mean())
    spread = float(np.std(s, ddof=1)) if len(s) > 1 else 0.0
    effect = difference / spread if spread > 0 else math.nan
    p_value, partitions, exact = _p_value(s, n_x, statistic, permutations, seed)
    return WeatResult(effect, p_value, statistic, difference, partitions, exact, *sizes)


def _p_value(
    s: np.ndarray, n_x: int, observed: float, permutations: int, seed: int
) -> tuple[float, int, bool]:
    total = float(s.sum())
    count = math.comb(len(s), n_x)
    if count <= permutations:
        statistics = [
            2.0 * float(s[list(chosen)].sum()) - total
            for chosen in combinations(range(len(s)), n_x)
        ]
        greater = sum(value >= observed - 1e-12 for value in statistics)
        return greater / count, count, True
    rng = np.random.default_rng(seed)
    chosen = np.argsort(rng.random((permutations, len(s))), axis=1)[:, :n_x]
    statistics = 2.0 * s[chosen].sum(axis=1) - total
    greater = int((statistics >= observed - 1e-12).sum())
    return (greater + 1) / (permutations + 1), permutations, False


def _unit(rows: np.ndarray) -> np.ndarray:
    rows = np.asarray(rows, dtype=np.float64)
    norms = np.linalg.norm(rows, axis=1, keepdims=True)
    return rows / np.where(norms > 0, norms, 1.0)
