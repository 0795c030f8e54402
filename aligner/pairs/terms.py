"""Swappable terms of a sentence: lexicon forms, person names and parts of compound words.

The validator and transfer look for the same things in a sentence, so they are
found here once: whole-word lexicon forms first (the plugin's matcher, longest
first), then person names from ``names.toml`` among the tokens left, then the
parts of compound words the plugin splits (Estonian ehitus|onu: the head ``onu``
is a form of gender.uncle, so ehitusonu / ehitustädi swaps uncle for aunt).
"""

from __future__ import annotations

from dataclasses import replace

from aligner.lexicon.match import cached_index
from aligner.lexicon.model import NAME_PREFIX, Concept, Lexicon
from aligner.plugins import FormMatch, LanguagePlugin, Token

# The slot of a noun's form as the first part of a compound (Estonian nais|õpetaja).
COMPOUND_SLOT = "cmp"
# English possessive endings a name may carry ("Juan's", "Jesus'").
_POSSESSIVE = ("'s", "'")


def is_name(concept: str) -> bool:
    return concept.startswith(NAME_PREFIX)


def is_word(token: Token) -> bool:
    return any(ch.isalnum() for ch in token.text)


def _looks_like_name(token: Token) -> bool:
    """A capitalised word, or a word of a script without case (Devanagari)."""
    first = token.text[:1]
    return first.isupper() or (first.isalpha() and not first.islower())


def _name_parts(plugin: LanguagePlugin, lexicon: Lexicon, token: Token) -> tuple[str, str] | None:
    """(bare name, slot) when ``token`` is a listed name, possibly possessive."""
    names = lexicon.names
    if not names or not _looks_like_name(token):
        return None
    text = plugin.normalize(token.text)
    if text in names:
        return text, "sg"
    for ending in _POSSESSIVE:
        if text.endswith(ending) and text[: -len(ending)] in names:
            return text[: -len(ending)], "poss"
    return None


def name_matches(
    plugin: LanguagePlugin, lexicon: Lexicon, tokens: list[Token], taken: set[int]
) -> list[FormMatch]:
    """Runs of listed names ("Chen Wu", "Jamal Jackson's") among tokens not yet matched."""
    matches: list[FormMatch] = []
    index = 0
    while index < len(tokens):
        found = None if index in taken else _name_parts(plugin, lexicon, tokens[index])
        if found is None:
            index += 1
            continue
        names, slot, last = [found[0]], found[1], index + 1
        while slot == "sg" and last < len(tokens) and last not in taken:
            more = _name_parts(plugin, lexicon, tokens[last])
            if more is None:
                break
            names.append(more[0])
            slot = more[1]
            last += 1
        surface = " ".join(t.text for t in tokens[index:last])
        full = " ".join(plugin.fold(n) for n in names)
        matches.append(FormMatch(NAME_PREFIX + full, slot, index, last, surface))
        index = last
    return matches


def as_name(plugin: LanguagePlugin, lexicon: Lexicon, tokens: list[Token],
            match: FormMatch) -> FormMatch | None:
    """``match`` read as a person name, when its one token is a listed name."""
    if match.last - match.first != 1 or match.chars is not None:
        return None
    found = _name_parts(plugin, lexicon, tokens[match.first])
    if found is None:
        return None
    return FormMatch(NAME_PREFIX + plugin.fold(found[0]), found[1], match.first, match.last,
                     match.surface)


def compound_matches(
    plugin: LanguagePlugin, lexicon: Lexicon, tokens: list[Token], taken: set[int]
) -> list[FormMatch]:
    """Lexicon forms that are a part of a compound word not matched whole.

    The head inflects (ehitusonu-le: ``onule`` is sg_all of onu); a modifier is in
    its compounding form (``nais``õpetaja: slot ``cmp`` or a case form).
    """
    index = cached_index(plugin, lexicon)
    matches: list[FormMatch] = []
    for position, parts in enumerate(plugin.compound_parts(tokens)):
        if position in taken or len(parts) < 2:
            continue
        for number, part in enumerate(parts):
            hit = index.get((plugin.fold(part.text),))
            if hit is not None:
                head = number == len(parts) - 1
                slot = _part_slot(plugin, lexicon[hit[0]], part.text, head) or hit[1]
                matches.append(FormMatch(hit[0], slot, position, position + 1, part.text,
                                         chars=(part.start, part.end)))
    return matches


def _part_slot(plugin: LanguagePlugin, concept: Concept, surface: str, head: bool) -> str | None:
    """The slot a compound part fills: a case form as the head (ehitus|onule: sg_all), the
    compounding form as a modifier (nais|õpetaja: cmp) when the concept lists one."""
    key = plugin.fold(surface)
    slots = [s for s, forms in concept.forms.items() if key in map(plugin.fold, forms)]
    if head:
        return next((s for s in slots if s != COMPOUND_SLOT), None)
    return COMPOUND_SLOT if COMPOUND_SLOT in slots else None


def find_terms(plugin: LanguagePlugin, lexicon: Lexicon, tokens: list[Token]) -> list[FormMatch]:
    """Every swappable term of ``tokens``, in text order."""
    forms = plugin.match_forms(tokens, lexicon)
    taken = {i for m in forms for i in range(m.first, m.last)}
    names = name_matches(plugin, lexicon, tokens, taken)
    taken |= {i for m in names for i in range(m.first, m.last)}
    parts = compound_matches(plugin, lexicon, tokens, taken)
    return sorted([*forms, *names, *parts], key=lambda m: (m.first, m.chars or (0, 0)))


def char_span(tokens: list[Token], match: FormMatch) -> tuple[int, int]:
    """Characters a term covers: its compound part, or its tokens from first to last."""
    if match.chars is not None:
        return match.chars
    return tokens[match.first].start, tokens[match.last - 1].end


def with_surface(match: FormMatch, text: str, tokens: list[Token]) -> FormMatch:
    """``match`` with ``surface`` read from ``text`` (spacing as written)."""
    start, end = char_span(tokens, match)
    return replace(match, surface=text[start:end])
