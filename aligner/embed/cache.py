"""On-disk embedding cache: nothing is embedded twice, within a run or across runs.

Vectors live in one SQLite file keyed by (encoder id, SHA-256 of the text). SQLite gives
atomic, concurrent-safe writes for free: several aligner processes can share a cache
directory, each insert is a transaction, and a crash never leaves a half-written vector.
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import numpy as np

from aligner.embed.base import Encoder
from aligner.errors import OutputError
from aligner.io import as_output_error

CACHE_ENV = "CINEALIGN_CACHE"
_SCHEMA = """
CREATE TABLE IF NOT EXISTS vectors (
    encoder TEXT NOT NULL,
    text_hash TEXT NOT NULL,
    vector BLOB NOT NULL,
    PRIMARY KEY (encoder, text_hash)
) WITHOUT ROWID
"""
_LOOKUP_CHUNK = 500  # SQLite caps the number of bound parameters per statement


def default_cache_dir() -> Path:
    """$CINEALIGN_CACHE, else ~/.cache/cinealign/embeddings."""
    configured = os.environ.get(CACHE_ENV)
    if configured:
        return Path(configured).expanduser()
    return Path.home() / ".cache" / "cinealign" / "embeddings"


def text_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@contextmanager
def _writing(path: Path) -> Iterator[None]:
    """A cache that cannot be written (a full disk, no permission) is one clear error."""
    with as_output_error(path):
        try:
            yield
        except sqlite3.OperationalError as err:
            raise OutputError(f"embedding cache: {err} (disk full? ${CACHE_ENV} moves it)",
                              path) from err


class EmbeddingStore:
    """The SQLite file behind the cache; one connection per store."""

    def __init__(self, directory: Path):
        self.path = directory / "embeddings.sqlite"
        with _writing(self.path):
            directory.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(self.path, timeout=60)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute(_SCHEMA)
            self._db.commit()

    def get(self, encoder: str, hashes: Sequence[str]) -> dict[str, bytes]:
        found: dict[str, bytes] = {}
        for start in range(0, len(hashes), _LOOKUP_CHUNK):
            chunk = list(hashes[start : start + _LOOKUP_CHUNK])
            marks = ",".join("?" * len(chunk))
            rows = self._db.execute(
                "SELECT text_hash, vector FROM vectors"
                f" WHERE encoder = ? AND text_hash IN ({marks})",
                [encoder, *chunk],
            )
            found.update(rows)
        return found

    def put(self, encoder: str, items: Sequence[tuple[str, bytes]]) -> None:
        with _writing(self.path), self._db:
            self._db.executemany(
                "INSERT OR IGNORE INTO vectors (encoder, text_hash, vector) VALUES (?, ?, ?)",
                [(encoder, key, blob) for key, blob in items],
            )

    def close(self) -> None:
        self._db.close()


class CachedEncoder:
    """Wraps an encoder: duplicates are embedded once, cached texts not at all."""

    def __init__(self, encoder: Encoder, cache_dir: Path | None = None):
        self.encoder = encoder
        self.id = encoder.id
        self.dim = encoder.dim
        self.store = EmbeddingStore(cache_dir or default_cache_dir())
        self.served_from_cache = 0  # rows answered from disk
        self.embedded = 0  # distinct texts the wrapped encoder had to embed

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        keys = [text_hash(text) for text in texts]
        known = self.store.get(self.id, sorted(set(keys)))
        missing = {key: text for key, text in zip(keys, texts, strict=True) if key not in known}
        self.served_from_cache += sum(1 for key in keys if key in known)
        self.embedded += len(missing)
        if missing:
            fresh = self.encoder.encode(list(missing.values()))
            blobs = [
                (key, row.astype(np.float32).tobytes())
                for key, row in zip(missing, fresh, strict=True)
            ]
            self.store.put(self.id, blobs)
            known.update(blobs)
        result = np.empty((len(texts), self.dim), dtype=np.float32)
        for row, key in enumerate(keys):
            result[row] = np.frombuffer(known[key], dtype=np.float32)
        return result
