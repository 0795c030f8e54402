"""A build's outputs replace the last build's as one generation, even if the build is killed.

The dataset, review sheet and queue, report, histogram and manifest of one build belong
together: a review sheet beside the dataset of another build sends a linguist's decisions
to pairs they were not taken on. So a build writes them all into a staging directory,
``OUT/.generation-<id>/``, ``manifest.json`` last: the staged manifest is the commit
point. Then each file is renamed into OUT (one file system, so each rename is atomic),
the manifest last, and the staging directory removed.

A kill before the commit leaves OUT as it was, and the staging directory is discarded
later; a kill during the renames leaves a committed generation, which the next ``align
build`` or ``align review serve`` finishes renaming (:func:`recover`). The manifest
names its generation and the sha256 of each of its files, so a file beside it that is
not listed, or whose digest differs, is stale.
"""

from __future__ import annotations

import os
import shutil
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from aligner.build.store import file_digest
from aligner.errors import OutputError
from aligner.io import as_output_error

STAGING_PREFIX = ".generation-"
MANIFEST = "manifest.json"  # staged last: its presence commits the generation


@dataclass(frozen=True)
class Generation:
    """The outputs of one build, staged under OUT until :meth:`publish` moves them in."""

    out: Path
    id: str

    @property
    def staging(self) -> Path:
        return self.out / f"{STAGING_PREFIX}{self.id}"

    def path(self, final: Path) -> Path:
        """Where the file that will be ``final`` (a file directly in OUT) is staged."""
        return self.staging / final.name

    def digests(self) -> dict[str, str]:
        """sha256 of each staged file but the manifest, for the manifest to list."""
        return {path.name: file_digest(path) for path in sorted(self.staging.iterdir())
                if path.name != MANIFEST and not path.name.startswith(".")}

    def publish(self) -> None:
        _publish(self.staging)


@contextmanager
def staged(out: Path) -> Iterator[Generation]:
    """A new generation to write into; an error while writing it removes it, leaving OUT as
    it was, and names the file as the user knows it (OUT/review.csv, not the staged copy)."""
    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())  # ids sort in time order
    generation = Generation(out, f"{stamp}-{uuid.uuid4().hex[:8]}")
    with as_output_error(generation.staging):
        generation.staging.mkdir(parents=True)
    try:
        yield generation
    except OutputError as err:
        shutil.rmtree(generation.staging, ignore_errors=True)
        if err.path is None or Path(err.path).parent != generation.staging:
            raise
        raise OutputError(err.reason, out / Path(err.path).name, err.line) from err
    except BaseException:
        shutil.rmtree(generation.staging, ignore_errors=True)
        raise


def interrupted(out: Path) -> list[Path]:
    """Staging directories an interrupted build left in OUT."""
    return sorted(out.glob(f"{STAGING_PREFIX}*")) if out.is_dir() else []


def recover(out: Path) -> list[str]:
    """Finish what an interrupted build left in OUT: a committed generation is moved in, an
    uncommitted one discarded. The caller holds OUT's build lock. Returns what was done."""
    notes = []
    for staging in interrupted(out):
        name = staging.name.removeprefix(STAGING_PREFIX)
        with as_output_error(staging):
            if (staging / MANIFEST).is_file():
                _publish(staging)
                notes.append(f"{out}: finished replacing the outputs with generation {name}, "
                             "which an interrupted build had written")
            else:
                shutil.rmtree(staging)
                notes.append(f"{out}: discarded generation {name}, which an interrupted build "
                             "left unfinished (the outputs here are the last complete build's)")
    return notes


def finish_interrupted(out: Path) -> list[str]:
    """:func:`recover` for a command that only reads OUT (``align review serve``): under
    OUT's build lock, and only when there is something to finish."""
    if not interrupted(out):
        return []
    from aligner.build.lock import build_lock

    with build_lock(out):
        return recover(out)


def _publish(staging: Path) -> None:
    """Rename every staged file into OUT, the manifest last, then remove the staging dir."""
    out = staging.parent
    files = sorted(p.name for p in staging.iterdir()
                   if p.name != MANIFEST and not p.name.startswith("."))
    for name in [*files, MANIFEST]:
        if (staging / name).exists():
            os.replace(staging / name, out / name)
    shutil.rmtree(staging)  # what is left: temporary files of writes that never finished
