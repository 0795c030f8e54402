"""Two pairs of one small film, with cues in both languages and an alignment: the review
sheet, the store and the page's API are tested on these (tests/review, tests/serve)."""

from __future__ import annotations

import polars as pl

from aligner.frames import PAIRS


def pairs_frame() -> pl.DataFrame:
    common = {"lang": "et", "film": "f", "bias_type": "gender", "stereo_antistereo": "stereo",
              "orig_side": "more", "src_sent_more": "Women can't park.",
              "src_sent_less": "Men can't park.", "src_cue_ids": "3", "cosine": 0.9,
              "margin": 1.1, "confidence": 0.95}
    return pl.DataFrame([
        {**common, "pair_id": "f-01", "sent_more": "Naised ei oska parkida.",
         "sent_less": "Mehed ei oska parkida.", "status": "ok", "tgt_cue_ids": "2",
         "start_ms": 3000, "concept": "gender.woman", "counterpart": "gender.man"},
        {**common, "pair_id": "f-02", "sent_more": None, "sent_less": None,
         "status": "rejected", "reason": "concept-not-in-target-line", "src_cue_ids": "4",
         "tgt_cue_ids": "3", "start_ms": 5000},
    ], schema=PAIRS).with_columns(verdict=pl.Series(["ok", None], dtype=pl.Utf8))


def cues_frame() -> pl.DataFrame:
    rows = [("en", 0, "2", 1000, "Hello."), ("en", 1, "3", 3000, "Women can't park."),
            ("en", 2, "4", 5000, "That girl can't park either."),
            ("et", 0, "1", 1200, "Tere."), ("et", 1, "2", 3100, "Naised ei oska parkida."),
            ("et", 2, "3", 5200, "See tüdruk ka mitte."), ("et", 3, "4", 7000, "Head aega.")]
    return pl.DataFrame(
        [{"film": "f", "lang": lang, "idx": idx, "cue_id": cue, "cue_ids": [cue],
          "start_ms": start, "end_ms": start + 900, "text": text}
         for lang, idx, cue, start, text in rows], schema_overrides={"idx": pl.Int64})


def aligned_frame() -> pl.DataFrame:
    return pl.DataFrame({"film": ["f", "f"], "src_cue_ids": [["3"], ["4"]],
                         "tgt_cue_ids": [["2"], ["3"]], "tgt_text": ["x", "y"],
                         "time_delta_ms": [-100, 250]})
