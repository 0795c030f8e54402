"""Cue layout: turn a script's units into one language's untimed cues."""

from __future__ import annotations

from dataclasses import dataclass

from .script import Film


@dataclass(frozen=True)
class Turn:
    """One speaker's words inside a cue (a cue holds two when speakers alternate)."""

    unit: int
    text: str  # clean
    sdh: str | None = None


@dataclass(frozen=True)
class Cue:
    turns: tuple[Turn, ...]
    kind: str
    style: str | None
    start_ms: int = 0
    end_ms: int = 0

    @property
    def units(self) -> tuple[int, ...]:
        return tuple(dict.fromkeys(turn.unit for turn in self.turns))

    def chars(self) -> int:
        return sum(len(turn.text) + len(turn.sdh or "") for turn in self.turns)


def layout(film: Film, lang: str) -> list[Cue]:
    """The untimed cues of one language, in order: splits, merges and speaker turns applied."""
    cues: list[Cue] = []
    units = iter(film.units)
    for unit in units:
        if unit.turns:
            partner = next(units)
            turns = tuple(Turn(u.index, u.text[lang], u.sdh.get(lang)) for u in (unit, partner))
            cues.append(Cue(turns, "speech", unit.style))
            continue
        if lang not in unit.text:
            continue  # signs exist in English only
        for k, part in enumerate(unit.parts(lang)):
            turn = Turn(unit.index, part, unit.sdh.get(lang) if k == 0 else None)
            cues.append(Cue((turn,), unit.kind, unit.style))
    return cues
