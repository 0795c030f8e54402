"""Whole-release builds: films per hour, how time grows with films, local vs Ray.

Writes synthetic OPUS releases of 1, 8 and 64 films (``sample_corpus/opus_release.py``:
each film 27 distinct lines, adverts at the end), builds each cold (fresh embedding
cache and output) on the local engine and, with ``--ray``, on a local Ray instance,
and prints seconds, films per hour, seconds per film relative to the smallest release
(linear growth keeps it near 1) and whether Ray wrote the same bytes as local.

    python scripts/bench_build.py [--films 1 8 64] [--ray] [--jobs N]

The machine may be shared: the per-film ratios, measured in this one run, are what to read.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

from rich.console import Console
from rich.table import Table
from sample_corpus.opus_release import write_release

from aligner.build import resolve_config, run_build, write_outputs

SCRIPTS = Path(__file__).resolve().parent.parent / "sample" / "script"


def build(release: Path, out: Path, engine: str, jobs: int | None) -> float:
    """Seconds for one cold build of ``release`` into ``out``."""
    os.environ["CINEALIGN_CACHE"] = str(out / "cache")
    config = resolve_config(
        {},
        {"src": "en", "tgt": "et", "release": release, "encoder": "e5-small", "out": out,
         "engine": engine, "jobs": jobs, "show_progress": False},
    )  # fmt: skip
    started = time.perf_counter()
    write_outputs(run_build(config))
    return time.perf_counter() - started


def same_outputs(first: Path, second: Path) -> bool:
    files = sorted(p.relative_to(first) for p in (first / "work").rglob("*.parquet"))
    files += [Path("review.csv"), Path("et_cinebias.csv")]
    return all((first / f).read_bytes() == (second / f).read_bytes() for f in files)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--films", type=int, nargs="+", default=[1, 8, 64])
    parser.add_argument("--ray", action="store_true", help="also build on a local Ray")
    parser.add_argument("--jobs", type=int, help="films at once on the local engine")
    args = parser.parse_args()
    engines = ["local", "ray"] if args.ray else ["local"]
    table = Table("films", "engine", "seconds", "films/hour", "s per added film", "same")
    console = Console()
    previous: dict[str, tuple[int, float]] = {}
    with tempfile.TemporaryDirectory() as scratch:
        base = Path(scratch)
        for films in sorted(args.films):
            release = base / f"release{films}"
            write_release(SCRIPTS, release, films)
            outs = {}
            for engine in engines:
                outs[engine] = base / f"{engine}{films}"
                seconds = build(release, outs[engine], engine, args.jobs)
                before = previous.get(engine)
                added = (seconds - before[1]) / (films - before[0]) if before else None
                previous[engine] = (films, seconds)
                same = same_outputs(outs["local"], outs[engine]) if engine != "local" else None
                table.add_row(
                    str(films),
                    engine,
                    f"{seconds:.1f}",
                    f"{films * 3600 / seconds:.0f}",
                    "-" if added is None else f"{added:.2f}",
                    "-" if same is None else ("yes" if same else "NO"),
                )
                console.print(f"{films} films on {engine}: {seconds:.1f} s")
    console.print(table)
    if args.ray:
        import ray

        ray.shutdown()


if __name__ == "__main__":
    main()
