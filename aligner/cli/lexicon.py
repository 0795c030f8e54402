"""``align lexicon``: check, expand, inspect and measure the bias lexicons."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from aligner.cli.options import LexiconsOption, language_code

if TYPE_CHECKING:
    import polars as pl

app = typer.Typer(help="Check, expand and inspect the bias lexicons.", no_args_is_help=True)

LangOption = Annotated[str | None, typer.Option("--lang", help="Language code; all when omitted.",
                                                callback=language_code)]
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
    lang: Annotated[str, typer.Option("--lang", help="Language whose lexicon to expand.",
                                      callback=language_code)],
    root: RootOption = None,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Show, do not write.")] = False,
    fix: Annotated[bool, typer.Option(
        "--fix", help="Also rewrite, in place, forms that differ from the lemma's paradigm "
        "(wrong forms out, usual variant first; accepted hand-written variants stay).")] = False,
    counts: Annotated[list[Path] | None, typer.Option(
        "--counts", help="Subtitles in this language (cue .parquet or text) whose word "
        "counts order the variants, most frequent first; repeatable.")] = None,
) -> None:
    """Write the plugin's proposed forms for missing slots into the TOML, for review."""
    from aligner.errors import ConfigError
    from aligner.lexicon.expand import corpus_counts, expand_directory, refresh_directory
    from aligner.plugins import get_plugin
    from aligner.resources import lexicon_root

    if fix and dry_run:
        raise ConfigError("--fix rewrites files; run it without --dry-run (git shows the diff)")
    plugin = get_plugin(lang)
    frequencies = corpus_counts(counts, plugin) if counts else None
    directory = (root or lexicon_root()) / lang
    fixed = refresh_directory(directory, plugin, frequencies) if fix else []
    for item in fixed:
        slots = ", ".join(f"{slot}={forms[0]}" for slot, forms in list(item.slots.items())[:3])
        typer.echo(f"{item.path.name}: {item.concept}: fixed {len(item.slots)} slots ({slots})")
    done = expand_directory(directory, plugin, dry_run=dry_run, counts=frequencies)
    for item in done:
        slots = ", ".join(f"{slot}={forms[0]}" for slot, forms in list(item.slots.items())[:3])
        typer.echo(f"{item.path.name}: {item.concept}: {len(item.slots)} slots ({slots}, ...)")
    verb = "would add" if dry_run else "added"
    summary = f"{lang}: {verb} forms to {len(done)} concepts"
    if fix:
        summary += f", fixed {sum(len(i.slots) for i in fixed)} slots in {len(fixed)} concepts"
    typer.echo(summary, err=True)


@app.command()
def coverage(
    tgt: Annotated[str, typer.Option("--tgt", help="Target language.", callback=language_code)],
    src: Annotated[
        str, typer.Option("--src", help="Source language.", callback=language_code)
    ] = "en",
    root: RootOption = None,
    output_format: Annotated[str, typer.Option("--format", help="table or csv.")] = "table",
    cinebias: Annotated[
        bool, typer.Option("--cinebias", help="Only the seven categories CineBias extracted.")
    ] = False,
    gaps: Annotated[bool, typer.Option(help="List the concepts without an equivalent.")] = True,
    strict: Annotated[
        bool, typer.Option("--strict", help="Exit 1 when a category is under the 90 % target.")
    ] = False,
    words: Annotated[Path | None, typer.Option(
        "--words", help="Measure against a word list in the --tgt language instead: one word "
        "a line with \\[category] sections, or .json with a `keywords` list.")] = None,
    category: Annotated[str | None, typer.Option(
        "--category", help="With --words: the category of words no section names.")] = None,
) -> None:
    """Per category: source concepts with an equivalent, with a stated reason, or neither;
    with --words, which listed words `align extract` finds, and why it misses the rest."""
    from aligner.errors import ConfigError
    from aligner.lexicon.coverage import TARGET_PERCENT, coverage_summary, coverage_table
    from aligner.lexicon.load import load_lexicon
    from aligner.lexicon.model import CINEBIAS_CATEGORIES

    if output_format not in ("table", "csv"):
        raise ConfigError(f"--format must be table or csv, not {output_format!r}")
    if words is not None:
        _word_coverage(words, tgt, root, output_format, category, gaps, strict)
        return
    categories = CINEBIAS_CATEGORIES if cinebias else ()
    table = coverage_table(load_lexicon(src, root), load_lexicon(tgt, root), categories)
    gap_rows = table.filter(table["status"].is_in(["missing", "absent"]))
    _report(
        table, coverage_summary(table), output_format, tgt, strict,
        gaps=(f"{src} concepts without a {tgt} equivalent",
              gap_rows.select("concept", "status", "reason")) if gaps else None,
        title=f"{tgt} coverage of {src}, per category (target {TARGET_PERCENT:g} % accounted "
        "for: an equivalent or a stated reason)",
    )


