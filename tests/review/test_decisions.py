"""The decision store: one row per vote, appended; refusals of stale votes, the lock, old
files, bad files."""

from __future__ import annotations

import subprocess
import sys

import polars as pl
import pytest
from hypothesis import given
from hypothesis import strategies as st

from aligner.errors import InputFormatError
from aligner.pairs.decisions import (
    Log,
    Proposal,
    StaleDecisionError,
    decide,
    latest_votes,
    locked_store,
    read_store,
    set_apart,
    write_decision,
)
from aligner.pairs.io import write_csv
from aligner.pairs.validate import Verdict

KEY = ("f-01", "et")
TEXT = ("Naised ei oska parkida.", "Mehed ei oska parkida.")


def never_called(lang, more, less):
    raise AssertionError("only edits are validated")


def objects(lang, more, less):
    return Verdict("rejected", "not-minimal", f"{more} / {less}")


def cells(decision, comment=None, **edits):
    return {"decision": decision, "comment": comment, "edit_sent_more": edits.get("more"),
            "edit_sent_less": edits.get("less")}


def put(log: Log, decision: dict, base: int | None, reviewer: str | None = "ilse",
        force: bool = False):
    return write_decision(log, Proposal(KEY, TEXT, decision, base, reviewer), never_called,
                          force)


def test_each_reviewer_votes_and_a_changed_mind_is_a_new_row():
    log = Log([])
    first = put(log, cells("accept"), None, "ilse")
    assert (first.kind, first.record["revision"], first.record["reviewer"]) == ("added", 1, "ilse")
    assert put(log, cells("accept"), 1, "ilse").kind == "unchanged"
    other = put(log, cells("reject", "calque"), None, "jaan")  # jaan's own vote: no conflict
    assert (other.kind, other.record["revision"]) == ("added", 2)
    changed = put(log, cells("reject", "calque"), 1, "ilse")
    assert (changed.kind, changed.record["revision"]) == ("changed", 3)
    assert [(r["reviewer"], r["decision"]) for r in log.all()] == [
        ("ilse", "accept"), ("jaan", "reject"), ("ilse", "reject")]  # nothing rewritten
    standing = latest_votes(log.frame())
    assert sorted(standing.select("reviewer", "decision").rows()) == [
        ("ilse", "reject"), ("jaan", "reject")]


@pytest.mark.parametrize("base", [None, 1])
def test_a_vote_based_on_an_older_revision_of_ones_own_is_refused(base):
    log = Log([])
    put(log, cells("accept"), None)
    put(log, cells("reject", "no"), 1)  # revision 2: the same reviewer, another tab
    change = put(log, cells("accept"), base)
    assert change.kind == "conflict" and len(log.all()) == 2
    forced = put(log, cells("accept"), base, force=True)
    assert forced.kind == "forced" and forced.record["revision"] == 3 and len(log.all()) == 3


def test_withdrawing_a_vote_and_then_nothing_is_in_the_way():
    log = Log([])
    put(log, cells("accept"), None)
    cleared = put(log, cells(None), 1)
    assert cleared.kind == "changed" and cleared.record["decision"] is None
    later = put(log, cells("reject", "odd"), None)  # a tab that saw no vote may vote
    assert later.kind == "added" and later.record["revision"] == 3
    assert put(Log([]), cells(None), None).kind == "unchanged"


def test_an_edit_is_validated_and_its_verdict_stored():
    log = Log([])
    change = write_decision(log, Proposal(KEY, TEXT, cells("edit", less="Mehed ei oska ka.")),
                            objects)
    assert change.verdict.reason == "not-minimal"
    assert (change.record["edit_verdict"], change.record["edit_verdict_message"]) == (
        "rejected", "Naised ei oska parkida. / Mehed ei oska ka.")


def test_decide_refuses_a_stale_vote_and_keeps_others_votes_apart(tmp_path):
    store = tmp_path / "decisions.csv"
    decide(store, Proposal(KEY, TEXT, cells("accept"), None, "ilse"), never_called)
    decide(store, Proposal(KEY, TEXT, cells("reject", "no"), None, "jaan"), never_called)
    with pytest.raises(StaleDecisionError, match="your vote on f-01/et was changed") as err:
        decide(store, Proposal(KEY, TEXT, cells("reject", "no"), None, "ilse"), never_called)
    assert err.value.current["decision"] == "accept"
    assert read_store(store).select("reviewer", "decision", "revision").rows() == [
        ("ilse", "accept", 1), ("jaan", "reject", 2)]


