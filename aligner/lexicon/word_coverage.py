"""How much of a list of words people use the extractor finds, per category, and why not the rest.

``coverage.py`` measures a lexicon against its own English concepts; this module
measures it against real usage: word lists written from dictionaries, public text and
speech, independent of the lexicon (``tests/data/words/<lang>.txt``). Each word is put
alone on a line and run through ``align extract``'s matcher, as a keyword list is
searched in subtitles; a word counts as found when a match of its category covers it.

Lists are plain text (one word a line, ``#`` comments, ``[category]`` sections) or
``.json`` files with a ``keywords`` list (one object, a list of objects with ``category``, or an
object keyed by category).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import polars as pl

from aligner.errors import InputFormatError
from aligner.lexicon.coverage import TARGET_PERCENT
from aligner.lexicon.model import CATEGORIES, LANGUAGE_CATEGORIES

if TYPE_CHECKING:
    from aligner.lexicon.model import Lexicon
    from aligner.plugins import LanguagePlugin

WORDS = {
    "category": pl.Utf8,
    "word": pl.Utf8,
    "line": pl.Int64,  # where the list has it (text lists; null for JSON)
    "found": pl.Boolean,
    "concepts": pl.Utf8,  # what the extractor matched, "concept (register)", comma-separated
    "reason": pl.Utf8,  # why a word is not found
}
Listed = tuple[str, str, int | None]  # category, word, line


def read_words(path: Path, lang: str, category: str | None = None) -> list[Listed]:
    """(category, word, line) for every word of a list; ``category`` for words no section
    or JSON object names. A file that cannot be read as a list raises InputFormatError
    naming it and the line."""
    try:
        raw = path.read_bytes()
    except OSError as err:
        raise InputFormatError(f"cannot read: {err.strerror}", path) from err
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        line = raw[: err.start].count(b"\n") + 1
        raise InputFormatError("not UTF-8; save the word list as UTF-8", path, line) from err
    known = (*CATEGORIES, *LANGUAGE_CATEGORIES.get(lang, ()))
    if category is None and path.stem in known:
        category = path.stem
    if category is not None and category not in known:
        raise InputFormatError(f"{category!r} is not a category ({', '.join(known)})", path)
    listed = (
        _json_words(text, path, category)
        if path.suffix == ".json"
        else _text_words(text, path, category, known)
    )
    for name, _, line in listed:
        if name not in known:
            raise InputFormatError(f"{name!r} is not a category ({', '.join(known)})", path, line)
    if not listed:
        raise InputFormatError("no words", path)
    return listed


def _text_words(
    text: str, path: Path, category: str | None, known: tuple[str, ...]
) -> list[Listed]:
    listed: list[Listed] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if line.startswith("[") and line.endswith("]"):
            category = line[1:-1].strip()
            if category not in known:
                raise InputFormatError(
                    f"[{category}] is not a category ({', '.join(known)})", path, number
                )
            continue
        if category is None:
            raise InputFormatError(
                f"{line!r} is in no [category] section; add one or pass --category", path, number
            )
        listed.append((category, line, number))
    return listed


def _json_words(text: str, path: Path, category: str | None) -> list[Listed]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise InputFormatError(f"not JSON: {err.msg}", path, err.lineno) from err
    if isinstance(data, dict) and "keywords" not in data:
        groups = [
            {
                "category": name,
                "keywords": value.get("keywords") if isinstance(value, dict) else value,
            }
            for name, value in data.items()
        ]
    else:
        groups = data if isinstance(data, list) else [data]
    listed: list[Listed] = []
    for group in groups:
        words = group.get("keywords") if isinstance(group, dict) else None
        name = group.get("category", category) if isinstance(group, dict) else None
        if not isinstance(words, list) or not all(isinstance(w, str) for w in words):
            raise InputFormatError("expected a `keywords` list of strings", path)
        if not isinstance(name, str):
            raise InputFormatError(
                'keywords with no category; add "category" or pass --category', path
            )
        listed.extend((name, word.strip(), None) for word in words if word.strip())
    return listed


def word_table(listed: list[Listed], plugin: LanguagePlugin, lexicon: Lexicon) -> pl.DataFrame:
    """One WORDS row per listed word: what the extractor finds on a line of it alone."""
    from aligner.extract import line_matches

    rows = []
    for category, word, line in listed:
        found = line_matches(word, plugin, lexicon, include_generic=True)
        hits = [m for m in found if category in lexicon[m["concept"]].categories]
        usable = [m for m in hits if not lexicon[m["concept"]].generic]
        described = ", ".join(f"{m['concept']} ({m['register']})" for m in found) or None
        rows.append(
            (
                category,
                word,
                line,
                bool(usable),
                described,
                None if usable else _reason(word, found, hits, lexicon),
            )
        )
    return pl.DataFrame(rows, schema=WORDS, orient="row")


def _reason(word: str, found: list[dict], hits: list[dict], lexicon: Lexicon) -> str:
    if hits:
        return "generic: only `align extract --generic` flags it"
    if found:
        others = sorted({c for m in found for c in lexicon[m["concept"]].categories})
        return f"found in another category ({', '.join(others)}): add `also` or a variant"
    return "no form, variant or compound head of the lexicon"


def word_summary(table: pl.DataFrame) -> pl.DataFrame:
    """Per category and overall: words, found, found share in percent, and the target."""
    counts = [pl.len().alias("words"), pl.col("found").sum().alias("found")]
    per_category = table.group_by("category").agg(counts).sort("category")
    total = table.select(counts).select(pl.lit("all").alias("category"), pl.all())
    summary = pl.concat([per_category, total.cast(per_category.schema)])
    return summary.with_columns(
        (100 * pl.col("found") / pl.col("words")).round(1).alias("found_pct")
    ).with_columns((pl.col("found_pct") >= TARGET_PERCENT).alias("meets_target"))
