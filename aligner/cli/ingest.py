"""``align ingest``: read subtitle files into one clean cue frame (Parquet)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

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
        typer.Option("--lang", help="Language of every file, overriding the file names."),
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
    )
    console = Console()
    console.print(_summary(result.reports))
    if out is not None and result.frame.height:
        result.write_parquet(out)
        console.print(f"wrote {result.frame.height} lines to {out}", highlight=False)
    elif out is not None:
        console.print(f"no file could be read: {out} was not written", highlight=False)
    errors = Console(stderr=True)
    for failure in result.failures:
        errors.print(f"[bold red]error:[/] {escape(str(failure))}", highlight=False, soft_wrap=True)
    if result.failures:
        raise typer.Exit(1)


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
