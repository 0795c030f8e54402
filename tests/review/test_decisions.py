"""The decision store: revisions, refusals of stale writes, the lock, old files, bad files."""

from __future__ import annotations

import json
import subprocess
import sys

import polars as pl
import pytest
from hypothesis import given
from hypothesis import strategies as st

from aligner.errors import InputFormatError
from aligner.pairs.decisions import (
    Proposal,
    StaleDecisionError,
    decide,
    frame_of,
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


def put(records: dict, decision: dict, base: int | None, reviewer: str | None = None,
        force: bool = False):
    return write_decision(records, Proposal(KEY, TEXT, decision, base, reviewer), never_called,
                          force)


def test_each_change_raises_the_revision_and_keeps_the_old_decision_in_history():
    records: dict = {}
    first = put(records, cells("accept"), None, "ilse")
    assert (first.kind, first.record["revision"], first.record["reviewer"]) == ("added", 1, "ilse")
    again = put(records, cells("accept"), None, "jaan")
    assert again.kind == "unchanged" and records[KEY]["reviewer"] == "ilse"
    second = put(records, cells("reject", "calque"), 1, "jaan")
    assert (second.kind, records[KEY]["revision"], records[KEY]["comment"]) == ("changed", 2,
                                                                               "calque")
    [old] = json.loads(records[KEY]["history"])
    assert (old["decision"], old["reviewer"], old["revision"]) == ("accept", "ilse", 1)


@pytest.mark.parametrize("base", [None, 1, 3])
def test_a_write_based_on_another_revision_is_refused(base):
    records: dict = {}
    put(records, cells("accept"), None)
    put(records, cells("reject", "no"), 1)  # revision 2
    kept = dict(records[KEY])
    change = put(records, cells("accept"), base)
    assert change.kind == "conflict" and records[KEY] == kept
    forced = put(records, cells("accept"), base, force=True)
    assert forced.kind == "forced" and records[KEY]["revision"] == 3


def test_undo_clears_a_decision_and_then_nothing_is_in_the_way():
    records: dict = {}
    put(records, cells("accept"), None)
    cleared = put(records, cells(None), 1)
    assert cleared.kind == "changed" and records[KEY]["decision"] is None
    assert records[KEY]["revision"] == 2
    # A tab that saw no decision may decide: there is nothing of anyone's to overwrite.
    later = put(records, cells("reject", "odd"), None)
    assert later.kind == "added" and records[KEY]["revision"] == 3
    assert put({}, cells(None), None).kind == "unchanged"


def test_an_edit_is_validated_and_its_verdict_stored():
    records: dict = {}
    change = write_decision(records, Proposal(KEY, TEXT, cells("edit", less="Mehed ei oska ka.")),
                            objects)
    assert change.verdict.reason == "not-minimal"
    record = records[KEY]
    assert (record["edit_verdict"], record["edit_verdict_message"]) == (
        "rejected", "Naised ei oska parkida. / Mehed ei oska ka.")


def test_decide_refuses_a_stale_write_with_who_changed_it(tmp_path):
    store = tmp_path / "decisions.csv"
    decide(store, Proposal(KEY, TEXT, cells("accept"), None, "ilse"), never_called)
    with pytest.raises(StaleDecisionError, match="changed by ilse since you opened it") as err:
        decide(store, Proposal(KEY, TEXT, cells("reject", "no"), None, "jaan"), never_called)
    assert err.value.current["decision"] == "accept"
    assert read_store(store)["decision"].to_list() == ["accept"]


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
    records: dict = {}
    for n, (more, less, comment) in enumerate(rows):
        proposal = Proposal((f"p{n}", "et"), (more or None, less or None),
                            cells("reject", comment or None), None, "ilse")
        write_decision(records, proposal, never_called)
    write_csv(frame_of(records), store)
    with locked_store(store) as again:
        assert again == records
