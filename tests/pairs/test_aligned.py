from __future__ import annotations

import polars as pl

from aligner.pairs.aligned import aligned_lines, gold_aligned, join_texts


def test_join_texts_drops_continuation_marks_at_the_seams():
    assert join_texts(["Ma ei öelnud talle...", "...et lahkun."]) == "Ma ei öelnud talle et lahkun."
    assert join_texts(["Istu sisse.", "Me jääme hiljaks."]) == "Istu sisse. Me jääme hiljaks."


def test_gold_alignment_becomes_aligned_lines_with_joined_target_text():
    links = pl.DataFrame({"film": ["f", "f"], "tgt_lang": ["et", "hi"], "unit": ["0", "0"],
                          "src_cue_ids": ["7", "7"], "tgt_cue_ids": ["5 6", "5"]})
    cues = pl.DataFrame({
        "film": ["f"] * 4, "lang": ["en", "et", "et", "hi"], "cue_id": ["7", "5", "6", "5"],
        "text": ["Get in. We're late.", "Istu sisse.", "Me jääme hiljaks.", "बैठो।"],
    })
    aligned = gold_aligned(links, cues, "et")
    line = aligned_lines(aligned).get("f", "7")
    assert line.text == "Istu sisse. Me jääme hiljaks." and line.tgt_cue_ids == ("5", "6")
    assert line.src_text == "Get in. We're late." and line.confidence is None


def test_a_source_cue_split_over_rows_is_joined_with_its_weakest_score():
    aligned = pl.DataFrame({
        "film": ["f", "f"], "src_cue_ids": [["7"], ["7"]], "tgt_cue_ids": [["5"], ["6"]],
        "tgt_text": ["Istu sisse.", "Me jääme hiljaks."], "confidence": [0.9, 0.4],
    })
    line = aligned_lines(aligned).get("f", "7")
    assert (line.text, line.confidence) == ("Istu sisse. Me jääme hiljaks.", 0.4)
    assert aligned_lines(aligned).get("f", "8") is None
