"""``align ingest``: read subtitle files into one clean cue frame (Parquet)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from aligner.cli.options import language_code

if TYPE_CHECKING:
    from aligner.subtitles import FileReport


def ingest(
    paths: Annotated[
        list[Path],
        typer.Argument(
            help="Subtitle files or directories (walked recursively): .srt, .vtt, OPUS .xml, "
            ".xml.gz or .zip, .txt, .tsv. Files are named <film>.<lang>.<ext>.",
            show_default=False,
        ),
    ],
    lang: Annotated[
        str | None,
        typer.Option("--lang", help="Language of every file, overriding the file names.",
                     callback=language_code),
    ] = None,
    encoding: Annotated[
        str | None,
        typer.Option(
            "--encoding",
            help="Encoding of every text file (e.g. cp1257); detected per file when omitted.",
        ),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            help="Parquet file to write the cue frame to (atomically; not written when no "
            "file could be read); without it only the summary is printed.",
        ),
    ] = None,
    split_sentences: Annotated[
        bool,
        typer.Option("--split-sentences", help="One row per sentence instead of per line."),
    ] = False,
    keep_non_dialogue: Annotated[
        bool,
        typer.Option(
            "--keep-non-dialogue",
            help="Keep adverts, subtitle credits and web addresses (left out by default, "
            "listed, and written to OUT's .left_out.csv).",
        ),
    ] = False,
    keep_going: Annotated[
        bool,
        typer.Option(
            "--keep-going/--fail-fast",
            help="Keep going: report a bad file and still read and write the others (exit "
            "status 1 at the end). Fail fast: stop at the first bad file, write nothing.",
        ),
    ] = True,
) -> None:
    """Read subtitle files into one Parquet frame of clean, timed cue lines."""
    from aligner.subtitles import ingest as read_all

    result = read_all(
        paths,
        lang=lang,
        encoding=encoding,
        split_sentences=split_sentences,
        keep_going=keep_going,
        show_progress=True,
        keep_non_dialogue=keep_non_dialogue,
    )
    console = Console()
    console.print(_summary(result.reports))
    if out is not None and result.frame.height:
        result.write_parquet(out)
        console.print(f"wrote {result.frame.height} lines to {out}", highlight=False)
    elif out is not None:
        console.print(f"no file could be read: {out} was not written", highlight=False)
    _list_left_out(console, result.left_out, out if result.frame.height else None)
    errors = Console(stderr=True)
    for failure in result.failures:
        errors.print(f"[bold red]error:[/] {escape(str(failure))}", highlight=False, soft_wrap=True)
    if result.failures:
        raise typer.Exit(1)


def _list_left_out(console: Console, left_out, out: Path | None) -> None:
    """Say which lines were left out as not dialogue, and keep the full list beside OUT."""
    if left_out.height == 0:
        return
    console.print(f"left out {left_out.height} non-dialogue lines (adverts, credits, web "
                  "addresses; --keep-non-dialogue keeps them):", highlight=False)
    for row in left_out.head(10).iter_rows(named=True):
        console.print(f"  {escape(row['source'])}:{row['line']} [{row['reason']}] "
                      f"{escape(row['text'])}", highlight=False, soft_wrap=True)
    if out is not None:
        from aligner.io import atomic_path

        listing = out.with_suffix(".left_out.csv")
        with atomic_path(listing) as temporary:
            left_out.write_csv(temporary)
        console.print(f"all {left_out.height} listed in {listing}", highlight=False)


def _summary(reports: list[FileReport]) -> Table:
    table = Table(title="align ingest")
    for column in ("file", "format", "encoding", "rows", "status"):
        table.add_column(column, justify="right" if column == "rows" else "left")
    for report in reports:
        table.add_row(
            escape(report.source),
            report.format,
            report.encoding or "-",
            str(report.rows),
            _status(report),
        )
    return table


def _status(report: FileReport) -> str:
    if report.error is None:
        return "[green]ok[/]"
    where = f" (line {report.error.line})" if report.error.line is not None else ""
    return f"[red]failed[/]: {escape(report.error.reason)}{where}"
