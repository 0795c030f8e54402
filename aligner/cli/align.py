"""``align align`` and ``align eval-align``: argument handling only (see aligner.align)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from aligner.cli.options import language_code


def align(
    src: Annotated[
        Path, typer.Argument(help="Source cues: `align ingest` Parquet or a subtitle file.")
    ],
    tgt: Annotated[
        Path, typer.Argument(help="Target cues: `align ingest` Parquet or a subtitle file.")
    ],
    out: Annotated[
        Path, typer.Option("--out", help="Alignment Parquet to write (atomically).")
    ] = Path("alignment.parquet"),
    lines: Annotated[
        Path | None,
        typer.Option(
            "--lines",
            help="Align only these source lines: Parquet/CSV with film and cue_id, idx or "
            "start_ms (e.g. extract output or seed pairs). Default: the whole film.",
        ),
    ] = None,
    encoder: Annotated[
        str,
        typer.Option(
            "--encoder",
            help="labse, e5-small (bundled, offline), or a sentence-transformers name or dir.",
        ),
    ] = "labse",
    src_lang: Annotated[
        str | None, typer.Option("--src-lang", help="Source language.", callback=language_code)
    ] = None,
    tgt_lang: Annotated[
        str | None, typer.Option("--tgt-lang", help="Target language.", callback=language_code)
    ] = None,
    cache_dir: Annotated[
        Path | None,
        typer.Option(
            "--cache-dir",
            help="Embedding cache (default $CINEALIGN_CACHE or ~/.cache/cinealign/embeddings).",
        ),
    ] = None,
    merges: Annotated[
        bool, typer.Option("--merges/--no-merges", help="Consider 1-2 and 2-1 links.")
    ] = True,
    prune: Annotated[
        bool,
        typer.Option(
            "--prune/--embed-everything",
            help="With --lines: embed only target lines inside the lines' time windows.",
        ),
    ] = True,
    index: Annotated[
        str, typer.Option("--index", help="FAISS index for neighbour search: flat, hnsw, ivf.")
    ] = "flat",
    mode: Annotated[
        str,
        typer.Option(
            "--mode",
            help="film: each film's lines in order, with timing. retrieval: text without "
            "times or order (sentence pairs, lists): every source line searches the whole "
            "target pool; mutual-best links above --threshold are kept.",
        ),
    ] = "film",
    threshold: Annotated[
        float, typer.Option("--threshold", help="Retrieval mode: ratio margin a link must reach.")
    ] = 1.0,
    device: Annotated[
        str, typer.Option("--device", help="Torch device of the encoder: cpu, cuda, cuda:1, mps.")
    ] = "cpu",
    precision: Annotated[
        str | None,
        typer.Option(
            "--precision",
            help="How e5-small computes: fp32, bf16 or int8 (CPU). Default: bf16 where the "
            "CPU or GPU has it, int8 on CPUs with AVX512-VNNI, else fp32.",
        ),
    ] = None,
) -> None:
    """Align source subtitle lines to the same film's target-language lines."""
    import polars as pl

    from aligner.align.corpus import align_corpus, only_language
    from aligner.align.inputs import read_cues, read_frame, select_rows
    from aligner.align.scoring import AlignParams
    from aligner.embed import cached_encoder
    from aligner.errors import ConfigError
    from aligner.io import atomic_path

    if index not in ("flat", "hnsw", "ivf"):
        raise ConfigError(f"--index must be flat, hnsw or ivf, not {index!r}")
    if mode not in ("film", "retrieval"):
        raise ConfigError(f"--mode must be film or retrieval, not {mode!r}")
    src_cues = only_language(read_cues(src), src_lang, "src")
    tgt_cues = only_language(read_cues(tgt), tgt_lang, "tgt")
    selected = select_rows(read_frame(lines), src_cues, lines) if lines else None
    model = cached_encoder(encoder, cache_dir=cache_dir, device=device, precision=precision)
    if mode == "retrieval":
        from aligner.align.retrieval import retrieve

        pool = src_cues.filter(pl.col("film").is_in(list(selected))) if selected else src_cues
        result = retrieve(pool, tgt_cues, model, threshold=threshold, index=index)
    else:
        params = AlignParams(merges=merges, index=index)
        result = align_corpus(
            src_cues, tgt_cues, model, selected=selected, params=params, prune=prune
        )
    with atomic_path(out) as temporary:
        result.write_parquet(temporary)
    _print_summary(result, out, model.embedded, model.served_from_cache)


def _print_summary(result, out: Path, embedded: int, cached: int) -> None:
    import polars as pl

    table = Table(
        "film", "target", "lines", "aligned", "1-2", "2-1", "offset s", "drift",
        title=f"wrote {out}",
    )  # fmt: skip
    summary = result.group_by("film", "tgt_lang", maintain_order=True).agg(
        pl.len().alias("lines"),
        (pl.col("status") == "aligned").sum().alias("aligned"),
        (pl.col("link") == "1-2").sum().alias("one_two"),
        (pl.col("link") == "2-1").sum().alias("two_one"),
        (pl.col("time_offset_ms").first() / 1000).round(2).alias("offset"),
        pl.col("time_drift").first().round(5).alias("drift"),
    )
    for row in summary.iter_rows():
        table.add_row(*("-" if value is None else str(value) for value in row))
    console = Console()
    console.print(table)
    console.print(f"embedded {embedded} texts, {cached} served from the cache")


def eval_align(
    pred: Annotated[Path, typer.Argument(help="Alignment Parquet written by `align align`.")],
    gold: Annotated[
        Path, typer.Argument(help="Gold CSV: film, tgt_lang, src_cue_ids, tgt_cue_ids.")
    ],
) -> None:
    """Link precision, recall and F1 (strict: exact id sets; lax: overlap) against gold."""
    from aligner.align.evaluate import GOLD_COLUMNS, evaluate_alignment, read_gold
    from aligner.align.inputs import read_frame
    from aligner.pairs.io import require_columns

    predicted = read_frame(pred)
    require_columns(predicted, GOLD_COLUMNS, pred)  # the links are compared on gold's columns
    scores = evaluate_alignment(predicted, read_gold(gold))
    table = Table("film", "target", "P strict", "R strict", "F1 strict", "F1 lax", "links", "gold")
    for row in scores.iter_rows(named=True):
        table.add_row(
            row["film"],
            row["tgt_lang"],
            *(f"{row[name]:.3f}" for name in ("precision_strict", "recall_strict", "f1_strict")),
            f"{row['f1_lax']:.3f}",
            str(row["n_predicted"]),
            str(row["n_gold"]),
        )
    Console().print(table)
