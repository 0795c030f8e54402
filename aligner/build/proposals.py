"""English pairs proposed from screened keyword lines, when no seed pairs are given.

Without a CineBias-style pair file, the English lines come from ``align extract`` and
the screen stage (aligner/screen/): a line whose people-referring matches name one
person or group gets a proposed pair (the line, and the line with that concept swapped
for its first counterpart in every mention: "He said his car broke." / "She said her
car broke."; aligner/pairs/mentions.py). Lines naming two people of different gender
or several groups are left out, counted by reason. Matches that refer to no one ("old
films", "blind date") are never swapped. The judge's direction decides the sides as
CrowS-Pairs writes them: a line that voices a stereotype is ``sent_more``; a line that
contradicts one is ``sent_less`` of an ``antistereo`` pair. Whether the line really
voices a stereotype is still a human judgement, so every pair goes to the review queue
(best-scored first) and reaches the benchmark only when a linguist accepts it. Lines
scored below ``min_stereotype`` are dropped (the report counts them).
"""

from __future__ import annotations

from collections import Counter

import polars as pl

from aligner.pairs.mentions import Mention, one_person
from aligner.pairs.reasons import Problem
from aligner.pairs.review import SCREENING
from aligner.pairs.transfer import Languages, Outcome, swap_line
from aligner.screen.judge import ANTI_STEREOTYPE

PROPOSAL_STATUS = "proposed"


def _mentions(line: dict) -> list[Mention]:
    """The matches that refer to people (all of them when the frame was not screened)."""
    return [Mention(m["concept"], m["slot"], m["start"], m["end"]) for m in line["matches"]
            if m.get("person", True)]


def propose_line(line: dict, english: Languages) -> Outcome:
    """The line and its twin with its one person or group swapped in every mention, or
    the reason code of why it has none (two people, several groups, a failed swap)."""
    person = one_person(line["text"], _mentions(line), english.en_lexicon)
    if isinstance(person, Problem):
        return Outcome.reject(person.code, **person.details)
    return swap_line(line["text"], person.concept, person.counterpart, english,
                     coreferent=person.coreferent, every=person.every)


def propose_pairs(
    screened: pl.DataFrame, english: Languages, min_stereotype: float = 0.0, *,
    left_out: Counter[str] | None = None,
) -> pl.DataFrame:
    """Seed-pair-shaped rows (CrowS-Pairs columns, film, cue_id, start_ms, and the
    screening columns) for one film's SCREEN (or EXTRACT) frame; ``left_out`` counts the
    reason codes of the lines that gave no pair."""
    rows = []
    for line in screened.iter_rows(named=True):
        score = line.get("stereotype")
        if score is not None and score < min_stereotype:
            continue
        if not _mentions(line):
            continue  # screening found no one named here
        outcome = propose_line(line, english)
        if outcome.reason is not None:
            if left_out is not None:
                left_out[outcome.reason] += 1
            continue
        concept = english.en_lexicon[outcome.concept]
        anti = line.get("direction") == ANTI_STEREOTYPE
        rows.append({
            "pair_id": f"{line['film']}-L{line['idx']:04d}",
            "sent_more": outcome.swapped if anti else outcome.natural,
            "sent_less": outcome.natural if anti else outcome.swapped,
            "stereo_antistereo": "antistereo" if anti else "stereo",
            "bias_type": concept.category,
            "film": line["film"],
            "cue_id": line["cue_id"],
            "start_ms": line["start_ms"],
            "orig_side": "less" if anti else "more",
            "origin": PROPOSAL_STATUS,
            **{name: line.get(name) for name in SCREENING},
        })
    schema = {
        "pair_id": pl.Utf8, "sent_more": pl.Utf8, "sent_less": pl.Utf8,
        "stereo_antistereo": pl.Utf8, "bias_type": pl.Utf8, "film": pl.Utf8, "cue_id": pl.Utf8,
        "start_ms": pl.Int64, "orig_side": pl.Utf8, "origin": pl.Utf8, **SCREENING,
    }
    return pl.DataFrame(rows, schema=schema)
