"""A build's outputs replace the last build's as one generation (issue 21's kill -9 row).

A kill -9 leaves on disk exactly what had been done when it struck; these tests make that
state deterministically: by stopping the renames after k files (what a kill during the
swap leaves), or by a staging directory without its manifest (a kill while staging).
"""

from __future__ import annotations

import json
import os

import pytest

from aligner.build import generation as module
from aligner.build.generation import MANIFEST, finish_interrupted, interrupted, recover, staged
from aligner.build.lock import build_lock
from aligner.build.store import file_digest
from aligner.errors import OutputError

NAMES = ("et_cinebias.csv", "report.md", "review.csv", "review.jsonl")


class Killed(BaseException):
    """The process dying at this point (nothing after it runs, no cleanup either)."""


def write_generation(out, label: str) -> module.Generation:
    """A committed generation whose every file says ``label``, as write_outputs stages one."""
    with staged(out) as generation:
        for name in NAMES:
            generation.path(out / name).write_text(f"{label} {name}\n", encoding="utf-8")
        manifest = {"generation": generation.id, "outputs": generation.digests()}
        generation.path(out / MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
    return generation


def stale(out) -> list[str]:
    """Files the manifest in OUT does not describe: what it says is stale."""
    listed = json.loads((out / MANIFEST).read_text(encoding="utf-8"))["outputs"]
    return [name for name in NAMES if listed.get(name) != file_digest(out / name)]


def test_a_published_generation_replaces_every_file_and_leaves_no_staging(tmp_path):
    write_generation(tmp_path, "old").publish()
    write_generation(tmp_path, "new").publish()
    assert {(tmp_path / name).read_text() for name in NAMES} == {f"new {n}\n" for n in NAMES}
    assert stale(tmp_path) == [] and interrupted(tmp_path) == []


@pytest.mark.parametrize("renamed", [0, 1, 2, 4])
def test_a_kill_during_the_swap_is_finished_by_the_next_command(tmp_path, monkeypatch, renamed):
    write_generation(tmp_path, "old").publish()
    new = write_generation(tmp_path, "new")
    real_replace, done = os.replace, []

    def dies_after_k(source, target):
        if len(done) == renamed:
            raise Killed
        done.append(target)
        real_replace(source, target)

    monkeypatch.setattr(module.os, "replace", dies_after_k)
    with pytest.raises(Killed):
        new.publish()
    monkeypatch.undo()
    # what the kill left: new files beside old ones, and the old manifest says which
    assert len(stale(tmp_path)) == renamed
    assert interrupted(tmp_path) == [new.staging]
    with build_lock(tmp_path):  # what align build does first, under its lock
        notes = recover(tmp_path)
    assert notes and "finished replacing the outputs with generation" in notes[0]
    assert {(tmp_path / name).read_text() for name in NAMES} == {f"new {n}\n" for n in NAMES}
    assert stale(tmp_path) == [] and interrupted(tmp_path) == []
    assert json.loads((tmp_path / MANIFEST).read_text())["generation"] == new.id


def test_a_kill_while_staging_leaves_the_last_build_and_is_discarded(tmp_path):
    write_generation(tmp_path, "old").publish()
    before = {name: (tmp_path / name).read_bytes() for name in (*NAMES, MANIFEST)}
    half = tmp_path / f"{module.STAGING_PREFIX}20260101T000000Z-deadbeef"
    half.mkdir()  # killed after two files, before the manifest that commits the generation
    (half / "et_cinebias.csv").write_text("new\n", encoding="utf-8")
    (half / ".review.csv.x1y2.tmp").write_text("new, half", encoding="utf-8")
    notes = finish_interrupted(tmp_path)  # align review serve, before it reads the queue
    assert notes and "discarded generation 20260101T000000Z-deadbeef" in notes[0]
    assert {name: (tmp_path / name).read_bytes() for name in before} == before
    assert interrupted(tmp_path) == [] and finish_interrupted(tmp_path) == []


def test_a_failed_write_discards_the_generation_and_names_the_file_in_out(tmp_path):
    write_generation(tmp_path, "old").publish()
    before = {name: (tmp_path / name).read_bytes() for name in NAMES}
    with pytest.raises(OutputError) as raised, staged(tmp_path) as generation:
        generation.path(tmp_path / "et_cinebias.csv").write_text("new\n", encoding="utf-8")
        raise OutputError("cannot write: No space left on device",
                          generation.path(tmp_path / "review.csv"))
    assert str(raised.value) == f"{tmp_path / 'review.csv'}: cannot write: No space left on device"
    assert {name: (tmp_path / name).read_bytes() for name in NAMES} == before
    assert interrupted(tmp_path) == []
