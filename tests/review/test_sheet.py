"""The review sheet and its commands: context with times, never overwriting a linguist's work,
decisions for pairs that are gone, and the files `align review` is given."""

from __future__ import annotations

import json
from pathlib import Path

import polars as pl
import pytest
from review_fixtures import aligned_frame, cues_frame, pairs_frame
from typer.testing import CliRunner

from aligner import frames
from aligner.build.outputs import accepted_pairs
from aligner.build.report import drop_reasons, review_section
from aligner.cli.main import app
from aligner.pairs.io import write_csv
from aligner.pairs.review import (
    SHEET_COLUMNS,
    Validators,
    apply_review,
    decision_status,
    empty_store,
    export_review,
    final_pairs,
    safe_sheet_path,
)
from aligner.pairs.transfer import transfer_pairs

runner = CliRunner()


def test_the_sheet_shows_the_aligned_line_and_its_neighbours_with_times():
    sheet = export_review(pairs_frame(), cues_frame(), aligned=aligned_frame())
    ok, rejected = sheet.iter_rows(named=True)
    assert ok["tgt_line"] == "Naised ei oska parkida." and ok["tgt_time"] == "00:00:03,100"
    assert ok["context_before"] == "[00:00:01,200] Tere."
    assert ok["context_after"] == "[00:00:05,200] See tüdruk ka mitte."
    assert ok["time_delta_ms"] == -100 and ok["concept"] == "gender.woman"
    # A pair transfer rejected has no sentences, but the reviewer still sees its line.
    assert rejected["sent_more"] is None and rejected["tgt_line"] == "See tüdruk ka mitte."
    assert rejected["time_delta_ms"] == 250
    lines = [(x["lang"], x["role"], x["text"]) for x in ok["lines"]]
    assert ("en", "line", "Women can't park.") in lines
    assert ("et", "after", "Head aega.") in lines  # two neighbours on each side
    assert [x["start_ms"] for x in ok["lines"] if x["lang"] == "et"] == [1200, 3100, 5200, 7000]


def test_export_from_the_build_dataset_works(tmp_path):
    dataset = tmp_path / "et_cinebias.csv"
    write_csv(accepted_pairs(pairs_frame(), None), dataset)
    out = tmp_path / "sheet.csv"
    result = runner.invoke(app, ["review", "export", str(dataset), "--out", str(out)])
    assert result.exit_code == 0, result.output
    sheet = pl.read_csv(out, infer_schema_length=0)
    assert tuple(sheet.columns) == SHEET_COLUMNS and sheet["pair_id"].to_list() == ["f-01"]
    assert "decision: accept | reject" in result.output


def test_export_never_overwrites_a_sheet_with_decisions_not_yet_applied(tmp_path):
    pairs, sheet = tmp_path / "pairs.csv", tmp_path / "review.csv"
    write_csv(pairs_frame(), pairs)
    export = ["review", "export", str(pairs), "--out", str(sheet)]
    assert runner.invoke(app, export).exit_code == 0
    worked = pl.read_csv(sheet, infer_schema_length=0).with_columns(decision=pl.lit("accept"))
    worked.write_csv(sheet)
    result = runner.invoke(app, export)
    assert result.exit_code == 0, result.output
    assert f"{sheet} holds decisions not yet applied" in result.output.replace("\n", "")
    assert pl.read_csv(sheet, infer_schema_length=0)["decision"].to_list() == ["accept"] * 2
    worked.write_csv(tmp_path / "review.new.csv")  # that one filled in too: a third name
    assert runner.invoke(app, export).exit_code == 0
    assert (tmp_path / "review.new2.csv").exists()
    assert safe_sheet_path(sheet, None).name == "review.new2.csv"


def test_a_decisions_file_that_is_missing_or_lacks_columns_is_an_error(tmp_path):
    pairs = tmp_path / "pairs.csv"
    write_csv(pairs_frame(), pairs)
    export = ["review", "export", str(pairs), "--out", str(tmp_path / "r.csv"), "--decisions"]
    result = runner.invoke(app, [*export, str(tmp_path / "missing.csv")])
    assert result.exit_code == 1
    assert "missing.csv: decision store not found" in str(result.exception)
    broken = tmp_path / "broken.csv"
    broken.write_text("pair_id,decision\nf-01,accept\n", encoding="utf-8")
    result = runner.invoke(app, [*export, str(broken)])
    assert "broken.csv:1: CSV header lacks column(s) lang" in str(result.exception)
    build = ["build", "--src-subs", str(tmp_path), "--decisions", str(tmp_path / "gone.csv")]
    result = runner.invoke(app, build)  # refused before any subtitle is read
    assert "gone.csv: decision store not found" in str(result.exception)


def test_decisions_for_pairs_that_no_longer_exist_are_kept_apart(tmp_path):
    pairs, sheet, store = tmp_path / "pairs.csv", tmp_path / "review.csv", tmp_path / "d.csv"
    write_csv(pairs_frame(), pairs)
    assert runner.invoke(app, ["review", "export", str(pairs), "--out", str(sheet)]).exit_code == 0
    filled = pl.read_csv(sheet, infer_schema_length=0).with_columns(
        decision=pl.lit("accept"), pair_id=pl.Series(["f-01", "f-99"]))
    filled.write_csv(sheet)
    result = runner.invoke(app, ["review", "apply", str(sheet), "--decisions", str(store)])
    assert result.exit_code == 0, result.output
    assert "1 added" in result.output
    assert "were not stored; kept apart in" in result.output and "f-99/et" in result.output
    assert pl.read_csv(store)["pair_id"].to_list() == ["f-01"]
    assert pl.read_csv(tmp_path / "d.unknown.csv")["pair_id"].to_list() == ["f-99"]


