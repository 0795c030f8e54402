"""The agreement forest plot, `align review agreement --plot`, and the synthetic review of
scripts/eval_agreement.py: perfect agreement when nothing is planted, less when it is."""

from __future__ import annotations

import polars as pl
from eval_agreement import Planted, cast_votes, synthetic_queue, synthetic_review
from typer.testing import CliRunner

from aligner.cli.main import app
from aligner.pairs.agreement import measure
from aligner.pairs.agreement_plot import plot_agreement
from aligner.pairs.decisions import locked_store
from aligner.pairs.review import export_review

PNG = b"\x89PNG\r\n\x1a\n"
runner = CliRunner(env={"COLUMNS": "200"})


def overall(votes: pl.DataFrame, queue: pl.DataFrame, variable: str) -> float:
    table = measure(votes, queue, resamples=0).table
    return table.filter((pl.col("variable") == variable) & (pl.col("scope") == "all"))["alpha"][0]


def test_the_plot_is_a_png(tmp_path):
    queue, votes = synthetic_review(8, 2, Planted(decisions=2, categories=1), seed=1)
    report = measure(votes, queue, resamples=20)
    path = plot_agreement(report.table, tmp_path / "plots" / "agreement.png")
    assert path.read_bytes().startswith(PNG) and path.stat().st_size > 1000
    assert [p.name for p in path.parent.iterdir()] == ["agreement.png"]  # no temporary left


def test_a_store_with_one_reviewer_still_gets_a_plot(tmp_path):
    queue, votes = synthetic_review(4, 1, Planted())
    path = plot_agreement(measure(votes, queue, resamples=0).table, tmp_path / "one.png")
    assert path.read_bytes().startswith(PNG)


def test_the_agreement_command_draws_the_plot(tmp_path):
    queue = synthetic_queue(6)
    export_review(queue).write_ndjson(tmp_path / "review.jsonl")
    with locked_store(tmp_path / "decisions.csv") as log:
        cast_votes(log, queue, 2, Planted(decisions=1))
    plot = tmp_path / "figures" / "agreement.png"
    result = runner.invoke(
        app, ["review", "agreement", str(tmp_path), "--resamples", "20", "--plot", str(plot)]
    )
    assert result.exit_code == 0, result.output
    assert plot.read_bytes().startswith(PNG)
    assert f"wrote {plot}" in result.stdout
    assert (tmp_path / "agreement.md").exists()
    assert not (tmp_path / "agreement.png").exists()  # no plot unless asked for


def test_nothing_planted_is_perfect_agreement_and_flips_lower_it():
    queue, votes = synthetic_review(20, 3, Planted())
    assert all(overall(votes, queue, v) == 1.0 for v in ("decision", "direction", "category"))
    _, flipped = synthetic_review(20, 3, Planted(decisions=6))
    assert overall(flipped, queue, "decision") < 0.8
    assert overall(flipped, queue, "category") == 1.0  # only decisions were planted


def test_exactly_the_planted_votes_differ_and_the_same_seed_gives_the_same_store():
    columns = ["pair_id", "reviewer", "decision", "chosen_direction", "chosen_category"]
    _, clean = synthetic_review(10, 3, Planted(), seed=3)
    _, planted = synthetic_review(10, 3, Planted(4, 3, 2), seed=3)
    _, again = synthetic_review(10, 3, Planted(4, 3, 2), seed=3)
    assert planted.select(columns).equals(again.select(columns))
    changed = {c: (clean[c] != planted[c]).sum() for c in columns[2:]}
    assert changed == {"decision": 4, "chosen_direction": 2, "chosen_category": 3}
    assert planted.height == 30 and set(planted["revision"]) == set(range(1, 4))
