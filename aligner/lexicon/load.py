"""Read ``lexicons/<lang>/<category>.toml`` into a :class:`Lexicon`.

tomllib gives no line numbers, so header and key lines are found with a light scan
of the same text: every problem can then point a linguist at ``file:line``.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from aligner.errors import LexiconError
from aligner.lexicon.model import (
    CATEGORIES,
    LANGUAGE_CATEGORIES,
    REGISTERS,
    Concept,
    Lexicon,
    Variant,
    merged_forms,
)
from aligner.lexicon.names import FILE as NAMES_FILE
from aligner.lexicon.names import load_names
from aligner.lexicon.problems import Problem, errors
from aligner.resources import lexicon_root
from aligner.tomlio import decode_error_line

PEOPLE_FILE = "people.txt"  # ordinary words for people, read by screening
PIVOT = "en"  # counterparts omitted in another language are taken from here
FIELDS = frozenset({"counterparts", "pos", "gender", "missing", "lemma", "also", "generic", "note",
                    "country", "shares", "idioms", "exclamation", "thing", "register", "prefer",
                    "compounds"})
# What a variant ([woman.naisterahvas]) may say of itself; the rest belongs to the concept.
VARIANT_FIELDS = frozenset({"lemma", "register", "prefer", "note", "pos"})
_COUNTRY = re.compile(r"[A-Z]{2}")
POS = frozenset({"noun", "adj", "phrase", "pronoun"})
GENDERS = frozenset({"m", "f", "n"})

_HEADER = re.compile(r"^\s*\[\s*([^\[\]]+?)\s*\]\s*(#.*)?$")
_KEY = re.compile(r"^\s*([A-Za-z0-9_\-\"']+)\s*=")
_KEY_PART = re.compile(r'"[^"]*"|\'[^\']*\'|[^.]+')


def table_path(header: str) -> str:
    """A dotted table header as the names tomllib reads, joined by dots:
    ``sick."tõbine"`` -> ``sick.tõbine`` (a non-ASCII variant name must be quoted)."""
    return ".".join(part.strip().strip("\"'") for part in _KEY_PART.findall(header.strip())
                    if part.strip())


def line_map(text: str) -> tuple[dict[str, int], dict[tuple[str, str], int]]:
    """Line of each ``[table]`` header (variants as ``woman.naisterahvas``) and of each
    ``key =`` inside a table."""
    tables: dict[str, int] = {}
    keys: dict[tuple[str, str], int] = {}
    current = ""
    for number, raw in enumerate(text.splitlines(), start=1):
        header = _HEADER.match(raw)
        if header:
            current = table_path(header.group(1))
            tables.setdefault(current, number)
            continue
        key = _KEY.match(raw)
        if key:
            keys.setdefault((current, key.group(1).strip("\"'")), number)
    return tables, keys


def _strings(value: object) -> tuple[str, ...] | None:
    """A string or a list of non-empty strings as a tuple; None when the type is wrong."""
    if isinstance(value, str):
        value = [value]
    if isinstance(value, list) and value and all(isinstance(v, str) and v.strip() for v in value):
        return tuple(v.strip() for v in value)
    return None


def parse_file(
    path: Path, lang: str, slots: dict[str, tuple[str, ...]] | None = None
) -> tuple[list[Concept], list[Problem]]:
    """Concepts of one category file, and every schema problem in it.

    ``slots`` (pos -> allowed slot names, from the language plugin) turns unknown
    keys into errors; without it any key that is not a field counts as a slot.
    """
    category = path.stem
    shown = str(path)
    problems: list[Problem] = []
    allowed = (*CATEGORIES, *LANGUAGE_CATEGORIES.get(lang, ()))
    if category not in allowed:
        known = ", ".join(allowed)
        return [], [Problem(shown, None, f"file name {category!r} is not a category ({known})")]
    raw = path.read_bytes()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        line = raw[: err.start].count(b"\n") + 1
        message = f"not UTF-8 (byte 0x{raw[err.start]:02x}); save the file as UTF-8"
        return [], [Problem(shown, line, message)]
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        return [], [Problem(shown, decode_error_line(err, text), f"not TOML: {err}")]
    if not data:
        message = "no entries; add concepts or delete the file (an empty file hides lost pairs)"
        return [], [Problem(shown, 1, message)]
    tables, keys = line_map(text)
    concepts: list[Concept] = []
    for name, entry in data.items():
        line = tables.get(name, keys.get(("", name)))
        if name in allowed and isinstance(entry, dict) and entry and all(
                isinstance(v, dict) for v in entry.values()):
            inner = next(iter(entry))
            problems.append(
                Problem(
                    shown,
                    tables.get(f"{name}.{inner}", line),
                    f"write [{inner}] without the category prefix; the file names the category",
                )
            )
            continue
        if not isinstance(entry, dict):
            problems.append(Problem(shown, line, f"{name!r} must be a [table] of fields and slots"))
            continue
        concept, found = _concept(name, entry, category, lang, shown, (line, tables, keys), slots)
        problems.extend(found)
        if concept is not None:
            concepts.append(concept)
    return concepts, problems


Lines = tuple[int | None, dict[str, int], dict[tuple[str, str], int]]


def _concept(
    name: str,
    entry: dict,
    category: str,
    lang: str,
    shown: str,
    lines: Lines,
    slots: dict[str, tuple[str, ...]] | None,
) -> tuple[Concept | None, list[Problem]]:
    problems: list[Problem] = []
    line, tables, keys = lines

    def report(key: str, message: str) -> None:
        problems.append(Problem(shown, keys.get((name, key), line), message))

    if "." in name:
        report("", f"write [{name.split('.')[-1]}] without the category prefix; the file names it")
        return None, problems
    pos = entry.get("pos", "noun")
    if not isinstance(pos, str) or pos not in POS:  # a list or table is not hashable
        report("pos", f"{name}: pos {pos!r} is not one of {sorted(POS)}")
        pos = "noun"
    gender = entry.get("gender")
    if gender is not None and (not isinstance(gender, str) or gender not in GENDERS):
        report("gender", f"{name}: gender {gender!r} is not one of {sorted(GENDERS)}")
        gender = None
    tuples: dict[str, tuple[str, ...]] = {}
    for key in ("counterparts", "also", "shares", "idioms"):
        value = entry.get(key, [])
        got = () if value == [] else _strings(value)
        if got is None:
            what = "phrases" if key == "idioms" else "concept ids or categories"
            report(key, f"{name}: {key} must be a list of {what}")
            got = ()
        tuples[key] = got
    countries = _strings(entry["country"]) if "country" in entry else ()
    if countries is None or not all(_COUNTRY.fullmatch(code) for code in countries):
        report("country", f"{name}: country must be ISO 3166-1 codes (\"FR\" or [\"FR\", ...])")
        countries = ()
    for cat in tuples["also"]:
        if cat not in CATEGORIES and cat not in LANGUAGE_CATEGORIES.get(lang, ()):
            report("also", f"{name}: also names unknown category {cat!r}")
    for flag in ("generic", "exclamation", "thing", "compounds"):
        if not isinstance(entry.get(flag, False), bool):
            report(flag, f"{name}: {flag} must be true or false")
    for key in ("missing", "lemma", "note"):
        if key in entry and not (isinstance(entry[key], str) and entry[key].strip()):
            report(key, f"{name}: {key} must be a non-empty string")
    own = {key: value for key, value in entry.items() if not isinstance(value, dict)}
    main = replace(_word(name, name, own, pos, lang, slots, FIELDS, report), line=line)
    variants = [main]
    for key, value in entry.items():
        if isinstance(value, dict):
            path = f"{name}.{key}"

            def report_variant(field: str, message: str, path: str = path) -> None:
                problems.append(Problem(shown, keys.get((path, field), tables.get(path, line)),
                                        message))

            variants.append(replace(
                _word(path, key, value, pos, lang, slots, VARIANT_FIELDS, report_variant),
                line=tables.get(path, line)))
    forms = merged_forms(tuple(variants))
    missing = entry.get("missing") if isinstance(entry.get("missing"), str) else None
    if missing and len(variants) > 1:
        report("missing", f"{name}: a concept with `missing` has no variants")
    if missing and forms:
        report("missing", f"{name}: a concept with `missing` lists no forms")
    if not missing and not main.forms and "lemma" not in entry and "shares" not in entry:
        report("", f'{name}: no forms; give slots, a lemma to expand, `shares`, or '
               '`missing = "reason"`')
    concept = Concept(
        id=f"{category}.{name}",
        category=category,
        lang=lang,
        counterparts=tuples["counterparts"],
        forms=forms,
        pos=pos,
        gender=gender,
        missing=missing,
        source=shown,
        line=line,
        lemma=entry.get("lemma") if isinstance(entry.get("lemma"), str) else None,
        also=tuples["also"],
        shares=tuple(c if "." in c else f"{category}.{c}" for c in tuples["shares"]),
        generic=entry.get("generic") is True,
        idioms=tuples["idioms"],
        exclamation=entry.get("exclamation") is True,
        thing=entry.get("thing") is True,
        compounds=entry.get("compounds") is True,
        countries=countries,
        note=entry.get("note") if isinstance(entry.get("note"), str) else None,
        counterparts_at=(shown, keys.get((name, "counterparts"), line))
        if tuples["counterparts"] else None,
        variants=tuple(variants) if len(variants) > 1 or main.register != "neutral" else (),
    )
    return concept, problems


def _word(
    path: str,
    name: str,
    entry: dict,
    pos: str,
    lang: str,
    slots: dict[str, tuple[str, ...]] | None,
    fields: frozenset[str],
    report: Callable[[str, str], None],
) -> Variant:
    """One word of a concept (the main one, or a variant table): its slots, register and
    preferred counterpart words, each problem reported at its key."""
    if fields is VARIANT_FIELDS:
        pos = _variant_pos(path, entry.get("pos", pos), report)
        for key in ("lemma", "note"):
            if key in entry and not (isinstance(entry[key], str) and entry[key].strip()):
                report(key, f"{path}: {key} must be a non-empty string")
        if not any(key not in VARIANT_FIELDS for key in entry) and "lemma" not in entry:
            report("", f"{path}: a variant needs a lemma to expand or forms")
    register = entry.get("register", "neutral")
    if not isinstance(register, str) or register not in REGISTERS:
        report("register", f"{path}: register {register!r} is not one of {', '.join(REGISTERS)}")
        register = "neutral"
    prefer = _strings(entry["prefer"]) if "prefer" in entry else ()
    if prefer is None:
        report("prefer", f"{path}: prefer must name counterpart variants (\"vanamees\" or a list)")
        prefer = ()
    allowed = slots.get(pos) if slots is not None else None
    forms: dict[str, tuple[str, ...]] = {}
    for key, value in entry.items():
        if key in fields:
            continue
        if fields is VARIANT_FIELDS and key in FIELDS:
            report(key, f"{path}: {key} belongs to the concept, not to one of its variants")
            continue
        if allowed is not None and key not in allowed:
            report(
                key,
                f"{path}: {key!r} is neither a field nor a {lang} {pos} slot "
                f"({', '.join(allowed)})",
            )
            continue
        got = _strings(value)
        if got is None:
            report(key, f"{path}: slot {key} must be a form or a list of forms")
            continue
        forms[key] = got
    lemma = entry.get("lemma")
    note = entry.get("note")
    return Variant(name, forms, register, lemma if isinstance(lemma, str) else None, pos,
                   prefer, note=note if isinstance(note, str) else None)


def _variant_pos(path: str, pos: object, report: Callable[[str, str], None]) -> str:
    """A variant may be another part of speech than its concept (the noun homoseksuaal
    beside the adjective homoseksuaalne): its slots follow its own."""
    if not isinstance(pos, str) or pos not in POS:
        report("pos", f"{path}: pos {pos!r} is not one of {sorted(POS)}")
        return "noun"
    return pos


def _plugin_fold(lang: str) -> Callable[[str], str]:
    from aligner.plugins import available_languages, get_plugin

    return get_plugin(lang).fold if lang in available_languages() else str.casefold


def _plugin_slots(lang: str) -> dict[str, tuple[str, ...]] | None:
    from aligner.plugins import available_languages, get_plugin

    if lang not in available_languages():
        return None
    return get_plugin(lang).slots


def category_files(directory: Path) -> list[Path]:
    """The ``<category>.toml`` files of one language, without ``names.toml``."""
    return [p for p in sorted(directory.glob("*.toml")) if p.name != NAMES_FILE]


def read_lexicon(lang: str, root: Path | None = None) -> tuple[Lexicon, list[Problem]]:
    """The lexicon and every schema problem; counterparts fall back to the pivot's."""
    directory = (root or lexicon_root()) / lang
    problems: list[Problem] = []
    concepts: dict[str, Concept] = {}
    if not directory.is_dir():
        return Lexicon(lang, {}), [Problem(str(directory), None, f"no lexicon for {lang!r}")]
    slots = _plugin_slots(lang)
    for path in category_files(directory):
        found, file_problems = parse_file(path, lang, slots)
        problems.extend(file_problems)
        for concept in found:
            if concept.id in concepts:
                first = concepts[concept.id]
                problems.append(
                    Problem(
                        str(path),
                        concept.line,
                        f"{concept.id} already defined at {first.source}:{first.line}",
                    )
                )
                continue
            concepts[concept.id] = concept
    if lang != PIVOT:
        concepts = _inherit_from_pivot(concepts, root)
    names = None
    try:
        names = load_names(directory, _plugin_fold(lang))
    except LexiconError as err:
        problems.append(Problem(err.path or str(directory), err.line, err.reason))
    people = read_people(directory / PEOPLE_FILE)
    return Lexicon(lang, concepts, names=names, people=people), problems


