"""``align lang``: scaffold a new language (plugin module and empty lexicon)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from aligner.cli.options import language_code

app = typer.Typer(help="Language plugins.", no_args_is_help=True)


@app.command("new")
def new(
    code: Annotated[str, typer.Argument(help="ISO 639-1 code, e.g. fi.", callback=language_code)],
    name: Annotated[str, typer.Option("--name", help="English name of the language.")] = "",
    repo: Annotated[Path, typer.Option("--repo", help="Checkout to write into.")] = Path("."),
) -> None:
    """Write langs/<code>.py from the template and lexicons/<code>/ with a README stub."""
    from aligner.lexicon.scaffold import next_step, scaffold

    for path in scaffold(code, name or code, repo):
        typer.echo(f"wrote {path}")
    typer.echo(next_step(code, repo))
