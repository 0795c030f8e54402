"""Probes of ``align build``: options, configs, empty results, locks, stage keys, kill -9."""

from __future__ import annotations

import json
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

from probes.harness import Call, Outcome, Probe
from probes.materials import SEEDS, Materials, align, read_rows, write_rows

DATASET = "et_cinebias.csv"


def _no_work(out: Path):
    """A refused build refused before reading the films: no stage artefact exists."""
    def check(outcome: Outcome) -> str | None:
        late = outcome.rc != 0 and list((out / "work").rglob("*.parquet"))
        return "wrong" if late else None
    return check


def option_probes(m: Materials) -> list[Probe]:
    cases = {  # name -> (extra arguments given the probe directory, row)
        "--category nonsense": (lambda d: ["--category", "nonsense"], "build-options"),
        "--min-confidence 7": (lambda d: ["--min-confidence", "7"], "build-options"),
        "--min-confidence -0.5": (lambda d: ["--min-confidence", "-0.5"], "build-options"),
        "--min-confidence nan": (lambda d: ["--min-confidence", "nan"], "build-options"),
        "--min-confidence high": (lambda d: ["--min-confidence", "high"], "build-options"),
        "--force nonsense": (lambda d: ["--force", "nonsense"], "build-options"),
        "--src-subs missing": (lambda d: ["--src-subs", str(d / "nope")], "build-options"),
        "--src-subs a file": (lambda d: ["--src-subs", str(SEEDS)], "build-options"),
        "--tgt-subs missing": (lambda d: ["--tgt-subs", str(d / "nope")], "build-options"),
        "--pairs missing": (lambda d: ["--pairs", str(d / "nope.csv")], "build-options"),
        "--pairs a directory": (lambda d: ["--pairs", str(d)], "build-options"),
        "--stanza-dir missing": (lambda d: ["--stanza-dir", str(d / "nope")], "build-options"),
        "--lexicons missing": (lambda d: ["--lexicons", str(d / "nope")], "build-options"),
        "--work names a file": (lambda d: ["--work", str(SEEDS)], "build-options"),
        "--src xx": (lambda d: ["--src", "xx"], "build-early"),
        "--tgt xx": (lambda d: ["--tgt", "xx"], "build-early"),
        "--score-model missing directory": (lambda d: ["--score-model", str(d / "nope")],
                                            "build-early"),
        "--encoder missing directory": (lambda d: ["--encoder", str(d / "nope")],
                                        "encoder-once"),
        "--encoder nonsense (offline)": (lambda d: ["--encoder", "nonsense-encoder"],
                                         "encoder-once"),
        "--decisions missing file": (lambda d: ["--decisions", str(d / "nope.csv")],
                                     "decisions-missing"),
        "--decisions missing columns": (lambda d: ["--decisions", str(_columns_missing(d))],
                                        "decisions-columns"),
        "--config missing": (lambda d: ["--config", str(d / "nope.toml")], "config-types"),
        "--config a directory": (lambda d: ["--config", str(d)], "config-types"),
    }
    probes = []
    for name, (extra, row) in cases.items():
        probes.append(Probe(row, f"build {name}", _option(m, extra)))
    probes.append(Probe("config-types", "build --out naming a file", _out_file(m)))
    return probes


def _columns_missing(d: Path) -> Path:
    return write_rows(d / "decisions.csv", [{"pair_id": "x", "decision": "accept"}])


def _option(m: Materials, extra):
    def make(d: Path) -> Call:
        out = d / "out"
        args = m.build_args(out)
        added = extra(d)
        for flag, value in zip(added[::2], added[1::2], strict=True):
            if flag in args and flag not in ("--category", "--force"):
                args[args.index(flag) + 1] = value
            else:
                args += [flag, value]
        return Call(args, "error", check=_no_work(out),
                    env={"CINEALIGN_CACHE": str(m.cache), "HF_HUB_OFFLINE": "1"})
    return make


def _out_file(m: Materials):
    def make(d: Path) -> Call:
        taken = d / "taken.csv"
        taken.write_text("my own data\n", encoding="utf-8")
        return Call(m.build_args(taken), "error", guard=(taken,))
    return make


CONFIGS = {
    'min_confidence = "high"': "config-types",
    "min_confidence = 7": "config-types",
    "min_confidence = nan": "config-types",
    'categories = "gender"': "config-types",
    'categories = ["nonsense"]': "config-types",
    "src_subs = 3": "config-types",
    "show_progress = 1": "config-types",
    'out = "taken.csv"': "config-types",
    'encoder = ""': "config-types",
    'encodr = "labse"': "config-types",
    "build = 3": "config-types",
    "min_confidence = ": "config-types",
}


