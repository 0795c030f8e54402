"""The fast evaluator: many sentences' masked copies per forward pass.

Copies are sorted by length so a batch pads little, packed under a token budget
(batch × longest copy) and a logit budget (scored rows × vocabulary, the memory
the log-softmax needs), and the LM head runs only at the scored rows
(aligner.score.head). Results equal the one-mask-per-forward reference
(aligner.score.reference) to float tolerance; tests check it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import numpy as np
import torch

from aligner.score.copies import CopyScores, MaskedCopy
from aligner.score.head import head_rows
from aligner.score.lm import LanguageModel

DEFAULT_TOKEN_BUDGET = 8192
DEFAULT_LOGIT_BUDGET = 1 << 26  # 64M floats, 256 MiB of float32 logits


class BatchedEvaluator:
    """Score masked copies in length-sorted padded batches with a gathered head."""

    def __init__(
        self,
        lm: LanguageModel,
        token_budget: int = DEFAULT_TOKEN_BUDGET,
        logit_budget: int = DEFAULT_LOGIT_BUDGET,
    ):
        self.lm = lm
        self.token_budget = token_budget
        self.logit_budget = logit_budget
        self._shift = 1 if lm.kind == "causal" else 0

    @torch.inference_mode()
    def evaluate(self, copies: Sequence[MaskedCopy], attention: bool = False) -> list[CopyScores]:
        results: list[CopyScores | None] = [None] * len(copies)
        for batch in self._batches(copies):
            scored = self._run([copies[i] for i in batch], attention)
            for i, scores in zip(batch, scored, strict=True):
                results[i] = scores
        return results  # type: ignore[return-value]

    def _batches(self, copies: Sequence[MaskedCopy]) -> Iterator[list[int]]:
        """Greedy packing of copies, longest first, under both budgets."""
        order = sorted(range(len(copies)), key=lambda i: len(copies[i].ids), reverse=True)
        vocab = self.lm.model.get_output_embeddings().weight.shape[0]
        batch: list[int] = []
        width = rows = 0
        for i in order:
            copy = copies[i]
            width = width or len(copy.ids)
            fits_tokens = (len(batch) + 1) * width <= self.token_budget
            fits_logits = (rows + len(copy.targets)) * vocab <= self.logit_budget
            if batch and not (fits_tokens and fits_logits):
                yield batch
                batch, width, rows = [], len(copy.ids), 0
            batch.append(i)
            rows += len(copy.targets)
        if batch:
            yield batch

    def _run(self, batch: Sequence[MaskedCopy], attention: bool) -> list[CopyScores]:
        lm = self.lm
        width = max(len(c.ids) for c in batch)
        ids = torch.full((len(batch), width), lm.pad_id, dtype=torch.long)
        keep = torch.zeros((len(batch), width), dtype=torch.long)
        rows, targets = [], []
        for b, copy in enumerate(batch):
            ids[b, : len(copy.ids)] = torch.tensor(copy.ids)
            keep[b, : len(copy.ids)] = 1
            if copy.masked:
                ids[b, list(copy.masked)] = lm.mask_id
            rows.extend(b * width + t - self._shift for t in copy.targets)
            targets.extend(copy.ids[t] for t in copy.targets)
        device = lm.device
        ids, keep = ids.to(device), keep.to(device)
        with head_rows(lm.model, torch.tensor(rows, device=device)):
            out = lm.model(input_ids=ids, attention_mask=keep, output_attentions=attention)
        wanted = torch.tensor(targets, device=device).unsqueeze(1)
        logprobs = out.logits.float().log_softmax(-1).gather(1, wanted).squeeze(1)
        received = _attention_received(out.attentions, keep) if attention else None
        return _split(batch, logprobs.cpu().numpy().astype(np.float64), received)


def _attention_received(attentions: tuple[torch.Tensor, ...], keep: torch.Tensor) -> np.ndarray:
    """(batch, length) attention paid to each key, averaged over layers, heads and real queries."""
    mean = torch.stack(attentions).float().mean(dim=(0, 2))  # (batch, query, key)
    queries = keep.float().unsqueeze(2)
    received = (mean * queries).sum(dim=1) / queries.sum(dim=1)
    return received.cpu().numpy().astype(np.float64)


def _split(
    batch: Sequence[MaskedCopy], logprobs: np.ndarray, received: np.ndarray | None
) -> list[CopyScores]:
    scores, start = [], 0
    for b, copy in enumerate(batch):
        end = start + len(copy.targets)
        attention = None if received is None else received[b, list(copy.targets)]
        scores.append(CopyScores(logprobs[start:end], attention))
        start = end
    return scores
