"""Word similarity for ClozeGender: static word vectors, or the bundled sentence encoder.

Static vectors come in the usual formats: word2vec/fastText text (``.vec``, a
"count dim" header line), GloVe text (no header), either gzipped, and word2vec
binary (``.bin``). Files run to gigabytes and a run needs a few hundred words, so
only the words asked for are kept while the file streams past; its bytes are
hashed on the way, so the signature names the exact vectors used.
"""

from __future__ import annotations

import gzip
import hashlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO, Protocol

import numpy as np

from aligner.errors import InputFormatError

BUNDLED = "e5-small"
_CHUNK = 1 << 20


class WordSimilarity(Protocol):
    """Cosine similarity of two words (or short phrases); None when either is unknown."""

    id: str

    def vector(self, word: str) -> np.ndarray | None: ...


def cosine(vectors: WordSimilarity, a: str, b: str) -> float | None:
    first, second = vectors.vector(a), vectors.vector(b)
    if first is None or second is None:
        return None
    return float(first @ second)


@dataclass
class StaticVectors:
    """Unit vectors of the words kept from a file; a phrase is the mean of its words."""

    id: str
    table: dict[str, np.ndarray] = field(repr=False)

    def vector(self, word: str) -> np.ndarray | None:
        found = self._lookup(word)
        if found is None and " " in word.strip():
            parts = [self._lookup(part) for part in word.split()]
            if all(p is not None for p in parts):
                found = _unit(np.mean(parts, axis=0))
        return found

    def _lookup(self, word: str) -> np.ndarray | None:
        return self.table.get(word, self.table.get(word.lower()))


class EncoderVectors:
    """Words embedded one by one with a sentence encoder (the bundled e5-small)."""

    def __init__(self, encoder, words: Iterable[str]):
        self.id = encoder.id
        unique = sorted(set(words))
        rows = encoder.encode(unique) if unique else np.zeros((0, encoder.dim))
        self._table = dict(zip(unique, (_unit(row) for row in rows), strict=True))

    def vector(self, word: str) -> np.ndarray | None:
        return self._table.get(word)


def load_similarity(source: str, words: Iterable[str]) -> WordSimilarity:
    """``e5-small`` or a vectors file; ``words`` are all the words that will be asked for."""
    words = set(words)
    if source == BUNDLED:
        from aligner.embed.registry import cached_encoder

        return EncoderVectors(cached_encoder(BUNDLED, show_progress=False), words)
    return read_vectors(Path(source), words)


def read_vectors(path: Path, words: set[str]) -> StaticVectors:
    """The vectors of ``words`` (and of their lower-case forms and phrase parts) in ``path``."""
    if not path.is_file():
        raise InputFormatError("no such word vectors file", path)
    wanted = set(words) | {w.lower() for w in words}
    wanted |= {part for w in list(wanted) for part in w.split()}
    digest = hashlib.blake2b(digest_size=8)
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rb") as raw:
        handle = _Hashing(raw, digest)
        binary = path.name.removesuffix(".gz").endswith(".bin")
        table = dict(_binary(handle, path, wanted) if binary else _text(handle, path, wanted))
    return StaticVectors(f"{path.name}#{digest.hexdigest()[:12]}", table)


class _Hashing:
    """A binary file whose bytes are hashed as they are read."""

    def __init__(self, raw: BinaryIO, digest):
        self.raw, self.digest = raw, digest

    def __iter__(self) -> Iterator[bytes]:
        for line in self.raw:
            self.digest.update(line)
            yield line

    def read(self, size: int) -> bytes:
        data = self.raw.read(size)
        self.digest.update(data)
        return data

    def readline(self) -> bytes:
        line = self.raw.readline()
        self.digest.update(line)
        return line


def _text(handle: _Hashing, path: Path, wanted: set[str]) -> Iterator[tuple[str, np.ndarray]]:
    dim = None
    for number, raw in enumerate(handle, start=1):
        line = raw.decode("utf-8", errors="replace").rstrip("\n\r ")
        if not line:
            continue
        if number == 1 and _is_header(line):
            dim = int(line.split()[1])
            continue
        word, _, rest = line.partition(" ")
        if word not in wanted:
            continue
        fields = rest.split()
        dim = dim or len(fields)
        if len(fields) != dim:
            raise InputFormatError(f"{len(fields)} numbers where vectors have {dim}", path, number)
        try:
            yield word, _unit(np.array(fields, dtype=np.float32))
        except ValueError as err:
            raise InputFormatError(f"not a vector of numbers ({err})", path, number) from err


def _binary(handle: _Hashing, path: Path, wanted: set[str]) -> Iterator[tuple[str, np.ndarray]]:
    header = handle.readline().decode("ascii", errors="replace")
    if not _is_header(header.strip()):
        raise InputFormatError("word2vec binary needs a 'count dim' header", path, 1)
    count, dim = (int(x) for x in header.split())
    width = 4 * dim
    buffer, at = b"", 0
    for index in range(count):
        while (space := buffer.find(b" ", at)) < 0 or len(buffer) < space + 1 + width:
            more = handle.read(_CHUNK)
            if not more:
                raise InputFormatError(f"ends inside vector {index + 1} of {count}", path)
            buffer, at = buffer[at:] + more, 0
        word = buffer[at:space].lstrip(b"\n").decode("utf-8", errors="replace")
        at = space + 1 + width
        if word in wanted:
            yield word, _unit(np.frombuffer(buffer[space + 1 : at], dtype="<f4").copy())


def _is_header(line: str) -> bool:
    parts = line.split()
    return len(parts) == 2 and all(part.isdigit() for part in parts)


def _unit(vector: np.ndarray) -> np.ndarray:
    norm = float(np.linalg.norm(vector))
    return vector / norm if norm > 0 else vector