def test_a_one_reviewer_store_is_read_as_it_is(tmp_path):
    old = tmp_path / "decisions.csv"
    header = ("pair_id,lang,sent_more,sent_less,decision,edit_sent_more,edit_sent_less,comment,"
              "edit_verdict,edit_verdict_reason,edit_verdict_message,history,revision,reviewer,"
              "decided_at")
    history = '"[{""decision"": ""reject"", ""reviewer"": ""mart"", ""revision"": 1}]"'
    old.write_text(f"{header}\nf-01,et,A,B,accept,,,,,,,{history},2,ilse,2025-01-01\n"
                   "f-02,et,C,D,reject,,,odd,,,,,1,,\n", encoding="utf-8")
    store = read_store(old)
    assert store.select("pair_id", "decision", "revision", "reviewer", "role").rows() == [
        ("f-01", "accept", 2, "ilse", "vote"), ("f-02", "reject", 1, None, "vote")]
    assert "mart" in store["history"][0]  # kept as it was
    with locked_store(old) as log:
        put(log, cells("reject", "no"), 2, "ilse")
    again = read_store(old)
    assert again.head(2).equals(store) and again["revision"][2] == 3


def test_a_store_from_before_revisions_reads_as_revision_one(tmp_path):
    old = tmp_path / "decisions.csv"
    header = ("pair_id,lang,sent_more,sent_less,decision,edit_sent_more,edit_sent_less,comment,"
              "edit_verdict,edit_verdict_reason,edit_verdict_message,history")
    old.write_text(f"{header}\nf-01,et,A,B,accept,,,,,,,\n", encoding="utf-8")
    row = read_store(old).row(0, named=True)
    assert (row["decision"], row["revision"], row["reviewer"]) == ("accept", 1, None)


def test_a_store_missing_columns_or_missing_altogether_is_a_clear_error(tmp_path):
    bad = tmp_path / "decisions.csv"
    bad.write_text("pair_id,lang,decision\nf-01,et,accept\n", encoding="utf-8")
    with pytest.raises(InputFormatError, match=r"decisions.csv:1: CSV header lacks column"):
        read_store(bad)
    with pytest.raises(InputFormatError, match="nowhere.csv: decision store not found"):
        read_store(tmp_path / "nowhere.csv", must_exist=True)
    assert read_store(tmp_path / "nowhere.csv").height == 0


WRITER = """
import sys
from pathlib import Path
from aligner.pairs.decisions import Proposal, decide
store, name = Path(sys.argv[1]), sys.argv[2]
for n in range(15):
    decide(store, Proposal((f"{name}-{n}", "et"), ("A", "B"), {"decision": "accept"}, None,
                           name), lambda *a: None)
"""


def test_writers_in_two_processes_at_once_lose_nothing(tmp_path):
    store = tmp_path / "decisions.csv"
    writers = [subprocess.Popen([sys.executable, "-c", WRITER, str(store), name])
               for name in ("page", "sheet")]
    assert [w.wait(timeout=120) for w in writers] == [0, 0]
    frame = read_store(store)
    assert frame.height == 30 and set(frame["reviewer"]) == {"page", "sheet"}


def test_decisions_for_missing_pairs_are_set_apart_and_merged(tmp_path):
    store = tmp_path / "decisions.csv"
    row = {"pair_id": "gone-1", "lang": "et", "sent_more": "A", "sent_less": "B",
           "decision": "accept", "comment": None}
    apart = set_apart([row], store)
    set_apart([{**row, "decision": "reject", "comment": "no"},
               {**row, "pair_id": "gone-2"}], store)
    frame = pl.read_csv(apart)
    assert apart.name == "decisions.unknown.csv" and not store.exists()
    assert frame.select("pair_id", "decision").rows() == [("gone-1", "reject"),
                                                           ("gone-2", "accept")]


cell = st.text(st.characters(exclude_categories=("Cs",), exclude_characters="\r\x00"),
               max_size=30)


@given(st.lists(st.tuples(cell, cell, cell), min_size=1, max_size=5))
def test_any_cell_text_survives_a_write_and_a_read(tmp_path_factory, rows):
    store = tmp_path_factory.mktemp("store") / "decisions.csv"
    log = Log([])
    for n, (more, less, comment) in enumerate(rows):
        proposal = Proposal((f"p{n}", "et"), (more or None, less or None),
                            cells("reject", comment or None), None, "ilse")
        write_decision(log, proposal, never_called)
    write_csv(log.frame(), store)
    with locked_store(store) as again:
        assert again.rows == log.all()
