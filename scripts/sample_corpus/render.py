"""Rendering: write timed cues as SRT, WebVTT or OPUS XML text, then encode it as released."""

from __future__ import annotations

import gzip
import io
from datetime import timedelta
from xml.sax.saxutils import escape, quoteattr

import srt
import webvtt
from webvtt.models import Caption

from aligner.errors import InputFormatError

from .layout import Cue
from .reader_lines import ReaderLine, lines_by_cue, tokenize
from .releases import Release
from .script import Film

SRT_WRAP_AT = 42


def wrap_srt_line(text: str) -> list[str]:
    """Break a long SRT line at the space nearest its middle, as subtitlers do."""
    spaces = [i for i, ch in enumerate(text) if ch == " "]
    if len(text) <= SRT_WRAP_AT or not spaces:
        return [text]
    cut = min(spaces, key=lambda i: abs(i - len(text) // 2))
    return [text[:cut], text[cut + 1 :]]


def _vtt_escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _body_lines(cue: Cue, lines: list[ReaderLine], release: Release) -> list[str]:
    shown = [line.shown for line in lines]
    if release.fmt == "srt" and len(shown) == 1:
        shown = wrap_srt_line(shown[0])
    if release.fmt == "vtt":
        shown = [_vtt_escape(text) for text in shown]
    if cue.style == "italic":
        shown[0] = "<i>" + shown[0]
        shown[-1] = shown[-1] + "</i>"
    if cue.style == "top" and release.fmt == "srt":
        shown[0] = "{\\an8}" + shown[0]
    return shown


def _stamp(ms: int, separator: str) -> str:
    hours, rest = divmod(ms, 3_600_000)
    minutes, rest = divmod(rest, 60_000)
    seconds, millis = divmod(rest, 1_000)
    return f"{hours:02d}:{minutes:02d}:{seconds:02d}{separator}{millis:03d}"


def render_srt(cues: list[Cue], lines: list[ReaderLine], release: Release) -> str:
    grouped = lines_by_cue(lines)
    subtitles = [
        srt.Subtitle(
            n + 1,
            timedelta(milliseconds=cue.start_ms),
            timedelta(milliseconds=cue.end_ms),
            "\n".join(_body_lines(cue, grouped[n], release)),
        )
        for n, cue in enumerate(cues)
    ]
    return srt.compose(subtitles, reindex=False)


def render_vtt(cues: list[Cue], lines: list[ReaderLine], release: Release) -> str:
    grouped = lines_by_cue(lines)
    captions = [
        Caption(
            _stamp(cue.start_ms, "."),
            _stamp(cue.end_ms, "."),
            _body_lines(cue, grouped[n], release),
            identifier=grouped[n][0].raw_id.split("#")[0] if release.vtt_ids != "none" else None,
            settings="line:0" if cue.style == "top" else None,
        )
        for n, cue in enumerate(cues)
    ]
    return webvtt.WebVTT(captions=captions).content


def render_opus(cues: list[Cue], lines: list[ReaderLine], doc_id: str) -> str:
    """OpenSubtitles XML as OPUS ships it: one <s> per sentence, times at the cue's edges."""
    out = ['<?xml version="1.0" encoding="utf-8"?>', f"<document id={quoteattr(doc_id)}>"]
    grouped = lines_by_cue(lines)
    for n, cue in enumerate(cues):
        sentences = grouped[n]
        for k, line in enumerate(sentences):
            out.append(f'  <s id="{line.raw_id}">')
            if k == 0:
                out.append(f'    <time id="T{n + 1}S" value="{_stamp(cue.start_ms, ",")}" />')
            for w, token in enumerate(tokenize(line.shown), 1):
                out.append(f'    <w id="{line.raw_id}.{w}">{escape(token)}</w>')
            if k == len(sentences) - 1:
                out.append(f'    <time id="T{n + 1}E" value="{_stamp(cue.end_ms, ",")}" />')
            out.append("  </s>")
    out.append("</document>")
    return "\n".join(out) + "\n"


def encode_release(text: str, release: Release) -> bytes:
    data = ("\ufeff" + text if release.bom else text).encode(release.encoding)
    if not release.gzipped:
        return data
    buffer = io.BytesIO()
    # mtime=0 and no file name keep the gzip header, and so the corpus, reproducible.
    with gzip.GzipFile(filename="", mode="wb", fileobj=buffer, mtime=0, compresslevel=9) as gz:
        gz.write(data)
    return buffer.getvalue()


def check_encodable(film: Film, lines: list[ReaderLine], release: Release) -> None:
    for line in lines:
        try:
            line.shown.encode(release.encoding)
        except UnicodeEncodeError as err:
            unit = film.units[line.unit]
            raise InputFormatError(
                f"unit {unit.index}: {err.object[err.start]!r} cannot be written in "
                f"{release.encoding}",
                film.path,
                unit.line,
            ) from err
