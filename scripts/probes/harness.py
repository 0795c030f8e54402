"""Running one probe against the ``align`` command and judging what came back.

A probe is a bad input or a fault (or a good input CineAlign once refused), the command a
user would run on it, and what a careful user expects: a clean error, acceptance, or
either. Files the user would be hurt to lose are "guarded": any change to them is a loss.
Commands run in this process through ``aligner.cli.main.run`` (the console script's
entry point, minus interpreter start-up), or in a subprocess when a probe needs one
(resource limits, kill -9, two builds at once, memory use).
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import os
import resource
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

Expect = Literal["error", "ok", "either"]
VERDICTS = ("clean", "accepted", "traceback", "silent", "wrong", "loss", "skipped")
GOOD = ("clean", "accepted", "skipped")


@dataclass
class Outcome:
    rc: int
    output: str
    traceback: str | None = None
    seconds: float = 0.0
    max_rss_mb: float | None = None


@dataclass
class Call:
    """One command and what must hold afterwards."""

    args: list[str]
    expect: Expect
    guard: tuple[Path, ...] = ()  # must be byte-identical afterwards (else: loss)
    absent: tuple[Path, ...] = ()  # must not exist afterwards (else: wrong)
    check: Callable[[Outcome], str | None] | None = None  # a verdict that overrides, or None
    env: dict[str, str] = field(default_factory=dict)
    isolate: bool = False  # run in a subprocess
    fsize_limit: int | None = None  # RLIMIT_FSIZE for the subprocess (ulimit -f)
    timeout: float = 300.0
    skip: str | None = None  # why this probe cannot run here


@dataclass(frozen=True)
class Probe:
    row: str  # the issue-table row (or baseline area) the probe belongs to
    name: str
    make: Callable[[Path], Call]  # builds inputs in a fresh directory, returns the call


@dataclass(frozen=True)
class Result:
    probe: Probe
    verdict: str
    detail: str


def run_probe(probe: Probe, directory: Path, isolate_all: bool = False) -> Result:
    directory.mkdir(parents=True, exist_ok=True)
    try:
        call = probe.make(directory)
    except Exception as err:  # a probe that cannot be set up is the probe's bug: say so
        return Result(probe, "skipped", f"setup failed: {type(err).__name__}: {err}")
    if call.skip:
        return Result(probe, "skipped", call.skip)
    before = {path: _digest(path) for path in call.guard}
    if call.isolate or isolate_all or call.fsize_limit:
        outcome = run_subprocess(call)
    else:
        outcome = run_in_process(call)
    lost = [path for path, digest in before.items() if _digest(path) != digest]
    present = [path for path in call.absent if path.exists()]
    verdict = judge(call, outcome, lost, present)
    return Result(probe, verdict, _detail(outcome, lost, present))


def judge(call: Call, outcome: Outcome, lost: list[Path], present: list[Path]) -> str:
    if outcome.traceback or "Traceback (most recent call last)" in outcome.output:
        return "traceback"
    if lost:
        return "loss"
    if call.check is not None:
        try:
            override = call.check(outcome)
        except OSError:  # what the check looks at was never written: judge by the exit
            override = None
        if override:
            return override
    if present:
        return "wrong"
    if call.expect == "error":
        return "clean" if outcome.rc > 0 else "silent"
    if call.expect == "ok":
        return "accepted" if outcome.rc == 0 else "wrong"
    return "clean" if outcome.rc > 0 else "accepted"


def run_in_process(call: Call) -> Outcome:
    """``align ARGS`` through the console-script entry point, output captured."""
    from aligner.cli.main import run

    buffer = io.StringIO()
    saved_env, saved_argv = dict(os.environ), sys.argv
    os.environ.update({"COLUMNS": "250", **call.env})
    sys.argv = ["align", *call.args]
    started = time.perf_counter()
    rc, trace = 0, None
    try:
        with contextlib.redirect_stdout(buffer), contextlib.redirect_stderr(buffer):
            run()
    except SystemExit as done:
        rc = done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
    except BaseException:  # what a user would see as a traceback
        rc, trace = 1, traceback.format_exc()
    finally:
        sys.argv = saved_argv
        os.environ.clear()
        os.environ.update(saved_env)
    return Outcome(rc, buffer.getvalue(), trace, time.perf_counter() - started)


def run_subprocess(call: Call) -> Outcome:
    """``align ARGS`` in a fresh interpreter; its own peak memory comes from wait4."""
    command = [sys.executable, "-c", "from aligner.cli.main import run; run()", *call.args]
    env = {**os.environ, "COLUMNS": "250", **call.env}
    limit = call.fsize_limit

    def limited() -> None:
        if limit is not None:  # ulimit -f: writes past it fail with EFBIG, as on a full disk
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    started = time.perf_counter()
    with tempfile.TemporaryFile() as log:
        process = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT,
                                   preexec_fn=limited)
        timed_out = False
        while True:
            pid, status, usage = os.wait4(process.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() - started > call.timeout:
                process.kill()
                _, status, usage = os.wait4(process.pid, 0)
                timed_out = True
                break
            time.sleep(0.02)
        process.returncode = rc = os.waitstatus_to_exitcode(status)
        log.seek(0)
        output = log.read().decode("utf-8", "replace")
    trace = "timed out" if timed_out else (f"killed by signal {-rc}" if rc < 0 else None)
    return Outcome(rc, output, trace, time.perf_counter() - started, usage.ru_maxrss / 1024)


def _digest(path: Path) -> str | None:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None


def _detail(outcome: Outcome, lost: list[Path], present: list[Path]) -> str:
    if outcome.traceback:
        last = outcome.traceback.strip().splitlines()[-1]
        return f"rc {outcome.rc}: {last}"
    if lost:
        return f"changed or removed: {', '.join(p.name for p in lost)}"
    if present:
        return f"written although it should not be: {', '.join(p.name for p in present)}"
    lines = [line for line in outcome.output.splitlines() if line.strip()]
    errors = [line for line in lines if "error" in line.lower()]
    shown = (errors or lines or ["(no output)"])[-1].strip()
    memory = f", peak {outcome.max_rss_mb:.0f} MB" if outcome.max_rss_mb else ""
    return f"rc {outcome.rc}{memory}: {shown[:200]}"