def read_people(path: Path) -> frozenset[str]:
    """The lemmas of ``people.txt`` (one a line, ``#`` comments); none when absent."""
    if not path.is_file():
        return frozenset()
    try:
        text = path.read_bytes().decode("utf-8")
    except UnicodeDecodeError as err:
        raise LexiconError(f"not UTF-8 ({err.reason})", path) from err
    lines = (line.split("#", 1)[0].strip().lower() for line in text.splitlines())
    return frozenset(line for line in lines if line)


def _inherit_from_pivot(concepts: dict[str, Concept], root: Path | None) -> dict[str, Concept]:
    """Counterparts, `also`, `generic` and the referent's gender are properties of the
    concept: a target file may leave them out and get the pivot's (Hindi writes its own
    gender, which is grammatical)."""
    pivot_dir = (root or lexicon_root()) / PIVOT
    if not pivot_dir.is_dir():
        return concepts
    pivot, _ = read_lexicon(PIVOT, root)
    inherited = {}
    for cid, concept in concepts.items():
        source = pivot.concepts.get(cid)
        if source is not None:
            concept = replace(
                concept,
                counterparts=concept.counterparts or source.counterparts,
                counterparts_at=concept.counterparts_at if concept.counterparts
                else source.counterparts_at,
                gender=concept.gender or source.gender,
                also=concept.also or source.also,
                generic=concept.generic or source.generic,
            )
        inherited[cid] = concept
    return inherited


def load_lexicon(lang: str, root: Path | None = None) -> Lexicon:
    """The lexicon of ``lang``; its first error raises LexiconError with file:line.

    The errors are those of ``align lexicon check`` (schema, a form two concepts
    claim, a counterpart that does not exist, a concept English lacks): a lexicon
    with any of them would lose or garble pairs silently, so no command runs on it.
    Morphology (a form that reads back as another case) is left to ``check`` and
    the test suite: it takes the analyser seconds, and a wrong case is one bad pair
    that the validator and review still see, not a silent loss.
    """
    from aligner.lexicon.check import inspect_lexicon

    lexicon, problems = inspect_lexicon(lang, root=root, morphology=False)
    found = errors(problems)
    if not found and lang != PIVOT and (root or lexicon_root()).joinpath(PIVOT).is_dir():
        # Counterparts and genders come from the pivot: its errors garble this one too.
        pivot_errors = errors(inspect_lexicon(PIVOT, root=root, morphology=False)[1])
        found, lang = pivot_errors, PIVOT
    if found:
        first = found[0]
        more = f" (and {len(found) - 1} more: `align lexicon check --lang {lang}`)"
        raise replace(first, message=first.message + (more if len(found) > 1 else "")).as_error()
    return lexicon
