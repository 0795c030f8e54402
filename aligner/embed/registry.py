"""Encoders by name, so the CLI, scripts and tests ask for them the same way."""

from __future__ import annotations

from pathlib import Path

from aligner.embed.base import Encoder
from aligner.embed.cache import CachedEncoder

DEFAULT_ENCODER = "labse"
ALIASES = {"labse": "sentence-transformers/LaBSE"}
BUNDLED = "e5-small"


def load_encoder(name: str = DEFAULT_ENCODER, *, show_progress: bool = True) -> Encoder:
    """``e5-small`` (bundled, offline), ``labse``, or any sentence-transformers name/dir."""
    if name == BUNDLED:
        from aligner.embed.e5 import E5Encoder

        return E5Encoder(show_progress=show_progress)
    from aligner.embed.sbert import SentenceTransformerEncoder

    return SentenceTransformerEncoder(ALIASES.get(name, name), show_progress=show_progress)


def cached_encoder(
    name: str = DEFAULT_ENCODER,
    *,
    cache_dir: Path | None = None,
    show_progress: bool = True,
) -> CachedEncoder:
    """The encoder ``name`` behind the on-disk cache (default dir: see default_cache_dir)."""
    return CachedEncoder(load_encoder(name, show_progress=show_progress), cache_dir)