def test_stored_decisions_whose_pairs_are_gone_are_kept_and_listed_as_orphaned(tmp_path):
    """Issue 21: a decision on a pair the latest pairs no longer hold stays in the store (the
    pair may come back) and `review apply` lists it, as the review page does."""
    pairs, store = tmp_path / "pairs.csv", tmp_path / "d.csv"
    write_csv(pairs_frame(), pairs)

    def apply(sheet: Path, decision: str, pair_id: str) -> str:
        assert runner.invoke(app, ["review", "export", str(pairs), "--out", str(sheet)]
                             ).exit_code == 0
        filled = pl.read_csv(sheet, infer_schema_length=0).with_columns(
            decision=pl.when(pl.col("pair_id") == pair_id).then(pl.lit(decision)))
        filled.write_csv(sheet)
        result = runner.invoke(app, ["review", "apply", str(sheet), "--decisions", str(store),
                                     "--pairs", str(pairs)])
        assert result.exit_code == 0, result.output
        return result.output

    assert "orphaned" not in apply(tmp_path / "first.csv", "accept", "f-01")
    write_csv(pairs_frame().filter(pl.col("pair_id") != "f-01"), pairs)  # a rebuild drops it
    output = apply(tmp_path / "second.csv", "reject", "f-02")
    assert "1 stored decisions are orphaned" in output and "f-01/et" in output, output
    kept = pl.read_csv(store).select("pair_id", "decision").rows()
    assert kept == [("f-01", "accept"), ("f-02", "reject")]


def test_a_sheet_that_showed_the_stored_decision_may_change_it(tmp_path):
    validators = Validators()
    sheet = export_review(pairs_frame(), cues_frame()).with_columns(
        decision=pl.Series(["accept", None]))
    store, _ = apply_review(sheet, empty_store(), validators)
    fresh = export_review(pairs_frame(), cues_frame(), store)  # carries revision 1
    assert fresh["revision"].to_list() == [1, None]
    revised = fresh.with_columns(decision=pl.Series(["reject", None]),
                                 revision=pl.col("revision").cast(pl.Utf8))
    store, report = apply_review(revised, store, validators)
    assert report.changed == ["f-01/et"] and store["revision"].to_list() == [1, 2]
    assert store["decision"].to_list() == ["accept", "reject"]  # appended, never rewritten
    stale = sheet.with_columns(decision=pl.Series(["edit", None]),
                               edit_sent_less=pl.Series(["Mehed ei oska.", None]))
    _, report = apply_review(stale, store, validators)
    assert report.conflicts and not report.changed


def test_a_valid_edit_brings_in_a_pair_the_machine_rejected():
    validators = Validators()
    sheet = export_review(pairs_frame(), cues_frame()).with_columns(
        decision=pl.Series([None, "edit"]),
        edit_sent_more=pl.Series([None, "See tüdruk ei oska parkida."]),
        edit_sent_less=pl.Series([None, "See poiss ei oska parkida."]))
    store, report = apply_review(sheet, empty_store(), validators)
    assert report.added == ["f-02/et"] and not report.invalid_edits
    dataset = accepted_pairs(pairs_frame(), store)
    assert dataset.select("pair_id", "sent_more", "verdict").rows() == [
        ("f-01", "Naised ei oska parkida.", "ok"),
        ("f-02", "See tüdruk ei oska parkida.", "ok")]
    assert final_pairs(pairs_frame(), store).filter(pl.col("pair_id") == "f-02")[
        "status"].to_list() == ["ok"]


def test_the_report_lists_pair_ids_per_reason_and_counts_decisions():
    pairs = pairs_frame()
    reasons = drop_reasons(pairs.with_columns(verdict_reason=pl.lit(None, pl.Utf8)))
    assert reasons.select("why", "pair_ids").rows() == [("concept-not-in-target-line", "f-02")]
    sheet = export_review(pairs, cues_frame()).with_columns(
        decision=pl.Series(["reject", None]), comment=pl.Series(["calque", None]))
    store, _ = apply_review(sheet, empty_store(), Validators())
    gone = store.with_columns(pair_id=pl.lit("f-77"))
    status = decision_status(pairs, pl.concat([store, gone]))
    assert status.select("pair_id", "effect").rows() == [
        ("f-01", "applied"), ("f-77", "not applied: no such pair in this build")]
    section = "\n".join(review_section(pairs, pl.concat([store, gone]), "review.csv"))
    assert "`accept`, `reject`" in section
    assert "| reject | settled | not applied: no such pair in this build | 1 | f-77 |" in section
    assert "| reject | settled | applied | 1 | f-01 |" in section


def test_an_unmatched_seed_without_a_cue_id_does_not_say_cue_none():
    seeds = pl.DataFrame({"pair_id": ["s-1"], "sent_more": ["Women can't park."],
                          "sent_less": ["Men can't park."], "stereo_antistereo": ["stereo"],
                          "bias_type": ["gender"], "film": ["f"], "cue_id": [None]},
                         schema_overrides={"cue_id": pl.Utf8})
    row = transfer_pairs(seeds, frames.empty(frames.ALIGNMENT), "et").row(0, named=True)
    assert row["reason"] == "not-aligned" and "None" not in row["message"]
    assert row["src_cue_ids"] is None


@pytest.fixture
def jsonl(tmp_path) -> Path:
    path = tmp_path / "review.jsonl"
    export_review(pairs_frame(), cues_frame()).write_ndjson(path)
    return path


def test_the_jsonl_twin_holds_the_lines_nested(jsonl):
    first = json.loads(jsonl.read_text(encoding="utf-8").splitlines()[0])
    assert first["lines"][0] == {"lang": "en", "role": "before", "cue_id": "2",
                                 "start_ms": 1000, "end_ms": 1900, "text": "Hello."}
