"""Pair scores kept on disk so an interrupted scoring run picks up where it stopped.

Scoring all of CrowS-Pairs with a base-size model on a CPU takes many minutes.
Scores are saved after every chunk of pairs, keyed by the run's signature and both
sentences, so a changed model, metric, mask or word split never reuses a score.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import polars as pl

from aligner.io import atomic_path

SCHEMA = {"key": pl.Utf8, "more_score": pl.Float64, "less_score": pl.Float64}


class ScoreCache:
    def __init__(self, path: Path, signature: str):
        self.path = path
        self.signature = signature
        self._scores: dict[str, tuple[float, float]] = {}
        if path.is_file():
            for key, more, less in pl.read_parquet(path).iter_rows():
                self._scores[key] = (more, less)

    def key(self, more: str, less: str) -> str:
        text = "\x00".join((self.signature, more, less))
        return hashlib.sha256(text.encode("utf-8")).hexdigest()

    def get(self, key: str) -> tuple[float, float] | None:
        return self._scores.get(key)

    def add(self, key: str, more: float, less: float) -> None:
        self._scores[key] = (more, less)

    def save(self) -> None:
        rows = [(key, more, less) for key, (more, less) in self._scores.items()]
        frame = pl.DataFrame(rows, schema=SCHEMA, orient="row")
        with atomic_path(self.path) as temporary:
            frame.write_parquet(temporary)
