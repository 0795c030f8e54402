"""Which source file goes with which target file.

Films are matched by the film id the subtitle reader derives from a path: the file
stem before the language code (``harbour_lights.et.srt``) or the IMDb-id folder of an
OPUS layout (``xml/et/1999/123456/1.xml.gz``). The two directories may be the same.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from aligner.subtitles.naming import discover, track_name


@dataclass(frozen=True)
class FilmFiles:
    film: str
    src: Path
    tgt: Path


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
