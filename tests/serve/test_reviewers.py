"""Several reviewers on one server: assignment, hidden votes, adjudication, guidelines, and
votes posted at the same moment (none may be lost)."""

from __future__ import annotations

import json
import threading
import urllib.request

import polars as pl
import pytest
from review_fixtures import cues_frame, pairs_frame
from starlette.testclient import TestClient

from aligner.pairs.consensus import Rules
from aligner.pairs.decisions import read_store
from aligner.pairs.review import export_review
from aligner.serve.app import create_app
from aligner.serve.queue import ReviewQueue

from .conftest import serving

PAIR = {"pair_id": "f-01", "lang": "et"}


@pytest.fixture
def queue_dir(tmp_path):
    export_review(pairs_frame(), cues_frame()).write_ndjson(tmp_path / "review.jsonl")
    return tmp_path


def client_for(queue_dir, rules: Rules | None = None) -> TestClient:
    queue = ReviewQueue.open(queue_dir, rules=rules)
    return TestClient(create_app(queue, "ilse"), base_url="http://127.0.0.1")


def vote(client, reviewer: str, decision: str, role: str = "vote", **extra):
    return client.post(
        "/api/decision",
        json={**PAIR, "decision": decision, "reviewer": reviewer, "role": role, **extra},
    )


def seen(client, reviewer: str) -> dict:
    return client.get("/api/pair", params={"id": "f-01", "lang": "et", "reviewer": reviewer}).json()


def test_others_votes_stay_hidden_until_you_have_voted(queue_dir):
    client = client_for(queue_dir, Rules(per_pair=3))
    assert vote(client, "ilse", "reject", comment="calque").status_code == 200
    before = seen(client, "jaan")
    assert before["queue"] == "to vote" and before["revealed"] is False
    assert before["votes"] is None and before["consensus"] is None
    assert before["review_status"] == "proposed"  # the machine's, not ilse's rejection
    listed = client.get("/api/pairs", params={"reviewer": "jaan"}).json()["items"]
    assert [i["status"] for i in listed if i["pair_id"] == "f-01"] == ["proposed"]
    vote(client, "jaan", "accept", chosen_direction="stereo", chosen_category="gender")
    after = seen(client, "jaan")
    assert after["revealed"] is True and after["queue"] == "voted"
    assert after["review_status"] == "split"  # one each way; the third reviewer decides
    assert [(v["reviewer"], v["decision"]) for v in after["votes"]] == [("ilse", "reject")]
    assert after["decision"]["chosen_category"] == "gender"
    assert seen(client, "mart")["revealed"] is False
    vote(client, "mart", "reject", comment="no")
    assert seen(client, "mart")["consensus"]["consensus"] == "settled"


def test_each_reviewer_is_shown_the_pairs_still_wanting_their_vote(queue_dir):
    client = client_for(queue_dir, Rules(per_pair=2))

    def to_vote(reviewer):
        listing = client.get("/api/pairs", params={"reviewer": reviewer, "queue": "to vote"})
        return [item["pair_id"] for item in listing.json()["items"]]

    assert to_vote("ilse") == to_vote("mart") == ["f-01", "f-02"]
    vote(client, "ilse", "accept")
    vote(client, "jaan", "accept")
    assert to_vote("ilse") == ["f-02"] and to_vote("mart") == ["f-02"]  # f-01 has its two
    refused = vote(client, "mart", "reject", comment="late")
    assert refused.status_code == 409 and "has the votes it needs" in refused.json()["error"]
    assert seen(client, "mart")["revealed"] is True  # nothing left to bias


def test_an_open_pair_is_adjudicated_and_leaves_the_queue(queue_dir):
    client = client_for(queue_dir, Rules(per_pair=2))
    assert vote(client, "kadri", "accept", role="adjudication").status_code == 409
    vote(client, "ilse", "accept")
    vote(client, "jaan", "reject", comment="no stereotype")
    listing = client.get("/api/pairs", params={"reviewer": "kadri"}).json()
    assert listing["facets"]["queue"]["adjudicate"] == 1
    assert listing["progress"]["to_adjudicate"] == 1
    assert (
        vote(
            client, "kadri", "reject", comment="settled: no stereotype", role="adjudication"
        ).status_code
        == 200
    )
    after = seen(client, "kadri")
    assert after["ruling"]["decision"] == "reject" and after["review_status"] == "rejected"
    assert after["consensus"]["consensus"] == "adjudicated"
    assert vote(client, "mart", "accept").status_code == 409  # settled: no late votes
    assert vote(client, "jaan", "accept", base_revision=2).status_code == 200  # may change
    assert (
        client.get("/api/pairs", params={"reviewer": "kadri"})
        .json()["facets"]["queue"]
        .get("adjudicate")
        is None
    )


