"""The review page's JSON API and the `align review serve` command, without a browser."""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import polars as pl
import pytest
from review_fixtures import cues_frame, pairs_frame
from starlette.testclient import TestClient
from typer.testing import CliRunner

from aligner.cli.main import app
from aligner.errors import CineAlignError
from aligner.pairs.review import export_review
from aligner.serve.app import STATIC, create_app
from aligner.serve.queue import ReviewQueue

OK_PAIR = {"pair_id": "f-01", "lang": "et"}


@pytest.fixture
def queue_dir(tmp_path) -> Path:
    export_review(pairs_frame(), cues_frame()).write_ndjson(tmp_path / "review.jsonl")
    return tmp_path


@pytest.fixture
def client(queue_dir) -> TestClient:
    return TestClient(create_app(ReviewQueue.open(queue_dir), "ilse"), base_url="http://127.0.0.1")


RATIONALE = "likely stereotype about 'Girls' (0.91): a claim about 'Girls' as a group"


@pytest.fixture
def screened_client(tmp_path) -> TestClient:
    """Three pairs, two scored by the screen stage and one not, written in film order (as
    an older export would be), so any score order is the server's own."""
    pairs = pairs_frame()
    third = pairs.filter(pl.col("pair_id") == "f-01").with_columns(
        pair_id=pl.lit("f-03"), start_ms=pl.lit(7000, pl.Int64), verdict=pl.lit("ok"))
    pairs = pl.concat([pairs, third]).with_columns(
        stereotype=pl.Series([None, 0.91, 0.4]),
        direction=pl.Series([None, "stereotype", "none"]),
        rationale=pl.Series([None, RATIONALE, "no claim about a group"]),
        judge=pl.Series([None, "classifier", "classifier"]))
    review = export_review(pairs, cues_frame()).sort("start_ms")
    review.write_ndjson(tmp_path / "review.jsonl")
    return TestClient(create_app(ReviewQueue.open(tmp_path), "ilse"), base_url="http://127.0.0.1")


def ids(listing: dict) -> list[str]:
    return [item["pair_id"] for item in listing["items"]]


def test_a_screened_queue_comes_best_scored_first_and_can_be_read_in_film_order(
        screened_client):
    listing = screened_client.get("/api/pairs").json()
    assert (ids(listing), listing["order"], listing["scored"]) == (
        ["f-02", "f-03", "f-01"], "score", True)
    assert [(i["stereotype"], i["direction"]) for i in listing["items"]] == [
        (0.91, "stereotype"), (0.4, "none"), (None, None)]
    by_film = screened_client.get("/api/pairs", params={"order": "film"}).json()
    assert (ids(by_film), by_film["order"]) == (["f-01", "f-02", "f-03"], "film")
    assert screened_client.get("/api/pairs", params={"order": "random"}).status_code == 400


def test_filters_and_search_keep_the_chosen_order(screened_client):
    proposed = {"status": "proposed"}
    assert ids(screened_client.get("/api/pairs", params=proposed).json()) == ["f-03", "f-01"]
    assert ids(screened_client.get("/api/pairs", params={**proposed, "order": "film"}).json(
        )) == ["f-01", "f-03"]
    found = screened_client.get("/api/pairs", params={"q": "naised", "order": "film"}).json()
    assert ids(found) == ["f-01", "f-03"]
    assert ids(screened_client.get("/api/pairs", params={"q": "naised"}).json()) == [
        "f-03", "f-01"]


def test_the_pair_view_explains_the_screening_and_says_nothing_where_there_was_none(
        screened_client, client):
    pair = screened_client.get("/api/pair", params={"id": "f-02", "lang": "et"}).json()
    assert pair["screening"] == {"stereotype": 0.91, "direction": "stereotype",
                                 "rationale": RATIONALE, "judge": "classifier"}
    unscored = screened_client.get("/api/pair", params={"id": "f-01", "lang": "et"}).json()
    assert unscored["screening"] is None
    # A build from seed pairs: nothing screened, film order, no order to choose.
    seed = client.get("/api/pairs").json()
    assert (seed["order"], seed["scored"]) == ("film", False)
    assert client.get("/api/pair", params={"id": "f-01", "lang": "et"}).json()[
        "screening"] is None


def test_the_queue_lists_pairs_with_counts_and_filters(client):
    listing = client.get("/api/pairs").json()
    assert [i["status"] for i in listing["items"]] == ["proposed", "rejected"]
    assert listing["facets"]["status"] == {"proposed": 1, "rejected": 1}
    assert listing["facets"]["reason"] == {"none": 1, "concept-not-in-target-line": 1}
    rejected = client.get("/api/pairs", params={"status": "rejected"}).json()
    assert [i["pair_id"] for i in rejected["items"]] == ["f-02"]
    assert rejected["facets"]["status"] == {"proposed": 1, "rejected": 1}  # other facets' view
    found = client.get("/api/pairs", params={"q": "TÜDRUK"}).json()  # the aligned line
    assert [i["pair_id"] for i in found["items"]] == ["f-02"]


