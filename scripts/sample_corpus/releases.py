"""Releases: how each language of each film is published, and so which traps its file sets."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .script import MUSIC_NOTE

# Legacy-encoded releases cannot hold the music note; they mark lyrics with '#' instead.
LEGACY_MUSIC_MARK = "#"


@dataclass(frozen=True)
class Release:
    """How one language of one film is published: the traps each file sets for ingest."""

    fmt: str  # srt | vtt | opus
    encoding: str = "utf-8"
    bom: bool = False
    gzipped: bool = False
    offset_ms: int = 0
    drift: Fraction = Fraction(1)  # every time is multiplied by this (fps conversion)
    vtt_ids: str = "numeric"  # numeric | none | text ("c12")

    @property
    def extension(self) -> str:
        ext = {"srt": "srt", "vtt": "vtt", "opus": "xml"}[self.fmt]
        return ext + ".gz" if self.gzipped else ext

    @property
    def lyrics_mark(self) -> str:
        try:
            MUSIC_NOTE.encode(self.encoding)
        except UnicodeEncodeError:
            return LEGACY_MUSIC_MARK
        return MUSIC_NOTE


FPS_DRIFT = Fraction(25000, 23976)
RELEASES: dict[str, dict[str, Release]] = {
    "harbour_lights": {
        "en": Release("srt", bom=True),
        "et": Release("srt", encoding="cp1257", offset_ms=12_300),
        "hi": Release("srt"),
    },
    "night_shift": {
        "en": Release("vtt", vtt_ids="numeric"),
        "et": Release("vtt", vtt_ids="none", drift=FPS_DRIFT),
        "hi": Release("vtt", vtt_ids="text"),
    },
    "the_long_road": {
        "en": Release("opus"),
        "et": Release("opus", gzipped=True),
        "hi": Release("opus"),
    },
}
PLAIN_RELEASE = Release("srt")  # a film added later without its own traps


def release_for(film: str, lang: str) -> Release:
    return RELEASES.get(film, {}).get(lang, PLAIN_RELEASE)
