from __future__ import annotations

import polars as pl
import pytest

from aligner.errors import InputFormatError
from aligner.frames import PAIRS
from aligner.pairs.review import (
    REVIEW_COLUMNS,
    apply_review,
    empty_store,
    export_review,
    final_pairs,
)
from aligner.pairs.validate import validate_pair


def pairs_frame() -> pl.DataFrame:
    rows = [
        {"pair_id": "f-01", "lang": "et", "film": "f", "bias_type": "gender",
         "stereo_antistereo": "stereo", "sent_more": "Naised ei oska parkida.",
         "sent_less": "Mehed ei oska parkida.", "status": "ok", "orig_side": "more",
         "src_sent_more": "Women can't park.", "src_sent_less": "Men can't park.",
         "src_cue_ids": "3", "tgt_cue_ids": "2", "start_ms": 1000, "cosine": 0.9},
        {"pair_id": "f-02", "lang": "et", "film": "f", "bias_type": "gender",
         "stereo_antistereo": "stereo", "sent_more": "Tüdrukud jäävad.",
         "sent_less": "Poisid jäävad.", "status": "ok", "orig_side": "more",
         "src_sent_more": "Girls stay.", "src_sent_less": "Boys stay.",
         "src_cue_ids": "5", "tgt_cue_ids": "4", "start_ms": 3000, "cosine": 0.8},
    ]
    return pl.DataFrame(rows, schema=PAIRS)


CUES = pl.DataFrame({
    "film": ["f"] * 5, "lang": ["et"] * 5, "idx": [0, 1, 2, 3, 4],
    "cue_ids": [["1"], ["2"], ["3"], ["4"], ["5"]],
    "text": ["Tere.", "Naised ei oska parkida.", "Tõsi.", "Tüdrukud jäävad.", "Head aega."],
})


@pytest.fixture
def validator(et):
    return lambda lang, more, less: validate_pair(more, less, et.tgt, et.tgt_lexicon)


def sheet_with(decisions: dict[str, dict[str, str]]) -> pl.DataFrame:
    """The exported sheet, as a linguist returns it: decision cells filled for some rows."""
    sheet = export_review(pairs_frame(), CUES).with_row_index("line", offset=2)
    rows = []
    for row in sheet.iter_rows(named=True):
        rows.append({**row, **decisions.get(row["pair_id"], {})})
    return pl.DataFrame(rows, schema=sheet.schema)


def test_export_gives_context_scores_and_empty_decisions():
    sheet = export_review(pairs_frame(), CUES)
    assert tuple(sheet.columns) == REVIEW_COLUMNS
    first = sheet.row(0, named=True)
    assert (first["context_before"], first["context_after"]) == ("Tere.", "Tõsi.")
    assert first["src_sent_more"] == "Women can't park." and first["cosine"] == 0.9
    assert first["decision"] is None and first["comment"] is None


def test_apply_twice_gives_the_same_store(validator):
    sheet = sheet_with({"f-01": {"decision": "accept", "comment": "fine"},
                        "f-02": {"decision": "edit", "edit_sent_less": "Poisid jäävad ka."}})
    once, first = apply_review(sheet, empty_store(), validator)
    twice, second = apply_review(sheet, once, validator)
    assert once.equals(twice)
    assert first.added == ["f-01/et", "f-02/et"] and second.unchanged == ["f-01/et", "f-02/et"]


def test_edited_text_is_validated_again(validator):
    sheet = sheet_with({"f-02": {"decision": "edit", "edit_sent_less": "Poisid jäävad ka."}})
    store, report = apply_review(sheet, empty_store(), validator)
    row = store.row(0, named=True)
    assert (row["edit_verdict"], row["edit_verdict_reason"]) == ("rejected", "not-minimal")
    assert report.invalid_edits and report.invalid_edits[0].startswith("f-02/et")


def test_a_different_decision_is_a_conflict_not_an_overwrite(validator):
    store, _ = apply_review(sheet_with({"f-01": {"decision": "accept"}}), empty_store(),
                            validator)
    later = sheet_with({"f-01": {"decision": "reject", "comment": "unnatural"}})
    kept, report = apply_review(later, store, validator)
    assert kept.equals(store)
    assert report.conflicts == ["f-01/et: stored accept, sheet reject///unnatural"]
    forced, report = apply_review(later, store, validator, force=True)
    assert (forced["decision"].to_list(), report.forced) == (["accept", "reject"], ["f-01/et"])


def test_earlier_decisions_reappear_in_the_next_export(validator):
    store, _ = apply_review(sheet_with({"f-01": {"decision": "accept"}}), empty_store(),
                            validator)
    changed = pairs_frame().with_columns(
        pl.when(pl.col("pair_id") == "f-01").then(pl.lit("Naised ei taha parkida."))
        .otherwise(pl.col("sent_more")).alias("sent_more"))
    sheet = export_review(changed, CUES, store)
    first = sheet.row(0, named=True)
    assert first["decision"] == "accept" and first["text_changed_since_decision"] is True
    assert export_review(pairs_frame(), CUES, store).row(0, named=True)[
        "text_changed_since_decision"] is False


def test_a_bad_decision_names_the_sheet_line(validator):
    sheet = sheet_with({"f-02": {"decision": "maybe"}})
    with pytest.raises(InputFormatError, match=r"review.csv:3: decision 'maybe'"):
        apply_review(sheet, empty_store(), validator, path="review.csv")


def test_final_pairs_drop_rejections_and_write_valid_edits(validator):
    sheet = sheet_with({"f-01": {"decision": "reject"},
                        "f-02": {"decision": "edit", "edit_sent_more": "Naised jäävad.",
                                 "edit_sent_less": "Mehed jäävad."}})
    store, _ = apply_review(sheet, empty_store(), validator)
    final = final_pairs(pairs_frame(), store)
    assert final.select("pair_id", "sent_more", "sent_less").rows() == [
        ("f-02", "Naised jäävad.", "Mehed jäävad.")]


def test_an_accepted_stand_in_enters_the_dataset_and_an_undecided_one_does_not(validator):
    stand_in = pairs_frame().with_columns(status=pl.lit("review"), reason=pl.lit("stand-in"))
    sheet = sheet_with({"f-01": {"decision": "accept"}})
    store, _ = apply_review(sheet, empty_store(), validator)
    final = final_pairs(stand_in, store)
    assert dict(final.select("pair_id", "status").rows()) == {"f-01": "ok", "f-02": "review"}
