"""Good inputs the probes start from, made once per run and copied before a probe edits them.

Everything lives under one temporary directory: the sample's files, a one-film build,
transfer output and a review sheet, a copy of the bundled lexicons, a tiny masked LM
(built as the tests build theirs) and, when the machine allows, a full disk.
"""

from __future__ import annotations

import csv
import functools
import shutil
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SAMPLE = REPO / "sample"
GOLD = SAMPLE / "gold"
SEEDS = SAMPLE / "seed_pairs.csv"
FILM = ("harbour_lights.en.srt", "harbour_lights.et.srt")
REVIEW_COLUMNS = ("decision", "edit_sent_more", "edit_sent_less", "comment")


class Materials:
    def __init__(self, root: Path):
        self.root = root
        self.cache = root / "embeddings"  # CINEALIGN_CACHE for every probe

    @functools.cached_property
    def films(self) -> Path:
        """One film in English and Estonian: a build takes seconds."""
        directory = self.root / "films"
        directory.mkdir()
        for name in FILM:
            shutil.copy(SAMPLE / "films" / name, directory / name)
        return directory

    @functools.cached_property
    def et_pairs(self) -> Path:
        """The sample's Estonian gold pairs (CrowS-Pairs columns; lines without a pair out)."""
        rows = [row for row in read_rows(GOLD / "pairs.csv")
                if row["lang"] == "et" and row["sent_more"] and row["sent_less"]]
        return write_rows(self.root / "et_pairs.csv", rows)

    @functools.cached_property
    def transferred(self) -> Path:
        path = self.root / "transferred.csv"
        align("transfer", SEEDS, "--aligned", GOLD / "alignment.csv", "--cues",
              GOLD / "cues.csv", "--lang", "et", "--out", path)
        return path

    @functools.cached_property
    def sheet(self) -> Path:
        path = self.root / "sheet.csv"
        align("review", "export", self.transferred, "--out", path)
        return path

    @functools.cached_property
    def built(self) -> Path:
        out = self.root / "built"
        align(*self.build_args(out), env={"CINEALIGN_CACHE": str(self.cache)})
        return out

    def build_args(self, out: Path, *extra: str) -> list[str]:
        return ["build", "--tgt", "et", "--src-subs", str(self.films), "--pairs", str(SEEDS),
                "--encoder", "e5-small", "--out", str(out), "--no-progress", *extra]

    @functools.cached_property
    def lexicons(self) -> Path:
        from aligner.resources import lexicon_root

        base = self.root / "lexicons"
        shutil.copytree(lexicon_root(), base, ignore=shutil.ignore_patterns("*.py", "__*"))
        return base

    def copy_of(self, material: str, directory: Path) -> Path:
        """A copy of a directory material (``built``, ``lexicons``) that a probe may edit."""
        copy = directory / material
        shutil.copytree(getattr(self, material), copy)
        return copy

    @functools.cached_property
    def model(self) -> Path:
        """A tiny BERT whose vocabulary covers the sample's Estonian pairs."""
        return self.tiny_model(self.root / "model", seed=3)

    def tiny_model(self, directory: Path, seed: int) -> Path:
        import sys

        sys.path.insert(0, str(REPO / "tests"))
        from tiny_models import bert, wordpiece_vocabulary

        texts = [row[side] for row in read_rows(self.et_pairs) for side in ("sent_more",
                                                                             "sent_less")]
        return bert(directory, seed, wordpiece_vocabulary(texts, 300))

    @functools.cached_property
    def full_disk(self) -> tuple[Path | None, str]:
        """A directory on a tmpfs with no space left, when mounting one is allowed."""
        mount, refused = self._tmpfs("full", "256k")
        if mount is None:
            return None, f"{refused}: ulimit -f only"
        filler = mount / "filler"
        try:
            with filler.open("wb") as handle:
                while True:
                    handle.write(b"\0" * 4096)
                    handle.flush()
        except OSError:
            pass
        return mount, "a full 256 KB tmpfs (ENOSPC) and ulimit -f (EFBIG)"

    @functools.cached_property
    def small_disk(self) -> tuple[Path | None, str]:
        """An empty 1 MB tmpfs that probes fill to leave a little room, when mounting is
        allowed (:func:`leave_free`)."""
        mount, refused = self._tmpfs("small", "1m")
        return (mount, "a 1 MB tmpfs") if mount is not None else (None, refused)

    def _tmpfs(self, name: str, size: str) -> tuple[Path | None, str]:
        """A tmpfs of ``size`` mounted at ``root/name``, or None and why not."""
        mount = self.root / name
        mount.mkdir()
        done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(mount)],
                              capture_output=True, text=True, check=False)
        if done.returncode != 0:
            return None, f"no tmpfs ({done.stderr.strip() or 'mount failed'})"
        return mount, ""

    def cleanup(self) -> None:
        for disk in ("full_disk", "small_disk"):
            if disk in self.__dict__ and self.__dict__[disk][0] is not None:
                # lazily: a cache connection the probes left open may still hold a file there
                subprocess.run(["umount", "-l", str(self.__dict__[disk][0])], check=False)


def leave_free(mount: Path, kilobytes: int) -> None:
    """Empty ``mount``, then fill it so that ``kilobytes`` stay free."""
    import os

    for entry in mount.iterdir():
        if entry.is_dir():
            shutil.rmtree(entry)
        else:
            entry.unlink()
    stats = os.statvfs(mount)
    room = stats.f_bavail * stats.f_frsize - kilobytes * 1024
    (mount / "filler").write_bytes(bytes(max(room, 0)))


def align(*args, env: dict[str, str] | None = None) -> None:
    """Run a command that makes a material; it must succeed."""
    from probes.harness import Call, run_in_process

    outcome = run_in_process(Call([str(a) for a in args], "ok", env=env or {}))
    if outcome.rc != 0:
        raise RuntimeError(f"align {' '.join(map(str, args))} failed: {outcome.output[-500:]}")


def read_rows(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def write_rows(path: Path, rows: list[dict[str, str]], encoding: str = "utf-8",
               delimiter: str = ",") -> Path:
    with path.open("w", encoding=encoding, newline="", errors="replace") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]), delimiter=delimiter)
        writer.writeheader()
        writer.writerows(rows)
    return path
