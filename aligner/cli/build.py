"""``align build``: English seed pairs + subtitles in two languages → a target benchmark."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape

from aligner.cli.options import (
    JudgeModelOption,
    JudgeOption,
    JudgePromptOption,
    JudgeUrlOption,
    LexiconsOption,
)


def _print_time_maps(console: Console, run) -> None:
    """Each film's fitted offset and drift (stored with its alignment)."""
    for film in run.films:
        if film.aligned is None or film.aligned.height == 0:
            continue
        fit = film.aligned.row(0, named=True)
        if fit["time_drift"] is not None:
            console.print(
                f"{film.film}: target time = {fit['time_drift']:.5f} x source "
                f"{fit['time_offset_ms'] / 1000:+.2f} s ({fit['time_anchors']} anchors)",
                highlight=False,
            )


def build(
    src: Annotated[str | None, typer.Option(help="Source language \\[default: en].")] = None,
    tgt: Annotated[str | None, typer.Option(help="Target language, e.g. et or hi.")] = None,
    src_subs: Annotated[
        Path | None, typer.Option(help="Directory of source subtitles (<film>.<lang>.<ext>).")
    ] = None,
    tgt_subs: Annotated[
        Path | None, typer.Option(help="Directory of target subtitles \\[default: --src-subs].")
    ] = None,
    pairs: Annotated[
        Path | None,
        typer.Option(help="English seed pairs: CrowS-Pairs columns plus film and cue_id/start_ms."),
    ] = None,
    encoder: Annotated[
        str | None,
        typer.Option(help="Sentence encoder: labse (default), e5-small (bundled, offline), "
                     "or a sentence-transformers name or directory."),
    ] = None,
    out: Annotated[Path | None, typer.Option(help="Output directory \\[default: out].")] = None,
    work: Annotated[
        Path | None, typer.Option(help="Stage cache directory \\[default: OUT/work].")
    ] = None,
    min_confidence: Annotated[
        float | None, typer.Option(help="Alignments below this confidence are not carried over.")
    ] = None,
    category: Annotated[
        list[str] | None, typer.Option("--category", help="Only these bias types (repeatable).")
    ] = None,
    score_model: Annotated[
        str | None,
        typer.Option(help="Score the new benchmark with this masked LM (name or directory); "
                     "results in OUT/score/."),
    ] = None,
    stanza_dir: Annotated[
        Path | None,
        typer.Option(help="Stanza models for the target language: agreement follows their "
                     "dependency parse instead of word windows."),
    ] = None,
    decisions: Annotated[
        Path | None,
        typer.Option(help="Linguists' decision store (align review apply); applied to the "
                     "dataset, never modified by build."),
    ] = None,
    config: Annotated[
        Path | None, typer.Option("--config", help="TOML file with any of these settings; "
                                  "flags win.")
    ] = None,
    force: Annotated[
        list[str] | None,
        typer.Option("--force", help="Redo this stage even if cached (repeatable): ingest, "
                     "screen, candidates, align, transfer, validate."),
    ] = None,
    release: Annotated[
        Path | None,
        typer.Option(help="An OPUS OpenSubtitles release: the <src>-<tgt>.xml.gz document "
                     "alignment and the per-language .zip archives (instead of --src-subs)."),
    ] = None,
    engine: Annotated[
        str | None,
        typer.Option(help="Where films run: local (this machine's cores) or ray (the cluster "
                     "at RAY_ADDRESS, else a local Ray) \\[default: local]."),
    ] = None,
    jobs: Annotated[
        int | None, typer.Option(help="Films at once on the local engine \\[default: the cores].")
    ] = None,
    device: Annotated[
        str | None, typer.Option(help="Encoder device (cpu, cuda, ...) \\[default: cpu].")
    ] = None,
    judge: JudgeOption = None,
    judge_url: JudgeUrlOption = None,
    judge_model: JudgeModelOption = None,
    judge_prompt: JudgePromptOption = None,
    min_stereotype: Annotated[
        float | None,
        typer.Option(help="Without --pairs: drop proposals from lines the judge scores below "
                     "this (0-1; counted in report.md) \\[default: 0, keep all, best first]."),
    ] = None,
    progress: Annotated[bool, typer.Option(help="Show progress bars.")] = True,
    lexicons: LexiconsOption = None,
    allow_empty: Annotated[
        bool | None,
        typer.Option("--allow-empty", help="Let a build that yields no pairs replace a dataset "
                     "that has some (refused otherwise)."),
    ] = None,
) -> None:
    """Build a target-language CrowS-Pairs-style benchmark; reruns resume from cached stages."""
    from aligner.build import load_config_file, resolve_config, run_build, write_outputs
    from aligner.build.generation import recover
    from aligner.build.lock import build_lock

    file_settings = load_config_file(config) if config else {}
    settings = resolve_config(
        file_settings,
        {
            "src": src, "tgt": tgt, "src_subs": src_subs, "tgt_subs": tgt_subs, "pairs": pairs,
            "encoder": encoder, "out": out, "work": work, "min_confidence": min_confidence,
            "score_model": score_model, "stanza_dir": stanza_dir,
            "categories": tuple(category) if category else None, "show_progress": progress,
            "lexicons": lexicons, "allow_empty": allow_empty,
            "release": release, "engine": engine, "jobs": jobs, "device": device,
            "judge": judge, "judge_url": judge_url, "judge_model": judge_model,
            "judge_prompt": judge_prompt, "min_stereotype": min_stereotype,
        },
    )
    if decisions is not None:
        from aligner.pairs.decisions import read_store

        read_store(decisions, must_exist=True)  # a missing or broken store stops before any work
    console = Console()
    with build_lock(settings.out):
        for note in recover(settings.out):  # outputs an interrupted build left half-replaced
            console.print(note, highlight=False, soft_wrap=True)
        run = run_build(settings, frozenset(force or ()))
        _print_time_maps(console, run)
        for film in run.films:
            if film.error:
                message = f"[bold red]film {film.film} failed:[/] {escape(str(film.error))}"
                console.print(message, highlight=False, soft_wrap=True)
        written = write_outputs(run, decisions)
    for key, path in written.items():
        console.print(f"{key:>9}: {path}", highlight=False, soft_wrap=True)
    if written["review"].name != "review.csv":
        console.print(
            "[yellow]review.csv holds decisions not yet applied (align review apply); "
            f"it was kept and the new sheet written to {written['review']}[/]", highlight=False
        )
    if any(film.error for film in run.films):
        raise typer.Exit(1)
