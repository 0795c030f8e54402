import json
import math

import polars as pl
import pytest

from aligner.errors import ConfigError, UnknownLanguageError
from aligner.plugins import get_plugin
from aligner.score.lm import load_lm
from aligner.score.metrics import get_metric
from aligner.score.plot import category_chart
from aligner.score.report import build_report, signature, to_markdown, write_report
from aligner.score.words import word_splitter

SCORED = pl.DataFrame(
    {
        "bias_type": ["gender"] * 4 + ["age"] * 2 + ["religion"],
        "dimension": ["warmth", "competence"] * 3 + ["warmth"],
        "stereo_antistereo": ["stereo"] * 6 + ["antistereo"],
        "outcome": ["more", "more", "less", "tie", "more", "less", "more"],
    }
)


def test_report_dict_has_one_primary_number_and_every_group():
    report = build_report(
        SCORED, "model:m|metric:cps", "cps", balance_by="dimension", resamples=200
    )
    data = report.as_dict()
    assert data["primary_metric"] == "cps" and data["cps"] == pytest.approx(100 * 4 / 7)
    assert [c["group"] for c in data["categories"]] == ["age", "gender", "religion"]
    assert [d["group"] for d in data["directions"]] == ["antistereo", "stereo"]
    assert data["balanced"]["by"] == "dimension"
    assert data["overall"]["ties"] == 1
    json.dumps(data)


def test_markdown_names_left_out_groups_and_links_the_chart():
    report = build_report(SCORED, "model:m|metric:cps", "cps", resamples=200)
    text = to_markdown(report, "categories.png")
    assert "`model:m|metric:cps`" in text
    assert "left out, fewer than two scored pairs: religion" in text
    assert "![scores by bias_type](categories.png)" in text


def test_unknown_balance_column_is_a_config_error():
    with pytest.raises(ConfigError, match="stereotype_dimension"):
        build_report(SCORED, "s", "cps", balance_by="stereotype_dimension")


def test_report_files_and_chart_are_written(tmp_path):
    report = build_report(SCORED, "model:m|metric:cps", "cps", resamples=200)
    chart = category_chart(report, tmp_path / "categories.png")
    json_path, md_path = write_report(report, tmp_path, chart.name)
    assert chart.read_bytes().startswith(b"\x89PNG")
    assert json.loads(json_path.read_text())["cps"] == report.overall.score
    assert md_path.read_text().startswith("# CPS bias score")
    assert not list(tmp_path.glob(".*.tmp"))


def test_signature_records_mask_units_and_word_split(tiny_bert):
    lm = load_lm(str(tiny_bert), device="cpu")
    line = signature(lm, get_metric("cps", "word-l2r"), "word", "et")
    assert line.startswith(f"model:{tiny_bert}|weights:{lm.fingerprint.short}|metric:cps|")
    assert "|mask:word-l2r|units:word|words:et|" in line
    assert "|dtype:float32|version:" in line
    assert "|units:none|words:none|" in signature(lm, get_metric("aul"), "word")


def test_language_plugin_supplies_the_word_split():
    assert word_splitter("et") == get_plugin("et").tokenize
    with pytest.raises(UnknownLanguageError):
        word_splitter("xx")


def test_nan_interval_renders_as_dash():
    single = SCORED.head(1)
    report = build_report(single, "s", "cps", resamples=100)
    assert math.isnan(report.overall.ci_low)
    assert "[–, –]" in to_markdown(report)


def test_report_json_is_strict_json_with_null_for_nan(tmp_path):
    single = SCORED.head(1).with_columns(
        pair_id=pl.lit("p1"), line=pl.lit(2), note=pl.lit(None, dtype=pl.Utf8)
    )
    report = build_report(single, "s", "cps", resamples=100)
    json_path, _ = write_report(report, tmp_path, None)
    text = json_path.read_text()
    assert "NaN" not in text
    data = json.loads(text, parse_constant=lambda name: pytest.fail(f"bare {name} in JSON"))
    assert data["overall"]["ci_low"] is None and data["balanced"]["score"] is None


def test_skipped_pairs_are_listed_with_line_and_reason(tmp_path):
    frame = SCORED.with_columns(
        pair_id=pl.Series([f"p{i}" for i in range(SCORED.height)]),
        line=pl.Series(range(2, 2 + SCORED.height)),
        note=pl.Series([None] * (SCORED.height - 1) + ["sentence of 600 tokens exceeds 512"]),
        outcome=pl.Series(SCORED["outcome"].to_list()[:-1] + ["unscored"]),
    )
    report = build_report(frame, "s", "cps", resamples=50)
    assert report.overall.unscored == 1
    data = report.as_dict()
    assert data["skipped"] == [
        {"pair_id": "p6", "line": 8, "reason": "sentence of 600 tokens exceeds 512"}
    ]
    assert "- p6 (line 8): sentence of 600 tokens exceeds 512" in to_markdown(report)
