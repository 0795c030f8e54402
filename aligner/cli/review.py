"""`align review export|apply|serve`: argument handling only."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from aligner.cli.pairs import LexiconsOption

app = typer.Typer(help="Review queue for linguists: a sheet, a browser page, one decision store.",
                  no_args_is_help=True)

ReviewerOption = Annotated[str | None, typer.Option(
    help="Who is deciding, recorded with every decision [default: your login name].")]


def _reviewer(name: str | None) -> str:
    import getpass

    return name or getpass.getuser()


@app.command("export")
def review_export(
    pairs_csv: Annotated[Path, typer.Argument(help="Pairs CSV written by `align transfer` (or "
                                              "a build's <lang>_cinebias.csv).")],
    out: Annotated[Path, typer.Option(help="Review sheet CSV; a .jsonl twin is written too. "
                                      "A sheet there with decisions not yet applied is kept "
                                      "and the new one written beside it.")],
    cues: Annotated[Path | None, typer.Option(help="Ingested cues (Parquet), both languages, "
                                              "for the lines around each pair.")] = None,
    aligned: Annotated[Path | None, typer.Option(help="Aligner output (Parquet), for the "
                                                 "time map.")] = None,
    decisions: Annotated[Path | None, typer.Option(help="Decision store, to show earlier "
                                                   "decisions.")] = None,
) -> None:
    """Write the review sheet: context, English pair, scores, verdicts, empty decision cells."""
    import polars as pl

    from aligner.pairs.decisions import read_store
    from aligner.pairs.io import read_csv_rows, read_frame
    from aligner.pairs.review import (
        CONTEXT_COLUMNS,
        export_review,
        safe_sheet_path,
        write_review,
    )

    pairs = read_csv_rows(pairs_csv, required=("pair_id", "lang", "film", "sent_more",
                                               "sent_less", "tgt_cue_ids"))
    numbers = {"cosine": pl.Float64, "margin": pl.Float64, "confidence": pl.Float64,
               "start_ms": pl.Int64}
    pairs = pairs.with_columns(pl.col(c).cast(t, strict=False) for c, t in numbers.items()
                               if c in pairs.columns)
    store = read_store(decisions, must_exist=True) if decisions else None
    context = read_frame(cues, CONTEXT_COLUMNS) if cues else None
    sheet = export_review(pairs, context, store, read_frame(aligned) if aligned else None)
    target = safe_sheet_path(out, store)
    write_review(sheet, target, out.with_suffix(".jsonl"))
    if target != out:
        typer.echo(f"{out} holds decisions not yet applied (align review apply): it was kept "
                   f"and the new sheet written to {target}")
    typer.echo(f"{target}: {sheet.height} pairs to review (and {out.with_suffix('.jsonl')}); "
               "decision: accept | reject (why in comment) | edit (edit_sent_more/less)")


@app.command("apply")
def review_apply(
    reviewed: Annotated[Path, typer.Argument(help="The review sheet with decisions filled in.")],
    decisions: Annotated[Path, typer.Option(help="Decision store CSV (created when absent).")],
    pairs: Annotated[Path | None, typer.Option(
        help="The pairs that exist now (pairs CSV, review.jsonl or a build directory); "
             "decisions for other pair ids are kept apart [default: review.jsonl beside the "
             "sheet].")] = None,
    force: Annotated[bool, typer.Option(help="Replace conflicting stored decisions; they "
                                        "move to the history column.")] = False,
    reviewer: ReviewerOption = None,
    lexicons: LexiconsOption = None,
) -> None:
    """Merge decisions into the store: idempotent; conflicts are reported, not overwritten."""
    from aligner.pairs.decisions import frame_of, locked_store, orphaned, records_of, set_apart
    from aligner.pairs.io import read_csv_rows
    from aligner.pairs.review import Validators, apply_review
    from aligner.serve.queue import pair_keys

    sheet = read_csv_rows(reviewed, required=("pair_id", "lang", "sent_more", "sent_less",
                                              "decision", "edit_sent_more", "edit_sent_less",
                                              "comment"))
    source = pairs or next((p for p in (reviewed.with_suffix(".jsonl"),
                                        reviewed.with_name("review.jsonl")) if p.exists()), None)
    known = pair_keys(source) if source else None
    with locked_store(decisions) as records:
        store, report = apply_review(sheet, frame_of(records), Validators(lexicons),
                                     str(reviewed), force, known, _reviewer(reviewer))
        records.clear()
        records.update(records_of(store))
        stranded = orphaned(records, known) if known is not None else []
    typer.echo(f"{decisions}: {len(report.added)} added, {len(report.unchanged)} unchanged, "
               f"{len(report.changed)} changed, {len(report.forced)} replaced, "
               f"{len(report.conflicts)} conflicts")
    if known is None:
        typer.echo("pair ids not checked: no --pairs and no review.jsonl beside the sheet")
    for line in report.conflicts:
        typer.echo(f"conflict (kept the stored decision; it changed after the sheet was "
                   f"exported): {line}")
    for line in report.invalid_edits:
        typer.echo(f"edited pair fails validation: {line}")
    if report.unknown:
        apart = set_apart(report.unknown, decisions)
        ids = ", ".join(f"{row['pair_id']}/{row['lang']}" for row in report.unknown)
        typer.echo(f"{len(report.unknown)} decisions for pairs that do not exist in {source} "
                   f"were not stored; kept apart in {apart}: {ids}")
    if stranded:
        typer.echo(f"{len(stranded)} stored decisions are orphaned: their pairs are not in "
                   f"{source} (kept in {decisions}, applied if the pairs come back): "
                   f"{', '.join(stranded)}")


@app.command("serve")
def review_serve(
    out: Annotated[Path, typer.Argument(help="A build's output directory (or a review.jsonl "
                                        "written by `align review export`).")],
    port: Annotated[int, typer.Option(help="Port on 127.0.0.1.")] = 8765,
    decisions: Annotated[Path | None, typer.Option(
        help="Decision store CSV, shared with `align review apply` and read by `align build` "
             "[default: decisions.csv beside the queue, created when absent].")] = None,
    reviewer: ReviewerOption = None,
    lexicons: LexiconsOption = None,
) -> None:
    """A review page on http://127.0.0.1:PORT: queue, context, live validation, decisions."""
    from aligner.build.generation import finish_interrupted
    from aligner.errors import require

    require("starlette", "review", "align review serve")
    from aligner.serve.app import serve
    from aligner.serve.queue import ReviewQueue

    for note in finish_interrupted(out):  # never review a queue half of one build's, half not
        typer.echo(note)
    queue = ReviewQueue.open(out, decisions, lexicons)
    typer.echo(f"reviewing {len(queue.pairs)} pairs from {queue.source} as "
               f"{_reviewer(reviewer)}; decisions go to {queue.store_path}")
    typer.echo(f"open http://127.0.0.1:{port}/ (Ctrl+C stops)")
    serve(queue, _reviewer(reviewer), port)
