"""One person (or group) in a line: the mentions a proposed pair swaps together.

A subtitle line often names its person more than once: "He said his car broke.", "Her
mother gave her the keys.", "The boy lost his bag.". The thesis swapped every mention
by hand ("She said her car broke."); a pair that swaps only one of them says something
else. The gender mentions of a line are one person when

- its pronouns are forms of one pronoun (he/him/his/himself, or she/her/hers/herself);
- besides them it names at most one gendered noun, of the pronouns' gender, possibly
  more than once ("The woman ... the woman");
- a noun a pronoun possesses ("her mother") is someone else: it stays as it is when of
  the person's gender, and makes the line two people when of the other ("She told her
  husband").

Two people of different gender ("He told her to leave.") make no pair, nor do two
groups ("The woman and the girl", "Muslims and Jews"); the reason says which.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from aligner.lexicon.model import Lexicon
from aligner.pairs import reasons as r
from aligner.pairs.concepts import counterpart_id
from aligner.pairs.reasons import Problem

# The lexicon slot of a possessive determiner ("her" in "her mother"), langs/en.py.
POSSESSIVE = "gen"
# Between a possessive and the noun it owns: nothing but at most two words ("her own
# little brother").
_OWNED_GAP = re.compile(r"^\s+(?:[\w'-]+\s+){0,2}$")


@dataclass(frozen=True)
class Mention:
    """A lexicon match of a line: ``concept`` in ``slot`` at characters ``[start, end)``."""

    concept: str
    slot: str
    start: int
    end: int


@dataclass(frozen=True)
class Person:
    """The swap a proposed pair makes: ``concept`` for ``counterpart`` in every mention of
    it (``every``: it occurs more than once), pronouns following a noun (``coreferent``)."""

    concept: str
    counterpart: str
    every: bool = False
    coreferent: bool = False


def one_person(text: str, mentions: list[Mention], lexicon: Lexicon) -> Person | Problem:
    """The one person or group the mentions of ``text`` name, or why they name several."""
    concepts = list(dict.fromkeys(m.concept for m in mentions))
    if len(concepts) == 1:
        return _swap(lexicon, concepts[0], every=len(mentions) > 1)
    if not all("gender" in lexicon[c].categories for c in concepts):
        return Problem(r.SEVERAL_TERMS, {"terms": ", ".join(concepts)})
    pronouns = [m for m in mentions if lexicon[m.concept].pos == "pronoun"]
    owned = [m for m in mentions if m not in pronouns and _owned(text, m, pronouns)]
    nouns = [m for m in mentions if m not in pronouns and m not in owned]
    person = {m.concept for m in pronouns} | {m.concept for m in nouns}
    genders = {lexicon[c].gender for c in person}
    others = {lexicon[m.concept].gender for m in owned} - {None}
    if len(genders | others) > 1:
        words = ", ".join(text[m.start:m.end] for m in mentions)
        return Problem(r.TWO_PEOPLE, {"words": words})
    if len({m.concept for m in pronouns}) > 1 or len({m.concept for m in nouns}) > 1:
        return Problem(r.SEVERAL_TERMS, {"terms": ", ".join(concepts)})
    if nouns:
        return _swap(lexicon, nouns[0].concept, every=len(nouns) > 1, coreferent=bool(pronouns))
    return _swap(lexicon, pronouns[0].concept, every=len(pronouns) > 1)


def _owned(text: str, noun: Mention, pronouns: list[Mention]) -> bool:
    """Whether a possessive pronoun owns ``noun`` ("her mother", "his own wife")."""
    return any(p.slot == POSSESSIVE and p.end <= noun.start
               and _OWNED_GAP.match(text[p.end:noun.start]) for p in pronouns)


def _swap(lexicon: Lexicon, concept: str, every: bool, coreferent: bool = False
          ) -> Person | Problem:
    """``concept`` for its first declared counterpart, the one transfer writes."""
    found = lexicon[concept]
    if not found.counterparts:
        return Problem(r.NO_COUNTERPART, {"concept": concept})
    return Person(concept, counterpart_id(found, found.counterparts[0]), every, coreferent)
