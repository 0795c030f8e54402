"""Which files are subtitles, in what format, for which film and language.

Release files are named ``<film>.<lang>.<ext>`` (``harbour_lights.et.srt``). OPUS
OpenSubtitles keeps documents as ``xml/<lang>/<year>/<imdb id>/<n>.xml.gz``: the
film is the IMDb-id folder and the language the folder above the year.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path, PurePath

from aligner.plugins import LANGUAGE_CODE

FORMATS = {
    ".srt": "srt",
    ".vtt": "vtt",
    ".xml": "opus",
    ".xml.gz": "opus",
    ".zip": "opus-zip",
    ".txt": "text",
    ".tsv": "tsv",
}
_YEAR = re.compile(r"^\d{4}$")


@dataclass(frozen=True)
class TrackName:
    film: str
    lang: str | None


def file_format(path: PurePath) -> str | None:
    """Format key for a file name, longest suffix first (``.xml.gz`` before ``.gz``)."""
    name = path.name.lower()
    for suffix in sorted(FORMATS, key=len, reverse=True):
        if name.endswith(suffix):
            return FORMATS[suffix]
    return None


def track_name(path: PurePath) -> TrackName:
    """Film and language from a file name, else from an OPUS folder layout."""
    stem = _stem(path)
    film, _, lang = stem.rpartition(".")
    if film and LANGUAGE_CODE.fullmatch(lang):
        return TrackName(film, lang)
    parts = path.parts
    if len(parts) >= 4 and _YEAR.match(parts[-3]) and LANGUAGE_CODE.fullmatch(parts[-4]):
        return TrackName(parts[-2], parts[-4])
    return TrackName(stem, None)


def _stem(path: PurePath) -> str:
    name = path.name
    for suffix in sorted(FORMATS, key=len, reverse=True):
        if name.lower().endswith(suffix):
            return name[: -len(suffix)]
    return path.stem


def discover(paths: Iterable[Path]) -> list[Path]:
    """Files to read: named files as given, directories walked for known formats, sorted.

    A named file of unknown format, a missing file or a directory without subtitles
    is kept as it is, so that reading it fails with a reason while the rest are read.
    """
    found: list[Path] = []
    for path in paths:
        inside = []
        if path.is_dir():
            inside = sorted(p for p in path.rglob("*") if p.is_file() and file_format(p))
        found.extend(inside or [path])
    return list(dict.fromkeys(found))
