"""What every metric is: a plan of masked copies per sentence and a reduction to one number.

Metrics never touch the model. They say which copies of a sentence to score and
how to fold the per-token log-probabilities into the sentence score; the
evaluator (batched or naive reference) does the rest. That split is what lets the
batched scorer be checked against the reference for every metric.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from aligner.score.copies import CopyScores, MaskedCopy
from aligner.score.lm import ModelKind
from aligner.score.parts import SentenceParts


class Metric(Protocol):
    """A sentence-level score; a pair counts for sent_more when its score is higher.

    Attributes:
        name: the metric's name in the CLI and in signatures.
        model_kind: the kind of LM the metric scores with.
        needs_attention: evaluators must return attention received per target.
        mask: the masking scheme for the signature ("token", "word-l2r", "none").
        uses_units: whether the U/M decision (word or token units) affects the score.
    """

    name: str
    model_kind: ModelKind
    needs_attention: bool
    mask: str
    uses_units: bool

    def copies(self, parts: SentenceParts) -> list[MaskedCopy]:
        """The masked copies whose scores make this sentence's score."""
        ...

    def reduce(self, scores: Sequence[CopyScores]) -> float:
        """The sentence score from its copies' scores (NaN when there is nothing to score)."""
        ...
