"""The naive reference: one masked copy per forward pass, full LM head.

This is how the CrowS-Pairs script scores a sentence, kept deliberately plain:
no batching, no padding, no gathered head. Tests hold the batched evaluator to
it and scripts/bench_score.py uses it as the speed baseline.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import torch

from aligner.score.copies import CopyScores, MaskedCopy
from aligner.score.lm import LanguageModel


class NaiveEvaluator:
    def __init__(self, lm: LanguageModel):
        self.lm = lm

    @torch.inference_mode()
    def evaluate(self, copies: Sequence[MaskedCopy], attention: bool = False) -> list[CopyScores]:
        return [self._one(copy, attention) for copy in copies]

    def _one(self, copy: MaskedCopy, attention: bool) -> CopyScores:
        lm = self.lm
        ids = torch.tensor([copy.ids])
        for position in copy.masked:
            ids[0, position] = lm.mask_id
        out = lm.model(input_ids=ids.to(lm.device), output_attentions=attention)
        shift = 1 if lm.kind == "causal" else 0
        scored = np.array([_logprob(out.logits[0, t - shift], copy.ids[t]) for t in copy.targets])
        if not attention:
            return CopyScores(scored)
        # layers, heads and query rows averaged: attention each key position received
        received = torch.stack(out.attentions)[:, 0].float().mean(dim=(0, 1)).mean(dim=0).cpu()
        return CopyScores(scored, np.array([received[t].item() for t in copy.targets]))


def _logprob(logits: torch.Tensor, token_id: int) -> float:
    """log P(token) from one position's logits, as the CrowS-Pairs script computes it."""
    return logits.float().log_softmax(-1)[token_id].item()
