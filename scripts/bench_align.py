"""Speed of the aligner on one sample film pair, as ratios measured in one run.

1. full film, cold cache (fresh directory) vs the same run warm (a new encoder object
   reading the on-disk cache): the cache must make the warm run >= 10x faster;
2. selected lines (the film's seed pairs) with window pruning vs full film, both cold;
3. selected lines with window pruning vs selected lines embedding everything, both cold.

    python scripts/bench_align.py [--film harbour_lights] [--tgt et]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

import polars as pl
from rich.console import Console
from rich.table import Table

from aligner.align import align_film, align_lines, evaluate_alignment, read_gold
from aligner.align.inputs import select_rows
from aligner.embed import cached_encoder
from aligner.subtitles import read_subtitles

SAMPLE = Path(__file__).resolve().parent.parent / "sample"


def film_file(film: str, lang: str) -> Path:
    (path,) = sorted((SAMPLE / "films").glob(f"{film}.{lang}.*"))
    return path


def timed_run(label: str, cache: Path, run) -> tuple[str, float, int, pl.DataFrame]:
    encoder = cached_encoder("e5-small", cache_dir=cache, show_progress=False)
    start = time.perf_counter()
    result = run(encoder)
    return label, time.perf_counter() - start, encoder.embedded, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--film", default="harbour_lights")
    parser.add_argument("--tgt", default="et")
    args = parser.parse_args()
    src = read_subtitles(film_file(args.film, "en"))
    tgt = read_subtitles(film_file(args.film, args.tgt))
    seeds_path = SAMPLE / "seed_pairs.csv"
    seeds = pl.read_csv(seeds_path, infer_schema_length=0).filter(pl.col("film") == args.film)
    rows = select_rows(seeds.select("film", "cue_id"), src, seeds_path)[args.film]
    gold = read_gold(SAMPLE / "gold" / "alignment.csv")

    with tempfile.TemporaryDirectory() as scratch:
        base = Path(scratch)
        runs = [
            timed_run("full film, cold", base / "a", lambda e: align_film(src, tgt, e)),
            timed_run("full film, warm", base / "a", lambda e: align_film(src, tgt, e)),
            timed_run(
                f"{len(rows)} selected lines, pruned, cold",
                base / "b",
                lambda e: align_lines(src, tgt, rows, e),
            ),
            timed_run(
                f"{len(rows)} selected lines, embed everything, cold",
                base / "c",
                lambda e: align_lines(src, tgt, rows, e, prune=False),
            ),
        ]
    table = Table(
        "run", "seconds", "texts embedded", "F1 strict", title=f"{args.film} en->{args.tgt}"
    )
    for label, seconds, embedded, result in runs:
        f1 = evaluate_alignment(result, gold).filter(pl.col("film") == "ALL")["f1_strict"].item()
        table.add_row(label, f"{seconds:.2f}", str(embedded), f"{f1:.3f}")
    console = Console()
    console.print(table)
    seconds = {label: value for label, value, _, _ in runs}
    cold, warm, pruned, everything = seconds.values()
    console.print(f"cold / warm (full film):                 {cold / warm:6.1f}x")
    console.print(f"full film / selected lines (both cold):  {cold / pruned:6.1f}x")
    console.print(f"embed everything / pruned (selected):    {everything / pruned:6.1f}x")


if __name__ == "__main__":
    main()
