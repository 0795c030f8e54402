"""Film scripts: read the hand-written TOML translations and check every rule FORMAT.md sets.

A broken script stops the generator with its file and the line of the offending [[unit]].
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from aligner.errors import InputFormatError
from aligner.lexicon.model import CINEBIAS_CATEGORIES

LANGS = ("en", "et", "hi")
TARGETS = ("et", "hi")
CATEGORIES = CINEBIAS_CATEGORIES
REASONS = ("genderless-pronoun", "concept-not-in-target-line", "no-target-equivalent")
KINDS = ("speech", "lyrics", "sign")
STYLES = ("italic", "top")
UNIT_KEYS = {
    "en", "et", "hi", "turns", "kind", "style", "sdh", "sdh_et", "sdh_hi",
    "bias", "stereo", "orig_side", "en_swap", "et_swap", "hi_swap", "et_reason", "hi_reason",
}  # fmt: skip
PART_SEPARATOR = re.compile(r"\s*\|\s*")
MUSIC_NOTE = "♪"


@dataclass(frozen=True)
class Unit:
    """One utterance of a script: the unit of gold alignment."""

    index: int  # 0-based position in the script
    line: int  # 1-based line of its [[unit]] header, for error messages
    text: dict[str, str]  # lang -> clean text as written, parts separated by " | "
    kind: str = "speech"
    turns: bool = False
    style: str | None = None
    sdh: dict[str, str] = field(default_factory=dict)
    bias: str | None = None
    stereo: str | None = None
    orig_side: str | None = None
    swap: dict[str, str] = field(default_factory=dict)
    reason: dict[str, str] = field(default_factory=dict)

    def parts(self, lang: str) -> list[str]:
        """The cues this unit becomes in ``lang`` (1-2 splits and 2-1 merges live here)."""
        return PART_SEPARATOR.split(self.text[lang].strip())

    def line_text(self, lang: str) -> str:
        """The unit read as one line, the way ingest joins continuation cues."""
        return join_parts(self.parts(lang))


@dataclass(frozen=True)
class Film:
    id: str
    title: str
    year: int
    synopsis: str
    units: tuple[Unit, ...]
    path: Path

    def stereotyped(self) -> list[Unit]:
        return [u for u in self.units if u.bias is not None]


def join_parts(parts: Sequence[str]) -> str:
    """Join cue parts into one line, dropping '...' continuation marks at the seams."""
    joined = parts[0]
    for part in parts[1:]:
        left = re.sub(r"(\.\.\.|…)$", "", joined) if re.match(r"^(\.\.\.|…)", part) else joined
        right = re.sub(r"^(\.\.\.|…)\s*", "", part)
        joined = f"{left} {right}"
    return joined


def _unit_lines(text: str) -> list[int]:
    header = re.compile(r"\s*\[\[\s*unit\s*\]\]")
    return [n for n, row in enumerate(text.splitlines(), 1) if header.match(row)]


def _strip_marks(text: str, kind: str) -> str:
    """Scripts may write lyrics with their notes and signs with [SIGN: ]; keep the words only."""
    if kind == "lyrics":
        return text.replace(MUSIC_NOTE, "").strip()
    if kind == "sign":
        match = re.fullmatch(r"\[SIGN:\s*(.*?)\s*\]", text.strip())
        return match.group(1) if match else text.strip()
    return text.strip()


def load_film(path: Path) -> Film:
    """Read and check one film script; a broken script names its file and unit line."""
    raw = path.read_text(encoding="utf-8")
    try:
        data = tomllib.loads(raw)
    except tomllib.TOMLDecodeError as err:
        raise InputFormatError(f"not valid TOML: {err}", path) from err
    meta = data.get("film", {})
    for key in ("id", "title", "year", "synopsis"):
        if key not in meta:
            raise InputFormatError(f"[film] lacks '{key}'", path)
    if meta["id"] != path.stem:
        raise InputFormatError(f"[film] id {meta['id']!r} differs from file name", path)
    lines = _unit_lines(raw)
    tables = data.get("unit", [])
    units = tuple(_read_unit(i, lines[i], table, path) for i, table in enumerate(tables))
    film = Film(meta["id"], meta["title"], meta["year"], meta["synopsis"].strip(), units, path)
    _check_turns(film)
    return film


def _read_unit(index: int, line: int, table: dict, path: Path) -> Unit:
    def fail(reason: str) -> InputFormatError:
        return InputFormatError(f"unit {index}: {reason}", path, line)

    unknown = sorted(set(table) - UNIT_KEYS)
    if unknown:
        raise fail(f"unknown keys {unknown}")
    kind = table.get("kind", "speech")
    if kind not in KINDS:
        raise fail(f"kind {kind!r} is not one of {KINDS}")
    style = table.get("style")
    if style is not None and style not in STYLES:
        raise fail(f"style {style!r} is not one of {STYLES}")
    needed = ("en",) if kind == "sign" else LANGS
    missing = [lang for lang in needed if not str(table.get(lang, "")).strip()]
    if missing:
        raise fail(f"no text for {missing}")
    if kind == "sign" and any(lang in table for lang in TARGETS):
        raise fail("a sign is English only; drop its et/hi text")
    text = {lang: _strip_marks(table[lang], kind) for lang in needed}
    sdh = {"en": table["sdh"]} if "sdh" in table else {}
    sdh |= {lang: table[f"sdh_{lang}"] for lang in TARGETS if f"sdh_{lang}" in table}
    unit = Unit(
        index=index,
        line=line,
        text=text,
        kind=kind,
        turns=bool(table.get("turns", False)),
        style=style,
        sdh=sdh,
        bias=table.get("bias"),
        stereo=table.get("stereo"),
        orig_side=table.get("orig_side"),
        swap={lang: table[f"{lang}_swap"] for lang in LANGS if f"{lang}_swap" in table},
        reason={lang: table[f"{lang}_reason"] for lang in TARGETS if f"{lang}_reason" in table},
    )
    if unit.turns and (kind != "speech" or any(len(unit.parts(lg)) > 1 for lg in LANGS)):
        raise fail("a speaker-turn unit must be one speech cue in every language")
    _check_bias(unit, fail)
    return unit


def _check_bias(unit: Unit, fail: Callable[[str], InputFormatError]) -> None:
    if unit.bias is None:
        if unit.stereo or unit.orig_side or unit.swap or unit.reason:
            raise fail("pair fields without 'bias'")
        return
    if unit.bias not in CATEGORIES:
        raise fail(f"bias {unit.bias!r} is not one of {CATEGORIES}")
    if unit.stereo not in ("stereo", "antistereo"):
        raise fail("stereo must be 'stereo' or 'antistereo'")
    if unit.orig_side not in ("more", "less"):
        raise fail("orig_side must be 'more' or 'less'")
    if "en" not in unit.swap:
        raise fail("a stereotyped unit needs en_swap")
    if unit.kind != "speech" or unit.turns or len(unit.parts("en")) > 1:
        raise fail("a stereotyped unit must be one English speech cue (no ' | ', no turns)")
    for lang in TARGETS:
        if (lang in unit.swap) == (lang in unit.reason):
            raise fail(f"give exactly one of {lang}_swap and {lang}_reason")
        if unit.reason.get(lang, REASONS[0]) not in REASONS:
            raise fail(f"{lang}_reason must be one of {REASONS}")


def _check_turns(film: Film) -> None:
    units = film.units
    for unit in units:
        if not unit.turns:
            continue
        nxt = units[unit.index + 1] if unit.index + 1 < len(units) else None
        if nxt is None or nxt.turns or nxt.kind != "speech":
            raise InputFormatError(
                f"unit {unit.index}: turns = true needs a next speech unit without turns",
                film.path,
                unit.line,
            )
        if nxt.bias is not None or unit.bias is not None:
            raise InputFormatError(
                f"unit {unit.index}: a stereotyped unit cannot be a speaker turn",
                film.path,
                unit.line,
            )
        if any(len(nxt.parts(lang)) > 1 for lang in LANGS):
            raise InputFormatError(
                f"unit {nxt.index}: the second speaker turn must be one cue", film.path, nxt.line
            )
