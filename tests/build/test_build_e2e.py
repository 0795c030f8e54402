"""The whole pipeline on the bundled sample, as `make demo` runs it.

Marked slow: it embeds the sample films with the bundled e5-small encoder (the
embedding cache is shared by the tests in this module, as it is across a user's runs).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import polars as pl
import pytest
from typer.testing import CliRunner

from aligner.cli.main import app

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parents[2]
SAMPLE = REPO / "sample"


def build_args(lang: str, out: Path) -> list[str]:
    return [
        "build", "--src", "en", "--tgt", lang, "--src-subs", str(SAMPLE / "films"),
        "--pairs", str(SAMPLE / "seed_pairs.csv"), "--encoder", "e5-small",
        "--out", str(out), "--no-progress",
    ]


@pytest.fixture(scope="module")
def cache_dir(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("embeddings")


@pytest.fixture(scope="module")
def built(tmp_path_factory, cache_dir) -> dict[str, Path]:
    """One uninterrupted build per target language."""
    outs = {}
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("CINEALIGN_CACHE", str(cache_dir))
        for lang in ("et", "hi"):
            out = tmp_path_factory.mktemp(f"build-{lang}")
            result = CliRunner().invoke(app, build_args(lang, out))
            assert result.exit_code == 0, result.output
            outs[lang] = out
    return outs


@pytest.mark.parametrize("lang", ["et", "hi"])
def test_build_writes_the_gold_benchmark(built, lang):
    out = built[lang]
    dataset = pl.read_csv(out / f"{lang}_cinebias.csv")
    assert dataset.columns[:4] == ["sent_more", "sent_less", "stereo_antistereo", "bias_type"]
    assert set(dataset["verdict"]) == {"ok"}
    gold = pl.read_csv(SAMPLE / "gold" / "pairs.csv").filter(
        (pl.col("lang") == lang) & pl.col("reason").is_null()
    )
    joined = dataset.join(gold, on="pair_id", how="left", suffix="_gold")
    wrong = joined.filter(
        (pl.col("sent_more") != pl.col("sent_more_gold"))
        | (pl.col("sent_less") != pl.col("sent_less_gold"))
        | pl.col("sent_more_gold").is_null()
    )
    assert wrong.height == 0, wrong.select("pair_id", "sent_more", "sent_more_gold").rows()
    assert dataset.height >= 0.9 * gold.height

    seeds = pl.read_csv(SAMPLE / "seed_pairs.csv")
    review = pl.read_csv(out / "review.csv")
    assert review.height == seeds.height  # every seed pair is in the review queue
    report = (out / "report.md").read_text()
    assert "## Per-stage counts" in report and "## Drop reasons" in report
    assert (out / "alignment_confidence.png").read_bytes()[:4] == b"\x89PNG"
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["encoder"] == "e5-small" and not manifest["failed_films"]


def test_rerun_reuses_every_stage_and_writes_the_same_bytes(built, cache_dir, monkeypatch):
    monkeypatch.setenv("CINEALIGN_CACHE", str(cache_dir))
    out = built["et"]
    before = (out / "et_cinebias.csv").read_bytes()
    result = CliRunner().invoke(app, build_args("et", out))
    assert result.exit_code == 0, result.output
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["stages_run"] == []
    assert (out / "et_cinebias.csv").read_bytes() == before


def test_killed_build_resumes_to_identical_output(built, cache_dir, tmp_path):
    out = tmp_path / "killed"
    env = {**os.environ, "CINEALIGN_CACHE": str(cache_dir)}
    command = [sys.executable, "-c", "from aligner.cli.main import run; run()",
               *build_args("et", out)]
    process = subprocess.Popen(command, env=env, cwd=REPO, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    # Kill once the first film's alignment is on disk: mid-way through the build.
    while not list((out / "work" / "et" / "align").glob("*.parquet")):
        assert process.poll() is None, "build ended before it could be interrupted"
        assert time.monotonic() < deadline
        time.sleep(0.05)
    process.send_signal(signal.SIGKILL)
    process.wait()
    assert not (out / "et_cinebias.csv").exists()
    finished = subprocess.run(command, env=env, cwd=REPO, capture_output=True, text=True)
    assert finished.returncode == 0, finished.stderr
    for name in ("et_cinebias.csv", "review.csv", "report.md"):
        assert (out / name).read_bytes() == (built["et"] / name).read_bytes(), name


def test_without_seed_pairs_only_reviewed_proposals_reach_the_dataset(cache_dir, tmp_path,
                                                                      monkeypatch):
    monkeypatch.setenv("CINEALIGN_CACHE", str(cache_dir))
    out = tmp_path / "proposals"
    seeds = ("--pairs", str(SAMPLE / "seed_pairs.csv"))
    args = [a for a in build_args("et", out) if a not in seeds]
    args += ["--category", "race-color"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    review = pl.read_csv(out / "review.csv")
    assert review.height > 0 and set(review["bias_type"]) == {"race-color"}
    assert pl.read_csv(out / "et_cinebias.csv").height == 0  # nothing reviewed yet

    valid = review.filter(pl.col("verdict") == "ok")
    chosen = valid["pair_id"][0]
    sheet = review.with_columns(
        decision=pl.when(pl.col("pair_id") == chosen).then(pl.lit("accept")).otherwise(None)
    )
    sheet.write_csv(tmp_path / "reviewed.csv")
    decisions = tmp_path / "decisions.csv"
    applied = CliRunner().invoke(
        app, ["review", "apply", str(tmp_path / "reviewed.csv"), "--decisions", str(decisions)]
    )
    assert applied.exit_code == 0, applied.output
    rebuilt = CliRunner().invoke(app, [*args, "--decisions", str(decisions)])
    assert rebuilt.exit_code == 0, rebuilt.output
    dataset = pl.read_csv(out / "et_cinebias.csv")
    assert dataset["pair_id"].to_list() == [chosen]


def test_screening_puts_the_stereotype_lines_first_and_reports_the_funnel(
        cache_dir, tmp_path, monkeypatch):
    """The sample's seed pairs are its stereotype lines: without them, the review queue
    built from screened keyword lines must start with those lines."""
    monkeypatch.setenv("CINEALIGN_CACHE", str(cache_dir))
    out = tmp_path / "screened"
    seeds = ("--pairs", str(SAMPLE / "seed_pairs.csv"))
    args = [a for a in build_args("et", out) if a not in seeds]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    review = pl.read_csv(out / "review.csv")
    scores = review["stereotype"].to_list()
    assert scores == sorted(scores, reverse=True)
    seed = pl.read_csv(SAMPLE / "seed_pairs.csv")
    stereotype_lines = set(seed["sent_more"]) | set(seed["sent_less"])
    first = review.head(10)
    voiced = first["src_sent_more"].is_in(list(stereotype_lines)) | first["src_sent_less"].is_in(
        list(stereotype_lines))
    assert voiced.sum() >= 8, first.select("stereotype", "src_sent_more")
    report = (out / "report.md").read_text(encoding="utf-8")
    assert "## Screening" in report and "| refer to people |" in report
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    assert any(stage.startswith("screen/") for stage in manifest["stages_run"])
    kept = CliRunner().invoke(app, [*args, "--min-stereotype", "0.5"])
    assert kept.exit_code == 0, kept.output
    strict = pl.read_csv(out / "review.new.csv" if (out / "review.new.csv").exists()
                         else out / "review.csv")
    assert 0 < strict.height < review.height and strict["stereotype"].min() >= 0.5
    assert "scored below --min-stereotype 0.5 were dropped" in (out / "report.md").read_text(
        encoding="utf-8")


def test_score_stage_scores_the_new_benchmark(built, cache_dir, tmp_path, monkeypatch):
    import shutil

    from tiny_models import bert, wordpiece_vocabulary

    monkeypatch.setenv("CINEALIGN_CACHE", str(cache_dir))
    out = tmp_path / "scored"
    shutil.copytree(built["et"], out)  # same work dir: only the score stage is new
    dataset = pl.read_csv(out / "et_cinebias.csv")
    texts = dataset["sent_more"].to_list() + dataset["sent_less"].to_list()
    model = bert(tmp_path / "et-bert", 3, wordpiece_vocabulary(texts, 300))
    result = CliRunner().invoke(app, [*build_args("et", out), "--score-model", str(model)])
    assert result.exit_code == 0, result.output
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["stages_run"] == []
    report = json.loads((out / "score" / "report.json").read_text())
    assert report["overall"]["n"] == dataset.height
    assert report["signature"].startswith(f"model:{model}|weights:")
    assert "|metric:cps|" in report["signature"]
    assert (out / "score" / "categories.png").exists()
    assert "## Bias score" in (out / "report.md").read_text()


def test_a_broken_film_is_reported_and_the_others_are_built(cache_dir, tmp_path, monkeypatch):
    import shutil

    monkeypatch.setenv("CINEALIGN_CACHE", str(cache_dir))
    films = tmp_path / "films"
    films.mkdir()
    for name in ("harbour_lights.en.srt", "harbour_lights.et.srt"):
        shutil.copy(SAMPLE / "films" / name, films / name)
    (films / "broken.en.srt").write_text("1\n00:00:01,000 --> 00:00:02,000\nHi.\n")
    (films / "broken.et.srt").write_text("1\n00:00:0x,000 --> 00:00:02,000\nTere.\n")
    out = tmp_path / "out"
    args = build_args("et", out)
    args[args.index(str(SAMPLE / "films"))] = str(films)
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 1
    assert "film broken failed" in result.output and "broken.et.srt:2" in result.output
    dataset = pl.read_csv(out / "et_cinebias.csv")
    assert set(dataset["film"]) == {"harbour_lights"}
    manifest = json.loads((out / "manifest.json").read_text())
    assert list(manifest["failed_films"]) == ["broken"]
