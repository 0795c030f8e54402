"""Column contracts of the polars frames that pass between stages.

Stages are plain functions over these frames, one film at a time, so a distributed
engine can map them later. Each schema below is the contract; ``conform`` checks a
frame against one and puts the columns in order.
"""

from __future__ import annotations

import polars as pl

# One row per clean subtitle line (a cue, a speaker turn of a cue, or cues joined
# across an ellipsis/comma continuation).
CUES = {
    "film": pl.Utf8,  # film id: file stem before the language code, or the OPUS id
    "lang": pl.Utf8,  # ISO 639-1
    "idx": pl.Int64,  # 0-based position of the line within its film and language
    "cue_id": pl.Utf8,  # display id: "17", "17#2" (2nd speaker turn), "17+18" (joined)
    "cue_ids": pl.List(pl.Utf8),  # the raw cue ids behind the line: ["17", "18"]
    "start_ms": pl.Int64,  # null for plain text
    "end_ms": pl.Int64,  # null for plain text
    "text": pl.Utf8,  # clean text used everywhere downstream
    "raw_text": pl.Utf8,  # the cue text as written in the file
    "source": pl.Utf8,  # path of the file read
    "line": pl.Int64,  # 1-based line in the source file where the first cue starts
}


# One row per line ingest left out as not dialogue (aligner/subtitles/nondialogue.py):
# adverts, subtitle credits, web addresses. Listed so nobody wonders where they went.
LEFT_OUT = {
    "film": pl.Utf8,
    "lang": pl.Utf8,
    "cue_id": pl.Utf8,
    "start_ms": pl.Int64,
    "end_ms": pl.Int64,
    "text": pl.Utf8,
    "reason": pl.Utf8,  # advert | credit | url
    "source": pl.Utf8,
    "line": pl.Int64,
}


def conform(frame: pl.DataFrame, schema: dict[str, pl.DataType]) -> pl.DataFrame:
    """Select ``schema``'s columns in order, casting; a missing column is a bug upstream."""
    missing = [name for name in schema if name not in frame.columns]
    if missing:
        raise ValueError(f"frame lacks columns {missing}")
    return frame.select([pl.col(name).cast(dtype) for name, dtype in schema.items()])


def empty(schema: dict[str, pl.DataType]) -> pl.DataFrame:
    return pl.DataFrame(schema=schema)

# One row per source line the aligner was asked about (every line in full-film mode,
# the selected lines otherwise). A 2-1 link gives both source lines a row with the same
# link; src_cue_ids/tgt_cue_ids hold the raw cue ids of the whole link (speaker turns as
# "17#2"), which is what gold alignments are compared on.
ALIGNMENT = {
    "film": pl.Utf8,
    "src_lang": pl.Utf8,
    "tgt_lang": pl.Utf8,
    "src_idx": pl.Int64,  # CUES idx of the source line
    "src_cue_id": pl.Utf8,  # CUES cue_id of the source line
    "src_text": pl.Utf8,
    "src_cue_ids": pl.List(pl.Utf8),  # raw ids of the link's source side
    "tgt_idx": pl.List(pl.Int64),  # CUES idx of the target lines; empty when unaligned
    "tgt_lines": pl.List(pl.Utf8),  # CUES cue_id of the target lines ("27+28", "16#1")
    "tgt_cue_ids": pl.List(pl.Utf8),  # raw ids of the link's target side
    "tgt_text": pl.Utf8,  # target lines joined by a space; null when unaligned
    "link": pl.Utf8,  # "1-1", "1-2", "2-1"; null when unaligned
    "cosine": pl.Float64,
    "margin": pl.Float64,  # ratio margin (Artetxe & Schwenk 2019)
    "score": pl.Float64,  # margin - threshold - penalties; > 0 for every link made
    "second_gap": pl.Float64,  # score minus the best alternative with other target lines
    "time_delta_ms": pl.Int64,  # mapped source time minus target time; null for plain text
    "confidence": pl.Float64,  # 0..1 ranking aid for review, from score and second_gap
    "status": pl.Utf8,  # "aligned" | "unaligned"
    "reason": pl.Utf8,  # why unaligned: no-candidate-in-window | below-threshold | path-conflict
    # | not-mutual-best (retrieval mode)
    # The film's fitted time map, t_tgt = time_drift * t_src + time_offset_ms, and the
    # anchors it rests on; the same on every row of a film; null without timestamps or
    # without enough anchors.
    "time_offset_ms": pl.Float64,
    "time_drift": pl.Float64,
    "time_anchors": pl.Int64,
}

