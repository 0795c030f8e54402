"""Fitted models the classifier judge ships, evaluated with numpy alone.

scikit-learn fits them (``scripts/train_screen.py``, the ``train`` extra) but is not
needed to use them: each model is a handful of arrays in ``classifier.npz``, and the
training script checks that these functions reproduce scikit-learn's probabilities.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

import numpy as np


@dataclass(frozen=True)
class Standardised:
    """Features centred and scaled as in training."""

    mean: np.ndarray
    scale: np.ndarray

    def __call__(self, features: np.ndarray) -> np.ndarray:
        return (features - self.mean) / self.scale


@dataclass(frozen=True)
class Logistic:
    """A logistic regression over standardised features."""

    mean: np.ndarray
    scale: np.ndarray
    coef: np.ndarray
    intercept: np.ndarray  # shape (1,)

    def probability(self, features: np.ndarray) -> np.ndarray:
        z = Standardised(self.mean, self.scale)(features) @ self.coef + self.intercept[0]
        return 1.0 / (1.0 + np.exp(-z))


@dataclass(frozen=True)
class RbfSvm:
    """A support-vector machine with an RBF kernel and Platt's sigmoid over its decision
    value f (positive for the stereotype class): P = 1 / (1 + exp(-(a·f + b)))."""

    mean: np.ndarray
    scale: np.ndarray
    vectors: np.ndarray  # support vectors, standardised
    dual: np.ndarray  # dual coefficients, one per support vector
    intercept: np.ndarray  # shape (1,)
    gamma: np.ndarray  # shape (1,)
    platt: np.ndarray  # (a, b)

    def decision(self, features: np.ndarray) -> np.ndarray:
        z = Standardised(self.mean, self.scale)(features)
        vectors = self.vectors.astype(np.float64)
        distances = (z * z).sum(1)[:, None] - 2 * z @ vectors.T + (vectors * vectors).sum(1)
        return np.exp(-self.gamma[0] * np.maximum(distances, 0.0)) @ self.dual + self.intercept[0]

    def probability(self, features: np.ndarray) -> np.ndarray:
        a, b = self.platt
        return 1.0 / (1.0 + np.exp(-(a * self.decision(features) + b)))


def to_arrays(model: Logistic | RbfSvm, prefix: str) -> dict[str, np.ndarray]:
    return {f"{prefix}.{f.name}": getattr(model, f.name) for f in fields(model)}


def from_arrays(kind: type, arrays, prefix: str):
    return kind(**{f.name: np.asarray(arrays[f"{prefix}.{f.name}"]) for f in fields(kind)})
