"""Causal LM sentence log-probability, summed or averaged over tokens.

Every token after the first is predicted from its prefix; the first is scored too
when the tokenizer has a BOS token to predict it from (the encoder prepends one).
The sum favours short sentences, the mean does not; both are offered.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar, Literal

import numpy as np

from aligner.score.copies import CopyScores, MaskedCopy
from aligner.score.lm import ModelKind
from aligner.score.parts import SentenceParts


@dataclass(frozen=True)
class CausalLogProb:
    reduction: Literal["sum", "mean"] = "sum"
    model_kind: ClassVar[ModelKind] = "causal"
    needs_attention: ClassVar[bool] = False
    mask: ClassVar[str] = "none"
    uses_units: ClassVar[bool] = False

    @property
    def name(self) -> str:
        return f"clm-{self.reduction}"

    def copies(self, parts: SentenceParts) -> list[MaskedCopy]:
        sentence = parts.sentence
        return [MaskedCopy(sentence.ids, (), tuple(p for p in sentence.positions() if p > 0))]

    def reduce(self, scores: Sequence[CopyScores]) -> float:
        (only,) = scores
        if not len(only.logprobs):
            return float("nan")
        return float(only.logprobs.sum() if self.reduction == "sum" else np.mean(only.logprobs))
