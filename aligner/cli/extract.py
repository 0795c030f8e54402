"""``align extract``: candidate bias lines from a cue frame."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from aligner.cli.options import LexiconsOption, language_code


def extract(
    cues: Annotated[Path, typer.Argument(help="Cue frame from `align ingest` (Parquet).")],
    lang: Annotated[str, typer.Option("--lang", help="Language of the lines to search.",
                                      callback=language_code)] = "en",
    out: Annotated[Path | None, typer.Option("--out", help="Parquet file to write.")] = None,
    categories: Annotated[
        list[str] | None, typer.Option("--categories", help="Keep lines in these categories.")
    ] = None,
    generic: Annotated[
        bool,
        typer.Option("--generic", help="Let generic keywords (new, high, manager) flag lines."),
    ] = False,
    pronouns: Annotated[
        bool, typer.Option("--pronouns/--no-pronouns", help="Flag lines with he/she/his/her.")
    ] = True,
    root: LexiconsOption = None,
) -> None:
    """Lines whose words are lexicon forms, with matches, concepts, categories and context."""
    import polars as pl
    from rich.console import Console

    from aligner.errors import ConfigError, InputFormatError
    from aligner.extract import extract as run_extract
    from aligner.io import atomic_path
    from aligner.lexicon.load import load_lexicon
    from aligner.lexicon.model import CATEGORIES
    from aligner.plugins import get_plugin

    unknown = [c for c in categories or [] if c not in CATEGORIES]
    if unknown:
        raise ConfigError(f"unknown categories {unknown}; choose from {', '.join(CATEGORIES)}")
    try:
        frame = pl.read_parquet(cues)
    except (OSError, pl.exceptions.PolarsError) as err:
        raise InputFormatError(f"cannot read a cue frame: {err}", cues) from err
    plugin = get_plugin(lang)
    found = run_extract(
        frame,
        plugin,
        load_lexicon(lang, root),
        tuple(categories or ()),
        include_generic=generic,
        include_pronouns=pronouns,
        show_progress=True,
    )
    if out is not None:
        with atomic_path(out) as temporary:
            found.write_parquet(temporary)
    console = Console(stderr=True)
    lines = frame.filter(pl.col("lang") == lang).height
    console.print(f"{found.height} candidate lines of {lines} {lang} lines", highlight=False)
    if out is None:
        for row in found.iter_rows(named=True):
            typer.echo(
                f"{row['film']}\t{row['cue_id']}\t{','.join(row['concepts'])}\t{row['text']}"
            )
