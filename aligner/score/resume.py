"""Scores kept on disk so an interrupted scoring run picks up where it stopped.

Scoring all of CrowS-Pairs with a base-size model on a CPU takes many minutes.
Scores are saved after every chunk, keyed by what decides them: the run's
signature, the full hashes of the model's weights, config and tokenizer
(aligner.score.fingerprint) and the sentences, so new weights under an old path, or
a changed metric, mask or word split, never reuse a score. Only raw sentence scores
are kept; what is derived from them (outcomes under a tie tolerance, statistics)
is recomputed on every run, so changing those settings reuses the scores safely.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from pathlib import Path

import polars as pl

from aligner.io import atomic_path
from aligner.score.fingerprint import ModelFingerprint

PAIR_FIELDS = ("more_score", "less_score")


class ScoreCache:
    """Named float values per key; ``fields`` fixes their names and order."""

    def __init__(
        self,
        path: Path,
        identity: str,
        fields: Sequence[str] = PAIR_FIELDS,
    ):
        self.path = path
        self.identity = identity
        self.fields = tuple(fields)
        self._scores: dict[str, tuple[float, ...]] = {}
        schema = self._schema()
        if path.is_file():
            saved = pl.read_parquet(path)
            if dict(saved.schema) == schema:  # another layout is another kind of run: start over
                for key, *values in saved.iter_rows():
                    self._scores[key] = tuple(values)

    def key(self, *texts: str) -> str:
        text = "\x00".join((self.identity, *texts))
        return hashlib.sha256(text.encode("utf-8")).hexdigest()

    def get(self, key: str) -> tuple[float, ...] | None:
        return self._scores.get(key)

    def add(self, key: str, *values: float) -> None:
        self._scores[key] = tuple(values)

    def save(self) -> None:
        rows = [(key, *values) for key, values in self._scores.items()]
        frame = pl.DataFrame(rows, schema=self._schema(), orient="row")
        with atomic_path(self.path) as temporary:
            frame.write_parquet(temporary)

    def _schema(self) -> dict:
        return {"key": pl.Utf8, **dict.fromkeys(self.fields, pl.Float64)}


def run_identity(signature: str, model: ModelFingerprint) -> str:
    """What a cached score depends on beyond its sentences."""
    return "|".join((signature, model.weights, model.config, model.tokenizer))
