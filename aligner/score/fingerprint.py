"""What a model is, by content: hashes of its weights, config and tokenizer.

A model directory can be overwritten in place (a new checkpoint under the same
name), so neither the name nor the path says which model scored a benchmark.
The hashes do: the signature quotes the weights hash, and the resume cache keys
on all three, so swapped weights are never mistaken for the old ones.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass

import torch


@dataclass(frozen=True)
class ModelFingerprint:
    """Hex digests; ``weights`` covers the parameters as loaded (dtype included) and the config."""

    weights: str
    config: str
    tokenizer: str

    @property
    def short(self) -> str:
        """The 12 hex digits a signature quotes."""
        return self.weights[:12]


def fingerprint(model: torch.nn.Module, tokenizer) -> ModelFingerprint:
    """Hash every parameter and buffer in name order; call before moving the model to a GPU."""
    config = _config_hash(model)
    weights = hashlib.blake2b(config.encode("ascii"), digest_size=20)
    for name, tensor in sorted(model.state_dict().items()):
        data = tensor.detach().cpu().contiguous()
        weights.update(f"{name}|{data.dtype}|{tuple(data.shape)}".encode())
        weights.update(data.reshape(-1).view(torch.uint8).numpy())
    return ModelFingerprint(weights.hexdigest(), config, _tokenizer_hash(tokenizer))


def _config_hash(model: torch.nn.Module) -> str:
    """The config without where it was loaded from or which transformers wrote it."""
    settings = {
        key: value
        for key, value in model.config.to_dict().items()
        if not key.startswith("_") and key != "transformers_version"
    }
    text = json.dumps(settings, sort_keys=True, default=str)
    return hashlib.blake2b(text.encode("utf-8"), digest_size=20).hexdigest()


def _tokenizer_hash(tokenizer) -> str:
    """Vocabulary, merges, normalizer and special tokens: the fast tokenizer's full JSON."""
    parts = (type(tokenizer).__name__, tokenizer.backend_tokenizer.to_str())
    text = "\x00".join((*parts, str(tokenizer.model_max_length)))
    return hashlib.blake2b(text.encode("utf-8"), digest_size=20).hexdigest()
