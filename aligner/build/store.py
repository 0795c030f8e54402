"""Stage artefacts on disk, keyed by what produced them.

Each stage writes one Parquet file per film into ``<work>/<stage>/``, named by a hash
of the stage name, the package version, the settings the stage reads and the keys
(or file hashes) of its inputs. A rerun finds the file and skips the work; a change
to any input or setting gives a new key, so stale artefacts are never reused.
Files are written to a temporary name and renamed, so a crash leaves either the whole
artefact or none: resuming after Ctrl-C is just running again.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import polars as pl

from aligner import __version__
from aligner.io import atomic_path


def file_digest(path: Path) -> str:
    """Content hash of an input file, so renaming or touching it does not invalidate work."""
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def stage_key(stage: str, settings: dict[str, Any], inputs: Sequence[str]) -> str:
    payload = json.dumps(
        {"stage": stage, "version": __version__, "settings": settings, "inputs": list(inputs)},
        sort_keys=True,
        ensure_ascii=False,
    )
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()[:20]


@dataclass
class StageStore:
    root: Path
    force: frozenset[str] = frozenset()
    ran: list[tuple[str, str]] = field(default_factory=list)
    reused: list[tuple[str, str]] = field(default_factory=list)

    def path(self, stage: str, film: str, key: str) -> Path:
        return self.root / stage / f"{film}.{key}.parquet"

    def pending(self, stage: str, film: str, settings: dict[str, Any],
                inputs: Sequence[str]) -> bool:
        """Whether ``fetch_or_run`` with these arguments would compute the stage."""
        key = stage_key(stage, settings, inputs)
        return stage in self.force or not self.path(stage, film, key).exists()

    def fetch_or_run(
        self,
        stage: str,
        film: str,
        settings: dict[str, Any],
        inputs: Sequence[str],
        compute: Callable[[], pl.DataFrame],
    ) -> tuple[pl.DataFrame, str]:
        """The stage's frame for ``film``, from disk when an identical run finished before."""
        key = stage_key(stage, settings, inputs)
        if not self.pending(stage, film, settings, inputs):
            self.reused.append((stage, film))
            return pl.read_parquet(self.path(stage, film, key)), key
        frame = compute()
        with atomic_path(self.path(stage, film, key)) as temporary:
            frame.write_parquet(temporary)
        self.ran.append((stage, film))
        return frame, key
