"""Issue 15's ingest rows: good input that was refused, bad input that was not capped."""

from __future__ import annotations

import gzip
import io
import zipfile
import zlib

import polars as pl
import pytest
from typer.testing import CliRunner

from aligner.cli.main import app
from aligner.errors import InputFormatError
from aligner.subtitles import read_subtitles
from aligner.subtitles.limits import MAX_DOCUMENT_BYTES

SRT = "1\n00:00:01,000 --> 00:00:02,000\nIt's -> this way.\n\n2\n00:00:03,000 --> 00:00:04,500\n"
SRT += "He wrote --> on the map.\nFollow the --> sign.\n\n3\n00:00:05,000 --> 00:00:06,000\nBye.\n"
runner = CliRunner(env={"COLUMNS": "250"})


def zeros_gzip(size: int) -> bytes:
    """A gzip of ``size`` zero bytes, built in 1 MB steps (never ``size`` bytes in memory)."""
    packer = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
    block = bytes(1 << 20)
    parts = [packer.compress(block) for _ in range(size >> 20)]
    return b"".join(parts) + packer.flush()


@pytest.mark.parametrize("codec", ["utf-16-le", "utf-16-be"])
def test_utf16_without_bom_is_read(tmp_path, codec):
    path = tmp_path / "film.en.srt"
    path.write_bytes(SRT.encode(codec))
    frame = read_subtitles(path)
    assert frame["text"].to_list() == [
        "It's -> this way.", "He wrote --> on the map. Follow the --> sign.", "Bye."]


def test_hindi_utf16_without_bom_is_read(tmp_path):
    path = tmp_path / "film.hi.srt"
    path.write_bytes("1\n00:00:01,000 --> 00:00:02,000\nमैं घर जा रहा हूँ।\n".encode("utf-16-le"))
    assert read_subtitles(path)["text"].to_list() == ["मैं घर जा रहा हूँ।"]


def test_nul_bytes_on_both_parities_are_still_binary(tmp_path):
    path = tmp_path / "film.en.srt"
    path.write_bytes(b"1\n\x00\x00\x01\x00\x00\x02")
    with pytest.raises(InputFormatError, match="binary file"):
        read_subtitles(path)


def test_arrow_in_dialogue_is_text_but_a_bad_timing_line_is_not(tmp_path):
    path = tmp_path / "film.en.srt"
    path.write_text(SRT, encoding="utf-8")
    assert read_subtitles(path)["text"][1] == "He wrote --> on the map. Follow the --> sign."
    path.write_text(SRT.replace("00:00:03,000 -->", "00:00:0x,000 -->"), encoding="utf-8")
    with pytest.raises(InputFormatError, match=r"film.en.srt:6: malformed timestamp"):
        read_subtitles(path)


def test_cue_without_blank_line_before_it_keeps_its_timing(tmp_path):
    path = tmp_path / "film.en.srt"
    path.write_text("1\n00:00:01,000 --> 00:00:02,000\nHi.\n2\n00:00:03,000 --> 00:00:04,000\n"
                    "Bye.\n", encoding="utf-8")
    assert read_subtitles(path).select("start_ms", "text").rows() == [(1000, "Hi."), (3000, "Bye.")]


def test_gzip_bomb_is_stopped_at_the_cap(tmp_path):
    path = tmp_path / "film.en.xml.gz"
    path.write_bytes(zeros_gzip(MAX_DOCUMENT_BYTES + (1 << 20)))
    assert path.stat().st_size < 200_000
    with pytest.raises(InputFormatError, match=r"larger than 64 MB once read or inflated"):
        read_subtitles(path)


def test_zip_member_bomb_is_stopped_at_the_cap(tmp_path):
    path = tmp_path / "films.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive, archive.open(
        "en/2001/42/1.xml", "w", force_zip64=True
    ) as member:
        for _ in range((MAX_DOCUMENT_BYTES >> 20) + 1):
            member.write(bytes(1 << 20))
    with pytest.raises(InputFormatError, match=r"films.zip!en/2001/42/1.xml: larger than 64 MB"):
        read_subtitles(path)


def test_oversized_text_file_is_refused_unread(tmp_path):
    path = tmp_path / "film.en.srt"
    with path.open("wb") as handle:
        handle.truncate(MAX_DOCUMENT_BYTES + 1)  # sparse: costs no disk
    with pytest.raises(InputFormatError, match="larger than 64 MB"):
        read_subtitles(path)


def test_corrupt_zip_member_is_a_clean_error(tmp_path):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        body = "<document>" + "<s id='1'>hi</s>" * 200 + "</document>"
        archive.writestr("en/2001/42/1.xml", body)
    data = bytearray(buffer.getvalue())
    data[60:70] = b"\xff" * 10  # inside the deflated member
    path = tmp_path / "films.zip"
    path.write_bytes(bytes(data))
    with pytest.raises(InputFormatError, match=r"films.zip!en/2001/42/1.xml: unreadable zip"):
        read_subtitles(path)


def test_opus_without_a_language_says_how_to_name_it(tmp_path):
    path = tmp_path / "1.xml.gz"
    path.write_bytes(gzip.compress(b'<document><s id="1">Hi.</s></document>'))
    with pytest.raises(InputFormatError, match=r"1.xml.gz: cannot tell the language: .*OPUS's "
                                               r"<lang>/<year>/<imdb id>/ folders or pass --lang"):
        read_subtitles(path)


def test_ingest_writes_no_file_when_nothing_was_read(tmp_path):
    bad = tmp_path / "film.en.srt"
    bad.write_text("1\n00:00:02,000 --> 00:00:01,000\nBackwards.\n", encoding="utf-8")
    out = tmp_path / "cues.parquet"
    result = runner.invoke(app, ["ingest", str(bad), "--out", str(out)])
    assert result.exit_code == 1
    assert not out.exists()
    assert "wrote 0 lines" not in result.output and "was not written" in result.output


def test_ingest_failure_leaves_an_earlier_output_alone(tmp_path):
    good, bad = tmp_path / "good.en.srt", tmp_path / "bad.en.srt"
    good.write_text(SRT, encoding="utf-8")
    bad.write_bytes(b"\x00\x01binary")
    out = tmp_path / "cues.parquet"
    assert runner.invoke(app, ["ingest", str(good), "--out", str(out)]).exit_code == 0
    before = out.read_bytes()
    assert runner.invoke(app, ["ingest", str(bad), "--out", str(out)]).exit_code == 1
    assert out.read_bytes() == before
    assert pl.read_parquet(out)["source"].unique().to_list() == [str(good)]


def test_opus_declaring_an_unknown_encoding(tmp_path):
    """Found by the fuzzer: expat's LookupError for encoding="Atf-8" escaped as a traceback."""
    path = tmp_path / "film.en.xml"
    path.write_bytes(b'<?xml version="1.0" encoding="Atf-8"?>\n<document></document>')
    with pytest.raises(InputFormatError, match=r"film.en.xml:1: the XML declaration names an "
                                               r"unknown encoding"):
        read_subtitles(path)
