"""A full disk under every command that writes: a real one (a full tmpfs, ENOSPC) where the
machine lets the probe mount one, and a file-size limit (ulimit -f, EFBIG) everywhere."""

from __future__ import annotations

from pathlib import Path

from probes.harness import Call, Outcome, Probe
from probes.materials import GOLD, SAMPLE, SEEDS, Materials, leave_free
from probes.tables import with_decision

FILM = SAMPLE / "films" / "harbour_lights.en.srt"
ULIMIT = 512  # bytes: smaller than every output, larger than the build lock's note


def writers(m: Materials) -> dict[str, tuple[str, object]]:
    """name -> (row, function of (probe dir, output dir) giving the arguments)."""
    return {
        "ingest --out": ("full-disk", lambda d, o: ["ingest", FILM, "--out", o / "c.parquet"]),
        "validate --out": ("full-disk", lambda d, o: ["validate", m.et_pairs, "--lang", "et",
                                                      "--out", o / "v.csv"]),
        "transfer --out": ("full-disk", lambda d, o: ["transfer", SEEDS, "--aligned",
                                                      GOLD / "alignment.csv", "--cues",
                                                      GOLD / "cues.csv", "--lang", "et",
                                                      "--out", o / "t.csv"]),
        "review export --out": ("full-disk", lambda d, o: ["review", "export", m.transferred,
                                                           "--out", o / "r.csv"]),
        "review apply --decisions": ("full-disk", lambda d, o: [
            "review", "apply", with_decision(m.sheet, d / "sheet.csv", every=True), "--decisions",
            o / "store.csv"]),
        "build --out": ("full-disk", lambda d, o: m.build_args(o / "out")),
        "extract --out": ("full-disk", lambda d, o: ["extract", _cues(m, d), "--out",
                                                     o / "x.parquet"]),
        "score --out": ("score-full-disk", lambda d, o: ["score", m.et_pairs, "--model", m.model,
                                                         "--out", o / "score", "--resamples",
                                                         "10"]),
    }


def _cues(m: Materials, d: Path) -> Path:
    from probes.materials import align

    path = d / "cues.parquet"
    align("ingest", FILM, "--out", path)
    return path


def probes(m: Materials) -> list[Probe]:
    found = []
    for name, (row, arguments) in writers(m).items():
        found.append(Probe(row, f"{name} on a full tmpfs", _on_tmpfs(m, arguments)))
        found.append(Probe(row, f"{name} under ulimit -f", _under_ulimit(m, arguments)))
    found.append(Probe("full-disk", "build with the embedding cache on a full tmpfs",
                       _cache_on_tmpfs(m)))
    found.append(Probe("full-disk", "build with a fresh embedding cache under ulimit -f",
                       _fresh_cache_under_ulimit(m)))
    for kilobytes in FREE_KB:
        found.append(Probe("full-disk-fresh", f"build into a fresh --out with {kilobytes} KB "
                           "free", _nearly_full(m, kilobytes)))
    return found


FREE_KB = (10, 40, 60, 80, 100, 125, 150, 175, 200)  # where a one-film build runs out of room


def _nearly_full(m: Materials, kilobytes: int):
    """Refused with one line naming the file and the full disk, and no output of this build
    in OUT (stage artefacts are whole files: a resume uses them); or built whole."""
    def make(d: Path) -> Call:
        mount, how = m.small_disk
        if mount is None:
            return Call([], "error", skip=how)
        leave_free(mount, kilobytes)
        out = mount / "out"

        def whole_or_nothing(outcome: Outcome) -> str | None:
            left = [p.name for p in out.glob("*") if p.name not in ("work", ".build.lock")]
            left += [p.name for p in out.rglob("*.tmp")]
            if outcome.rc == 0:
                return None if {"manifest.json", "et_cinebias.csv"} <= set(left) else "wrong"
            said = outcome.output.strip().splitlines()[-1] if outcome.output.strip() else ""
            if not (said.startswith("error: ") and "No space left on device" in said):
                return "wrong"
            return "wrong" if left else None
        return Call(m.build_args(out), "either", check=whole_or_nothing,
                    env={"CINEALIGN_CACHE": str(m.cache)})
    return make


def _on_tmpfs(m: Materials, arguments):
    def make(d: Path) -> Call:
        mount, how = m.full_disk
        if mount is None:
            return Call([], "error", skip=how)
        target = mount / d.name
        return Call([str(a) for a in arguments(d, target)], "error",
                    env={"CINEALIGN_CACHE": str(m.cache)})
    return make


def _under_ulimit(m: Materials, arguments):
    def make(d: Path) -> Call:
        return Call([str(a) for a in arguments(d, d / "out")], "error", fsize_limit=ULIMIT,
                    env={"CINEALIGN_CACHE": str(m.cache)})
    return make


def _cache_on_tmpfs(m: Materials):
    def make(d: Path) -> Call:
        mount, how = m.full_disk
        if mount is None:
            return Call([], "error", skip=how)
        return Call(m.build_args(d / "out"), "error",
                    env={"CINEALIGN_CACHE": str(mount / "cache")})
    return make


def _fresh_cache_under_ulimit(m: Materials):
    def make(d: Path) -> Call:
        return Call(m.build_args(d / "out"), "error", fsize_limit=ULIMIT,
                    env={"CINEALIGN_CACHE": str(d / "cache")})
    return make
