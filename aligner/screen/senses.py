"""Sense notes from the lexicon: idioms and exclamations in which a keyword names no one.

"Blind date" and "white lie" are fixed phrases; "Jesus!" and "Oh boy" are exclamations.
No parser is needed to see either, so every language plugin gets these checks, and a
linguist adds a sense by writing ``idioms = [...]`` or ``exclamation = true`` in the
lexicon (lexicons/README.md).
"""

from __future__ import annotations

from collections.abc import Callable

from aligner.lexicon.model import Concept
from aligner.plugins import FormMatch, Reference, Token

# Words that may stand before an exclamation in many languages' subtitles ("Oh God!").
_PUNCT_AFTER_EXCLAMATION = frozenset("!,.?…;:")


def idiom_at(text: str, tokens: list[Token], match: FormMatch, concept: Concept,
             fold: Callable[[str], str]) -> str | None:
    """The idiom of ``concept`` that the text spells around ``match``, if any."""
    words = [fold(token.text) for token in tokens]
    for idiom in concept.idioms:
        parts = [fold(part) for part in idiom.split()]
        for start in range(max(0, match.last - len(parts)), min(match.first, len(words)) + 1):
            if words[start:start + len(parts)] == parts:
                return idiom
    return None


def is_exclamation(tokens: list[Token], match: FormMatch, openers: frozenset[str],
                   fold: Callable[[str], str]) -> bool:
    """An exclamation-noted word standing alone: at the start of its sentence (after at
    most one opener such as "oh" or "my") and followed by punctuation or nothing."""
    after = tokens[match.last].text if match.last < len(tokens) else ""
    if after and after[0] not in _PUNCT_AFTER_EXCLAMATION:
        return False
    before = [t for t in tokens[:match.first] if t.text.strip()]
    while before and before[-1].text in ("-", "—"):
        before.pop()
    start = max((i for i, t in enumerate(before) if t.text in ".!?…"), default=-1) + 1
    leading = [fold(t.text) for t in before[start:] if t.text not in ",-"]
    return all(word in openers for word in leading) and len(leading) <= 2


def sense_reference(text: str, tokens: list[Token], match: FormMatch, concept: Concept,
                    fold: Callable[[str], str], openers: frozenset[str]) -> Reference | None:
    """Not about people by a sense note, or None when the notes do not decide."""
    idiom = idiom_at(text, tokens, match, concept, fold)
    if idiom is not None:
        return Reference(False, f"idiom '{idiom}'")
    plural = "pl" in match.slot.split("_")  # "Boys, the ports!" addresses people; "Boy!" does not
    if concept.exclamation and not plural and is_exclamation(tokens, match, openers, fold):
        return Reference(False, "exclamation")
    return None
