"""The screen stage: keyword lines in, the same lines with person reference and a
stereotype judgement out (the SCREEN frame of aligner/frames.py).

Every line is judged: a line can lean on a stereotype through a word that names no
person ("That's so gay" of a song, "Filipino weddings"), and a reviewer may still want
it. But such a line never becomes a swap (aligner/build/proposals.py), and its
rationale says why.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import polars as pl

from aligner.frames import EXTRACT, SCREEN, conform, empty
from aligner.screen.judge import GroupMention, ScreenLine

if TYPE_CHECKING:
    from aligner.lexicon.model import Lexicon
    from aligner.plugins import LanguagePlugin
    from aligner.screen.judge import Judge


def referring_matches(text: str, matches: Sequence[dict], plugin: LanguagePlugin,
                      lexicon: Lexicon) -> list[dict]:
    """``matches`` (EXTRACT match records of ``text``) with ``person`` and ``sense`` added."""
    tokens = plugin.tokenize(text)
    found = plugin.match_forms(tokens, lexicon)
    by_span = {(tokens[m.first].start, tokens[m.last - 1].end): m for m in found}
    wanted = [by_span.get((m["start"], m["end"])) for m in matches]
    known = [m for m in wanted if m is not None]
    found_references = plugin.person_references(text, tokens, known, lexicon)
    references = dict(zip(map(id, known), found_references, strict=True))
    out = []
    for record, match in zip(matches, wanted, strict=True):
        reference = references.get(id(match)) if match is not None else None
        person = reference.person if reference is not None else True
        out.append({**record, "person": person,
                    "sense": reference.why if reference is not None else "group term"})
    return out


def screen_line(text: str, matches: Sequence[dict], lexicon: Lexicon,
                prev_text: str | None = None, next_text: str | None = None) -> ScreenLine:
    """What the judge sees: the line and its people-referring matches."""
    mentions = tuple(
        GroupMention(m["surface"], m["concept"], lexicon[m["concept"]].category, m["start"],
                m["end"], lexicon[m["concept"]].pos == "pronoun",
                lexicon[m["concept"]].pos == "adj")
        for m in matches if m["person"]
    )
    return ScreenLine(text, mentions, prev_text, next_text)


def _no_people(matches: list[dict]) -> str:
    return "no keyword refers to people: " + "; ".join(
        f"{m['surface']} ({m['sense']})" for m in matches
    )


def screen(candidates: pl.DataFrame, plugin: LanguagePlugin, lexicon: Lexicon,
           judge: Judge | None) -> pl.DataFrame:
    """The SCREEN frame for an EXTRACT frame (one film or many); ``judge`` None leaves
    the judgement columns empty (``--judge none``)."""
    if candidates.height == 0:
        return empty(SCREEN)
    rows = []
    for row in conform(candidates, EXTRACT).iter_rows(named=True):
        matches = referring_matches(row["text"], row["matches"], plugin, lexicon)
        rows.append({**row, "matches": matches, "person_ref": any(m["person"] for m in matches)})
    lines = [screen_line(row["text"], row["matches"], lexicon, row["prev_text"],
                         row["next_text"]) for row in rows]
    verdicts = judge.judge(lines) if judge is not None else [None] * len(rows)
    for row, verdict in zip(rows, verdicts, strict=True):
        row.update(stereotype=None, stereo_category=None, target=None, direction=None,
                   rationale=None, judge=judge.name if judge is not None else "none")
        if verdict is not None:
            rationale = verdict.rationale if row["person_ref"] else (
                f"{verdict.rationale}; never a swap: {_no_people(row['matches'])}")
            row.update(stereotype=verdict.stereotype, stereo_category=verdict.category,
                       target=verdict.target, direction=verdict.direction,
                       rationale=rationale)
    return conform(pl.DataFrame(rows, schema_overrides=SCREEN, infer_schema_length=None), SCREEN)
