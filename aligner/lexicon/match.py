"""Whole-word, longest-first matching of lexicon forms in a token list.

Every plugin matches the same way once it has said how to tokenize and fold text,
so the algorithm lives here and ``langs/*.py`` call it. Multi-word forms ("African
American", "middle aged") are token sequences; "man" never matches inside "manager"
because tokens are compared whole.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from aligner.plugins import FormMatch, Token

if TYPE_CHECKING:
    from aligner.lexicon.model import Lexicon
    from aligner.plugins import LanguagePlugin

Key = tuple[str, ...]
# The slot of a noun as the first part of a compound (Estonian nais|õpetaja): a head is
# never in it.
COMPOUND_SLOT = "cmp"
Index = dict[Key, tuple[str, str]]


def form_key(plugin: LanguagePlugin, form: str) -> Key:
    """How a lexicon form is looked up: its folded tokens."""
    return tuple(plugin.fold(token.text) for token in plugin.tokenize(plugin.normalize(form)))


def build_index(plugin: LanguagePlugin, lexicon: Lexicon) -> Index:
    """Folded token sequence -> (concept id, slot); the first concept and slot listing a form win.

    ``align lexicon check`` reports forms listed by two concepts, so "first wins" only
    decides between a concept's own syncretic slots (Estonian sg_g = sg_p "vana").
    """
    index: Index = {}
    for concept in lexicon:
        for slot, forms in concept.forms.items():
            for form in forms:
                key = form_key(plugin, form)
                if key:
                    index.setdefault(key, (concept.id, slot))
    return index


def cached_index(plugin: LanguagePlugin, lexicon: Lexicon) -> Index:
    cache_key = f"form-index:{plugin.code}"
    if cache_key not in lexicon.cache:
        lexicon.cache[cache_key] = build_index(plugin, lexicon)
    return lexicon.cache[cache_key]


def _surface(tokens: list[Token]) -> str:
    parts = [tokens[0].text]
    for previous, token in zip(tokens, tokens[1:], strict=False):
        parts.append(" " * max(token.start - previous.end, 0) + token.text)
    return "".join(parts)


def match_forms(plugin: LanguagePlugin, tokens: list[Token], lexicon: Lexicon) -> list[FormMatch]:
    """Non-overlapping matches, scanning left to right and trying the longest form first."""
    index = cached_index(plugin, lexicon)
    longest = max((len(key) for key in index), default=0)
    keys = [plugin.fold(token.text) for token in tokens]
    matches: list[FormMatch] = []
    first = 0
    while first < len(tokens):
        for size in range(min(longest, len(tokens) - first), 0, -1):
            hit = index.get(tuple(keys[first : first + size]))
            if hit is not None:
                concept, slot = hit
                span = tokens[first : first + size]
                matches.append(FormMatch(concept, slot, first, first + size, _surface(span)))
                first += size
                break
        else:
            first += 1
    return matches


def compound_heads(
    plugin: LanguagePlugin, tokens: list[Token], lexicon: Lexicon, taken: set[int]
) -> list[FormMatch]:
    """Compound words whose last part is a form of a concept marked ``compounds``.

    Speakers coin group words freely (Estonian politsei|mees, koristaja|tädi, karja|poiss):
    no list holds them all, so the rule does, through the plugin's compound analysis. The
    match covers the whole word, in the slot of its head (kala|mehed: pl_n), never in the
    slot of a first part (``mees`` is also man's form in mees|õpetaja).
    """
    index = cached_index(plugin, lexicon)
    found: list[FormMatch] = []
    for position, parts in enumerate(plugin.compound_parts(tokens)):
        if position in taken or len(parts) < 2:
            continue
        head = plugin.fold(parts[-1].text)
        hit = index.get((head,))
        concept = lexicon[hit[0]] if hit is not None else None
        if concept is None or not concept.compounds:
            continue
        slot = next(
            (
                slot
                for slot, forms in concept.forms.items()
                if slot != COMPOUND_SLOT and head in map(plugin.fold, forms)
            ),
            None,
        )
        if slot is None:  # nais|nais: only a first part's form, which heads nothing
            continue
        found.append(FormMatch(concept.id, slot, position, position + 1, tokens[position].text))
    return found
