import shutil

import polars as pl
import pytest

from aligner import frames
from aligner.errors import InputFormatError, TimestampError
from aligner.subtitles import ingest


@pytest.fixture
def corpus(fixtures, tmp_path):
    """A folder of good files, one broken SRT and a file of another format nobody asked for."""
    root = tmp_path / "films"
    (root / "nested").mkdir(parents=True)
    shutil.copy(fixtures / "harbour.en.srt", root)
    shutil.copy(fixtures / "legacy.et.srt", root / "nested")
    shutil.copy(fixtures / "night.en.vtt", root)
    (root / "broken.hi.srt").write_text("1\n00:00:01,000 --> 00:00:0x,000\nHi\n", encoding="utf-8")
    (root / "notes.md").write_text("not a subtitle", encoding="utf-8")
    return root


def test_one_bad_file_does_not_sink_the_batch(corpus):
    result = ingest([corpus])
    assert [type(err) for err in result.failures] == [TimestampError]
    assert result.failures[0].path == str(corpus / "broken.hi.srt")
    assert [r.source.removeprefix(f"{corpus}/") for r in result.reports] == [
        "broken.hi.srt",
        "harbour.en.srt",
        "nested/legacy.et.srt",
        "night.en.vtt",
    ]
    assert [(r.format, r.rows, r.ok) for r in result.reports] == [
        ("srt", 0, False),
        ("srt", 5, True),
        ("srt", 2, True),
        ("vtt", 4, True),
    ]
    assert result.frame.schema == pl.Schema(frames.CUES)
    assert result.frame.group_by("film", "lang", maintain_order=True).len().rows() == [
        ("harbour", "en", 5),
        ("legacy", "et", 2),
        ("night", "en", 4),
    ]


def test_fail_fast_raises_the_first_error(corpus):
    with pytest.raises(TimestampError):
        ingest([corpus], keep_going=False)


def test_same_film_and_language_twice_fails_the_second_file(fixtures, tmp_path):
    shutil.copy(fixtures / "harbour.en.srt", tmp_path / "harbour.en.srt")
    (tmp_path / "harbour.en.txt").write_text("A second English track.\n", encoding="utf-8")
    result = ingest([tmp_path])
    assert [r.source for r in result.reports if r.ok] == [str(tmp_path / "harbour.en.srt")]
    (failure,) = result.failures
    assert isinstance(failure, InputFormatError)
    assert "already read" in failure.reason


def test_parquet_is_written_whole(corpus, tmp_path):
    result = ingest([corpus])
    out = tmp_path / "out" / "cues.parquet"
    result.write_parquet(out)
    assert pl.read_parquet(out).equals(result.frame)
    assert [p.name for p in out.parent.iterdir()] == ["cues.parquet"]


def test_directory_without_subtitles_and_missing_path_are_failures(corpus, tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    result = ingest([empty, tmp_path / "missing.en.srt", corpus / "harbour.en.srt"])
    assert [(err.path, err.reason) for err in result.failures] == [
        (str(empty), "directory holds no subtitle files"),
        (str(tmp_path / "missing.en.srt"), "no such file"),
    ]
    assert result.frame.height == 5
