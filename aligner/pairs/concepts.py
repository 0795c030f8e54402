"""Counterpart relations read from a lexicon, tolerant of how a linguist wrote them.

Lexicon files name counterparts either by full id (``gender.man``) or, inside the
category file, by bare name (``man``); both mean the same concept.
"""

from __future__ import annotations

from collections.abc import Callable

from aligner.lexicon.model import Concept, Lexicon

# Categories whose groups are all interchangeable: CrowS-Pairs swaps any nationality for
# any other, while the lexicon lists only a few preferred counterparts for each (the ones
# transfer-free generation would pick). Elsewhere a swap must follow the listed
# counterparts: woman <-> boy is the same category but confounds age.
OPEN_CATEGORIES = frozenset({"nationality"})


def counterpart_ids(concept: Concept) -> set[str]:
    return {c if "." in c else f"{concept.category}.{c}" for c in concept.counterparts}


def are_counterparts(lexicon: Lexicon, a: str, b: str) -> bool:
    """Same category and either side lists the other as a counterpart (any two, if open)."""
    if a not in lexicon or b not in lexicon:
        return False
    first, second = lexicon[a], lexicon[b]
    if first.category != second.category:
        return False
    if first.category in OPEN_CATEGORIES:
        return True
    return b in counterpart_ids(first) or a in counterpart_ids(second)


def has_form(fold: Callable[[str], str], concept: Concept, slot: str, surface: str) -> bool:
    """Whether ``surface`` is one of ``concept``'s forms in ``slot``, compared folded."""
    key = fold(surface)
    return any(fold(form) == key for form in concept.forms.get(slot, ()))