def _word_coverage(path: Path, lang: str, root: Path | None, output_format: str,
                   category: str | None, gaps: bool, strict: bool) -> None:
    from aligner.lexicon.coverage import TARGET_PERCENT
    from aligner.lexicon.load import load_lexicon
    from aligner.lexicon.word_coverage import read_words, word_summary, word_table
    from aligner.plugins import get_plugin

    table = word_table(read_words(path, lang, category), get_plugin(lang), load_lexicon(lang, root))
    misses = table.filter(~table["found"]).select("category", "word", "line", "reason")
    _report(
        table, word_summary(table), output_format, lang, strict,
        gaps=(f"{path.name}: words `align extract` misses", misses) if gaps else None,
        title=f"{lang} words of {path.name} found, per category (target {TARGET_PERCENT:g} %)",
    )


def _report(table: pl.DataFrame, summary: pl.DataFrame, output_format: str, lang: str,
            strict: bool, gaps: tuple[str, pl.DataFrame] | None, title: str) -> None:
    """A coverage table as CSV, or its gaps and per-category summary as tables (the target
    column as yes/NO); with ``strict``, exit 1 naming the categories under the target."""
    from rich.console import Console
    from rich.table import Table

    from aligner.lexicon.coverage import TARGET_PERCENT

    if output_format == "csv":
        typer.echo(table.write_csv(), nl=False)
    else:
        shown = [gaps] if gaps is not None else []
        for caption, frame in [*shown, (title, summary)]:
            listing = Table(title=caption)
            for column in frame.columns:
                listing.add_column(column, justify="right" if frame is summary and
                                   column != "category" else "left")
            for row in frame.iter_rows():
                listing.add_row(*("yes" if v is True else "NO" if v is False
                                  else "" if v is None else str(v) for v in row))
            Console().print(listing)
    below = summary.filter(~summary["meets_target"])["category"].to_list()
    if strict and below:
        typer.echo(f"{lang}: under {TARGET_PERCENT:g} %: {', '.join(below)}", err=True)
        raise typer.Exit(1)


@app.command()
def pairs(
    lang: Annotated[str, typer.Option("--lang", help="Language whose counterparts to list.",
                                      callback=language_code)],
    category: Annotated[str, typer.Option("--category", help="Category.")] = "gender",
    root: RootOption = None,
    output_format: Annotated[str, typer.Option("--format", help="table or csv.")] = "table",
) -> None:
    """Counterpart pairs side by side with English and the notes: the review sheet."""
    from rich.console import Console
    from rich.table import Table

    from aligner.errors import ConfigError
    from aligner.lexicon.counterparts import counterpart_pairs
    from aligner.lexicon.load import PIVOT, load_lexicon

    if output_format not in ("table", "csv"):
        raise ConfigError(f"--format must be table or csv, not {output_format!r}")
    found = counterpart_pairs(load_lexicon(PIVOT, root), load_lexicon(lang, root), category)
    if output_format == "csv":
        typer.echo(found.write_csv(), nl=False)
        return
    table = Table(title=f"{lang} {category} counterparts ({found.height} pairs)")
    for column in found.columns:
        table.add_column(column)
    for row in found.iter_rows():
        table.add_row(*(value or "" for value in row))
    Console().print(table)


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
        if entry.note:
            console.print(f"  note: {entry.note}", highlight=False)
        for word in entry.words:
            if len(entry.words) > 1 or word.register != "neutral":
                prefer = f", prefers {', '.join(word.prefer)}" if word.prefer else ""
                console.print(f"  [{word.name}] {word.register}{prefer}", highlight=False,
                              markup=False)
            for slot, forms in word.forms.items():
                console.print(f"  {slot:<8} {' | '.join(forms)}", highlight=False)
    if not found:
        raise ConfigError(f"no language defines concept {concept!r}")
