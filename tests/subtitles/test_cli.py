"""``align ingest`` through the real typer app, as a user runs it."""

import shutil

import polars as pl
from typer.testing import CliRunner

from aligner.cli.main import app

runner = CliRunner(env={"COLUMNS": "250"})  # a wide terminal keeps table cells whole


def _corpus(fixtures, root):
    root.mkdir()
    shutil.copy(fixtures / "harbour.en.srt", root)
    shutil.copy(fixtures / "night.en.vtt", root)
    (root / "broken.et.srt").write_bytes(b"1\n00:00:01,000 --> 00:00:02,000\n\x00\x00\n")
    return root


def test_batch_with_a_bad_file_writes_the_rest_and_exits_1(fixtures, tmp_path):
    root = _corpus(fixtures, tmp_path / "films")
    out = tmp_path / "cues.parquet"
    result = runner.invoke(app, ["ingest", str(root), "--out", str(out)])
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    assert "align ingest" in result.stdout  # the summary table
    assert "harbour.en.srt" in result.stdout and "binary file" in result.stdout
    assert f"error: {root / 'broken.et.srt'}:3: binary file" in result.stderr
    frame = pl.read_parquet(out)
    assert frame.group_by("film", maintain_order=True).len().rows() == [
        ("harbour", 5),
        ("night", 4),
    ]


def test_clean_batch_exits_0(fixtures, tmp_path):
    out = tmp_path / "cues.parquet"
    args = ["ingest", str(fixtures / "harbour.en.srt"), "--out", str(out), "--split-sentences"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "6+7.2" in pl.read_parquet(out)["cue_id"].to_list()


def test_fail_fast_writes_nothing(fixtures, tmp_path):
    root = _corpus(fixtures, tmp_path / "films")
    out = tmp_path / "cues.parquet"
    result = runner.invoke(app, ["ingest", str(root), "--out", str(out), "--fail-fast"])
    assert result.exit_code != 0
    assert not out.exists()


def test_lang_and_encoding_options(fixtures, tmp_path):
    source = tmp_path / "untitled.srt"
    shutil.copy(fixtures / "legacy.et.srt", source)
    out = tmp_path / "cues.parquet"
    args = ["ingest", str(source), "--lang", "et", "--encoding", "cp1257", "--out", str(out)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    frame = pl.read_parquet(out)
    assert frame.select("film", "lang").unique().rows() == [("untitled", "et")]
    assert frame["text"][0] == "Õhtu on külm, šokolaad ja žürii."


def test_help_documents_the_flags():
    result = runner.invoke(app, ["ingest", "--help"])
    assert result.exit_code == 0
    for flag in (
        "--lang",
        "--encoding",
        "--out",
        "--split-sentences",
        "--keep-going",
        "--fail-fast",
    ):
        assert flag in result.stdout
