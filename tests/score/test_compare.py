"""``align compare``: rank agreement between benchmarks over several tiny models."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import polars as pl
import pytest
from scipy.stats import kendalltau, spearmanr
from tiny_models import bert, wordpiece_vocabulary
from typer.testing import CliRunner

from aligner.cli.main import app
from aligner.errors import InputFormatError
from aligner.score.compare import agreement, compare_reports
from aligner.score.pairs import read_pairs
from aligner.score.run import RunOptions, score_into
from aligner.score.scorer import ScoreSettings

ROOT = Path(__file__).resolve().parents[2]
SEED_PAIRS = ROOT / "sample" / "seed_pairs.csv"
HELDOUT = ROOT / "scripts" / "data" / "components_heldout.csv"
MODEL_SEEDS = (5, 6, 7, 8)


@pytest.fixture(scope="module")
def reports(tmp_path_factory) -> dict[str, list[Path]]:
    """Four tiny models scored on two benchmarks: CineBias-style seed pairs (balanced by
    bias type) and a component-labelled gender set (balanced by component)."""
    root = tmp_path_factory.mktemp("compare")
    cinebias = read_pairs(SEED_PAIRS)
    gendered = read_pairs(HELDOUT).rename({"gold_component": "component"}).gather_every(4)
    texts = [*cinebias["sent_more"], *cinebias["sent_less"], *gendered["sent_more"]]
    vocabulary = wordpiece_vocabulary(texts, size=400)
    found: dict[str, list[Path]] = {"cinebias": [], "gendered": []}
    for seed in MODEL_SEEDS:
        model = bert(root / f"model-{seed}", seed, vocabulary)
        for name, frame, balance in (
            ("cinebias", cinebias, "bias_type"),
            ("gendered", gendered, "component"),
        ):
            out = root / f"{name}-{seed}"
            settings = ScoreSettings(balance_by=balance, resamples=20)
            score_into(frame, str(model), settings, out, RunOptions(name, progress=False))
            found[name].append(out)
    return found


def _overall(directory: Path, key: str = "overall") -> float:
    return json.loads((directory / "report.json").read_text())[key]["score"]


def test_compare_writes_tables_and_pngs_that_match_scipy(reports, tmp_path):
    out = tmp_path / "compare"
    arguments = [str(p) for p in reports["cinebias"] + reports["gendered"]]
    result = CliRunner().invoke(
        app, ["compare", *arguments, "--out", str(out), "--resamples", "200"]
    )
    assert result.exit_code == 0, result.output
    for name in ("agreement.csv", "scores.csv", "compare.json", "compare.md"):
        assert (out / name).is_file()
    pngs = sorted(out.glob("*.png"))
    assert [p.name for p in pngs] == [
        "agreement-cps-token-word.png",
        "models-cps-token-word.png",
    ]
    assert all(p.read_bytes().startswith(b"\x89PNG") for p in pngs)
    table = pl.read_csv(out / "agreement.csv")
    assert set(table["scope"]) == {"unbalanced", "balanced", "category:gender"}
    for scope, key in (("unbalanced", "overall"), ("balanced", "balanced")):
        x = [_overall(p, key) for p in reports["cinebias"]]
        y = [_overall(p, key) for p in reports["gendered"]]
        row = table.filter(pl.col("scope") == scope).row(0, named=True)
        assert row["n"] == len(MODEL_SEEDS)
        assert row["spearman"] == pytest.approx(spearmanr(x, y).statistic, abs=1e-12)
        assert row["spearman_p"] == pytest.approx(spearmanr(x, y).pvalue, abs=1e-12)
        assert row["kendall"] == pytest.approx(kendalltau(x, y).statistic, abs=1e-12)
        assert row["kendall_p"] == pytest.approx(kendalltau(x, y).pvalue, abs=1e-12)
    markdown = (out / "compare.md").read_text()
    assert "| model | cinebias pre | cinebias post | gendered pre | gendered post |" in markdown
    assert "![agreement](agreement-cps-token-word.png)" in markdown
    json.loads((out / "compare.json").read_text())


def test_agreement_equals_scipy_and_its_interval_brackets_it():
    x = np.array([55.0, 61.2, 49.8, 70.1, 52.3, 58.8])
    y = np.array([60.4, 63.0, 51.1, 66.6, 58.2, 57.0])
    result = agreement(x, y, resamples=500, seed=3)
    assert result.spearman == pytest.approx(spearmanr(x, y).statistic)
    assert result.spearman_p == pytest.approx(spearmanr(x, y).pvalue)
    assert result.kendall == pytest.approx(kendalltau(x, y).statistic)
    assert result.kendall_p == pytest.approx(kendalltau(x, y).pvalue)
    assert result.spearman_low <= result.spearman <= result.spearman_high
    assert result.kendall_low <= result.kendall <= result.kendall_high
    assert agreement(x, y, resamples=500, seed=3) == result


def test_fewer_than_three_models_have_no_correlation():
    result = agreement(np.array([1.0, 2.0]), np.array([2.0, 1.0]))
    assert result.n == 2 and np.isnan(result.spearman) and np.isnan(result.kendall_high)


def test_one_benchmark_is_not_a_comparison(reports):
    with pytest.raises(InputFormatError, match="two or more benchmarks"):
        compare_reports([str(p) for p in reports["cinebias"]])


def test_a_model_scored_twice_on_a_benchmark_is_refused(reports):
    twice = [str(reports["cinebias"][0]), str(reports["cinebias"][0])]
    with pytest.raises(InputFormatError, match="twice"):
        compare_reports([*twice, str(reports["gendered"][0])])


def test_name_equals_path_names_the_benchmark(reports, tmp_path):
    renamed = [f"stereoset={p}" for p in reports["gendered"]]
    comparison = compare_reports([str(p) for p in reports["cinebias"]] + renamed, resamples=10)
    assert set(comparison.scores["benchmark"]) == {"cinebias", "stereoset"}


def test_a_report_without_benchmark_asks_for_a_name(reports, tmp_path):
    data = json.loads((reports["cinebias"][0] / "report.json").read_text())
    data["benchmark"] = None
    path = tmp_path / "report.json"
    path.write_text(json.dumps(data))
    with pytest.raises(InputFormatError, match="NAME=PATH"):
        compare_reports([str(path), str(reports["gendered"][0])])
