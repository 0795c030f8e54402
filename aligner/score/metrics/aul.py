"""AUL and AULA (Kaneko & Bollegala 2022): all tokens predicted from the unmasked sentence.

One forward pass per sentence, no mask. AUL is the mean token log-prob; AULA
weights each token by the attention it receives (averaged over layers, heads and
query positions), as the paper defines it. The authors' script indexes attention
rows, not columns, which makes its AULA a rescaled AUL; this one does not.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

import numpy as np

from aligner.score.copies import CopyScores, MaskedCopy
from aligner.score.lm import ModelKind
from aligner.score.parts import SentenceParts


@dataclass(frozen=True)
class AllUnmaskedLikelihood:
    attention_weighted: bool = False
    model_kind: ClassVar[ModelKind] = "masked"
    mask: ClassVar[str] = "none"
    uses_units: ClassVar[bool] = False

    @property
    def name(self) -> str:
        return "aula" if self.attention_weighted else "aul"

    @property
    def needs_attention(self) -> bool:
        return self.attention_weighted

    def copies(self, parts: SentenceParts) -> list[MaskedCopy]:
        sentence = parts.sentence
        return [MaskedCopy(sentence.ids, (), tuple(sentence.positions()))]

    def reduce(self, scores: Sequence[CopyScores]) -> float:
        (only,) = scores
        if not len(only.logprobs):
            return float("nan")
        if self.attention_weighted:
            return float(np.mean(only.attention * only.logprobs))
        return float(np.mean(only.logprobs))
