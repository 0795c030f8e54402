"""What several reviewers' votes decide: majority, edit conflicts, adjudication, --min-votes,
the rules file, and what reaches the dataset."""

from __future__ import annotations

import polars as pl
import pytest
from review_fixtures import pairs_frame

from aligner.build.outputs import accepted_pairs
from aligner.errors import ConfigError
from aligner.pairs.consensus import Rules, read_rules, resolve, write_rules
from aligner.pairs.decisions import Log, Proposal, write_decision

TEXT = ("Naised ei oska parkida.", "Mehed ei oska parkida.")


def ok(lang, more, less):
    from aligner.pairs.validate import Verdict

    return Verdict("ok", None, None)


def vote(
    log: Log, reviewer: str, decision: str | None, pair: str = "f-01", role: str = "vote", **extra
) -> None:
    own = log.own((pair, "et"), reviewer, role)
    cells = {"decision": decision, **extra}
    change = write_decision(
        log,
        Proposal((pair, "et"), TEXT, cells, own["revision"] if own else None, reviewer, role),
        ok,
    )
    assert change.kind != "conflict"


def outcome(log: Log, min_votes: int = 1) -> tuple:
    row = resolve(log.frame(), min_votes).row(0, named=True)
    return row["consensus"], row["decision"], row["accepts"], row["rejects"]


def test_a_majority_settles_a_tie_is_left_open_and_an_adjudication_settles_it():
    log = Log([])
    vote(log, "ilse", "accept")
    vote(log, "jaan", "reject", comment="calque")
    assert outcome(log) == ("adjudicate", None, 1, 1)
    vote(log, "mart", "accept")
    assert outcome(log) == ("settled", "accept", 2, 1)
    vote(log, "mart", "reject", comment="odd")  # a changed mind counts once, as it is now
    assert outcome(log) == ("settled", "reject", 1, 2)
    assert resolve(log.frame())["comment"][0] == "calque; odd"
    vote(log, "mart", None)  # withdrawn: back to a tie
    assert outcome(log)[0] == "adjudicate"
    vote(log, "kadri", "accept", role="adjudication")
    assert outcome(log) == ("adjudicated", "accept", 1, 1)
    assert len(log.all()) == 6  # every judgement is still in the store


def test_accepting_votes_that_want_different_text_are_an_edit_conflict():
    log = Log([])
    vote(log, "ilse", "edit", edit_sent_less="Mehed ei oska ka parkida.")
    vote(log, "jaan", "accept")
    state = resolve(log.frame()).row(0, named=True)
    assert state["consensus"] == "adjudicate" and state["why"].startswith("edit conflict")
    vote(log, "jaan", "edit", edit_sent_less="Mehed ei oska ka parkida.")
    state = resolve(log.frame()).row(0, named=True)
    assert (state["consensus"], state["decision"], state["edit_sent_less"]) == (
        "settled",
        "edit",
        "Mehed ei oska ka parkida.",
    )


def test_min_votes_keeps_a_lone_vote_pending_and_out_of_the_dataset():
    log = Log([])
    vote(log, "ilse", "accept", pair="f-01")
    assert outcome(log, min_votes=2) == ("pending", None, 1, 0)
    pairs = pairs_frame()
    assert accepted_pairs(pairs, log.frame(), reviewed_only=True, min_votes=1)[
        "pair_id"
    ].to_list() == ["f-01"]
    assert accepted_pairs(pairs, log.frame(), reviewed_only=True, min_votes=2).height == 0
    assert accepted_pairs(pairs, log.frame(), min_votes=2).height == 0  # held, not machine's
    vote(log, "jaan", "accept", pair="f-01")
    assert accepted_pairs(pairs, log.frame(), reviewed_only=True, min_votes=2)[
        "pair_id"
    ].to_list() == ["f-01"]


def test_a_pair_left_open_is_not_in_the_dataset_until_adjudicated():
    log = Log([])
    vote(log, "ilse", "accept")
    vote(log, "jaan", "reject", comment="no")
    assert accepted_pairs(pairs_frame(), log.frame()).height == 0
    vote(log, "kadri", "accept", role="adjudication")
    assert accepted_pairs(pairs_frame(), log.frame())["pair_id"].to_list() == ["f-01"]


def test_rules_are_saved_beside_the_store_and_checked(tmp_path):
    store = tmp_path / "decisions.csv"
    assert read_rules(store) == Rules(per_pair=3, min_votes=1, overlap=None)
    write_rules(store, Rules(per_pair=3, min_votes=2))
    assert read_rules(store).min_votes == 2
    with pytest.raises(ConfigError, match="can never be reached"):
        Rules(per_pair=2, min_votes=3)
    with pytest.raises(ConfigError, match="share of the pairs"):
        Rules(overlap=1.5)


def test_the_overlap_share_is_drawn_the_same_way_every_time():
    rules = Rules(per_pair=3, overlap=0.25)
    wanted = [rules.wanted(f"p{n}", "et") for n in range(2000)]
    assert set(wanted) == {1, 3} and wanted == [rules.wanted(f"p{n}", "et") for n in range(2000)]
    share = wanted.count(3) / len(wanted)
    assert 0.2 < share < 0.3
    assert {Rules().wanted(f"p{n}", "et") for n in range(50)} == {3}


def test_a_hand_made_frame_of_old_decisions_still_resolves():
    old = pl.DataFrame(
        {
            "pair_id": ["f-01"],
            "lang": ["et"],
            "sent_more": [TEXT[0]],
            "sent_less": [TEXT[1]],
            "decision": ["reject"],
        }
    )
    assert resolve(old).select("consensus", "decision", "reviewer").rows() == [
        ("settled", "reject", "unknown")
    ]
