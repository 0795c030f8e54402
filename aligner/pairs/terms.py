"""Swappable terms of a sentence: lexicon forms, person names and parts of compound words.

The validator and transfer look for the same things in a sentence, so they are
found here once: whole-word lexicon forms first (the plugin's matcher, longest
first), then person names from ``names.toml`` among the tokens left, then the
parts of compound words the plugin splits (Estonian ehitus|onu: the head ``onu``
is a form of gender.uncle, so ehitusonu / ehitustädi swaps uncle for aunt).

English pairs may also swap groups the English lexicon does not hold: the castes and
regions that only the Hindi lexicon defines ("Brahmins" / "Dalits", "Mr Sharma" /
"Mr Paswan"). A target lexicon names the English words for them in ``english.txt``
(:func:`read_glosses`); :func:`open_terms` finds them in an English sentence.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from aligner.errors import LexiconError
from aligner.lexicon.match import COMPOUND_SLOT, cached_index
from aligner.lexicon.model import NAME_PREFIX, Concept, Lexicon
from aligner.plugins import FormMatch, LanguagePlugin, Token

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
        found = None if index in taken else _name_run(plugin, lexicon, tokens, index, taken)
        if found is None:
            index += 1
            continue
        matches.append(found)
        index = found.last
    return matches


def _name_run(plugin: LanguagePlugin, lexicon: Lexicon, tokens: list[Token], index: int,
              taken: set[int]) -> FormMatch | None:
    """The listed names from ``tokens[index]`` on ("Chen Wu"), the last one possibly
    possessive; None when the token there is no listed name."""
    found = _name_parts(plugin, lexicon, tokens[index])
    if found is None:
        return None
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
    return FormMatch(NAME_PREFIX + full, slot, index, last, surface)


def as_name(plugin: LanguagePlugin, lexicon: Lexicon, tokens: list[Token],
            match: FormMatch) -> FormMatch | None:
    """``match`` read as a person name, when its one token is a listed name, with the
    listed names after it ("Mohammad Ali": the prophet's name as a first name)."""
    if match.last - match.first != 1 or match.chars is not None:
        return None
    return _name_run(plugin, lexicon, tokens, match.first, set())


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


# English words for a target language's own concepts, in its lexicon directory.
GLOSS_FILE = "english.txt"
# Concept ids of capitalised names and places no list holds ("Mr Kumar" / "Mr Iyer").
OPEN_PREFIX = "open:"
_GLOSS_LINE = re.compile(r"^(?P<id>[\w\-]+\.[\w\-]+)(?P<also>(?:\s+\+[\w\-]+)*)\s*:(?P<words>.+)$")


@dataclass(frozen=True)
class Gloss:
    """The concept an English expression names, with the categories it has there."""

    concept: str
    categories: tuple[str, ...]


@dataclass(frozen=True)
class Glosses:
    """English word sequences (see :func:`gloss_key`) -> the concept they name."""

    terms: dict[tuple[str, ...], Gloss]

    @property
    def longest(self) -> int:
        return max(map(len, self.terms), default=0)


def gloss_key(word: str) -> str:
    """How a word is compared: case-blind, except abbreviations (UP, OBC: not "up")."""
    return word if len(word) > 1 and word.isupper() else word.casefold()


def read_glosses(path: Path, split: Callable[[str], list[str]]) -> Glosses:
    """The glosses of one ``english.txt``; a malformed line raises LexiconError there."""
    terms: dict[tuple[str, ...], Gloss] = {}
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        found = _GLOSS_LINE.match(line)
        words = [w.strip() for w in found.group("words").split(",")] if found else []
        if not found or not all(words):
            raise LexiconError("write `category.concept [+category]: word, word, ...`",
                               path, number)
        concept = found.group("id")
        also = tuple(part.lstrip("+") for part in found.group("also").split())
        gloss = Gloss(concept, (concept.split(".", 1)[0], *also))
        for word in words:
            terms.setdefault(tuple(gloss_key(w) for w in split(word)), gloss)
    return Glosses(terms)


def english_glosses(plugin: LanguagePlugin, root: Path) -> Glosses:
    """Every language's ``english.txt`` under the lexicon ``root``, merged (first wins)."""
    terms: dict[tuple[str, ...], Gloss] = {}
    for path in sorted(root.glob(f"*/{GLOSS_FILE}")):
        found = read_glosses(path, lambda text: [t.text for t in plugin.tokenize(text)])
        terms = {**found.terms, **terms}
    return Glosses(terms)


def _bare(word: str) -> tuple[str, ...]:
    """Keys a token may stand for: as written, without a possessive, without a plural -s."""
    keys = [gloss_key(word)]
    for ending in _POSSESSIVE:
        if word.endswith(ending):
            keys.append(gloss_key(word[: -len(ending)]))
    keys += [k[:-1] for k in list(keys) if k.endswith("s") and len(k) > 3]
    return tuple(dict.fromkeys(keys))


def open_terms(glosses: Glosses, tokens: list[Token]) -> list[tuple[FormMatch, Gloss]]:
    """Glossed expressions of an English sentence, longest first, without overlaps."""
    found: list[tuple[FormMatch, Gloss]] = []
    taken: set[int] = set()
    for size in range(glosses.longest, 0, -1):
        for first in range(len(tokens) - size + 1):
            span = range(first, first + size)
            if taken & set(span):
                continue
            head = tuple(gloss_key(t.text) for t in tokens[first:first + size - 1])
            gloss = next((glosses.terms[(*head, last)] for last in _bare(tokens[span[-1]].text)
                          if (*head, last) in glosses.terms), None)
            if gloss is not None:
                surface = " ".join(t.text for t in tokens[first:first + size])
                found.append((FormMatch(gloss.concept, "en", first, first + size, surface), gloss))
                taken |= set(span)
    return sorted(found, key=lambda pair: pair[0].first)