def test_the_pair_view_has_marks_context_and_lexicon_links(client):
    pair = client.get("/api/pair", params={"id": "f-01", "lang": "et"}).json()
    assert pair["tgt_marked"]["more"][0] == {"text": "Naised", "diff": True}
    assert pair["src_marked"]["less"][0] == {"text": "Men", "diff": True}
    assert [line["start"] for line in pair["lines"] if line["lang"] == "et"][0] == "00:00:01,200"
    links = {(c["concept"], c["lang"]): c["url"] for c in pair["concepts"]}
    assert links[("gender.woman", "et")].startswith("/lexicon/et/gender.toml#L")
    page = client.get(links[("gender.woman", "et")].split("#")[0])
    line = int(links[("gender.woman", "et")].split("#L")[1])
    assert page.status_code == 200 and f'<tr id="L{line}">' in page.text
    assert client.get("/lexicon/et/..%2F..%2Fpyproject.toml").status_code == 404
    assert client.get("/api/pair", params={"id": "nope", "lang": "et"}).status_code == 404


def test_typed_sentences_are_validated_live(client):
    good = client.post("/api/check", json={"lang": "et", "sent_more": "Naised ei oska.",
                                           "sent_less": "Mehed ei oska."}).json()
    assert good["status"] == "ok" and good["marked"]["less"][0]["text"] == "Mehed"
    bad = client.post("/api/check", json={"lang": "et", "sent_more": "Naised ei oska.",
                                          "sent_less": "Mehed ei oska ka."}).json()
    assert (bad["status"], bad["reason"]) == ("rejected", "not-minimal")
    assert client.post("/api/check", json={"lang": "xx"}).status_code == 400


def test_decisions_are_checked_stored_and_stale_ones_refused(client, queue_dir):
    post = lambda **body: client.post("/api/decision", json={**OK_PAIR, **body})  # noqa: E731
    assert post(decision="reject").json()["error"] == "a rejection needs a reason"
    assert post(decision="edit").status_code == 400
    assert post(decision="maybe").status_code == 400
    assert post(decision="accept", base_revision="1").status_code == 400
    assert client.post("/api/decision", json={"pair_id": "f-9", "lang": "et",
                                              "decision": "accept"}).status_code == 404
    assert client.get("/api/export").status_code == 404  # nothing decided yet

    stored = post(decision="accept", base_revision=None, reviewer="jaan").json()
    assert (stored["kind"], stored["decision"]["revision"]) == ("added", 1)
    again = post(decision="reject", comment="calque", base_revision=None, reviewer="jaan")
    assert again.status_code == 409 and again.json()["current"]["decision"] == "accept"
    undone = post(decision=None, base_revision=1, reviewer="jaan").json()
    assert undone["decision"]["decision"] is None and undone["decision"]["revision"] == 2
    assert client.get("/api/pairs").json()["progress"]["by_reviewer"] == {}
    post(decision="reject", comment="calque", base_revision=None)  # ilse, the default name
    progress = client.get("/api/pairs").json()["progress"]
    assert progress["by_reviewer"] == {"ilse": 1} and progress["reviewed"] == 1
    exported = client.get("/api/export")
    assert exported.headers["content-type"].startswith("text/csv")
    assert pl.read_csv(queue_dir / "decisions.csv")["comment"].to_list() == [None, None,
                                                                              "calque"]
    assert "calque" in exported.text


def test_only_local_json_requests_are_answered(queue_dir, client):
    elsewhere = TestClient(create_app(ReviewQueue.open(queue_dir), "ilse"),
                           base_url="http://attacker.example")
    assert elsewhere.get("/api/pairs").status_code == 400
    form = client.post("/api/decision", content='{"pair_id": "f-01", "lang": "et", '
                       '"decision": "accept"}', headers={"Content-Type": "text/plain"})
    assert form.status_code == 415
    assert client.post("/api/decision", content="{", headers={
        "Content-Type": "application/json"}).status_code == 400
    assert not (queue_dir / "decisions.csv").exists()


def test_a_store_broken_while_the_page_is_open_is_one_message(client, queue_dir):
    (queue_dir / "decisions.csv").write_text("pair_id\nf-01\n", encoding="utf-8")
    answer = client.get("/api/pairs")
    assert answer.status_code == 500 and "CSV header lacks column(s) lang" in answer.json()["error"]


def test_serve_refuses_a_taken_port_and_a_directory_without_a_queue(queue_dir, tmp_path):
    runner = CliRunner()
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = runner.invoke(app, ["review", "serve", str(queue_dir), "--port", str(port)])
    assert isinstance(result.exception, CineAlignError)
    assert f"cannot listen on 127.0.0.1:{port}" in str(result.exception)
    empty = tmp_path / "empty"
    empty.mkdir()
    result = runner.invoke(app, ["review", "serve", str(empty)])
    assert "no review queue here: run `align build` again" in str(result.exception)


def test_align_review_serve_serves_the_page_from_the_package_until_interrupted(queue_dir):
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    align = Path(sys.executable).with_name("align")
    server = subprocess.Popen([str(align), "review", "serve", str(queue_dir), "--port",
                               str(port), "--reviewer", "ilse"],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/") as response:
                    page = response.read().decode()
                break
            except OSError:
                assert server.poll() is None and time.monotonic() < deadline
                time.sleep(0.1)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/static/app.js") as response:
            assert b"function renderPair" in response.read()
        assert '<script src="/static/app.js"' in page
    finally:
        server.send_signal(signal.SIGINT)
        output, _ = server.communicate(timeout=30)
    assert server.returncode == 0, output
    assert f"open http://127.0.0.1:{port}/" in output and "as ilse" in output
    for asset in STATIC.iterdir():  # nothing is fetched from elsewhere
        text = asset.read_text(encoding="utf-8")
        assert "http://" not in text and "https://" not in text, asset.name
