"""One film: every language rendered to file bytes, with the reader lines they must yield."""

from __future__ import annotations

from dataclasses import dataclass

from .layout import Cue
from .reader_lines import ReaderLine, reader_lines
from .releases import release_for
from .render import check_encodable, encode_release, render_opus, render_srt, render_vtt
from .script import LANGS, Film
from .timing import timed_cues


@dataclass(frozen=True)
class Rendered:
    """One film, every language: file bytes and what a perfect reader must get from them."""

    film: Film
    files: dict[str, tuple[str, bytes]]  # lang -> (file name, bytes)
    cues: dict[str, list[Cue]]
    lines: dict[str, list[ReaderLine]]

    def ids_of(self, lang: str, unit: int) -> list[str]:
        return [line.raw_id for line in self.lines[lang] if line.unit == unit]

    def pair_ids(self) -> dict[int, str]:
        return {
            u.index: f"{self.film.id}-{n:02d}" for n, u in enumerate(self.film.stereotyped(), 1)
        }


def render_film(film: Film) -> Rendered:
    files: dict[str, tuple[str, bytes]] = {}
    cues = timed_cues(film)
    lines: dict[str, list[ReaderLine]] = {}
    for lang in LANGS:
        release = release_for(film.id, lang)
        lines[lang] = reader_lines(cues[lang], release)
        check_encodable(film, lines[lang], release)
        if release.fmt == "srt":
            text = render_srt(cues[lang], lines[lang], release)
        elif release.fmt == "vtt":
            text = render_vtt(cues[lang], lines[lang], release)
        else:
            text = render_opus(cues[lang], lines[lang], film.id)
        name = f"{film.id}.{lang}.{release.extension}"
        files[lang] = (name, encode_release(text, release))
    return Rendered(film, files, cues, lines)
