"""What a metric asks of the model: masked copies of sentences and their scores.

Metrics describe their work as copies (which positions to mask, which tokens to
score) and evaluators run them; the batched evaluator and the naive reference
answer the same questions, which is what makes their outputs comparable.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

import numpy as np


@dataclass(frozen=True)
class MaskedCopy:
    """Sentence ``ids`` with ``masked`` positions replaced by the mask token.

    The model scores the original token at each of ``targets``: log P(ids[t] | copy).
    A causal LM predicts position t from the copy's prefix before t.
    """

    ids: tuple[int, ...]
    masked: tuple[int, ...]
    targets: tuple[int, ...]


@dataclass(frozen=True)
class CopyScores:
    """Per-target log-probabilities, and the attention each target received when asked.

    Attention received is averaged over layers, heads and the sentence's query
    positions, as AULA weights tokens.
    """

    logprobs: np.ndarray
    attention: np.ndarray | None = None


class Evaluator(Protocol):
    def evaluate(self, copies: Sequence[MaskedCopy], attention: bool = False) -> list[CopyScores]:
        """Score every copy; results are in the order of ``copies``."""
        ...
