"""Candidate bias lines: every cue in which a lexicon form (or a gendered pronoun) occurs.

The thesis pipeline searched subtitles for keywords with a regular expression;
here the language plugin tokenizes and matches whole forms, so "man" is not found
inside "manager" and plurals and possessives come from the lexicon, not a blind
``s?``. Gendered pronouns are lexicon concepts (gender.he, gender.she) and flag a
line because pronoun-only lines are the most common CineBias gender pairs;
``include_pronouns=False`` drops them. Compounds headed by a group word the lexicon
marks ``compounds`` (Estonian politsei|mees) are found by rule, and every match
carries the register of the word it is (a derogatory one is found, and marked).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import polars as pl

from aligner.frames import CUES, EXTRACT, conform, empty
from aligner.lexicon.match import compound_heads

if TYPE_CHECKING:
    from aligner.lexicon.model import Lexicon
    from aligner.plugins import LanguagePlugin, Token


def line_matches(
    text: str,
    plugin: LanguagePlugin,
    lexicon: Lexicon,
    categories: frozenset[str] = frozenset(),
    include_generic: bool = False,
    include_pronouns: bool = True,
) -> list[dict]:
    """The EXTRACT match records of one line (screening and its dev sets read lines too)."""
    tokens: list[Token] = plugin.tokenize(text)
    found = []
    matches = plugin.match_forms(tokens, lexicon)
    taken = {i for m in matches for i in range(m.first, m.last)}
    for match in [*matches, *compound_heads(plugin, tokens, lexicon, taken)]:
        concept = lexicon[match.concept]
        if concept.generic and not include_generic:
            continue
        if concept.pos == "pronoun" and not include_pronouns:
            continue
        if categories and not categories.intersection(concept.categories):
            continue
        start, end = tokens[match.first].start, tokens[match.last - 1].end
        found.append(
            {
                "concept": match.concept,
                "slot": match.slot,
                "surface": text[start:end],
                "start": start,
                "end": end,
                "register": concept.variant_of(match.slot, match.surface, plugin.fold).register,
            }
        )
    return sorted(found, key=lambda m: m["start"])


def _categories(concepts: list[str], lexicon: Lexicon) -> list[str]:
    seen: dict[str, None] = {}
    for concept in concepts:
        seen.update(dict.fromkeys(lexicon[concept].categories))
    return list(seen)


def extract(
    cues: pl.DataFrame,
    plugin: LanguagePlugin,
    lexicon: Lexicon,
    categories: tuple[str, ...] = (),
    include_generic: bool = False,
    include_pronouns: bool = True,
    show_progress: bool = False,
) -> pl.DataFrame:
    """The EXTRACT frame for the ``plugin.code`` lines of ``cues`` (a CUES frame).

    Generic keywords (lexicon ``generic = true``) flag no line unless
    ``include_generic``; ``categories`` keeps lines with a match in one of them.
    """
    lines = (
        conform(cues, CUES)
        .filter(pl.col("lang") == plugin.code)
        .sort("film", "idx")
        .with_columns(
            pl.col("text").shift(1).over("film").alias("prev_text"),
            pl.col("text").shift(-1).over("film").alias("next_text"),
        )
    )
    wanted = frozenset(categories)
    rows = []
    steps = lines.iter_rows(named=True)
    if show_progress:
        from rich.progress import track

        steps = track(steps, total=lines.height, description=f"Searching {plugin.code} lines")
    for row in steps:
        found = line_matches(
            row["text"], plugin, lexicon, wanted, include_generic, include_pronouns
        )
        if not found:
            continue
        concepts = list(dict.fromkeys(m["concept"] for m in found))
        rows.append(
            {
                **row,
                "matches": found,
                "concepts": concepts,
                "categories": _categories(concepts, lexicon),
            }
        )
    if not rows:
        return empty(EXTRACT)
    return conform(pl.DataFrame(rows, schema_overrides=EXTRACT, infer_schema_length=None), EXTRACT)
