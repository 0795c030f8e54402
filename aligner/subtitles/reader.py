"""One subtitle file in, one clean CUES frame out (aligner.frames.CUES)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path, PurePosixPath

import polars as pl

from aligner import frames
from aligner.errors import InputFormatError
from aligner.subtitles.cleanup import clean_lines
from aligner.subtitles.cue import Document, RawCue
from aligner.subtitles.encoding import decode
from aligner.subtitles.limits import read_file
from aligner.subtitles.naming import file_format, track_name
from aligner.subtitles.nondialogue import non_dialogue_reason
from aligner.subtitles.opus import read_opus_file, read_opus_zip
from aligner.subtitles.srt import parse_srt
from aligner.subtitles.text import parse_text, parse_tsv
from aligner.subtitles.timing import check_sequence
from aligner.subtitles.vtt import parse_vtt

_TEXT_PARSERS: dict[str, Callable[[str, str], list[RawCue]]] = {
    "srt": parse_srt,
    "vtt": parse_vtt,
    "text": parse_text,
    "tsv": parse_tsv,
}


def read_documents(
    path: Path, *, encoding: str | None = None, lang: str | None = None
) -> list[Document]:
    """Raw cues of every track in a file (an OPUS zip holds several), timing checked.

    ``lang`` only helps guess a legacy code page; OPUS XML declares its own encoding.
    """
    if path.is_dir():
        raise InputFormatError("directory holds no subtitle files", path)
    fmt = file_format(path)
    if fmt is None:
        raise InputFormatError(
            "unknown subtitle format (expected one of .srt .vtt .xml .xml.gz .zip .txt .tsv)",
            path,
        )
    if not path.is_file():
        raise InputFormatError("no such file", path)
    if fmt == "opus":
        documents = read_opus_file(path)
    elif fmt == "opus-zip":
        documents = read_opus_zip(path)
    else:
        hint = lang or track_name(path).lang
        decoded = decode(read_file(path), path, encoding=encoding, lang=hint)
        cues = _TEXT_PARSERS[fmt](decoded.text, str(path))
        documents = [
            Document(str(path), PurePosixPath(path.as_posix()), fmt, decoded.encoding, cues)
        ]
    for document in documents:
        check_document(document)
    return documents


def check_document(document: Document) -> None:
    """A track with cues whose timing is in order, or an error naming where it is not."""
    if not document.cues:
        raise InputFormatError("no cues found", document.source, 1)
    check_sequence(document.cues, document.source)


def document_frame(
    document: Document,
    *,
    lang: str | None = None,
    film: str | None = None,
    split_sentences: bool = False,
    keep_non_dialogue: bool = False,
) -> pl.DataFrame:
    """The clean lines of one track; film and language from its name unless given."""
    return document_frames(
        document,
        lang=lang,
        film=film,
        split_sentences=split_sentences,
        keep_non_dialogue=keep_non_dialogue,
    )[0]


def document_frames(
    document: Document,
    *,
    lang: str | None = None,
    film: str | None = None,
    split_sentences: bool = False,
    keep_non_dialogue: bool = False,
) -> tuple[pl.DataFrame, pl.DataFrame]:
    """The clean dialogue lines of one track, and the lines left out (LEFT_OUT frame).

    Adverts, subtitle credits and web addresses are left out unless
    ``keep_non_dialogue`` (see ``nondialogue.py``); ``idx`` counts the kept lines only.
    """
    named = track_name(document.name)
    lang = lang or named.lang
    if lang is None:
        opus = document.format == "opus"
        layout = ", keep OPUS's <lang>/<year>/<imdb id>/ folders" if opus else ""
        raise InputFormatError(
            f"cannot tell the language: name the file <film>.<lang>.<ext>{layout} or pass --lang",
            document.source,
        )
    # Subtitles continue a sentence into the next cue; a list of untimed lines does not.
    timed = any(cue.start_ms is not None for cue in document.cues)
    lines = clean_lines(document.cues, split_sentences=split_sentences, join=timed)
    reasons = [None if keep_non_dialogue else non_dialogue_reason(line.text) for line in lines]
    left_out = [(line, reason) for line, reason in zip(lines, reasons, strict=True) if reason]
    lines = [line for line, reason in zip(lines, reasons, strict=True) if reason is None]
    film = film or named.film
    dropped = pl.DataFrame(
        {
            "film": [film] * len(left_out),
            "lang": [lang] * len(left_out),
            "cue_id": [line.cue_id for line, _ in left_out],
            "start_ms": [line.start_ms for line, _ in left_out],
            "end_ms": [line.end_ms for line, _ in left_out],
            "text": [line.text for line, _ in left_out],
            "reason": [reason for _, reason in left_out],
            "source": [document.source] * len(left_out),
            "line": [line.line for line, _ in left_out],
        },
        schema=frames.LEFT_OUT,
    )
    frame = pl.DataFrame(
        {
            "film": [film] * len(lines),
            "lang": [lang] * len(lines),
            "idx": list(range(len(lines))),
            "cue_id": [line.cue_id for line in lines],
            "cue_ids": [list(line.cue_ids) for line in lines],
            "start_ms": [line.start_ms for line in lines],
            "end_ms": [line.end_ms for line in lines],
            "text": [line.text for line in lines],
            "raw_text": [line.raw_text for line in lines],
            "source": [document.source] * len(lines),
            "line": [line.line for line in lines],
        },
        schema=frames.CUES,
    )
    return frames.conform(frame, frames.CUES), dropped


def read_subtitles(
    path: str | Path,
    *,
    lang: str | None = None,
    film: str | None = None,
    encoding: str | None = None,
    split_sentences: bool = False,
    keep_non_dialogue: bool = False,
) -> pl.DataFrame:
    """Clean lines of one subtitle file as a CUES frame; bad input raises a CineAlignError."""
    path = Path(path)
    documents = read_documents(path, encoding=encoding, lang=lang)
    parts = [
        document_frame(
            doc,
            lang=lang,
            film=film,
            split_sentences=split_sentences,
            keep_non_dialogue=keep_non_dialogue,
        )
        for doc in documents
    ]
    return pl.concat(parts) if parts else frames.empty(frames.CUES)
