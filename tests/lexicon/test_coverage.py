"""Coverage of the English concepts by the target lexicons."""

from pathlib import Path

import pytest
from typer.testing import CliRunner

from aligner.cli.main import app
from aligner.lexicon import load_lexicon
from aligner.lexicon.coverage import cinebias_share, coverage_summary, coverage_table


def write(root: Path, lang: str, category: str, text: str) -> None:
    path = root / lang / f"{category}.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


@pytest.mark.parametrize("lang", ["et", "hi"])
def test_bundled_targets_cover_ninety_percent_of_cinebias_concepts(lang):
    assert cinebias_share(load_lexicon("en"), load_lexicon(lang)) >= 90.0


def test_statuses_and_reasons(tmp_path):
    write(
        tmp_path,
        "en",
        "age",
        '[old]\ncounterparts = ["age.young"]\nsg = "old"\n\n'
        '[young]\ncounterparts = ["age.old"]\nsg = "young"\n\n'
        '[new]\ngeneric = true\nsg = "new"\n\n[teen]\ncounterparts = []\nsg = "teen"\n',
    )
    write(tmp_path, "et", "age", '[old]\nsg_n = "vana"\n\n[young]\nmissing = "test reason"\n')
    table = coverage_table(load_lexicon("en", tmp_path), load_lexicon("et", tmp_path))
    status = dict(zip(table["concept"], table["status"], strict=True))
    assert status == {"age.old": "covered", "age.young": "missing", "age.teen": "absent"}
    assert table.filter(table["concept"] == "age.young")["reason"][0] == "test reason"
    summary = coverage_summary(table)
    assert summary.filter(summary["category"] == "all")["percent"][0] == pytest.approx(33.3)


def test_cli_csv(tmp_path):
    result = CliRunner().invoke(app, ["lexicon", "coverage", "--tgt", "et", "--format", "csv"])
    assert result.exit_code == 0
    header, *rows = result.output.strip().splitlines()
    assert header == "concept,category,status,reason,source_form,target_form"
    assert any(row.startswith("gender.woman,gender,covered") for row in rows)


def test_cli_show_and_stats():
    runner = CliRunner()
    shown = runner.invoke(app, ["lexicon", "show", "gender.businesswoman"])
    assert shown.exit_code == 0
    assert "ärinaine" in shown.output and "businesswoman" in shown.output
    assert runner.invoke(app, ["lexicon", "stats", "--lang", "hi"]).exit_code == 0
    assert runner.invoke(app, ["lexicon", "show", "gender.nobody"]).exit_code != 0
