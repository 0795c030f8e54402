"""``align lexicon expand``: write proposed inflected forms into the lexicon TOML for review.

The plugin proposes forms (Vabamorf synthesis for Estonian, paradigm tables for
Hindi, possessives for English); this module inserts them as new ``slot = ...``
lines at the end of each concept's table. Text is inserted, never regenerated, so
comments, order and every form a linguist wrote stay exactly as they were.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from aligner.io import write_text
from aligner.lexicon.load import category_files, line_map, parse_file
from aligner.lexicon.problems import errors

if TYPE_CHECKING:
    from aligner.lexicon.model import Concept
    from aligner.plugins import LanguagePlugin


@dataclass(frozen=True)
class Expansion:
    """Slots proposed for one word: ``table`` is its TOML table (``woman`` or, for a
    variant, ``woman.naisterahvas``)."""

    path: Path
    concept: str
    slots: dict[str, tuple[str, ...]]
    table: str


def words_of(concept: Concept) -> list[tuple[str, Concept]]:
    """Each word of ``concept`` (main, then variants) as its table name and a concept of
    that word alone, which the plugin expands and checks like any other."""
    name = concept.id.split(".", 1)[1]
    return [
        (name if index == 0 else f"{name}.{word.name}",
         replace(concept, lemma=word.lemma, forms=word.forms, pos=word.pos, variants=(),
                 line=word.line or concept.line))
        for index, word in enumerate(concept.words)
    ]


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


def claimed_forms(directory: Path, plugin: LanguagePlugin) -> dict[str, str]:
    """Folded form -> the concept that lists it, over every file of one language.

    A generated form another concept already spells (isane's partitive isast is
    also isa's elative) would make the two indistinguishable, so expansion leaves
    it out and the slot stays as the linguist had it.
    """
    claimed: dict[str, str] = {}
    for path in category_files(directory):
        for concept in parse_file(path, plugin.code, plugin.slots)[0]:
            for forms in concept.forms.values():
                for form in forms:
                    claimed.setdefault(plugin.fold(form), concept.id)
    return claimed


def _unclaimed(
    forms: tuple[str, ...], concept_id: str, claimed: dict[str, str], plugin: LanguagePlugin
) -> tuple[str, ...]:
    return tuple(f for f in forms if claimed.get(plugin.fold(f), concept_id) == concept_id)


def plan_file(
    path: Path, plugin: LanguagePlugin, claimed: dict[str, str] | None = None
) -> list[Expansion]:
    """What expanding one file would add; a file with schema errors raises LexiconError."""
    concepts, problems = parse_file(path, plugin.code, plugin.slots)
    found = errors(problems)
    if found:
        raise found[0].as_error()
    plans = []
    for concept, (table, word) in (
        (c, w) for c in concepts if c.available for w in words_of(c)
    ):
        proposed = _ordered(plugin.expand(word), word, plugin)
        if claimed is not None:
            proposed = {
                slot: kept
                for slot, forms in proposed.items()
                if (kept := _unclaimed(forms, concept.id, claimed, plugin))
            }
        if proposed:
            plans.append(Expansion(path, concept.id, proposed, table))
    return plans


def _ordered(proposed: dict[str, tuple[str, ...]], concept: Concept, plugin: LanguagePlugin):
    order = plugin.slots.get(concept.pos, ())
    return {slot: proposed[slot] for slot in order if slot in proposed}


def apply_file(path: Path, plans: list[Expansion], lang: str) -> None:
    """Insert every planned slot line into ``path``, bottom-up so earlier line numbers hold."""
    if not plans:
        return
    text = path.read_text(encoding="utf-8")
    headers, _ = line_map(text)
    lines = text.splitlines()
    for plan in sorted(plans, key=lambda p: headers[p.table], reverse=True):
        at = _table_end(lines, headers[plan.table])
        new = [f"{slot} = {_toml_value(forms)}" for slot, forms in plan.slots.items()]
        lines[at:at] = new
    write_text(path, "\n".join(lines) + "\n")


def by_frequency(forms: tuple[str, ...], counts: Counter[str], fold) -> tuple[str, ...]:
    """Variants most frequent first in ``counts``; unseen ones keep the plugin's order."""
    if not counts:
        return forms
    return tuple(sorted(forms, key=lambda form: -counts[fold(form)]))


def corpus_counts(paths: list[Path], plugin: LanguagePlugin) -> Counter[str]:
    """Folded word counts of subtitle text: cue frames (``.parquet``) or plain text files.

    The order of variants should follow how people write, and no word-frequency
    package covers Estonian (wordfreq has no ``et``), so a linguist points this at
    the language's own subtitles.
    """
    counts: Counter[str] = Counter()
    for path in paths:
        for line in _corpus_lines(path, plugin.code):
            counts.update(plugin.fold(token.text) for token in plugin.tokenize(line or ""))
    return counts


def _corpus_lines(path: Path, lang: str) -> list[str | None]:
    """The lines of one --counts file, read as every user file is: a file that is missing,
    empty, undecodable or lacks a text column is one error naming it."""
    from aligner.errors import InputFormatError
    from aligner.pairs.io import read_frame
    from aligner.subtitles.encoding import decode

    if path.suffix == ".parquet":
        return read_frame(path, ("text",))["text"].to_list()
    try:
        data = path.read_bytes()
    except OSError as err:
        raise InputFormatError(f"cannot read: {err.strerror}", path) from err
    return decode(data, path, lang=lang, hint="save the file as UTF-8").text.splitlines()


def refresh_file(
    path: Path,
    plugin: LanguagePlugin,
    counts: Counter[str] | None = None,
    claimed: dict[str, str] | None = None,
) -> list[Expansion]:
    """Rewrite, in place, every slot of a concept with a lemma whose forms differ from
    its paradigm: wrong forms go, the usual variant comes first, and a hand-written
    variant the morphology accepts stays after the generated ones."""
    concepts, problems = parse_file(path, plugin.code, plugin.slots)
    found = errors(problems)
    if found:
        raise found[0].as_error()
    check = getattr(plugin, "form_problems", lambda concept: [])

    def accepts(concept: Concept, slot: str, form: str) -> bool:
        """The form alone passes the morphology (with the nominatives that name the
        concept's other words, e.g. vanapoiss beside poissmees)."""
        citation = {"sg_n": concept.forms["sg_n"]} if "sg_n" in concept.forms else {}
        return not check(replace(concept, forms={**citation, slot: (form,)}))

    text = path.read_text(encoding="utf-8")
    _, keys = line_map(text)
    lines = text.splitlines()
    changed: list[Expansion] = []
    for concept, (table, word) in (
        (c, w) for c in concepts if c.available for w in words_of(c)
    ):
        if not word.lemma:
            continue
        paradigm = plugin.expand(replace(word, forms={}))
        slots: dict[str, tuple[str, ...]] = {}
        for slot, old in word.forms.items():
            if slot not in paradigm:
                continue
            kept = [
                form
                for form in old
                if form not in paradigm[slot]
                and accepts(word, slot, form)
            ]
            generated = _unclaimed(paradigm[slot], concept.id, claimed or {}, plugin)
            new = by_frequency((*generated, *kept), counts or Counter(), plugin.fold)
            line = keys.get((table, slot))
            if new and new != old and line is not None and _one_line(lines[line - 1]):
                lines[line - 1] = f"{slot} = {_toml_value(new)}"
                slots[slot] = new
        if slots:
            changed.append(Expansion(path, concept.id, slots, table))
    if changed:
        write_text(path, "\n".join(lines) + "\n")
    return changed


def _one_line(line: str) -> bool:
    """A ``slot = value`` line that holds the whole value (no multi-line array)."""
    value = line.split("=", 1)[1].split("#", 1)[0].strip()
    return value.startswith('"') or (value.startswith("[") and value.endswith("]"))


def expand_directory(
    directory: Path,
    plugin: LanguagePlugin,
    dry_run: bool = False,
    counts: Counter[str] | None = None,
) -> list[Expansion]:
    """Expand every ``<category>.toml`` of one language; returns what was (or would be) added."""
    done: list[Expansion] = []
    claimed = claimed_forms(directory, plugin)
    for path in category_files(directory):
        plans = plan_file(path, plugin, claimed)
        if counts:
            plans = [
                replace(plan, slots={
                    slot: by_frequency(forms, counts, plugin.fold)
                    for slot, forms in plan.slots.items()
                })
                for plan in plans
            ]
        if not dry_run:
            apply_file(path, plans, plugin.code)
        done.extend(plans)
    return done


def refresh_directory(
    directory: Path, plugin: LanguagePlugin, counts: Counter[str] | None = None
) -> list[Expansion]:
    """``refresh_file`` on every ``<category>.toml`` of one language."""
    done: list[Expansion] = []
    claimed = claimed_forms(directory, plugin)
    for path in category_files(directory):
        done.extend(refresh_file(path, plugin, counts, claimed))
    return done