# One row per English seed pair and target language (aligner/pairs/transfer.py): the
# target pair in CrowS-Pairs columns, or a reason code why there is none, with the
# English pair and the alignment it came from. Cue ids are space-separated raw ids
# (as in the gold files) so the frame round-trips through CSV for reviewers.
PAIRS = {
    "pair_id": pl.Utf8,
    "lang": pl.Utf8,  # target language
    "film": pl.Utf8,
    "bias_type": pl.Utf8,
    "stereo_antistereo": pl.Utf8,
    "sent_more": pl.Utf8,  # null when rejected
    "sent_less": pl.Utf8,
    "status": pl.Utf8,  # "ok" | "rejected" (transfer)
    "reason": pl.Utf8,  # reason code (aligner/pairs/reasons.py); null when ok
    "message": pl.Utf8,  # the reason for a human
    "orig_side": pl.Utf8,  # "more" | "less": which side is the natural subtitle line
    "src_sent_more": pl.Utf8,  # the English pair
    "src_sent_less": pl.Utf8,
    "src_cue_ids": pl.Utf8,
    "tgt_cue_ids": pl.Utf8,  # null when the English cue is unaligned
    "start_ms": pl.Int64,  # English cue start
    "cosine": pl.Float64,  # alignment scores; null for gold alignments
    "margin": pl.Float64,
    "confidence": pl.Float64,
    "concept": pl.Utf8,  # the concept of the natural line, e.g. gender.woman
    "counterpart": pl.Utf8,  # the concept swapped in
    "slot": pl.Utf8,  # target slot of the swapped form (sg_n, dir_pl, ...)
}

# One row per candidate line found by `align extract` (aligner/extract.py): the cue
# with every lexicon form matched in it and its neighbours as context for reviewers.
EXTRACT_MATCH = pl.Struct({
    "concept": pl.Utf8,  # gender.woman, or pronoun.she for a gendered pronoun
    "slot": pl.Utf8,  # sg, pl_kom, obl_pl ...; "pronoun" for pronouns
    "surface": pl.Utf8,  # the text matched, as written in the line
    "start": pl.Int64,  # character span in `text`
    "end": pl.Int64,
    "register": pl.Utf8,  # neutral | colloquial | derogatory | dated: the word's, in the lexicon
})
EXTRACT = {
    "film": pl.Utf8,
    "lang": pl.Utf8,
    "idx": pl.Int64,
    "cue_id": pl.Utf8,
    "cue_ids": pl.List(pl.Utf8),
    "start_ms": pl.Int64,
    "end_ms": pl.Int64,
    "text": pl.Utf8,
    "matches": pl.List(EXTRACT_MATCH),
    "concepts": pl.List(pl.Utf8),  # unique, in order of first match
    "categories": pl.List(pl.Utf8),  # unique; a concept's `also` categories included
    "prev_text": pl.Utf8,  # previous line of the same film and language (null at the start)
    "next_text": pl.Utf8,
}

# `align screen` (aligner/screen/stage.py): every EXTRACT row, each match marked with
# whether it refers to people in this line, and a stereotype judge's verdict.
SCREEN_MATCH = pl.Struct({
    **EXTRACT_MATCH.to_schema(),
    "person": pl.Boolean,  # the match refers to a person or group of people here
    "sense": pl.Utf8,  # why: "describes 'films' (a thing)", "idiom 'blind date'", "pronoun"
})
SCREEN = {
    **EXTRACT,
    "matches": pl.List(SCREEN_MATCH),
    "person_ref": pl.Boolean,  # at least one match refers to people
    "stereotype": pl.Float64,  # the judge's score in [0, 1]; null with --judge none
    "stereo_category": pl.Utf8,  # CrowS-Pairs category of the group the line is about
    "target": pl.Utf8,  # the words naming that group in the line
    "direction": pl.Utf8,  # stereotype | anti-stereotype | none (aligner/screen/judge.py)
    "rationale": pl.Utf8,  # one line for reviewers
    "judge": pl.Utf8,  # classifier | llm | none
}

# Columns `align score` adds to every pair row (aligner/score/scorer.py); the input
# columns (CrowS-Pairs or CineAlign provenance) are all kept before them.
PAIR_SCORES = {
    "more_score": pl.Float64,  # sentence score of sent_more under the metric (log-prob scale)
    "less_score": pl.Float64,
    "diff": pl.Float64,  # more_score - less_score
    "outcome": pl.Utf8,  # "more" | "less" | "tie" | "unscored" (aligner/score/stats.py)
    "note": pl.Utf8,  # why a pair is unscored (e.g. longer than the model accepts); else null
}
