"""The commands end to end on files, with the fixture lexicons (--lexicons)."""

from __future__ import annotations

import csv
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from aligner.cli.main import app

from .conftest import LEXICONS

runner = CliRunner()


def write_csv(path, rows):
    with path.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)


def read_csv(path):
    with path.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def test_transfer_validate_review_round_trip(tmp_path):
    seeds, links, cues = tmp_path / "seeds.csv", tmp_path / "links.csv", tmp_path / "cues.csv"
    write_csv(seeds, [
        {"pair_id": "f-01", "sent_more": "Women can't park.", "sent_less": "Men can't park.",
         "stereo_antistereo": "stereo", "bias_type": "gender", "film": "f", "cue_id": "3",
         "start_ms": "1000", "orig_side": "more"},
        {"pair_id": "f-02", "sent_more": "Let her do it.", "sent_less": "Let him do it.",
         "stereo_antistereo": "stereo", "bias_type": "gender", "film": "f", "cue_id": "4",
         "start_ms": "2000", "orig_side": "more"},
    ])
    write_csv(links, [{"film": "f", "tgt_lang": "et", "unit": "0", "src_cue_ids": "3",
                       "tgt_cue_ids": "2"},
                      {"film": "f", "tgt_lang": "et", "unit": "1", "src_cue_ids": "4",
                       "tgt_cue_ids": "3"}])
    write_csv(cues, [{"film": "f", "lang": "en", "cue_id": "3", "text": "Women can't park."},
                     {"film": "f", "lang": "en", "cue_id": "4", "text": "Let her do it."},
                     {"film": "f", "lang": "et", "cue_id": "2", "text": "Naised ei oska parkida."},
                     {"film": "f", "lang": "et", "cue_id": "3", "text": "Lase tal teha."}])
    pairs = tmp_path / "pairs.csv"
    lex = ["--lexicons", str(LEXICONS)]
    result = runner.invoke(app, ["transfer", str(seeds), "--aligned", str(links), "--cues",
                                 str(cues), "--lang", "et", "--out", str(pairs), *lex])
    assert result.exit_code == 0, result.output
    rows = read_csv(pairs)
    assert [(r["status"], r["reason"], r["verdict"]) for r in rows] == [
        ("ok", "", "ok"), ("rejected", "genderless-pronoun", "")]

    result = runner.invoke(app, ["validate", str(pairs), "--lang", "et", *lex])
    assert result.exit_code == 0, result.output
    assert read_csv(tmp_path / "pairs.verdicts.csv")[0]["verdict"] == "ok"

    sheet, store = tmp_path / "review.csv", tmp_path / "decisions.csv"
    result = runner.invoke(app, ["review", "export", str(pairs), "--out", str(sheet)])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "review.jsonl").exists()
    reviewed = read_csv(sheet)
    reviewed[0]["decision"] = "accept"
    write_csv(sheet, reviewed)
    for _ in range(2):
        result = runner.invoke(app, ["review", "apply", str(sheet), "--decisions", str(store),
                                     *lex])
        assert result.exit_code == 0, result.output
    assert "0 added, 1 unchanged" in result.output
    assert [r["decision"] for r in read_csv(store)] == ["accept"]


def test_a_bad_csv_is_one_line_with_file_and_line(tmp_path):
    bad = tmp_path / "bad.csv"
    bad.write_text("sent_more,sent_less\nNaised ei oska.,Mehed ei oska.,extra\n", encoding="utf-8")
    align = Path(sys.executable).with_name("align")
    done = subprocess.run([str(align), "validate", str(bad), "--lang", "et"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 1
    message = done.stderr.replace("\n", "")  # rich wraps long paths
    assert f"{bad}:2: row has 3 cells" in message and "Traceback" not in message
