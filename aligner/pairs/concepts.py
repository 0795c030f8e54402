"""Which two terms may stand for each other in a minimal pair, and why.

Lexicon files name counterparts either by full id (``gender.man``) or, inside the
category file, by bare name (``man``); both mean the same concept.

CrowS-Pairs swaps any group for any other of the same category (Asian / Black,
Muslim / Hindu, young / old), so every category is open: two terms that share a
category (their own or one named in ``also``) are valid partners. Declared
counterparts are the preferred partners (transfer writes them) and are reported as
such. Gender is the exception that needs more than a shared category: the two
terms must have opposite gender values (woman / man, not woman / lady). Names
(``names.toml``) are partners when their groups differ in some category.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from aligner.lexicon.model import Concept, Lexicon
from aligner.pairs.terms import NAME_PREFIX, is_name

COUNTERPART = "counterpart"
SAME_CATEGORY = "same-category"
NAME = "name"


@dataclass(frozen=True)
class Relation:
    """How two swapped terms relate: ``kind`` is one of the constants above."""

    kind: str
    category: str


@dataclass(frozen=True)
class Mismatch:
    """Why two terms are not swap partners: a reason code and its message details."""

    code: str
    details: dict[str, object]


def counterpart_ids(concept: Concept) -> set[str]:
    return {c if "." in c else f"{concept.category}.{c}" for c in concept.counterparts}


def declared(lexicon: Lexicon, a: str, b: str) -> bool:
    """Either side lists the other as a counterpart."""
    return b in counterpart_ids(lexicon[a]) or a in counterpart_ids(lexicon[b])


def _gender_opposed(first: Concept, second: Concept) -> bool:
    return {first.gender, second.gender} == {"m", "f"}


def relation(lexicon: Lexicon, a: str, b: str, bias_type: str | None = None) -> Relation | Mismatch:
    """The relation of concept (or name) ``a`` to ``b``, or why they are no pair.

    ``bias_type`` (the pair's CrowS category, when known) picks the category the
    relation is reported in when the terms share several.
    """
    if is_name(a) or is_name(b):
        return _name_relation(lexicon, a, b)
    first, second = lexicon[a], lexicon[b]
    shared = [c for c in first.categories if c in second.categories]
    if not shared:
        return Mismatch("cross-category", {"more": a, "less": b,
                                           "more_category": first.category,
                                           "less_category": second.category})
    valid = [c for c in shared if c != "gender" or _gender_opposed(first, second)]
    if not valid:
        return Mismatch("same-gender", {"more": a, "less": b,
                                        "gender": first.gender or "unmarked"})
    category = bias_type if bias_type in valid else valid[0]
    kind = COUNTERPART if declared(lexicon, a, b) else SAME_CATEGORY
    return Relation(kind, category)


def _name_relation(lexicon: Lexicon, a: str, b: str) -> Relation | Mismatch:
    names = lexicon.names
    if not (is_name(a) and is_name(b)) or names is None:
        return Mismatch("name-and-term", {"more": a, "less": b})
    first, second = a[len(NAME_PREFIX):].split(), b[len(NAME_PREFIX):].split()
    for x in first:
        for y in second:
            category = names.contrast(x, y)
            if category is not None:
                return Relation(NAME, category)
    return Mismatch("names-alike", {"more": " ".join(first), "less": " ".join(second)})


def has_form(fold: Callable[[str], str], concept: Concept, slot: str, surface: str) -> bool:
    """Whether ``surface`` is one of ``concept``'s forms in ``slot``, compared folded."""
    key = fold(surface)
    return any(fold(form) == key for form in concept.forms.get(slot, ()))


def same_slot(fold: Callable[[str], str], lexicon: Lexicon, a_id: str, a_slot: str,
              a_surface: str, b_id: str, b_slot: str, b_surface: str) -> bool:
    """Either term's surface is a form of the other's concept in the other's slot.

    Syncretic forms make the matched slot a guess (Estonian vana is sg_n, sg_g and
    sg_p); checking both directions lets either side's reading decide.
    """
    if is_name(a_id) or is_name(b_id):
        return a_slot == b_slot
    return has_form(fold, lexicon[b_id], a_slot, b_surface) or has_form(
        fold, lexicon[a_id], b_slot, a_surface)