def config_probes(m: Materials) -> list[Probe]:
    def make_for(line: str):
        def make(d: Path) -> Call:
            (d / "taken.csv").write_text("x\n", encoding="utf-8")
            config = d / "build.toml"
            head = "" if line.startswith(("build =", "src_subs")) else "[build]\n"
            subs = "" if line.startswith(("build =", "src_subs")) else f'src_subs = "{m.films}"\n'
            config.write_text(f'{head}tgt = "et"\n{subs}{line}\n', encoding="utf-8")
            return Call(["build", "--config", str(config), "--out", str(d / "out")], "error",
                        check=_no_work(d / "out"), guard=(d / "taken.csv",))
        return make

    def not_utf8(d: Path) -> Call:
        config = d / "build.toml"
        config.write_bytes(f'tgt = "et"\nsrc_subs = "{m.films}"\n# Õie\n'.encode("cp1257"))
        return Call(["build", "--config", str(config)], "error")

    probes = [Probe(row, f"config {line}", make_for(line)) for line, row in CONFIGS.items()]
    probes.append(Probe("config-types", "config not UTF-8", not_utf8))
    return probes


def empty_probes(m: Materials) -> list[Probe]:
    def guarded(extra, allow: bool = False, prepare=None):
        def make(d: Path) -> Call:
            out = m.copy_of("built", d)
            args = m.build_args(out, *extra)
            if prepare is not None:
                args = prepare(d, args)
            dataset = out / DATASET
            if allow:
                return Call(args, "ok", env={"CINEALIGN_CACHE": str(m.cache)},
                            check=lambda o: None if _rows(dataset) == 0 else "wrong")
            return Call(args, "error", guard=(dataset,), env={"CINEALIGN_CACHE": str(m.cache)})
        return make

    def broken_films(d: Path, args: list[str]) -> list[str]:
        films = d / "films"
        shutil.copytree(m.films, films)
        (films / "harbour_lights.et.srt").write_bytes(b"\x00broken")
        args[args.index("--src-subs") + 1] = str(films)
        return args

    def broken_lexicon(d: Path, args: list[str]) -> list[str]:
        root = m.copy_of("lexicons", d)
        (root / "et" / "gender.toml").write_text("[woman\n", encoding="utf-8")
        return [*args, "--lexicons", str(root)]

    def nothing_accepted(d: Path, args: list[str]) -> list[str]:
        return [*args, "--min-confidence", "1"]

    return [
        Probe("build-empty", "every film fails (broken target subtitles)",
              guarded([], prepare=broken_films)),
        Probe("build-empty", "every film fails (lexicon typo)", guarded([],
                                                                       prepare=broken_lexicon)),
        Probe("build-empty", "a category the films lack", guarded(["--category", "disability"])),
        Probe("build-empty", "nothing passes --min-confidence 1",
              guarded([], prepare=nothing_accepted)),
        Probe("build-empty", "--allow-empty replaces it on purpose",
              guarded(["--category", "disability", "--allow-empty"], allow=True)),
    ]


def _rows(path: Path) -> int:
    return len(read_rows(path)) if path.exists() else -1


