"""Loading a Hugging Face language model for scoring, by name or local directory.

Masked LMs (BERT, RoBERTa, XLM-R, ModernBERT, EstBERT, MuRIL) are scored with
pseudo-log-likelihoods, causal LMs (GPT-2 style) with sentence log-probability;
which one a checkpoint is comes from its config, so users only name the model.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import torch
from transformers import (
    AutoConfig,
    AutoModelForCausalLM,
    AutoModelForMaskedLM,
    AutoTokenizer,
    PretrainedConfig,
)
from transformers.models.auto.modeling_auto import MODEL_FOR_MASKED_LM_MAPPING_NAMES

from aligner.errors import ConfigError, ModelUnavailableError
from aligner.score.fingerprint import ModelFingerprint, fingerprint

ModelKind = Literal["masked", "causal"]
DTYPES = {"float32": torch.float32, "bfloat16": torch.bfloat16}
_NO_LIMIT = 100_000  # tokenizers without a length limit report ~1e30


@dataclass(frozen=True)
class LanguageModel:
    """A loaded model with what the scorer needs to know about it."""

    name: str
    model: torch.nn.Module
    tokenizer: object
    kind: ModelKind
    device: torch.device
    dtype: torch.dtype
    fingerprint: ModelFingerprint

    @property
    def mask_id(self) -> int | None:
        return self.tokenizer.mask_token_id

    @property
    def pad_id(self) -> int:
        """Padding id; any id works under the attention mask, so 0 when none is defined."""
        pad = self.tokenizer.pad_token_id
        return 0 if pad is None else pad

    @property
    def bos_id(self) -> int | None:
        """BOS to prepend for causal LMs, so the first word is predicted too."""
        if self.kind != "causal":
            return None
        return self.tokenizer.bos_token_id

    @property
    def max_tokens(self) -> int:
        limit = self.tokenizer.model_max_length
        if limit and limit < _NO_LIMIT:
            return int(limit)
        return int(getattr(self.model.config, "max_position_embeddings", _NO_LIMIT))


def resolve_device(device: str = "auto") -> torch.device:
    if device == "auto":
        return torch.device("cuda" if torch.cuda.is_available() else "cpu")
    try:
        found = torch.device(device)
    except RuntimeError as err:
        raise ConfigError(f"--device {device!r} is not a device: use auto, cpu, cuda or "
                          "cuda:N") from err
    if found.type == "cuda" and not torch.cuda.is_available():
        raise ConfigError(f"--device {device}: no CUDA GPU is available here; use cpu")
    return found


def load_lm(
    name: str, device: str = "auto", dtype: str = "float32", attentions: bool = False
) -> LanguageModel:
    """Load ``name`` offline-safe: a missing model is one ModelUnavailableError, not a traceback.

    ``attentions`` selects eager attention, the only implementation that returns
    attention weights (AULA needs them).
    """
    if dtype not in DTYPES:
        raise ConfigError(f"unknown dtype {dtype!r}; choose one of {', '.join(DTYPES)}")
    config, local = _load_config(name)
    kind = model_kind(config)
    auto = AutoModelForMaskedLM if kind == "masked" else AutoModelForCausalLM
    options = {"attn_implementation": "eager"} if attentions else {}
    try:
        tokenizer = AutoTokenizer.from_pretrained(name, local_files_only=local)
        model = auto.from_pretrained(name, dtype=DTYPES[dtype], local_files_only=local, **options)
    except OSError as err:
        raise ModelUnavailableError(_unavailable(name, err)) from err
    if not tokenizer.is_fast:
        raise ConfigError(f"model {name!r} has no fast tokenizer; word offsets need one")
    if kind == "masked" and tokenizer.mask_token_id is None:
        raise ConfigError(f"model {name!r} is a masked LM whose tokenizer has no mask token")
    hashes = fingerprint(model, tokenizer)
    target = resolve_device(device)
    model.to(target).eval()
    return LanguageModel(name, model, tokenizer, kind, target, DTYPES[dtype], hashes)


def check_model_available(name: str) -> None:
    """Fail now, with one ModelUnavailableError, if ``name`` cannot be loaded later.

    Reads only the config, so a command (``align score``, ``align build --score-model``)
    can check its model before it spends minutes on anything else.
    """
    _load_config(name)


def model_kind(config: PretrainedConfig) -> ModelKind:
    """Masked when the checkpoint was saved as, or is known as, a masked LM; causal otherwise."""
    architectures = config.architectures or []
    if any(a.endswith("ForMaskedLM") for a in architectures):
        return "masked"
    if any(a.endswith(("ForCausalLM", "LMHeadModel")) for a in architectures):
        return "causal"
    return "masked" if config.model_type in MODEL_FOR_MASKED_LM_MAPPING_NAMES else "causal"


def _load_config(name: str) -> tuple[PretrainedConfig, bool]:
    """The config, and whether it was found locally (directory or cache).

    Local first, so an offline machine fails at once instead of retrying the Hub;
    the Hub is tried only for names that are not paths, and not under HF_HUB_OFFLINE.
    """
    try:
        return AutoConfig.from_pretrained(name, local_files_only=True), True
    except (OSError, ValueError) as err:
        if _looks_like_path(name):
            raise ModelUnavailableError(
                f"{name!r} is not a model directory (no config.json there)"
            ) from err
        if os.environ.get("HF_HUB_OFFLINE", "").lower() in ("1", "true", "yes"):
            raise ModelUnavailableError(_unavailable(name, err)) from err
    try:
        return AutoConfig.from_pretrained(name), False
    except (OSError, ValueError) as err:
        raise ModelUnavailableError(_unavailable(name, err)) from err


def _looks_like_path(name: str) -> bool:
    return Path(name).expanduser().exists() or name.startswith(("/", ".", "~"))


def _unavailable(name: str, err: Exception) -> str:
    return (
        f"cannot load model {name!r}: it is neither a local model directory nor in the "
        "Hugging Face cache, and the Hub cannot be reached. Fetch it on a connected machine "
        f"(`hf download {name}`) or pass --model a local directory."
    )
