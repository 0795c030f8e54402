from pathlib import Path

import polars as pl

from aligner.build.outputs import accepted_pairs
from aligner.pairs.review import safe_sheet_path


def pairs() -> pl.DataFrame:
    return pl.DataFrame({
        "pair_id": ["a", "b", "c"], "lang": ["et"] * 3, "film": ["f"] * 3,
        "start_ms": [1, 2, 3], "sent_more": ["A1", "B1", "C1"], "sent_less": ["A2", "B2", "C2"],
        "stereo_antistereo": ["stereo"] * 3, "bias_type": ["gender"] * 3,
        "status": ["ok", "ok", "rejected"], "verdict": ["ok", "rejected", None],
        **{c: [None] * 3 for c in ("src_cue_ids", "tgt_cue_ids", "src_sent_more",
                                   "src_sent_less", "cosine", "margin", "confidence")},
    })


def decisions(*rows: tuple[str, str]) -> pl.DataFrame:
    return pl.DataFrame(
        {
            "pair_id": [r[0] for r in rows], "lang": ["et"] * len(rows),
            "sent_more": ["A1"] * len(rows), "sent_less": ["A2"] * len(rows),
            "decision": [r[1] for r in rows], "edit_sent_more": [None] * len(rows),
            "edit_sent_less": [None] * len(rows), "comment": [None] * len(rows),
            "edit_verdict": [None] * len(rows),
        },
        schema_overrides={c: pl.Utf8 for c in ("edit_sent_more", "edit_sent_less", "comment",
                                                "edit_verdict")},
    )


def test_only_valid_transferred_pairs_are_kept():
    assert accepted_pairs(pairs(), None)["pair_id"].to_list() == ["a"]


def test_reviewed_only_needs_an_accept():
    assert accepted_pairs(pairs(), None, reviewed_only=True).height == 0
    kept = accepted_pairs(pairs(), decisions(("a", "accept")), reviewed_only=True)
    assert kept["pair_id"].to_list() == ["a"]
    assert accepted_pairs(pairs(), decisions(("a", "reject")), reviewed_only=True).height == 0


def test_unapplied_review_work_is_never_overwritten(tmp_path: Path):
    sheet = tmp_path / "review.csv"
    assert safe_sheet_path(sheet, None) == sheet  # nothing there yet
    pl.DataFrame({"pair_id": ["a"], "lang": ["et"], "decision": [None], "edit_sent_more": [None],
                  "edit_sent_less": [None], "comment": [None]},
                 schema_overrides={"decision": pl.Utf8, "edit_sent_more": pl.Utf8,
                                   "edit_sent_less": pl.Utf8, "comment": pl.Utf8}).write_csv(sheet)
    assert safe_sheet_path(sheet, None) == sheet  # an untouched sheet may be refreshed
    pl.DataFrame({"pair_id": ["a"], "lang": ["et"], "decision": ["accept"],
                  "edit_sent_more": [None], "edit_sent_less": [None], "comment": [None]},
                 schema_overrides={"edit_sent_more": pl.Utf8, "edit_sent_less": pl.Utf8,
                                   "comment": pl.Utf8}).write_csv(sheet)
    assert safe_sheet_path(sheet, None).name == "review.new.csv"  # work not applied yet
    assert safe_sheet_path(sheet, decisions(("a", "accept"))) == sheet  # applied: safe to refresh
