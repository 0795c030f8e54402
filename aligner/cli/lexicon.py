"""``align lexicon``: check, expand, inspect and measure the bias lexicons."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from aligner.cli.options import LexiconsOption

app = typer.Typer(help="Check, expand and inspect the bias lexicons.", no_args_is_help=True)

LangOption = Annotated[str | None, typer.Option("--lang", help="Language code; all when omitted.")]
RootOption = LexiconsOption


def _languages(lang: str | None, root: Path | None) -> list[str]:
    from aligner.resources import lexicon_root

    if lang:
        return [lang]
    base = root or lexicon_root()
    return sorted(p.name for p in base.iterdir() if p.is_dir() and any(p.glob("*.toml")))


@app.command()
def check(lang: LangOption = None, root: RootOption = None, warnings: bool = True) -> None:
    """Schema, duplicate forms, counterparts, slots: each problem as file:line; exit 1 on errors."""
    from aligner.lexicon.check import check_lexicon
    from aligner.plugins import get_plugin

    failed = False
    for code in _languages(lang, root):
        problems = check_lexicon(code, get_plugin(code), root)
        shown = [p for p in problems if warnings or p.severity == "error"]
        for problem in shown:
            typer.echo(str(problem))
        count = sum(p.severity == "error" for p in problems)
        failed |= count > 0
        typer.echo(f"{code}: {count} errors, {len(problems) - count} warnings", err=True)
    if failed:
        raise typer.Exit(1)


@app.command()
def expand(
    lang: Annotated[str, typer.Option("--lang", help="Language whose lexicon to expand.")],
    root: RootOption = None,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Show, do not write.")] = False,
) -> None:
    """Write the plugin's proposed forms for missing slots into the TOML, for review."""
    from aligner.lexicon.expand import expand_directory
    from aligner.plugins import get_plugin
    from aligner.resources import lexicon_root

    done = expand_directory((root or lexicon_root()) / lang, get_plugin(lang), dry_run=dry_run)
    for item in done:
        slots = ", ".join(f"{slot}={forms[0]}" for slot, forms in list(item.slots.items())[:3])
        typer.echo(f"{item.path.name}: {item.concept}: {len(item.slots)} slots ({slots}, ...)")
    verb = "would add" if dry_run else "added"
    typer.echo(f"{lang}: {verb} forms to {len(done)} concepts", err=True)


@app.command()
def coverage(
    tgt: Annotated[str, typer.Option("--tgt", help="Target language.")],
    src: Annotated[str, typer.Option("--src", help="Source language.")] = "en",
    root: RootOption = None,
    output_format: Annotated[str, typer.Option("--format", help="table or csv.")] = "table",
    all_categories: Annotated[
        bool, typer.Option("--all", help="All nine categories, not only the seven of CineBias.")
    ] = False,
) -> None:
    """Which source concepts the target lexicon lacks, and why."""
    from rich.console import Console
    from rich.table import Table

    from aligner.errors import ConfigError
    from aligner.lexicon.coverage import coverage_summary, coverage_table
    from aligner.lexicon.load import load_lexicon
    from aligner.lexicon.model import CINEBIAS_CATEGORIES

    if output_format not in ("table", "csv"):
        raise ConfigError(f"--format must be table or csv, not {output_format!r}")
    categories = () if all_categories else CINEBIAS_CATEGORIES
    table = coverage_table(load_lexicon(src, root), load_lexicon(tgt, root), categories)
    if output_format == "csv":
        typer.echo(table.write_csv(), nl=False)
        return
    console = Console()
    gaps = Table(title=f"{src} concepts without a {tgt} equivalent")
    for column in ("concept", "status", "reason"):
        gaps.add_column(column)
    for row in table.filter(table["status"] != "covered").iter_rows(named=True):
        gaps.add_row(row["concept"], row["status"], row["reason"] or "")
    console.print(gaps)
    summary = Table(title=f"{tgt} coverage of {src}")
    for column in ("category", "concepts", "covered", "percent"):
        summary.add_column(column, justify="left" if column == "category" else "right")
    for row in coverage_summary(table).iter_rows():
        summary.add_row(*(str(value) for value in row))
    console.print(summary)


@app.command()
def stats(lang: LangOption = None, root: RootOption = None) -> None:
    """Concepts, forms and missing entries per category."""
    from rich.console import Console
    from rich.table import Table

    from aligner.lexicon.load import load_lexicon
    from aligner.lexicon.model import CATEGORIES

    table = Table(title="lexicon sizes")
    for column in ("lang", "category", "concepts", "missing", "generic", "forms"):
        table.add_column(column, justify="left" if column in ("lang", "category") else "right")
    for code in _languages(lang, root):
        lexicon = load_lexicon(code, root)
        for category in CATEGORIES:
            concepts = lexicon.by_category(category)
            if not concepts:
                continue
            forms = {f for c in concepts for slot in c.forms.values() for f in slot}
            table.add_row(
                code,
                category,
                str(len(concepts)),
                str(sum(not c.available for c in concepts)),
                str(sum(c.generic for c in concepts)),
                str(len(forms)),
            )
    Console().print(table)


@app.command()
def show(
    concept: Annotated[str, typer.Argument(help="Concept id, e.g. gender.woman.")],
    lang: LangOption = None,
    root: RootOption = None,
) -> None:
    """A concept in every language: forms per slot, gender, counterparts, source line."""
    from rich.console import Console

    from aligner.errors import ConfigError
    from aligner.lexicon.load import load_lexicon

    console = Console()
    found = False
    for code in _languages(lang, root):
        lexicon = load_lexicon(code, root)
        if concept not in lexicon:
            continue
        found = True
        entry = lexicon[concept]
        console.print(f"[bold]{code}[/] {entry.id}  ({entry.source}:{entry.line})", highlight=False)
        details = [
            f"pos={entry.pos}",
            f"gender={entry.gender or '-'}",
            f"counterparts={', '.join(entry.counterparts) or '-'}",
        ]
        if entry.also:
            details.append(f"also={', '.join(entry.also)}")
        console.print("  " + "  ".join(details), highlight=False)
        if entry.missing:
            console.print(f"  missing: {entry.missing}", highlight=False)
        for slot, forms in entry.forms.items():
            console.print(f"  {slot:<8} {' | '.join(forms)}", highlight=False)
    if not found:
        raise ConfigError(f"no language defines concept {concept!r}")
