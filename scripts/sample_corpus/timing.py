"""Timing: English reading-speed schedule, target cues placed on it, then offset and drift."""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import replace

from .layout import Cue, layout
from .releases import Release, release_for
from .script import TARGETS, Film


def clamp(value: int, low: int, high: int) -> int:
    return max(low, min(high, value))


def schedule_english(cues: list[Cue], rng: random.Random) -> list[Cue]:
    """Give English cues reading-speed durations, short gaps and a long gap between scenes."""
    timed: list[Cue] = []
    now = rng.randint(2_000, 10_000)
    scene_start, scene_length = 0, rng.randint(16, 24)
    for n, cue in enumerate(cues):
        duration = clamp(900 + 55 * cue.chars(), 1_000, 6_000)
        timed.append(replace(cue, start_ms=now, end_ms=now + duration))
        gap = rng.randint(150, 2_500)
        last_unit = cue.turns[-1].unit
        unit_ends = n + 1 < len(cues) and cues[n + 1].turns[0].unit != last_unit
        if unit_ends and last_unit + 1 - scene_start >= scene_length:
            gap = rng.randint(5_000, 20_000)
            scene_start, scene_length = last_unit + 1, rng.randint(16, 24)
        now += duration + gap
    return timed


def unit_spans(cues: Iterable[Cue]) -> dict[int, tuple[int, int]]:
    spans: dict[int, tuple[int, int]] = {}
    for cue in cues:
        for unit in cue.units:
            start, end = spans.get(unit, (cue.start_ms, cue.end_ms))
            spans[unit] = (min(start, cue.start_ms), max(end, cue.end_ms))
    return spans


def _groups(cues: list[Cue]) -> list[list[Cue]]:
    """Consecutive cues that render the same unit(s)."""
    groups: list[list[Cue]] = []
    for cue in cues:
        if groups and groups[-1][-1].units == cue.units:
            groups[-1].append(cue)
        else:
            groups.append([cue])
    return groups


def place_target(cues: list[Cue], english: list[Cue], rng: random.Random) -> list[Cue]:
    """Share each unit's English span among its target cues by length, then jitter them."""
    spans = unit_spans(english)
    placed: list[Cue] = []
    for group in _groups(cues):
        start = min(spans[u][0] for u in group[0].units)
        end = max(spans[u][1] for u in group[0].units)
        total = sum(cue.chars() for cue in group)
        done = 0
        for cue in group:
            jitter = rng.choice((-1, 1)) * rng.randint(200, 1_500)
            cue_start = start + (end - start) * done // total + jitter
            done += cue.chars()
            cue_end = start + (end - start) * done // total + jitter
            placed.append(replace(cue, start_ms=cue_start, end_ms=cue_end))
    return repair_overlaps(placed)


def repair_overlaps(cues: list[Cue]) -> list[Cue]:
    """Real releases never overlap: push each cue past its predecessor, keep 700 ms on screen."""
    repaired: list[Cue] = []
    previous_end = -40
    for cue in cues:
        start = max(cue.start_ms, previous_end + 40, 0)
        end = max(cue.end_ms, start + 700)
        repaired.append(replace(cue, start_ms=start, end_ms=end))
        previous_end = end
    return repaired


def retime(cues: list[Cue], release: Release) -> list[Cue]:
    """Apply the release's constant offset and frame-rate drift."""

    def move(ms: int) -> int:
        return round(ms * release.drift) + release.offset_ms

    return [replace(c, start_ms=move(c.start_ms), end_ms=move(c.end_ms)) for c in cues]


def timed_cues(film: Film) -> dict[str, list[Cue]]:
    """Every language's cues with their final on-screen times."""
    english = schedule_english(layout(film, "en"), random.Random(f"{film.id}/en/schedule"))
    timed = {"en": retime(english, release_for(film.id, "en"))}
    for lang in TARGETS:
        rng = random.Random(f"{film.id}/{lang}/jitter")
        placed = place_target(layout(film, lang), english, rng)
        timed[lang] = retime(placed, release_for(film.id, lang))
    return timed
