"""Evaluate the LM head only where a token is scored.

A masked copy is scored at one or a few positions, yet a model's forward pass
projects every position onto the vocabulary; with a 250k vocabulary that
projection costs more than the encoder. A pre-hook on the head module gathers
the hidden states of the scored rows first, so the head sees (rows, hidden)
instead of (batch, length, hidden) and returns logits for those rows only.
The head is position-wise, so this changes the cost and nothing else.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import torch

from aligner.errors import ConfigError


def head_module(model: torch.nn.Module) -> torch.nn.Module:
    """The top-level child holding the output embeddings (``cls``, ``lm_head``, ``decoder``)."""
    output = model.get_output_embeddings()
    if output is None:
        raise ConfigError(f"{type(model).__name__} has no output embeddings to score with")
    for child in model.children():
        if any(module is output for module in child.modules()):
            return child
    raise ConfigError(f"cannot locate the LM head of {type(model).__name__}")


@contextmanager
def head_rows(model: torch.nn.Module, rows: torch.Tensor) -> Iterator[None]:
    """Within the block, the model's logits are (len(rows), vocab) for flat (batch*length) rows."""

    def gather(_module: torch.nn.Module, args: tuple) -> tuple:
        hidden = args[0]
        return (hidden.reshape(-1, hidden.shape[-1]).index_select(0, rows), *args[1:])

    handle = head_module(model).register_forward_pre_hook(gather)
    try:
        yield
    finally:
        handle.remove()