def lock_probes(m: Materials) -> list[Probe]:
    def concurrent(d: Path) -> Call:
        out = m.copy_of("built", d)
        holder = subprocess.Popen(
            [sys.executable, "-c", "from aligner.cli.main import run; run()",
             *m.build_args(out, "--force", "align")],
            env={**_env(m)}, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        lock = out / ".build.lock"
        deadline = time.monotonic() + 60
        while not (lock.exists() and f"pid {holder.pid}" in lock.read_text(encoding="utf-8")):
            if holder.poll() is not None or time.monotonic() > deadline:
                return Call([], "error", skip="the first build ended before the second began")
            time.sleep(0.05)

        def finish(outcome: Outcome) -> str | None:
            holder.wait(timeout=300)
            ok = holder.returncode == 0 and _rows(out / DATASET) > 0
            if not ok:
                return "wrong"  # the first build must still finish cleanly
            told = f"pid {holder.pid}" in outcome.output and "another --out" in outcome.output
            return None if told else "silent"  # who holds it, and what to do
        return Call(m.build_args(out), "error", check=finish, env={"CINEALIGN_CACHE":
                                                                   str(m.cache)})

    return [Probe("build-lock", "a second build while the first writes the same --out",
                  concurrent)]


def _env(m: Materials) -> dict[str, str]:
    import os

    return {**os.environ, "CINEALIGN_CACHE": str(m.cache)}


def stage_probes(m: Materials) -> list[Probe]:
    def forced(d: Path) -> Call:
        out = m.copy_of("built", d)

        def later_redone(outcome: Outcome) -> str | None:
            ran = json.loads((out / "manifest.json").read_text())["stages_run"]
            return None if any(s.startswith("validate/") for s in ran) else "wrong"
        return Call(m.build_args(out, "--force", "transfer"), "ok", check=later_redone,
                    env={"CINEALIGN_CACHE": str(m.cache)})

    def edited_lexicon(d: Path) -> Call:
        out = d / "out"
        root = m.copy_of("lexicons", d)
        env = {"CINEALIGN_CACHE": str(m.cache)}
        align(*m.build_args(out, "--lexicons", root), env=env)
        gender = root / "et" / "gender.toml"
        gender.write_text(gender.read_text(encoding="utf-8") + "\n# an edit\n", encoding="utf-8")

        def redone(outcome: Outcome) -> str | None:
            ran = json.loads((out / "manifest.json").read_text())["stages_run"]
            stages = {s.split("/")[0] for s in ran}
            return None if {"transfer", "validate"} <= stages and "align" not in stages \
                else "wrong"
        return Call(m.build_args(out, "--lexicons", str(root)), "ok", check=redone, env=env)

    return [Probe("stage-keys", "--force transfer redoes validate", forced),
            Probe("stage-keys", "an edited lexicon redoes transfer and validate, not align",
                  edited_lexicon)]


def _kill_build_when(args: list[str], env: dict[str, str], ready, poll: float) -> bool:
    """Start ``align ARGS`` and kill -9 it once ``ready()``; False when it ended first (or
    took over two minutes to get there)."""
    process = subprocess.Popen(
        [sys.executable, "-c", "from aligner.cli.main import run; run()", *args],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while not ready():
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            return False
        time.sleep(poll)
    process.send_signal(signal.SIGKILL)
    process.wait()
    return True


def kill_probes(m: Materials) -> list[Probe]:
    def killed(d: Path) -> Call:
        out = d / "out"
        cache = d / "cache"  # a cold cache, so the build is slow enough to be killed
        if not _kill_build_when(m.build_args(out), {**_env(m), "CINEALIGN_CACHE": str(cache)},
                                lambda: list((out / "work" / "et" / "ingest").glob("*.parquet")),
                                0.02):
            return Call([], "ok", skip="the build ended before it could be killed")

        def identical(outcome: Outcome) -> str | None:
            same = (out / DATASET).read_bytes() == (m.built / DATASET).read_bytes()
            return None if same else "wrong"
        return Call(m.build_args(out), "ok", check=identical, env={"CINEALIGN_CACHE": str(cache)})

    return [Probe("kill-resume", "kill -9 mid-build, then the same command", killed),
            Probe("kill-outputs", "kill -9 while the outputs are written, then the same "
                  "command", killed_writing(m))]


GENERATION = ("et_cinebias.csv", "review.csv", "review.jsonl", "report.md")


def _generation(out: Path, old: Path, new: Path) -> str | None:
    """Why OUT is not one build's outputs (each file as in ``old`` or each as in ``new``),
    or None. A committed generation waiting in a staging directory counts as the new one:
    the next build or review serve moves it in."""
    if any((staging / "manifest.json").is_file() for staging in out.glob(".generation-*")):
        return None
    kinds = {name: "old" if (out / name).read_bytes() == (old / name).read_bytes() else
             "new" if (out / name).read_bytes() == (new / name).read_bytes() else "other"
             for name in GENERATION}
    if len(set(kinds.values())) == 1 and "other" not in kinds.values():
        return None
    return ", ".join(f"{name} {kind}" for name, kind in kinds.items())


def killed_writing(m: Materials):
    """Killed once its first output is staged (or, without staging, written)."""
    def make(d: Path) -> Call:
        extra = ("--min-confidence", "0.99")  # outputs other than the copied build's
        new = d / "reference"
        align(*m.build_args(new, *extra), env={"CINEALIGN_CACHE": str(m.cache)})
        out = m.copy_of("built", d)
        args = m.build_args(out, *extra)
        old_dataset = (m.built / DATASET).read_bytes()
        if not _kill_build_when(args, _env(m), lambda: list(out.glob(".generation-*/*")) or (
                out / DATASET).read_bytes() != old_dataset, 0.002):
            return Call([], "ok", skip="the build ended before it could be killed")
        left = _generation(out, m.built, new)

        def one_generation(outcome: Outcome) -> str | None:
            return "wrong" if left or _generation(out, m.built, new) else None
        return Call(args, "ok", check=one_generation, env={"CINEALIGN_CACHE": str(m.cache)})
    return make


def review_new_probes(m: Materials) -> list[Probe]:
    def overwritten(d: Path) -> Call:
        out = m.copy_of("built", d)
        env = {"CINEALIGN_CACHE": str(m.cache)}
        rows = read_rows(out / "review.csv")
        rows[0]["decision"] = "accept"
        write_rows(out / "review.csv", rows)
        align(*m.build_args(out, "--force", "validate"), env=env)  # writes review.new.csv
        fresh = out / "review.new.csv"
        rows = read_rows(fresh)
        rows[1]["decision"] = "reject"
        write_rows(fresh, rows)
        return Call(m.build_args(out, "--force", "validate"), "ok", env=env,
                    guard=(out / "review.csv", fresh))

    return [Probe("review-new", "a second unapplied sheet (review.new.csv)", overwritten)]


def probes(m: Materials) -> list[Probe]:
    return (option_probes(m) + config_probes(m) + empty_probes(m) + lock_probes(m)
            + stage_probes(m) + kill_probes(m) + review_new_probes(m))
