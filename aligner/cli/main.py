"""The ``align`` command: one typer app, one module per command group.

Command modules import their heavy dependencies (torch, faiss, transformers) inside
the command functions so that ``align --help`` stays instant.
"""

from __future__ import annotations

import sys
import warnings
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape

from aligner import __version__
from aligner.cli import align as align_cli
from aligner.cli import annotate as annotate_cli
from aligner.cli import build as build_cli
from aligner.cli import compare as compare_cli
from aligner.cli import extract as extract_cli
from aligner.cli import ingest
from aligner.cli import lang as lang_cli
from aligner.cli import lexicon as lexicon_cli
from aligner.cli import pairs as pairs_cli
from aligner.cli import review as review_cli
from aligner.cli import score as score_cli
from aligner.cli import screen as screen_cli
from aligner.cli.options import legacy_option_name
from aligner.errors import CineAlignError, InputNote

app = typer.Typer(
    name="align",
    help="Build social-bias minimal-pair benchmarks in new languages from movie subtitles.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
    context_settings={"token_normalize_func": legacy_option_name},
)

app.command("ingest")(ingest.ingest)
app.command("align")(align_cli.align)
app.command("eval-align")(align_cli.eval_align)
app.command("build")(build_cli.build)
app.add_typer(lexicon_cli.app, name="lexicon")
app.command("extract")(extract_cli.extract)
app.command("screen")(screen_cli.screen)
app.add_typer(lang_cli.app, name="lang")
app.command("transfer")(pairs_cli.transfer)
app.command("validate")(pairs_cli.validate)
app.command("score")(score_cli.score)
app.add_typer(review_cli.app, name="review")
app.add_typer(annotate_cli.app, name="annotate")
app.command("compare")(compare_cli.compare)


def _show_version(value: bool) -> None:
    if value:
        typer.echo(f"cinealign {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_show_version, is_eager=True, help="Print the version."),
    ] = False,
) -> None:
    """CineAlign: subtitles in, CrowS-Pairs-style benchmark out."""


_show_warning = warnings.showwarning


def _show(message, category, filename, lineno, file=None, line=None) -> None:  # noqa: ANN001
    """Input notes as one plain line; other warnings as Python shows them."""
    if not issubclass(category, InputNote):
        _show_warning(message, category, filename, lineno, file, line)
        return
    Console(stderr=True).print(f"[yellow]note:[/] {escape(str(message))}", highlight=False,
                               soft_wrap=True)


def run() -> None:
    """Console-script entry point: user errors become one line and exit status 1; notes
    (rows read but left out) one line each."""
    warnings.simplefilter("always", InputNote)
    warnings.showwarning = _show
    try:
        app()
    except CineAlignError as err:
        message = f"[bold red]error:[/] {escape(str(err))}"
        Console(stderr=True).print(message, highlight=False, soft_wrap=True)
        sys.exit(1)
