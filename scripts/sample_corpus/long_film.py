"""A feature-length film made from the sample scripts, for timing the aligner.

The sample films have 200-250 lines each; a real film has 1,400 and more. This film
takes every unit of the three scripts, then, for each ordered pair of films, joins
unit i of one with unit i of the other into a new two-sentence unit (in every
language). The joined units are new texts, not repeats, so an embedding cache cannot
serve them from the first pass. Its Estonian release is shifted 19.7 s and its
Hindi release runs at another frame rate, as real releases do.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from itertools import permutations
from pathlib import Path

from .film import Rendered, render_film
from .releases import FPS_DRIFT, RELEASES, Release
from .script import LANGS, Film, Unit, load_film
from .tables import alignment_rows, csv_bytes

FILM_ID = "long_film"
RELEASES[FILM_ID] = {
    "en": Release("srt"),
    "et": Release("srt", offset_ms=19_700),
    "hi": Release("srt", drift=Fraction(1) / FPS_DRIFT),
}


def _joinable(unit: Unit) -> bool:
    return unit.kind == "speech" and not unit.turns and all(lang in unit.text for lang in LANGS)


def long_film(scripts: Path) -> Film:
    """Every unit of every script, then unit i of film a joined with unit i of film b."""
    films = [load_film(path) for path in sorted(scripts.glob("*.toml"))]
    units: list[Unit] = []
    for film in films:
        units += [replace(unit, index=len(units) + k) for k, unit in enumerate(film.units)]
    for first, second in permutations(films, 2):
        left = [unit for unit in first.units if _joinable(unit)]
        right = [unit for unit in second.units if _joinable(unit)]
        for a, b in zip(left, right, strict=False):
            text = {lang: f"{a.line_text(lang)} {b.line_text(lang)}" for lang in LANGS}
            units.append(Unit(index=len(units), line=a.line, text=text))
    return Film(FILM_ID, "Long Film", 2025, "The sample films, end to end.", tuple(units), scripts)


def write_long_film(scripts: Path, out: Path) -> tuple[Rendered, Path]:
    """Render the long film's files and its gold alignment CSV into ``out``."""
    rendered = render_film(long_film(scripts))
    out.mkdir(parents=True, exist_ok=True)
    for name, data in rendered.files.values():
        (out / name).write_bytes(data)
    gold = out / "alignment.csv"
    header = ["film", "tgt_lang", "unit", "src_cue_ids", "tgt_cue_ids", "stereotyped", "pair_id"]
    gold.write_bytes(csv_bytes(header, alignment_rows([rendered])))
    return rendered, gold
