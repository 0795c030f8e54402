"""English pairs proposed from keyword candidates, when no seed pairs are given.

Without a CineBias-style pair file, the English lines come from ``align extract``:
a line with exactly one bias concept gets a proposed pair (the line, and the line
with that concept swapped for its first counterpart). Whether the line voices a
stereotype at all, and in which direction, is a human judgement, so every such pair
goes to the review queue and reaches the benchmark only when a linguist accepts it.
Lines with several concepts or only a gendered pronoun cannot become a one-swap pair
and are left out (counted in the report).
"""

from __future__ import annotations

import polars as pl

from aligner.pairs.transfer import Languages, swap_line

PROPOSAL_STATUS = "proposed"


def propose_pairs(candidates: pl.DataFrame, english: Languages) -> pl.DataFrame:
    """Seed-pair-shaped rows (CrowS-Pairs columns, film, cue_id, start_ms) for one film."""
    rows = []
    for line in candidates.iter_rows(named=True):
        concepts = [c for c in line["concepts"] if c in english.en_lexicon]
        if len(concepts) != 1 or len(line["concepts"]) != 1:
            continue
        concept = english.en_lexicon[concepts[0]]
        if not concept.counterparts:
            continue
        outcome = swap_line(line["text"], concept.id, concept.counterparts[0], english)
        if outcome.reason is not None:
            continue
        rows.append({
            "pair_id": f"{line['film']}-L{line['idx']:04d}",
            "sent_more": outcome.natural,
            "sent_less": outcome.swapped,
            "stereo_antistereo": "stereo",
            "bias_type": concept.category,
            "film": line["film"],
            "cue_id": line["cue_id"],
            "start_ms": line["start_ms"],
            "orig_side": "more",
            "origin": PROPOSAL_STATUS,
        })
    schema = {
        "pair_id": pl.Utf8, "sent_more": pl.Utf8, "sent_less": pl.Utf8,
        "stereo_antistereo": pl.Utf8, "bias_type": pl.Utf8, "film": pl.Utf8, "cue_id": pl.Utf8,
        "start_ms": pl.Int64, "orig_side": pl.Utf8, "origin": pl.Utf8,
    }
    return pl.DataFrame(rows, schema=schema)
