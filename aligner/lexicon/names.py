"""Person names as swap terms: ``lexicons/<lang>/names.toml``.

CrowS-Pairs swaps names for race and gender ("Jamal" / "Jake", "Mary" / "Tom"), and
so do the Hindi adaptations (religion and caste through surnames). A name is not a
concept with counterparts: two names make a valid swap when they belong to
different groups of one category (``race-color.black`` vs ``race-color.white``,
``gender.f`` vs ``gender.m``). The file has one table per ``<category>.<group>``
with a ``names`` list; a name may sit in several tables (a first name carries a
gender and, for some, a group of origin). A table may add ``latin``: each name's
romanization, in the same order, for languages in another script (Hindi राहुल is
Rahul), so that transfer can find and write the names an English pair swaps.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from aligner.errors import LexiconError
from aligner.lexicon.model import CATEGORIES
from aligner.tomlio import decode_error_line

FILE = "names.toml"


@dataclass(frozen=True)
class Names:
    """Folded name -> {category: groups}; empty when a language lists no names."""

    groups: dict[str, dict[str, frozenset[str]]] = field(default_factory=dict)
    fold: Callable[[str], str] = str.casefold
    latin: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def __contains__(self, name: str) -> bool:
        return self.fold(name) in self.groups

    def __len__(self) -> int:
        return len(self.groups)

    def of(self, name: str) -> dict[str, frozenset[str]]:
        return self.groups.get(self.fold(name), {})

    def spellings(self, name: str) -> tuple[str, ...]:
        """How this language writes a name given in Latin letters: its ``latin`` entries, or
        the name itself when it is listed as written (Estonian subtitles keep "Mary")."""
        found = self.latin.get(str.casefold(name), ())
        return found or ((name,) if name in self else ())

    def contrast(self, a: str, b: str) -> str | None:
        """The category in which names ``a`` and ``b`` belong to different groups, if any.

        Names listed in overlapping groups of every shared category (two male
        names, two Hispanic names) do not contrast. A name with a group of origin
        contrasts with a listed name that has none in that category (Sergey / Sam):
        the lists mark the names a writer picks to signal a group.
        """
        first, second = self.of(a), self.of(b)
        for category in CATEGORIES:
            if category in first and category in second and not first[category] & second[category]:
                return category
        for category in CATEGORIES:
            if category != "gender" and (category in first) != (category in second):
                return category
        return None


def parse_names(text: str, path: Path, fold: Callable[[str], str]) -> Names:
    """The names of one file; schema errors raise LexiconError with the table's line."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise LexiconError(f"not TOML: {err}", path, decode_error_line(err, text)) from err
    lines = {raw.strip().strip("[]").strip(): n for n, raw in enumerate(text.splitlines(), 1)
             if raw.strip().startswith("[")}
    found: dict[str, dict[str, set[str]]] = {}
    latin: dict[str, list[str]] = {}
    for category, tables in data.items():
        if category not in CATEGORIES or not isinstance(tables, dict):
            raise LexiconError(f"{category!r} is not a category; write [<category>.<group>]",
                               path, lines.get(category))
        for group, entry in tables.items():
            where = lines.get(f"{category}.{group}")
            names = entry.get("names") if isinstance(entry, dict) else None
            if not isinstance(names, list) or not all(isinstance(n, str) and n.strip()
                                                      for n in names):
                raise LexiconError(f"[{category}.{group}] needs names = [\"...\", ...]",
                                   path, where)
            for name in names:
                found.setdefault(fold(name.strip()), {}).setdefault(category, set()).add(group)
            romanized = entry.get("latin")
            if romanized is None:
                continue
            if not isinstance(romanized, list) or len(romanized) != len(names) or not all(
                    isinstance(n, str) and n.strip() for n in romanized):
                raise LexiconError(f"[{category}.{group}] latin must list one romanization per "
                                   f"name ({len(names)})", path, where)
            for name, roman in zip(names, romanized, strict=True):
                spelled = latin.setdefault(roman.strip().casefold(), [])
                if name.strip() not in spelled:
                    spelled.append(name.strip())
    frozen = {name: {c: frozenset(g) for c, g in cats.items()} for name, cats in found.items()}
    return Names(frozen, fold, {k: tuple(v) for k, v in latin.items()})


def load_names(directory: Path, fold: Callable[[str], str]) -> Names:
    """``directory/names.toml`` read with the language's ``fold``; no file means no names."""
    path = directory / FILE
    if not path.is_file():
        return Names(fold=fold)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as err:
        raise LexiconError(f"not UTF-8 (byte {err.start})", path) from err
    return parse_names(text, path, fold)
