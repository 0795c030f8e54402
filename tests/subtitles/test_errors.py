"""Every kind of bad input fails with its own error type, the file and the line."""

import gzip
import zipfile
import zlib

import pytest

from aligner.errors import EncodingError, InputFormatError, TimestampError
from aligner.subtitles import read_subtitles

SRT_OK = "1\n00:00:01,000 --> 00:00:02,000\nOne.\n\n"

CASES = {
    "malformed srt timestamp": (
        "a.en.srt",
        (SRT_OK + "2\n00:00:03,000 --> 00:00:0x,000\nTwo.\n").encode(),
        TimestampError,
        6,
    ),
    "minutes out of range": (
        "a.en.srt",
        b"1\n00:61:00,000 --> 00:62:00,000\nHi.\n",
        TimestampError,
        2,
    ),
    "malformed vtt timestamp": (
        "a.en.vtt",
        b"WEBVTT\n\n00:00:01.000 --> 00:00:02,000\nHi.\n",
        TimestampError,
        3,
    ),
    "cue starts before the previous one": (
        "a.en.srt",
        (SRT_OK + "2\n00:00:00,500 --> 00:00:03,000\nTwo.\n").encode(),
        TimestampError,
        5,
    ),
    "overlap beyond tolerance": (
        "a.en.srt",
        (SRT_OK + "2\n00:00:01,500 --> 00:00:03,000\nTwo.\n").encode(),
        TimestampError,
        5,
    ),
    "negative duration": (
        "a.en.srt",
        (SRT_OK + "2\n00:00:05,000 --> 00:00:04,000\nTwo.\n").encode(),
        TimestampError,
        5,
    ),
    "zero duration": (
        "a.en.vtt",
        b"WEBVTT\n\nx\n00:00:05.000 --> 00:00:05.000\nHi.\n",
        TimestampError,
        3,
    ),
    "empty file": ("a.en.srt", b"", InputFormatError, 1),
    "blank file": ("a.en.vtt", b"\n  \n", InputFormatError, 1),
    "binary file": (
        "a.en.srt",
        b"1\n00:00:01,000 --> 00:00:02,000\n\x00\x01\x02PK\n",
        InputFormatError,
        3,
    ),
    "undecodable bytes in the given encoding": (
        "a.en.srt",
        (SRT_OK + "2\n00:00:03,000 --> 00:00:04,000\nNaïve.\n").encode("latin-1"),
        EncodingError,
        7,
    ),
    "srt text before the first cue": (
        "a.en.srt",
        ("Subtitles by nobody\n\n" + SRT_OK).encode(),
        InputFormatError,
        1,
    ),
    "srt broken arrow": (
        "a.en.srt",
        (SRT_OK + "2\n00:00:03,000 -> 00:00:04,000\nTwo.\n").encode(),
        InputFormatError,
        5,
    ),
    "vtt without header": (
        "a.en.vtt",
        b"00:00:01.000 --> 00:00:02.000\nHi.\n",
        InputFormatError,
        1,
    ),
    "xml syntax error": (
        "a.en.xml",
        b'<?xml version="1.0"?>\n<document>\n  <s id="1">\n    <w>Hi</x>\n  </s>\n</document>\n',
        InputFormatError,
        4,
    ),
    "xml cut off": (
        "a.en.xml",
        b'<?xml version="1.0"?>\n<document>\n  <s id="1">\n    <w>Hi</w>\n',
        InputFormatError,
        5,
    ),
    "xml that is not an OPUS document": (
        "a.en.xml",
        b'<?xml version="1.0"?>\n<html>\n<s id="1"><w>Hi</w></s>\n</html>\n',
        InputFormatError,
        2,
    ),
    "opus time value": (
        "a.en.xml",
        b'<document>\n<s id="1">\n<time id="T1S" value="1 minute" />\n'
        b"<w>Hi</w>\n</s>\n</document>\n",
        TimestampError,
        3,
    ),
    "tsv row with missing fields": ("a.en.tsv", b"id\ttext\n1\tHi\n2\n", InputFormatError, 3),
    "tsv without text column": ("a.en.tsv", b"id\twords\n1\tHi\n", InputFormatError, 1),
}


@pytest.mark.parametrize("name", CASES)
def test_bad_input_names_file_and_line(name, tmp_path):
    file_name, data, error_type, line = CASES[name]
    path = tmp_path / file_name
    path.write_bytes(data)
    encoding = "utf-8" if name.startswith("undecodable") else None
    with pytest.raises(error_type) as caught:
        read_subtitles(path, encoding=encoding)
    assert caught.value.path == str(path)
    assert caught.value.line == line
    assert str(caught.value).startswith(f"{path}:{line}: ")


def test_undetectable_encoding_points_at_the_first_bad_byte(tmp_path):
    path = tmp_path / "a.et.srt"
    # 0x81 and 0x83 are undefined in every Baltic and Western code page listed for Estonian
    path.write_bytes(SRT_OK.encode() + b"2\n00:00:03,000 --> 00:00:04,000\n\x81\x83\n")
    with pytest.raises(EncodingError) as caught:
        read_subtitles(path)
    assert (caught.value.path, caught.value.line) == (str(path), 7)


def test_truncated_gzip_reports_the_last_line_that_survived(fixtures, tmp_path):
    data = gzip.compress((fixtures / "4242.xml").read_bytes())
    path = tmp_path / "a.en.xml.gz"
    path.write_bytes(data[: len(data) // 2])
    with pytest.raises(InputFormatError, match="truncated gzip") as caught:
        read_subtitles(path)
    partial = zlib.decompressobj(wbits=31).decompress(data[: len(data) // 2])
    assert caught.value.path == str(path)
    assert caught.value.line == partial.count(b"\n") + 1
    assert caught.value.line > 1


def test_zip_without_opus_documents(tmp_path):
    path = tmp_path / "en.zip"
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("README.txt", "nothing here")
    with pytest.raises(InputFormatError, match="no OPUS") as caught:
        read_subtitles(path)
    # an archive has no lines; the error names the archive alone
    assert (caught.value.path, caught.value.line) == (str(path), None)


def test_bad_member_of_a_zip_is_named_inside_the_archive(tmp_path):
    path = tmp_path / "en.zip"
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("xml/en/1999/1/1.xml", '<document>\n<s id="1">\n<w>Hi</x>\n</s>\n</document>\n')
    with pytest.raises(InputFormatError) as caught:
        read_subtitles(path)
    assert (caught.value.path, caught.value.line) == (f"{path}!xml/en/1999/1/1.xml", 3)


def test_unknown_language_needs_lang(tmp_path):
    path = tmp_path / "notes.srt"
    path.write_text(SRT_OK, encoding="utf-8")
    with pytest.raises(InputFormatError, match="--lang") as caught:
        read_subtitles(path)
    assert caught.value.path == str(path)
    assert read_subtitles(path, lang="en")["lang"].to_list() == ["en"]


def test_unknown_format_and_missing_file(tmp_path):
    with pytest.raises(InputFormatError, match="unknown subtitle format"):
        read_subtitles(tmp_path / "film.en.docx")
    with pytest.raises(InputFormatError, match="no such file"):
        read_subtitles(tmp_path / "film.en.srt")


def test_small_overlap_within_tolerance_is_accepted(tmp_path):
    path = tmp_path / "a.en.srt"
    path.write_text(SRT_OK + "2\n00:00:01,800 --> 00:00:03,000\nTwo.\n", encoding="utf-8")
    assert read_subtitles(path)["cue_id"].to_list() == ["1", "2"]
