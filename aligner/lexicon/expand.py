"""``align lexicon expand``: write proposed inflected forms into the lexicon TOML for review.

The plugin proposes forms (Vabamorf synthesis for Estonian, paradigm tables for
Hindi, possessives for English); this module inserts them as new ``slot = ...``
lines at the end of each concept's table. Text is inserted, never regenerated, so
comments, order and every form a linguist wrote stay exactly as they were.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from aligner.io import write_text
from aligner.lexicon.load import parse_file
from aligner.lexicon.problems import errors

if TYPE_CHECKING:
    from aligner.lexicon.model import Concept
    from aligner.plugins import LanguagePlugin


@dataclass(frozen=True)
class Expansion:
    path: Path
    concept: str
    slots: dict[str, tuple[str, ...]]


def _toml_value(forms: tuple[str, ...]) -> str:
    quoted = [json.dumps(form, ensure_ascii=False) for form in forms]
    return quoted[0] if len(quoted) == 1 else "[" + ", ".join(quoted) + "]"


def _table_end(lines: list[str], header_line: int) -> int:
    """Index just after the last non-blank line of the table whose 1-based header is given."""
    end = header_line
    for index in range(header_line, len(lines)):
        stripped = lines[index].strip()
        if stripped.startswith("["):
            break
        if stripped and not stripped.startswith("#"):
            end = index + 1
    return end


def plan_file(path: Path, plugin: LanguagePlugin) -> list[Expansion]:
    """What expanding one file would add; a file with schema errors raises LexiconError."""
    concepts, problems = parse_file(path, plugin.code, plugin.slots)
    found = errors(problems)
    if found:
        raise found[0].as_error()
    plans = []
    for concept in concepts:
        if not concept.available:
            continue
        proposed = _ordered(plugin.expand(concept), concept, plugin)
        if proposed:
            plans.append(Expansion(path, concept.id, proposed))
    return plans


def _ordered(proposed: dict[str, tuple[str, ...]], concept: Concept, plugin: LanguagePlugin):
    order = plugin.slots.get(concept.pos, ())
    return {slot: proposed[slot] for slot in order if slot in proposed}


def apply_file(path: Path, plans: list[Expansion]) -> None:
    """Insert every planned slot line into ``path``, bottom-up so earlier line numbers hold."""
    if not plans:
        return
    concepts, _ = parse_file(path, "", None)  # only the header lines are needed here
    lines_by_id = {c.id: c.line for c in concepts}
    lines = path.read_text(encoding="utf-8").splitlines()
    for plan in sorted(plans, key=lambda p: lines_by_id[p.concept] or 0, reverse=True):
        at = _table_end(lines, lines_by_id[plan.concept] or 0)
        new = [f"{slot} = {_toml_value(forms)}" for slot, forms in plan.slots.items()]
        lines[at:at] = new
    write_text(path, "\n".join(lines) + "\n")


def expand_directory(
    directory: Path, plugin: LanguagePlugin, dry_run: bool = False
) -> list[Expansion]:
    """Expand every ``<category>.toml`` of one language; returns what was (or would be) added."""
    done: list[Expansion] = []
    for path in sorted(directory.glob("*.toml")):
        plans = plan_file(path, plugin)
        if not dry_run:
            apply_file(path, plans)
        done.extend(plans)
    return done