def test_the_page_opens_on_the_reviewers_queue_and_an_adjudicator_on_theirs(tmp_path):
    pairs = pairs_frame()
    third = pairs.filter(pl.col("pair_id") == "f-01").with_columns(pair_id=pl.lit("f-03"))
    export_review(pl.concat([pairs, third]), cues_frame()).write_ndjson(tmp_path / "review.jsonl")
    client = client_for(tmp_path, Rules(per_pair=2))

    def landing(reviewer: str, **link: str) -> str:
        return client.get("/api/state", params={"reviewer": reviewer, **link}).json()["landing"]

    def split(pair_id: str) -> None:
        vote(client, "ilse", "accept", pair_id=pair_id)
        vote(client, "jaan", "reject", comment="no", pair_id=pair_id)

    assert landing("ilse") == "to vote"
    split("f-01")
    assert landing("kadri") == "to vote"  # nobody's adjudicator yet: her votes come first
    vote(client, "kadri", "reject", comment="no", role="adjudication")
    split("f-02")
    assert landing("kadri") == "adjudicate"  # she settles pairs: f-02 before voting on f-03
    assert landing("mart") == "to vote"
    assert landing("mart", id="f-02", lang="et") == "adjudicate"  # the pair the link names
    assert landing("mart", id="f-99", lang="et") == "to vote"
    vote(client, "kadri", "accept", role="adjudication", pair_id="f-02")
    assert landing("kadri") == "to vote"  # the adjudication queue is empty
    assert landing("ilse") == "to vote"
    split("f-03")
    assert landing("ilse") == "adjudicate"  # nothing left to vote on
    vote(client, "kadri", "accept", role="adjudication", pair_id="f-03")
    assert landing("ilse") == ""  # nothing left at all: every pair


def test_without_a_name_the_page_opens_on_every_pair_and_no_vote_is_anonymous(queue_dir):
    client = TestClient(create_app(ReviewQueue.open(queue_dir), ""), base_url="http://127.0.0.1")
    state = client.get("/api/state").json()
    assert (state["reviewer"], state["landing"]) == ("", "")
    refused = client.post("/api/decision", json={**PAIR, "decision": "accept"})
    assert refused.status_code == 400 and "who is voting?" in refused.json()["error"]
    assert vote(client, "ilse", "accept").status_code == 200


def test_the_guidelines_are_the_builds_own_or_the_shipped_ones(queue_dir):
    client = client_for(queue_dir)
    shipped = client.get("/api/guidelines").json()
    assert shipped["default"] is True and "<h1>Reviewing minimal pairs</h1>" in shipped["html"]
    (queue_dir / "guidelines.md").write_text(
        "# Ours\n\n<script>alert(1)</script>\n", encoding="utf-8"
    )
    own = client.get("/api/guidelines").json()
    assert own["default"] is False and "<h1>Ours</h1>" in own["html"]
    assert "<script>" not in own["html"]  # raw HTML is shown as text, never run


def test_the_queue_sorts_by_category_and_by_screening_direction(queue_dir):
    client = client_for(queue_dir)
    for order in ("category", "direction"):
        assert client.get("/api/pairs", params={"order": order}).json()["order"] == order
    assert client.get("/api/pairs", params={"order": "colour"}).status_code == 400


def post(url: str, body: dict) -> int:
    request = urllib.request.Request(
        f"{url}api/decision",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=60) as response:
        return response.status


def test_reviewers_posting_at_the_same_moment_lose_no_vote(queue_dir):
    """Three reviewers, each voting on both pairs, all requests released at once against
    the real server: every vote is in the store afterwards."""
    reviewers = ("ilse", "jaan", "mart")
    bodies = [
        {"pair_id": pair, "lang": "et", "decision": "accept", "reviewer": name}
        for name in reviewers
        for pair in ("f-01", "f-02")
    ] + [
        {
            "pair_id": "f-01",
            "lang": "et",
            "decision": "reject",
            "comment": "odd",
            "reviewer": "kadri",
            "base_revision": None,
        }
    ]
    with serving(queue_dir) as url:
        start = threading.Barrier(len(bodies))
        statuses: list[int] = []

        def send(body: dict) -> None:
            start.wait()
            try:
                statuses.append(post(url, body))
            except urllib.error.HTTPError as err:
                statuses.append(err.code)

        threads = [threading.Thread(target=send, args=(body,)) for body in bodies]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=120)
    store = read_store(queue_dir / "decisions.csv")
    accepted = store.filter(pl.col("decision") == "accept")
    assert sorted(accepted.select("reviewer", "pair_id").rows()) == sorted(
        (name, pair) for name in reviewers for pair in ("f-01", "f-02")
    )
    # The fourth vote on f-01 is stored if it came before a third, refused (409) if after.
    assert statuses.count(200) == store.height and set(statuses) <= {200, 409}
    for (pair,), rows in store.group_by("pair_id"):  # one writer at a time: 1, 2, 3, ...
        assert sorted(rows["revision"].to_list()) == list(range(1, rows.height + 1)), pair
