"""``align score`` end to end on the bundled English seed pairs with a local tiny model."""

import json
import sys
from pathlib import Path

import polars as pl
import pytest
from typer.testing import CliRunner

from aligner.cli.main import app, run

SEED_PAIRS = Path(__file__).resolve().parents[2] / "sample" / "seed_pairs.csv"


def test_score_writes_pair_scores_report_and_chart(seed_pairs_bert, tmp_path):
    out = tmp_path / "score"
    result = CliRunner().invoke(
        app,
        [
            "score",
            str(SEED_PAIRS),
            "--model",
            str(seed_pairs_bert),
            "--mask",
            "word-l2r",
            "--out",
            str(out),
            "--resamples",
            "200",
            "--pairs-format",
            "csv",
        ],  # fmt: skip
    )
    assert result.exit_code == 0, result.output
    report = json.loads((out / "report.json").read_text())
    scored = pl.read_csv(out / "scores.csv")
    assert scored.height == pl.read_csv(SEED_PAIRS).height
    assert {"film", "cue_id", "more_score", "less_score", "outcome"} <= set(scored.columns)
    assert report["primary_metric"] == "cps"
    assert report["signature"].startswith(f"model:{seed_pairs_bert}|metric:cps|mask:word-l2r|")
    overall = report["overall"]
    assert overall["more"] + overall["less"] + overall["ties"] == scored.height
    assert overall["score"] == pytest.approx(100 * overall["more"] / scored.height)
    assert overall["ties"] < scored.height  # the vocabulary knows the swapped words
    assert {c["group"] for c in report["categories"]} == set(scored["bias_type"].to_list())
    assert (out / "categories.png").read_bytes().startswith(b"\x89PNG")
    assert "![scores by bias_type](categories.png)" in (out / "report.md").read_text()


def test_missing_model_is_one_line_and_exit_status_1(tmp_path, monkeypatch, capsys):
    missing = tmp_path / "no-model"
    missing.mkdir()
    monkeypatch.setattr(sys, "argv", ["align", "score", str(SEED_PAIRS), "--model", str(missing)])
    with pytest.raises(SystemExit) as caught:
        run()
    assert caught.value.code == 1
    error = capsys.readouterr().err.strip()
    assert error.startswith("error:") and "not a model directory" in error
    assert "Traceback" not in error
