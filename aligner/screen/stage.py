"""The screen stage: keyword lines in, the same lines with person reference and a
stereotype judgement out (the SCREEN frame of aligner/frames.py).

A line none of whose matches refers to people is not sent to the judge: it cannot
become a pair, and it scores 0 with the reason in ``rationale``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import polars as pl

from aligner.frames import EXTRACT, SCREEN, conform, empty
from aligner.screen.judge import NO_STEREOTYPE, Mention, ScreenLine

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
        Mention(m["surface"], m["concept"], lexicon[m["concept"]].category, m["start"],
                m["end"], lexicon[m["concept"]].pos == "pronoun")
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
    asked = [i for i, row in enumerate(rows) if row["person_ref"]]
    lines = [screen_line(rows[i]["text"], rows[i]["matches"], lexicon, rows[i]["prev_text"],
                         rows[i]["next_text"]) for i in asked]
    verdicts = {}
    if judge is not None and lines:
        verdicts = dict(zip(asked, judge.judge(lines), strict=True))
    for i, row in enumerate(rows):
        verdict = verdicts.get(i)
        row.update(stereotype=None, stereo_category=None, target=None, direction=None,
                   rationale=None)
        if verdict is not None:
            row.update(stereotype=verdict.stereotype, stereo_category=verdict.category,
                       target=verdict.target, direction=verdict.direction,
                       rationale=verdict.rationale)
        elif judge is not None and not row["person_ref"]:
            row.update(stereotype=0.0, stereo_category=None, target=None,
                       direction=NO_STEREOTYPE, rationale=_no_people(row["matches"]))
        row["judge"] = judge.name if judge is not None else "none"
    return conform(pl.DataFrame(rows, schema_overrides=SCREEN, infer_schema_length=None), SCREEN)
