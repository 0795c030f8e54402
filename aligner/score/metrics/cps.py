"""CrowS-Pairs Score (Nangia et al. 2020), with the PLL-word-l2r mask (Kauf & Ivanova 2023).

A sentence scores sum over shared tokens u of log P(u | U without u, M): each
shared token is masked in turn and the modified part stays visible, so both
sides of a pair are scored on the same context words. With ``word-l2r`` the
later subtokens of u's word are masked too, so a word's first piece is not
predicted from its own remaining pieces.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar, Literal

from aligner.score.copies import CopyScores, MaskedCopy
from aligner.score.encode import EncodedSentence
from aligner.score.lm import ModelKind
from aligner.score.parts import SentenceParts

MaskScheme = Literal["token", "word-l2r"]
MASKS: tuple[str, ...] = ("token", "word-l2r")


@dataclass(frozen=True)
class CrowSPairsScore:
    mask: MaskScheme = "token"
    name: ClassVar[str] = "cps"
    model_kind: ClassVar[ModelKind] = "masked"
    needs_attention: ClassVar[bool] = False
    uses_units: ClassVar[bool] = True

    def copies(self, parts: SentenceParts) -> list[MaskedCopy]:
        sentence = parts.sentence
        return [MaskedCopy(sentence.ids, self._masked(sentence, p), (p,)) for p in parts.shared]

    def reduce(self, scores: Sequence[CopyScores]) -> float:
        return float(sum(s.logprobs.sum() for s in scores))

    def _masked(self, sentence: EncodedSentence, position: int) -> tuple[int, ...]:
        if self.mask == "token":
            return (position,)
        word = sentence.words[position][:1]
        end = position + 1
        while end < len(sentence) and sentence.scorable[end] and sentence.words[end][:1] == word:
            end += 1
        return tuple(range(position, end))
