"""Lint for what a linguist copies from another language: names lists and concept ids.

A new language's ``names.toml`` is usually started from another language's list,
and that brings three slips the schema cannot see: names that are function words
here (French "Le", "Ma": every line with the article would read as a name), names
in both gender tables where agreement must follow one gender (Camille), and names
whose groups here differ from the list they were copied from (a unisex English name
listed as female only). A concept entry copied into the wrong category file gets
its id from that file (``age.nurse``), so ``check`` also says where English files it.
All are warnings for `align lexicon check`: each may be a deliberate choice.
"""

from __future__ import annotations

import importlib
import tomllib
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from aligner.lexicon.load import PIVOT
from aligner.lexicon.names import FILE
from aligner.lexicon.problems import Problem

if TYPE_CHECKING:
    from collections.abc import Callable

    from aligner.lexicon.model import Lexicon
    from aligner.plugins import LanguagePlugin


@dataclass(frozen=True)
class ListedName:
    """One name of one ``[<category>.<group>]`` table, at the line that writes it."""

    name: str
    category: str
    group: str
    line: int | None


def function_words(plugin: LanguagePlugin) -> frozenset[str]:
    """Folded function words of the plugin's language: its own ``function_words`` when
    it lists them, else spaCy's stop-word list for the code (bundled with spaCy for some
    70 languages, offline), else none."""
    declared = getattr(plugin, "function_words", None)
    if declared is None:
        try:
            declared = importlib.import_module(f"spacy.lang.{plugin.code}.stop_words").STOP_WORDS
        except ImportError:
            return frozenset()
    return frozenset(plugin.fold(word) for word in declared)


def listed_names(path: Path) -> list[ListedName]:
    """Every name in ``path`` with its table and line; a file ``load_names`` would reject
    gives what can be read (its errors are reported by loading)."""
    text = path.read_text(encoding="utf-8")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return []
    lines = text.splitlines()
    found = []
    for category, tables in data.items():
        for group, entry in tables.items() if isinstance(tables, dict) else ():
            header = _line_of(lines, f"[{category}.{group}]", 0) or 0
            for name in entry.get("names", []) if isinstance(entry, dict) else []:
                if isinstance(name, str):
                    found.append(
                        ListedName(name, category, group, _line_of(lines, f'"{name}"', header))
                    )
    return found


def _line_of(lines: list[str], needle: str, start: int) -> int | None:
    """The 1-based line, from line ``start`` on, that contains ``needle``."""
    return next((n for n, line in enumerate(lines[start:], start + 1) if needle in line), None)


def _at(path: Path, entry: ListedName, message: str) -> Problem:
    return Problem(str(path), entry.line, message, "warning")


def names_problems(lang: str, plugin: LanguagePlugin | None, root: Path) -> list[Problem]:
    """Function words listed as names, names in both genders where agreement needs one,
    and names whose groups differ from the pivot's list (the one copied from)."""
    path = root / lang / FILE
    if not path.is_file():
        return []
    entries = listed_names(path)
    fold: Callable[[str], str] = plugin.fold if plugin is not None else str.casefold
    problems = []
    if plugin is not None:
        stop = function_words(plugin)
        problems += [
            _at(
                path,
                e,
                f"name {e.name!r} ({e.category}.{e.group}) is a function word in "
                f"{plugin.name}: every line with the word would read as a name",
            )
            for e in entries
            if fold(e.name) in stop
        ]
    groups = _groups(entries, fold)
    if plugin is not None and getattr(plugin, "nouns_need_gender", False):
        problems += [
            _at(
                path,
                e,
                f"name {e.name!r} is in both gender.f and gender.m: {plugin.name} "
                "agreement cannot follow it; keep it in one",
            )
            for e in _first_of_each(entries, fold)
            if {"f", "m"} <= groups[fold(e.name)].get("gender", set())
        ]
    source = root / PIVOT / FILE
    if lang != PIVOT and source.is_file():
        problems += _copied(path, entries, groups, fold, source)
    return problems


def _groups(
    entries: list[ListedName], fold: Callable[[str], str]
) -> dict[str, dict[str, set[str]]]:
    found: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    for entry in entries:
        found[fold(entry.name)][entry.category].add(entry.group)
    return found


def _first_of_each(entries: list[ListedName], fold: Callable[[str], str]) -> list[ListedName]:
    seen: dict[str, ListedName] = {}
    for entry in entries:
        seen.setdefault(fold(entry.name), entry)
    return list(seen.values())


def _copied(
    path: Path,
    entries: list[ListedName],
    groups: dict[str, dict[str, set[str]]],
    fold: Callable[[str], str],
    source: Path,
) -> list[Problem]:
    """Names the ``source`` list (the pivot's, which new lists are started from) puts in
    other groups of a category both files list them in."""
    theirs = _groups(listed_names(source), fold)
    problems = []
    for entry in _first_of_each(entries, fold):
        key = fold(entry.name)
        differ = [c for c, here in groups[key].items() if theirs.get(key, {}).get(c, here) != here]
        if differ:
            category = differ[0]
            here, there = ("/".join(sorted(found[key][category])) for found in (groups, theirs))
            problems.append(
                _at(
                    path,
                    entry,
                    (
                        f"name {entry.name!r} is {category}.{here} here but {category}.{there} in "
                        f"{source.parent.name}/{FILE}: copied? check which it is in this language"
                    ),
                )
            )
    return problems


def category_hint(concept_id: str, pivot: Lexicon) -> str:
    """Where the pivot files a concept id that is not its own (``age.nurse`` ->
    " (en has gender.nurse: move it to gender.toml)"), or "" when it has no such name."""
    bare = concept_id.split(".", 1)[-1]
    found = next((c.id for c in pivot if c.id.split(".", 1)[-1] == bare), None)
    if found is None:
        return ""
    return f" ({pivot.lang} has {found}: move it to {found.split('.', 1)[0]}.toml)"
