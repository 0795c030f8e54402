"""Link F1 of the aligner on the bundled sample gold, per film and target language.

For every encoder that loads offline, aligns each sample film's English lines to its
Estonian and Hindi lines (harbour_lights et carries a +12.3 s offset, night_shift et a
25/23.976 framerate drift) with timing, and again with the timestamps removed (the
plain-text path), and prints strict and lax precision/recall/F1.

    python scripts/eval_align.py [--encoder e5-small --encoder labse] [--cache-dir DIR]
"""

from __future__ import annotations

import argparse
from pathlib import Path

import polars as pl
from rich.console import Console
from rich.table import Table

from aligner.align import align_film, evaluate_alignment, read_gold
from aligner.embed import cached_encoder
from aligner.errors import ModelUnavailableError
from aligner.subtitles import read_subtitles

SAMPLE = Path(__file__).resolve().parent.parent / "sample"
TARGETS = ("et", "hi")


def film_file(film: str, lang: str) -> Path:
    (path,) = sorted((SAMPLE / "films").glob(f"{film}.{lang}.*"))
    return path


def without_times(frame: pl.DataFrame) -> pl.DataFrame:
    return frame.with_columns(
        pl.lit(None, pl.Int64).alias("start_ms"), pl.lit(None, pl.Int64).alias("end_ms")
    )


def evaluate(encoder, films: list[str], timed: bool) -> pl.DataFrame:
    results = []
    for film in films:
        src = read_subtitles(film_file(film, "en"))
        for lang in TARGETS:
            tgt = read_subtitles(film_file(film, lang))
            if not timed:
                src, tgt = without_times(src), without_times(tgt)
            results.append(align_film(src, tgt, encoder))
    return evaluate_alignment(pl.concat(results), read_gold(SAMPLE / "gold" / "alignment.csv"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--encoder", action="append", help="default: e5-small and labse")
    parser.add_argument("--cache-dir", type=Path, help="embedding cache (default: the user's)")
    parser.add_argument("--film", action="append", help="default: every sample film")
    args = parser.parse_args()
    films = args.film or sorted({p.name.split(".")[0] for p in (SAMPLE / "films").iterdir()})
    console = Console()
    table = Table(
        "encoder",
        "timing",
        "film",
        "target",
        "P strict",
        "R strict",
        "F1 strict",
        "F1 lax",
        "links",
        "gold",
        title="alignment vs sample/gold/alignment.csv",
    )
    for name in args.encoder or ["e5-small", "labse"]:
        try:
            encoder = cached_encoder(name, cache_dir=args.cache_dir)
        except ModelUnavailableError as err:
            console.print(f"[yellow]{name}: unavailable offline[/] ({err})")
            continue
        for timed in (True, False):
            for row in evaluate(encoder, films, timed).iter_rows(named=True):
                table.add_row(
                    name,
                    "times" if timed else "plain text",
                    row["film"],
                    row["tgt_lang"],
                    *(
                        f"{row[k]:.3f}"
                        for k in ("precision_strict", "recall_strict", "f1_strict", "f1_lax")
                    ),
                    str(row["n_predicted"]),
                    str(row["n_gold"]),
                )
    console.print(table)


if __name__ == "__main__":
    main()
