"""Decisions `align review apply` set apart (their pairs did not exist) reach the page's
listing as a notice, and the page only ever reads them."""

from __future__ import annotations

import polars as pl
import pytest
from review_fixtures import cues_frame, pairs_frame
from starlette.testclient import TestClient
from typer.testing import CliRunner

from aligner.cli.main import app
from aligner.pairs.decisions import read_store
from aligner.pairs.review import export_review
from aligner.serve.app import create_app
from aligner.serve.queue import ReviewQueue

SHEET = ("pair_id", "lang", "sent_more", "sent_less", "decision", "edit_sent_more",
         "edit_sent_less", "comment")


@pytest.fixture
def queue_dir(tmp_path):
    export_review(pairs_frame(), cues_frame()).write_ndjson(tmp_path / "review.jsonl")
    return tmp_path


def listing(queue_dir) -> dict:
    client = TestClient(create_app(ReviewQueue.open(queue_dir), "ilse"),
                        base_url="http://127.0.0.1")
    answer = client.get("/api/pairs")
    assert answer.status_code == 200
    return answer.json()


def test_decisions_set_apart_by_review_apply_are_named_on_the_page_and_left_alone(queue_dir):
    assert listing(queue_dir)["set_apart"] is None
    rows = [("f-01", "et", "Naised ei oska parkida.", "Mehed ei oska parkida.", "accept"),
            ("f-77", "et", "Vana pair.", "Noor pair.", "reject"),  # dropped by a rebuild
            ("f-78", "et", "Naine.", "Mees.", "accept")]
    sheet = queue_dir / "review.csv"
    pl.DataFrame([(*row, None, None, "x") for row in rows], schema=list(SHEET),
                 orient="row").write_csv(sheet)
    result = CliRunner().invoke(app, ["review", "apply", str(sheet), "--decisions",
                                      str(queue_dir / "decisions.csv"), "--reviewer", "ilse"])
    assert result.exit_code == 0, result.output
    apart = queue_dir / "decisions.unknown.csv"
    kept = apart.read_bytes()

    notice = listing(queue_dir)["set_apart"]
    assert notice == {"file": str(apart), "count": 2, "error": None,
                      "pairs": ["f-77/et", "f-78/et"]}
    assert apart.read_bytes() == kept  # read, never rewritten
    assert read_store(queue_dir / "decisions.csv")["pair_id"].to_list() == ["f-01"]


def test_a_set_apart_file_broken_by_hand_is_named_and_the_page_still_works(queue_dir):
    apart = queue_dir / "decisions.unknown.csv"
    apart.write_text("pair_id,decision\nf-77,reject\n", encoding="utf-8")
    notice = listing(queue_dir)["set_apart"]
    assert (notice["file"], notice["count"]) == (str(apart), None)
    assert "lang" in notice["error"]
    apart.write_text(",".join(SHEET) + "\n", encoding="utf-8")  # no rows: nothing to say
    assert listing(queue_dir)["set_apart"] is None
