"""SSS-style score: the modified tokens, all masked, predicted from the shared context.

The reference script gathers an n×n matrix (every masked position's log-prob of
every modified token) and averages it; here each modified token is scored at its
own position only, and the sentence score is their mean.
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
class ModifiedTokenScore:
    name: ClassVar[str] = "sss"
    model_kind: ClassVar[ModelKind] = "masked"
    needs_attention: ClassVar[bool] = False
    mask: ClassVar[str] = "modified"
    uses_units: ClassVar[bool] = True

    def copies(self, parts: SentenceParts) -> list[MaskedCopy]:
        if not parts.modified:
            return []
        return [MaskedCopy(parts.sentence.ids, parts.modified, parts.modified)]

    def reduce(self, scores: Sequence[CopyScores]) -> float:
        if not scores:
            return float("nan")
        return float(np.mean(np.concatenate([s.logprobs for s in scores])))
