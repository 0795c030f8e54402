"""Probe the ``align`` command with bad inputs and faults, as a careful user would.

Every probe feeds one malformed file, bad option, fault (a full disk, kill -9, a second
build into the same directory, a decompression bomb) or once-refused good input to the
CLI and judges the result:

    clean      a bad input refused with one error line (no traceback)
    accepted   a good input read (or a bad one handled in the way the user wants)
    traceback  a Python traceback, a crash or a hang
    silent     a bad input accepted without a word
    wrong      a good input refused, or a wrong result (stale scores, output written on error)
    loss       a file a person made (decisions, a dataset) changed or removed
    skipped    the probe cannot run on this machine (it says why)

Probes are grouped by the rows of issue 15's table (plus the areas it found sound); each
row names the issue whose engineer owns its fix, and every failing row is listed at the
end. The full-disk probes use a full tmpfs when this process may mount one (root), and a
file-size limit (ulimit -f) always; the summary says which ran.

    python scripts/probe_inputs.py [--rows csv-shape,build-empty] [--subprocess] [--json F]

Exit status: 0 when every row passes, 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from probes import build, faults, ingest, lexicons, score, tables
from probes.harness import GOOD, VERDICTS, Probe, Result, run_probe
from probes.materials import Materials
from probes.rows import ROWS
from rich.console import Console
from rich.progress import Progress
from rich.table import Table

CATALOGUES = (ingest, tables, build, score, lexicons, faults)


def all_probes(materials: Materials) -> list[Probe]:
    found = [probe for catalogue in CATALOGUES for probe in catalogue.probes(materials)]
    unknown = sorted({probe.row for probe in found} - set(ROWS))
    if unknown:
        raise ValueError(f"probes name rows that rows.py lacks: {unknown}")
    return found


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Probe the align CLI with bad inputs.")
    parser.add_argument("--rows", help="Only these rows (comma-separated).")
    parser.add_argument("--subprocess", action="store_true",
                        help="Run every probe in a fresh interpreter (slower, most faithful).")
    parser.add_argument("--json", type=Path, help="Write every result here as JSON.")
    parser.add_argument("--keep", action="store_true", help="Keep the probes' files.")
    args = parser.parse_args(argv)
    root = Path(tempfile.mkdtemp(prefix="cinealign-probe-"))
    materials = Materials(root)
    os.environ["CINEALIGN_CACHE"] = str(materials.cache)
    os.environ.setdefault("HF_HUB_OFFLINE", "1")  # no probe may wait on a network
    try:
        probes = all_probes(materials)
        if args.rows:
            wanted = set(args.rows.split(","))
            probes = [probe for probe in probes if probe.row in wanted]
        results = _run(probes, root / "probes", args.subprocess)
    finally:
        materials.cleanup()
        if not args.keep:
            import shutil

            shutil.rmtree(root, ignore_errors=True)
    disk = materials.__dict__.get("full_disk", (None, "not probed"))[1]
    failed = report(results, disk)
    if args.json:
        args.json.write_text(json.dumps([_as_json(r) for r in results], indent=2,
                                        ensure_ascii=False) + "\n", encoding="utf-8")
    return 1 if failed else 0


def _run(probes: list[Probe], directory: Path, isolate: bool) -> list[Result]:
    results = []
    with Progress(transient=True) as progress:
        task = progress.add_task("probing", total=len(probes))
        for number, probe in enumerate(probes):
            progress.update(task, description=f"{probe.row}: {probe.name[:40]}")
            results.append(run_probe(probe, directory / f"{number:03d}", isolate))
            progress.advance(task)
    return results


def report(results: list[Result], disk: str) -> list[str]:
    """Print the per-row table, the failures and the totals; return the failing rows."""
    console = Console(width=150)
    by_row: dict[str, Counter] = {}
    for result in results:
        by_row.setdefault(result.probe.row, Counter())[result.verdict] += 1
    table = Table(title="align, probed")
    for column in ("row", "issue", "probes", *VERDICTS, "status"):
        table.add_column(column, justify="left" if column in ("row", "status") else "right")
    failed = []
    for row, (issue, _) in ROWS.items():
        counts = by_row.get(row)
        if counts is None:
            continue
        bad = sum(n for verdict, n in counts.items() if verdict not in GOOD)
        if bad:
            failed.append(row)
        table.add_row(row, str(issue), str(sum(counts.values())),
                      *(str(counts.get(v, "")) for v in VERDICTS),
                      "[red]FAIL[/]" if bad else "[green]pass[/]")
    console.print(table)
    for result in results:
        if result.verdict not in GOOD or result.verdict == "skipped":
            console.print(f"{result.verdict:>9}  [{result.probe.row}] {result.probe.name}: "
                          f"{result.detail}", highlight=False, markup=False, soft_wrap=True)
    totals = Counter(result.verdict for result in results)
    console.print(f"{len(results)} probes: " + ", ".join(
        f"{totals.get(v, 0)} {v}" for v in VERDICTS), highlight=False)
    console.print(f"full disk simulated with: {disk}", highlight=False)
    for row in failed:
        issue, what = ROWS[row]
        console.print(f"FAIL {row} (issue {issue}): {what}", highlight=False, markup=False)
    return failed


def _as_json(result: Result) -> dict:
    return {"row": result.probe.row, "issue": ROWS[result.probe.row][0],
            "probe": result.probe.name, "verdict": result.verdict, "detail": result.detail}


if __name__ == "__main__":
    sys.exit(main())
