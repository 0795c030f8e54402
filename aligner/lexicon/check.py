"""``align lexicon check``: everything a linguist can get wrong in a lexicon, with file:line.

Errors make a lexicon unusable for swapping (a form two concepts claim, a
counterpart that does not exist); warnings are worth a look but do not fail
(a counterpart whose slots differ, an English keyword with no counterpart).
``load_lexicon`` runs the same checks, so every command stops on an error here.
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING

from aligner.errors import MissingExtraError
from aligner.lexicon.expand import words_of
from aligner.lexicon.load import PIVOT, lexicon_root, read_lexicon
from aligner.lexicon.match import form_key
from aligner.lexicon.model import LANGUAGE_CATEGORIES, Concept, Lexicon
from aligner.lexicon.names_lint import category_hint, names_problems
from aligner.lexicon.problems import Problem

if TYPE_CHECKING:
    from pathlib import Path

    from aligner.plugins import LanguagePlugin


def _at(concept: Concept, message: str, severity: str = "error") -> Problem:
    return Problem(concept.source or "?", concept.line, message, severity)


def _at_counterparts(concept: Concept, message: str) -> Problem:
    """A problem with the counterparts list, at the line that writes it (in the pivot's
    file when this language inherits it), where the linguist has to fix it."""
    path, line = concept.counterparts_at or (concept.source or "?", concept.line)
    return Problem(path, line, message)


def _paired(one: Concept, other: Concept) -> bool:
    return other.id in one.counterparts or one.id in other.counterparts


def duplicate_forms(lexicon: Lexicon, plugin: LanguagePlugin | None) -> list[Problem]:
    """A form listed twice in a slot, or by two concepts (the matcher could not tell them apart).

    One problem per pair of concepts, naming the shared forms, so that a homograph
    in a 28-slot paradigm reads as one slip rather than twenty. Counterparts may
    share a form in the same slot (Latvian atraitni is the accusative of both
    atraitne, widow, and atraitnis, widower): the paradigms are right, and it is for
    transfer to read the sense from context or decline, not for the linguist to
    delete a true form. They are a warning, so that a slip still shows.
    """
    problems: list[Problem] = []
    owner: dict[tuple[str, ...], tuple[Concept, str]] = {}
    shared: dict[tuple[str, str], list[str]] = defaultdict(list)
    syncretic: dict[tuple[str, str], list[str]] = defaultdict(list)
    for concept in lexicon:
        problems += [
            _at(concept, f"{concept.id}: slot {slot} of {word.name} lists a form twice")
            for word in concept.words for slot, forms in word.forms.items()
            if len({_key(plugin, form) for form in forms}) < len(forms)
        ]
        for slot, forms in concept.forms.items():
            keys = [_key(plugin, form) for form in forms]
            for form, key in zip(forms, keys, strict=True):
                first, first_slot = owner.setdefault(key, (concept, slot))
                if first.id == concept.id:
                    continue
                if first_slot == slot and _paired(first, concept):
                    syncretic[(concept.id, first.id)].append(form)
                elif form not in shared[(concept.id, first.id)]:
                    shared[(concept.id, first.id)].append(form)
    for (concept_id, first_id), forms in shared.items():
        concept, first = lexicon[concept_id], lexicon[first_id]
        listed = ", ".join(repr(f) for f in forms[:3]) + (" ..." if len(forms) > 3 else "")
        where = f"{first.source}:{first.line}"
        if first.category != concept.category:
            message = (
                f"{concept_id}: forms {listed} are claimed by two categories "
                f"({first_id} at {where}); keep one and add `also`"
            )
        else:
            message = f"{concept_id}: forms {listed} are also forms of {first_id} at {where}"
        problems.append(_at(concept, message))
    for (concept_id, first_id), forms in syncretic.items():
        listed = ", ".join(repr(f) for f in forms[:3]) + (" ..." if len(forms) > 3 else "")
        message = (
            f"{concept_id}: {listed} also spell counterpart {first_id} in the same slot; "
            "transfer reads the sense from context (a slip? then fix the form)"
        )
        problems.append(_at(lexicon[concept_id], message, "warning"))
    return problems


def _default_matcher(plugin: LanguagePlugin | None) -> bool:
    from langs.base import BasePlugin

    return plugin is None or getattr(type(plugin), "match_forms", None) is BasePlugin.match_forms


def slot_sharing_forms(lexicon: Lexicon, plugin: LanguagePlugin | None) -> list[Problem]:
    """One concept writing the same form in two slots (Italian papà, sg and pl; giovani,
    m_pl and f_pl), for a plugin that keeps the default matcher.

    That matcher gives a form one slot, the first listed, so every papà is read as
    singular and its swap, its slot check and its agreement follow that reading,
    without a word. A warning, since the form is right: the plugin's ``match_forms``
    has to pick the slot from context (docs/new-language.md, §2). Plugins that
    override it (Estonian, Russian, Italian) are trusted to.
    """
    if not _default_matcher(plugin):
        return []
    problems: list[Problem] = []
    for concept in lexicon:
        slots: dict[tuple[str, ...], list[str]] = defaultdict(list)
        written: dict[tuple[str, ...], str] = {}
        for slot, forms in concept.forms.items():
            for form in forms:
                key = _key(plugin, form)
                written.setdefault(key, form)
                if slot not in slots[key]:
                    slots[key].append(slot)
        for key, found in slots.items():
            if len(found) > 1:
                problems.append(_at(
                    concept,
                    f"{concept.id}: {written[key]!r} fills slots {', '.join(found)}; the default "
                    f"matcher always reads it as {found[0]}: override the plugin's match_forms "
                    "to pick the slot from context",
                    "warning",
                ))
    return problems


def _key(plugin: LanguagePlugin | None, form: str) -> tuple[str, ...]:
    """How matching will see a form; case-folded words when the language's tokenizer is
    not installed (a Hindi lexicon is still checked without indic-nlp-library)."""
    if plugin is not None:
        try:
            return form_key(plugin, form)
        except MissingExtraError:
            pass
    return tuple(form.casefold().split())


def counterpart_problems(lexicon: Lexicon, pivot: Lexicon | None = None) -> list[Problem]:
    """Counterparts that do not exist, cross a category, lack slots, or are listed as missing.

    In a target language a counterpart English defines but this language lacks is
    a warning (coverage shows it); one that nobody defines is an error.
    """
    problems: list[Problem] = []
    for concept in lexicon:
        if not concept.available:
            continue
        if not concept.counterparts and lexicon.lang == PIVOT and not concept.generic:
            problems.append(_at(concept, f"{concept.id}: no counterparts", "warning"))
        for other_id in concept.counterparts:
            other = lexicon.concepts.get(other_id)
            if other is None:
                if lexicon.lang == PIVOT or (pivot is not None and other_id not in pivot):
                    problems.append(_at_counterparts(
                        concept, f"{concept.id}: counterpart {other_id} is not defined"))
                else:
                    problems.append(
                        _at(
                            concept,
                            f"{concept.id}: counterpart {other_id} has no {lexicon.lang} entry",
                            "warning",
                        )
                    )
                continue
            if other.category != concept.category:
                problems.append(_at_counterparts(
                    concept,
                    f"{concept.id}: counterpart {other_id} is in another category "
                    f"({other.category})",
                ))
            if not other.available:
                continue
            lacking = [slot for slot in concept.forms if slot not in other.forms]
            if lacking:
                listed = ", ".join(lacking[:4]) + (" ..." if len(lacking) > 4 else "")
                message = (
                    f"{concept.id}: counterpart {other_id} lacks {len(lacking)} slots ({listed})"
                )
                problems.append(_at(concept, message, "warning"))
    return problems


def pivot_problems(lexicon: Lexicon, pivot: Lexicon) -> list[Problem]:
    """Concept ids the pivot does not define (typos), and pivot concepts with no entry here."""
    problems: list[Problem] = []
    own = LANGUAGE_CATEGORIES.get(lexicon.lang, ())
    for concept in lexicon:
        if concept.category in own:
            if not concept.counterparts and concept.available:
                problems.append(_at(concept, f"{concept.id}: no counterparts", "warning"))
            continue
        if concept.id not in pivot:
            hint = category_hint(concept.id, pivot)  # filed in the wrong category file?
            problems.append(_at(concept, f"{concept.id} is not a concept of the {PIVOT} lexicon"
                                         f"{hint}"))
    for concept in pivot:
        if concept.id not in lexicon and not concept.generic:
            problems.append(
                Problem(
                    f"{concept.source}",
                    concept.line,
                    f'{concept.id} has no {lexicon.lang} entry; add forms or `missing = "reason"`',
                    "warning",
                )
            )
    return problems


def gender_problems(lexicon: Lexicon, plugin: LanguagePlugin) -> list[Problem]:
    """Languages whose plugin re-inflects for gender need it on every gendered noun."""
    if not getattr(plugin, "nouns_need_gender", False):
        return []
    return [
        _at(concept, f'{concept.id}: {plugin.name} nouns need gender = "m" or "f" for agreement')
        for concept in lexicon
        if concept.available and concept.pos == "noun" and concept.gender is None
    ]


def unexpanded(lexicon: Lexicon) -> list[Problem]:
    return [
        _at(
            concept,
            f"{concept.id}: has a lemma but no forms; run `align lexicon expand "
            f"--lang {lexicon.lang}`",
        )
        for concept in lexicon
        if concept.available and any(w.lemma and not w.forms for w in concept.words)
    ]


def morphology_problems(lexicon: Lexicon, plugin: LanguagePlugin) -> list[Problem]:
    """Forms the plugin's morphology rejects (Vabamorf re-analysis, Hindi paradigm rules),
    one problem per concept so that a wrong paradigm reads as one slip."""
    check = getattr(plugin, "form_problems", None)
    if check is None:
        return []
    problems = []
    for concept in lexicon:
        words = words_of(concept) if concept.available else []
        for table, word in words:
            found = check(word)
            if not found:
                continue
            listed = "; ".join(found[:3]) + (f"; {len(found) - 3} more" if len(found) > 3 else "")
            where = "" if len(words) == 1 else f" ([{table}])"
            problems.append(_at(
                word, f"{concept.id}{where}: {len(found)} forms fail the morphology: {listed}"))
    return problems


def _registered_plugin(lang: str) -> LanguagePlugin | None:
    from aligner.plugins import available_languages, get_plugin

    return get_plugin(lang) if lang in available_languages() else None


def inspect_lexicon(
    lang: str,
    plugin: LanguagePlugin | None = None,
    root: Path | None = None,
    morphology: bool = True,
) -> tuple[Lexicon, list[Problem]]:
    """The lexicon and every problem in it, errors first, then by file and line.

    Without a plugin the language's registered one is used; a language with none
    yet (a lexicon written before its plugin) compares forms case-folded.
    ``morphology=False`` skips the analyser (seconds for Estonian): loading for a
    pipeline run needs only the structure to be sound.
    """
    plugin = plugin if plugin is not None else _registered_plugin(lang)
    lexicon, problems = read_lexicon(lang, root)
    pivot = None
    if lang != PIVOT:
        pivot, _ = read_lexicon(PIVOT, root)
        if len(pivot):
            problems += pivot_problems(lexicon, pivot)
        else:
            pivot = None
    problems += duplicate_forms(lexicon, plugin)
    problems += slot_sharing_forms(lexicon, plugin)
    problems += counterpart_problems(lexicon, pivot)
    if plugin is not None:
        problems += gender_problems(lexicon, plugin)
        if morphology:
            problems += morphology_problems(lexicon, plugin)
    if morphology:  # the full `check`: names lint imports spaCy's word lists
        problems += names_problems(lang, plugin, root or lexicon_root())
    problems += unexpanded(lexicon)
    order = defaultdict(int, {"error": 0, "warning": 1})
    return lexicon, sorted(problems, key=lambda p: (order[p.severity], p.path, p.line or 0))


def check_lexicon(
    lang: str, plugin: LanguagePlugin | None = None, root: Path | None = None
) -> list[Problem]:
    """Every problem of one language's lexicon, errors first, sorted by file and line."""
    return inspect_lexicon(lang, plugin, root)[1]
