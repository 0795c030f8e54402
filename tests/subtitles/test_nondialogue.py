from pathlib import Path

import polars as pl
import pytest
from typer.testing import CliRunner

from aligner.cli.main import app
from aligner.subtitles import ingest, read_subtitles
from aligner.subtitles.nondialogue import non_dialogue_reason

ADS = """1
00:00:01,000 --> 00:00:03,000
Subtitles by MrFlix

2
00:00:04,000 --> 00:00:06,000
Where were you last night?

3
00:00:07,000 --> 00:00:09,000
He translated by hand every page.

4
00:00:10,000 --> 00:00:12,000
Vaata filme www.future.ee

5
00:00:13,000 --> 00:00:15,000
Advertise your product or brand here
"""


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("Subtitles by MrFlix", "credit"),
        ("Sync and corrected by explosiveskull", "credit"),
        ("Tõlkinud: Mari Kask", "credit"),
        ("उपशीर्षक: राम", "credit"),
        ("Vaata filme .future.ee", "url"),
        ("https://example.org/x", "url"),
        ("Support us and become VIP member", "advert"),
        ("Downloaded from OpenSubtitles", "advert"),
        ("He translated by hand every page.", None),
        ("Mr. Smith, it's 3.5 km to St. Mary's.", None),
        ("Dr. No.", None),
    ],
)
def test_reasons(text, reason):
    assert non_dialogue_reason(text) == reason


SAMPLE = Path(__file__).resolve().parents[2] / "sample"


def test_no_line_of_the_sample_films_is_taken_for_an_advert():
    for path in sorted((SAMPLE / "films").iterdir()):
        texts = read_subtitles(path)["text"].to_list()
        assert [t for t in texts if non_dialogue_reason(t)] == [], path.name


def test_ingest_leaves_them_out_and_lists_them(tmp_path):
    path = tmp_path / "film.et.srt"
    path.write_text(ADS, encoding="utf-8")
    result = ingest([path])
    assert result.frame["text"].to_list() == [
        "Where were you last night?",
        "He translated by hand every page.",
    ]
    assert result.frame["idx"].to_list() == [0, 1]
    assert result.left_out.select("cue_id", "reason").rows() == [
        ("1", "credit"),
        ("4", "url"),
        ("5", "advert"),
    ]
    kept = ingest([path], keep_non_dialogue=True)
    assert kept.frame.height == 5 and kept.left_out.height == 0


def test_cli_writes_the_list_beside_the_output(tmp_path):
    path = tmp_path / "film.et.srt"
    path.write_text(ADS, encoding="utf-8")
    out = tmp_path / "cues.parquet"
    result = CliRunner().invoke(app, ["ingest", str(path), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "left out 3 non-dialogue lines" in result.output
    listed = pl.read_csv(tmp_path / "cues.left_out.csv")
    assert listed["reason"].to_list() == ["credit", "url", "advert"]
