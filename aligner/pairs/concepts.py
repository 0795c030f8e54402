"""Which two terms may stand for each other in a minimal pair, and why.

Lexicon files name counterparts either by full id (``gender.man``) or, inside the
category file, by bare name (``man``); both mean the same concept.

CrowS-Pairs swaps any group for any other of the same category (Asian / Black,
Muslim / Hindu, young / old), so every category is open: two terms that share a
category (their own or one named in ``also``) are valid partners. Declared
counterparts are the preferred partners (transfer writes them) and are reported as
such. Gender is the exception that needs more than a shared category: the two
terms must have opposite gender values (woman / man, not woman / lady), or, for
words with no gender value of their own, be declared counterparts (trans / cis).
Names (``names.toml``) are partners when their groups differ in some category.

Race-color and nationality are *related* categories: CrowS-Pairs uses demonyms
as race terms (Mexican / white, Chinese / American) and the CineBias keyword lists
put Latino, Hispanic, Gypsy and Middle Eastern in both, so a swap across them is
accepted and reported as ``related-category``. Every other crossing is rejected.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from aligner.lexicon.model import Concept, Lexicon
from aligner.pairs.reasons import Problem
from aligner.pairs.terms import NAME_PREFIX, is_name

COUNTERPART = "counterpart"
SAME_CATEGORY = "same-category"
RELATED_CATEGORY = "related-category"
NAME = "name"
CONTRAST = "contrast"
RELATED: tuple[frozenset[str], ...] = (frozenset({"race-color", "nationality"}),)


@dataclass(frozen=True)
class Relation:
    """How two swapped terms relate: ``kind`` is one of the constants above."""

    kind: str
    category: str


def counterpart_id(concept: Concept, name: str) -> str:
    """A counterpart as the lexicon names it (``man`` or ``gender.man``), as a full id."""
    return name if "." in name else f"{concept.category}.{name}"


def counterpart_ids(concept: Concept) -> set[str]:
    return {counterpart_id(concept, c) for c in concept.counterparts}


def target_counterpart(lexicon: Lexicon, concept: str, counterpart: str) -> str:
    """The counterpart a target line swaps ``concept`` for, where English chose ``counterpart``.

    A target lexicon that writes a ``counterparts`` list of its own for the concept
    (not inherited from English) states its choice: the English counterpart when it is
    in that list, else the list's first (a French list may answer américain with
    français where English had American / Mexican).
    """
    own = lexicon.concepts.get(concept)
    if own is None or not own.counterparts or own.counterparts_at is None:
        return counterpart
    if own.counterparts_at[0] != own.source:
        return counterpart  # inherited from the pivot: English's choice stands
    choices = [counterpart_id(own, name) for name in own.counterparts]
    return counterpart if counterpart in choices else choices[0]


def declared(lexicon: Lexicon, a: str, b: str) -> bool:
    """Either side lists the other as a counterpart."""
    return b in counterpart_ids(lexicon[a]) or a in counterpart_ids(lexicon[b])


def _gender_pair(lexicon: Lexicon, first: Concept, second: Concept) -> bool:
    if first.gender is None and second.gender is None:
        return declared(lexicon, first.id, second.id)
    return {first.gender, second.gender} == {"m", "f"}


def _related(first: Concept, second: Concept) -> str | None:
    for group in RELATED:
        if group & set(first.categories) and group & set(second.categories):
            return next(c for c in first.categories if c in group)
    return None


def in_category(concept: Concept, category: str) -> bool:
    """Whether ``concept`` is in ``category`` or in a category related to it (Mexico in a
    race-color pair)."""
    related = next((group for group in RELATED if category in group), frozenset({category}))
    return bool(related & set(concept.categories))


def relation(lexicon: Lexicon, a: str, b: str, bias_type: str | None = None) -> Relation | Problem:
    """The relation of concept (or name) ``a`` to ``b``, or why they are no pair.

    ``bias_type`` (the pair's CrowS category, when known) picks the category the
    relation is reported in when the terms share several.
    """
    if is_name(a) or is_name(b):
        return _name_relation(lexicon, a, b)
    first, second = lexicon[a], lexicon[b]
    shared = [c for c in first.categories if c in second.categories]
    if not shared:
        related = _related(first, second)
        if related is not None:
            return Relation(RELATED_CATEGORY, bias_type if bias_type in RELATED[0] else related)
        return Problem("cross-category", {"more": a, "less": b,
                                           "more_category": first.category,
                                           "less_category": second.category})
    valid = [c for c in shared if c != "gender" or _gender_pair(lexicon, first, second)]
    if not valid:
        return Problem("same-gender", {"more": a, "less": b,
                                        "gender": first.gender or "unmarked"})
    category = bias_type if bias_type in valid else valid[0]
    kind = COUNTERPART if declared(lexicon, a, b) else SAME_CATEGORY
    return Relation(kind, category)


def _name_relation(lexicon: Lexicon, a: str, b: str) -> Relation | Problem:
    names = lexicon.names
    if not (is_name(a) and is_name(b)) or names is None:
        return Problem("name-and-term", {"more": a, "less": b})
    first, second = a[len(NAME_PREFIX):].split(), b[len(NAME_PREFIX):].split()
    for x in first:
        for y in second:
            category = names.contrast(x, y)
            if category is not None:
                return Relation(NAME, category)
    return Problem("names-alike", {"more": " ".join(first), "less": " ".join(second)})


def has_form(fold: Callable[[str], str], concept: Concept, slot: str, surface: str) -> bool:
    """Whether ``surface`` is one of ``concept``'s forms in ``slot``, compared folded."""
    key = fold(surface)
    return any(fold(form) == key for form in concept.forms.get(slot, ()))


def same_slot(fold: Callable[[str], str], lexicon: Lexicon, a_id: str, a_slot: str,
              a_surface: str, b_id: str, b_slot: str, b_surface: str) -> bool:
    """Either term's surface is a form of the other's concept in the other's slot.

    Syncretic forms make the matched slot a guess (Estonian vana is sg_n, sg_g and
    sg_p); checking both directions lets either side's reading decide. Terms of
    different parts of speech, or phrases a plugin built around a form ("White
    people"), compare by slot name, Hindi adjective gender aside; an adjective with
    one form for everything (English black, elderly: even when a noun variant of the
    concept, oldster, inflects) fits any slot.
    """
    if is_name(a_id) or is_name(b_id):
        return a_slot == b_slot
    first, second = lexicon[a_id], lexicon[b_id]
    if has_form(fold, second, a_slot, b_surface) or has_form(fold, first, b_slot, a_surface):
        return True
    listed = has_form(fold, first, a_slot, a_surface) and has_form(fold, second, b_slot, b_surface)
    if first.pos == second.pos and listed:
        return False
    if _uninflected(fold, first, a_slot, a_surface) or _uninflected(fold, second, b_slot,
                                                                     b_surface):
        return True
    if first.pos != second.pos:
        # An adjective standing for a noun (Hindi अश्वेत "black people"): its case is read
        # off a noun that is not there, so only number is compared.
        return _number(a_slot) == _number(b_slot)
    return a_slot == b_slot


def _uninflected(fold: Callable[[str], str], concept: Concept, slot: str, surface: str) -> bool:
    """Whether ``surface`` is a word of ``concept`` that is an adjective with one form."""
    word = concept.variant_of(slot, surface, fold)
    return word.pos == "adj" and len(word.forms) == 1


def _number(slot: str) -> str:
    return next((part for part in slot.split("_") if part in ("sg", "pl")), slot)
