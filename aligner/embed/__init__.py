"""Sentence encoders behind one protocol, and the on-disk cache that fronts them."""

from aligner.embed.base import Encoder, normalise
from aligner.embed.cache import CachedEncoder, default_cache_dir
from aligner.embed.registry import BUNDLED, DEFAULT_ENCODER, cached_encoder, load_encoder

__all__ = [
    "BUNDLED",
    "DEFAULT_ENCODER",
    "CachedEncoder",
    "Encoder",
    "cached_encoder",
    "default_cache_dir",
    "load_encoder",
    "normalise",
]
