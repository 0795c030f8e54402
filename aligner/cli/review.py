"""`align review export|apply|serve|agreement`: argument handling only."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from aligner.cli.pairs import LexiconsOption

app = typer.Typer(help="Review queue for linguists: a sheet, a browser page, one decision store.",
                  no_args_is_help=True)

ReviewerOption = Annotated[str | None, typer.Option(
    help="Who is deciding, recorded with every decision \\[default: your login name].")]


MinVotesOption = Annotated[int | None, typer.Option(
    "--min-votes", min=1, help="Agreeing votes a decision needs to count (and the majority "
    "of the votes cast) \\[default: as saved beside the store, else 1].")]


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
    reviewer: Annotated[str | None, typer.Option(
        help="Show this reviewer's own votes (others' stay hidden) rather than what the "
             "votes decided.")] = None,
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
    sheet = export_review(pairs, context, store, read_frame(aligned) if aligned else None,
                          reviewer)
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
             "decisions for other pair ids are kept apart \\[default: review.jsonl beside the "
             "sheet].")] = None,
    force: Annotated[bool, typer.Option(help="Replace conflicting stored decisions; they "
                                        "move to the history column.")] = False,
    reviewer: ReviewerOption = None,
    lexicons: LexiconsOption = None,
) -> None:
    """Merge decisions into the store: idempotent; conflicts are reported, not overwritten."""
    from aligner.pairs.decisions import locked_store, orphaned, set_apart
    from aligner.pairs.io import read_csv_rows
    from aligner.pairs.review import Validators, apply_review
    from aligner.serve.queue import pair_keys

    sheet = read_csv_rows(reviewed, required=("pair_id", "lang", "sent_more", "sent_less",
                                              "decision", "edit_sent_more", "edit_sent_less",
                                              "comment"))
    source = pairs or next((p for p in (reviewed.with_suffix(".jsonl"),
                                        reviewed.with_name("review.jsonl")) if p.exists()), None)
    known = pair_keys(source) if source else None
    with locked_store(decisions) as log:
        store, report = apply_review(sheet, log.frame(), Validators(lexicons),
                                     str(reviewed), force, known, _reviewer(reviewer))
        log.added.extend(store.slice(len(log.rows)).to_dicts())  # apply only appends
        stranded = orphaned(store, known) if known is not None else []
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
             "\\[default: decisions.csv beside the queue, created when absent].")] = None,
    reviewer: ReviewerOption = None,
    lexicons: LexiconsOption = None,
    per_pair: Annotated[int | None, typer.Option(
        "--per-pair", min=1, help="Reviewers each pair should get \\[default: as saved beside "
        "the store, else 3].")] = None,
    overlap: Annotated[float | None, typer.Option(
        help="Give --per-pair reviewers to this share of the pairs only (the rest one each): "
             "enough overlap to measure agreement.")] = None,
    min_votes: MinVotesOption = None,
) -> None:
    """A review page on http://127.0.0.1:PORT for several reviewers: each gets the pairs still
    wanting their vote, sees others' votes only after voting, and settles open pairs."""
    from aligner.build.generation import finish_interrupted
    from aligner.errors import require

    require("starlette", "review", "align review serve")
    from aligner.serve.app import serve
    from aligner.serve.queue import ReviewQueue

    for note in finish_interrupted(out):  # never review a queue half of one build's, half not
        typer.echo(note)
    rules = _rules(out, decisions, per_pair, overlap, min_votes)
    queue = ReviewQueue.open(out, decisions, lexicons, rules)
    typer.echo(f"reviewing {len(queue.pairs)} pairs from {queue.source} as "
               f"{_reviewer(reviewer)}; decisions go to {queue.store_path}")
    overlap_note = f" on {queue.rules.overlap:.0%} of them" if queue.rules.overlap else ""
    typer.echo(f"{queue.rules.per_pair} reviewers per pair{overlap_note}; a decision needs a "
               f"majority and {queue.rules.min_votes} agreeing vote(s)")
    typer.echo(f"open http://127.0.0.1:{port}/ (Ctrl+C stops)")
    serve(queue, _reviewer(reviewer), port)


def _store(out: Path, decisions: Path | None) -> Path:
    return decisions or (out if out.is_dir() else out.parent) / "decisions.csv"


def _rules(out: Path, decisions: Path | None, per_pair: int | None, overlap: float | None,
           min_votes: int | None):
    """The rules saved beside the store with the options given replacing theirs; None when
    no option was given (the saved rules stand)."""
    from dataclasses import replace

    from aligner.pairs.consensus import read_rules

    given = {"per_pair": per_pair, "overlap": overlap, "min_votes": min_votes}
    if all(value is None for value in given.values()):
        return None
    saved = read_rules(_store(out, decisions))
    return replace(saved, **{key: value for key, value in given.items() if value is not None})


@app.command("agreement")
def review_agreement(
    out: Annotated[Path, typer.Argument(help="A build's output directory (its review.jsonl "
                                        "and decisions.csv); agreement.md and agreement.csv "
                                        "are written there.")],
    decisions: Annotated[Path | None, typer.Option(
        help="Decision store CSV \\[default: decisions.csv in OUT].")] = None,
    resamples: Annotated[int, typer.Option(min=0, help="Bootstrap resamples for the 95% "
                                           "intervals (0: none).")] = 1000,
    seed: Annotated[int, typer.Option(help="Seed of the bootstrap.")] = 0,
    min_votes: MinVotesOption = None,
    plot: Annotated[Path | None, typer.Option(
        help="Also draw the figures into this PNG: alpha and kappa with their 95% intervals "
             "and the observed agreement, per variable, category and film \\[default: no "
             "plot].")] = None,
) -> None:
    """How far reviewers agree: Krippendorff's alpha and Fleiss' kappa with bootstrap
    intervals, for accept/reject, direction and category, per category and per film,
    and a confusion table per reviewer pair."""
    from aligner.build.report import agreement_section
    from aligner.errors import InputFormatError
    from aligner.io import write_text
    from aligner.pairs.agreement import measure
    from aligner.pairs.consensus import read_rules, resolve
    from aligner.pairs.decisions import read_store
    from aligner.pairs.io import write_csv
    from aligner.serve.queue import load_review

    if not out.is_dir():
        raise InputFormatError("give a build's output directory", out)
    store = _store(out, decisions)
    votes = read_store(store, must_exist=True)
    pairs = load_review(out / "review.jsonl") if (out / "review.jsonl").exists() else None
    if pairs is None:
        raise InputFormatError("no review queue here: run `align build` again (it writes "
                               "review.jsonl)", out / "review.jsonl")
    report = measure(votes, pairs, resamples, seed)
    needed = min_votes or read_rules(store).min_votes
    standing = resolve(votes, needed)["consensus"].value_counts(sort=True).rows()
    tally = ", ".join(f"{n} {state}" for state, n in standing) or "none"
    text = "\n".join(["# Reviewer agreement", "", f"Votes in `{store}`; pairs voted on, by "
                      f"what the votes decide (a majority, at least {needed} agreeing): "
                      f"{tally}.", "", *agreement_section(report)])
    write_text(out / "agreement.md", text)
    write_csv(report.table, out / "agreement.csv")
    write_csv(report.confusion, out / "agreement_confusion.csv")
    typer.echo(text)
    typer.echo(f"wrote {out / 'agreement.md'}, {out / 'agreement.csv'} and "
               f"{out / 'agreement_confusion.csv'}")
    if plot:
        from aligner.pairs.agreement_plot import plot_agreement

        plot_agreement(report.table, plot, f"Reviewer agreement: {store}")
        typer.echo(f"wrote {plot}")
