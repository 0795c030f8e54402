"""Rank agreement between two benchmarks over the same models.

Seed 004 asks whether two benchmarks order models alike: Spearman's rho (and
Kendall's tau, steadier with few models and ties) with scipy's p-values, and a
percentile bootstrap CI that resamples models, the unit that varies. Resamples
in which one benchmark's scores are all equal have no rank correlation and are
left out of the interval.
"""

from __future__ import annotations

import math
import warnings
from dataclasses import asdict, dataclass

import numpy as np
from scipy.stats import ConstantInputWarning, kendalltau, spearmanr

MIN_MODELS = 3
DEFAULT_RESAMPLES = 1000


@dataclass(frozen=True)
class Agreement:
    n: int
    spearman: float
    spearman_p: float
    spearman_low: float
    spearman_high: float
    kendall: float
    kendall_p: float
    kendall_low: float
    kendall_high: float

    def as_dict(self) -> dict:
        return asdict(self)


def agreement(
    x: np.ndarray, y: np.ndarray, resamples: int = DEFAULT_RESAMPLES, seed: int = 0
) -> Agreement:
    """Spearman and Kendall of paired scores; NaN throughout with fewer than MIN_MODELS."""
    x, y = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
    n = len(x)
    if n < MIN_MODELS:
        return Agreement(n, *([math.nan] * 8))
    rho, rho_p = _correlation(spearmanr, x, y)
    tau, tau_p = _correlation(kendalltau, x, y)
    rng = np.random.default_rng(seed)
    draws = rng.integers(0, n, size=(max(resamples, 0), n))
    rhos = [_correlation(spearmanr, x[d], y[d])[0] for d in draws]
    taus = [_correlation(kendalltau, x[d], y[d])[0] for d in draws]
    return Agreement(n, rho, rho_p, *_interval(rhos), tau, tau_p, *_interval(taus))


def _correlation(test, x: np.ndarray, y: np.ndarray) -> tuple[float, float]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConstantInputWarning)
        result = test(x, y)
    return float(result.statistic), float(result.pvalue)


def _interval(values: list[float]) -> tuple[float, float]:
    finite = np.array([v for v in values if not math.isnan(v)])
    if len(finite) == 0:
        return math.nan, math.nan
    low, high = np.percentile(finite, [2.5, 97.5])
    return float(low), float(high)
