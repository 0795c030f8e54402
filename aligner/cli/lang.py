"""``align lang``: scaffold a new language, and show a plugin as CineAlign sees it."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from aligner.cli.options import language_code

app = typer.Typer(help="Language plugins.", no_args_is_help=True)


@app.command("new")
def new(
    code: Annotated[str, typer.Argument(
        help="ISO 639 code: 2-3 lower-case letters, e.g. fi, fil.", callback=language_code)],
    name: Annotated[str, typer.Option("--name", help="English name of the language.")] = "",
    repo: Annotated[Path, typer.Option("--repo", help="Checkout to write into.")] = Path("."),
) -> None:
    """Write langs/<code>.py from the template and lexicons/<code>/ with a README stub."""
    from aligner.lexicon.scaffold import next_step, scaffold

    for path in scaffold(code, name or code, repo):
        typer.echo(f"wrote {path}")
    typer.echo(next_step(code, repo))


@app.command("show")
def show(
    code: Annotated[str, typer.Argument(help="Language code, e.g. fr.", callback=language_code)],
) -> None:
    """What the plugin declares: slots, elisions, parser, and what installs its packages."""
    from aligner.analysis.parse import parser_status
    from aligner.plugins import get_plugin, install_hint

    plugin = get_plugin(code)
    rows = {
        "plugin": f"{type(plugin).__module__}.{type(plugin).__name__}",
        "name": plugin.name,
        "gendered pronouns": str(plugin.gendered_pronouns),
        "nouns need gender": str(getattr(plugin, "nouns_need_gender", False)),
        "scoring model": plugin.default_model,
        "elisions": " ".join(sorted(getattr(plugin, "elisions", ()))) or "none",
        "parser": parser_status(getattr(plugin, "parser", None), code),
        "install": install_hint(plugin) or "nothing declared (set `install` in the plugin)",
    }
    rows.update({f"slots ({pos})": " ".join(slots) for pos, slots in plugin.slots.items()})
    width = max(map(len, rows))
    for key, value in rows.items():
        typer.echo(f"{key:<{width}}  {value}")
