"""Which source file goes with which target file.

Films are matched by the film id the subtitle reader derives from a path: the file
stem before the language code (``harbour_lights.et.srt``) or the IMDb-id folder of an
OPUS layout (``xml/et/1999/123456/1.xml.gz``). The two directories may be the same.
"""

from __future__ import annotations

import hashlib
import zipfile
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import polars as pl

from aligner.build.store import file_digest
from aligner.errors import InputFormatError
from aligner.subtitles.naming import discover, track_name


@lru_cache(maxsize=8)
def _archive(path: Path) -> zipfile.ZipFile:
    """Open a language archive once per process: its directory of a million members
    takes seconds to read."""
    try:
        return zipfile.ZipFile(path)
    except (OSError, zipfile.BadZipFile) as err:
        raise InputFormatError(f"not a readable zip archive ({err})", path) from err


@dataclass(frozen=True)
class ArchiveMember:
    """One subtitle document inside an OPUS language archive."""

    archive: Path
    member: str

    @classmethod
    def find(cls, archive: Path, document: str) -> ArchiveMember:
        """The member holding ``document`` (an alignment's ``en/1999/123/4.xml.gz``).

        OPUS stores it as ``OpenSubtitles/xml/en/1999/123/4.xml``, unzipped; other
        archives keep the name as it is.
        """
        names = set(_archive(archive).namelist())
        bare = document.removesuffix(".gz")
        for name in (f"OpenSubtitles/xml/{bare}", bare, document):
            if name in names:
                return cls(archive, name)
        for name in names:
            if name.endswith("/" + bare) or name.endswith("/" + document):
                return cls(archive, name)
        return cls(archive, document)  # missing: reading it fails for this film only

    def __str__(self) -> str:
        return f"{self.archive}!{self.member}"


Track = Path | ArchiveMember


@dataclass(frozen=True)
class FilmFiles:
    film: str
    src: Track
    tgt: Track


def read_track(track: Track, lang: str, film: str) -> pl.DataFrame:
    """The clean cue lines of one film's subtitles in ``lang``, wherever they are kept."""
    from aligner.subtitles import read_subtitles
    from aligner.subtitles.opus import read_opus_member
    from aligner.subtitles.reader import check_document, document_frame

    if isinstance(track, Path):
        return read_subtitles(track, lang=lang, film=film)
    document = read_opus_member(_archive(track.archive), track.member, track.archive)
    check_document(document)
    return document_frame(document, lang=lang, film=film)


def track_digest(track: Track) -> str:
    """Content hash of a film's subtitles: the stage cache keys on what was read."""
    if isinstance(track, Path):
        return file_digest(track)
    try:
        data = _archive(track.archive).read(track.member)
    except KeyError:
        return f"missing:{track}"
    return hashlib.sha256(data).hexdigest()


@dataclass(frozen=True)
class Unmatched:
    film: str
    lang: str
    path: Path


def match_films(
    src_dir: Path, tgt_dir: Path, src_lang: str, tgt_lang: str
) -> tuple[list[FilmFiles], list[Unmatched]]:
    """Films present in both languages, sorted by id, and the files left without a partner."""
    src = _by_film(src_dir, src_lang)
    tgt = _by_film(tgt_dir, tgt_lang)
    matched = [FilmFiles(film, src[film], tgt[film]) for film in sorted(src.keys() & tgt.keys())]
    unmatched = [Unmatched(f, src_lang, src[f]) for f in sorted(src.keys() - tgt.keys())]
    unmatched += [Unmatched(f, tgt_lang, tgt[f]) for f in sorted(tgt.keys() - src.keys())]
    return matched, unmatched


def _by_film(directory: Path, lang: str) -> dict[str, Path]:
    found: dict[str, Path] = {}
    for path in discover([directory]):
        name = track_name(path)
        if name.lang == lang:
            found.setdefault(name.film, path)
    return found
