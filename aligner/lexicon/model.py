"""Records for lexicon concepts.

A *concept* (``gender.woman``) is language-independent; every language's lexicon
lists the surface forms it takes in that language, keyed by grammatical *slot*
(English ``sg``/``pl``/``sg_poss``; Estonian ``sg_n``, ``pl_kom``, ...; Hindi
``dir_sg``, ``obl_pl``, ...). Swapping a concept for its counterpart keeps the slot,
which is how case, number and possessive survive a swap.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from aligner.lexicon.names import Names

# Concept ids of person names (lexicons/<lang>/names.toml) start with this.
NAME_PREFIX = "name:"

# The nine CrowS-Pairs categories, spelled as CrowS-Pairs spells ``bias_type``.
CATEGORIES: tuple[str, ...] = (
    "race-color",
    "gender",
    "sexual-orientation",
    "religion",
    "age",
    "nationality",
    "disability",
    "physical-appearance",
    "socioeconomic",
)

# Categories one language adds to the nine: Indian bias benchmarks (IndiBias) centre
# on caste and region (Bihari, North-East, South Indian), which English subtitles hardly
# name. Such concepts are defined in that language's lexicon itself, with their own
# counterparts; no pivot entry exists.
LANGUAGE_CATEGORIES: dict[str, tuple[str, ...]] = {"hi": ("caste", "region")}

# How a word sounds next to its synonyms: a benchmark must find every register, and
# marks derogatory words so that no one mistakes a slur for the ordinary word.
REGISTERS: tuple[str, ...] = ("neutral", "colloquial", "derogatory", "dated")
DEROGATORY = "derogatory"

# The seven categories CineBias extracted (thesis ch. 3); coverage targets use them.
CINEBIAS_CATEGORIES: tuple[str, ...] = (
    "gender",
    "race-color",
    "nationality",
    "religion",
    "age",
    "physical-appearance",
    "sexual-orientation",
)


@dataclass(frozen=True)
class Variant:
    """One word for a concept: its forms, the register it belongs to, and which word of a
    counterpart answers it.

    People say rikas, jõukas and varakas for one concept; each is a variant with its own
    lemma and paradigm. ``name`` is the TOML table's (``[rich.joukas]``), the concept's own
    name for the main word. ``prefer`` lists counterpart variant names, first found wins,
    to write when swapping out of this word; without it transfer keeps the register.
    """

    name: str
    forms: dict[str, tuple[str, ...]]
    register: str = "neutral"
    lemma: str | None = None
    pos: str = "noun"
    prefer: tuple[str, ...] = ()
    line: int | None = None
    note: str | None = None

    def lists(self, slot: str, surface: str, fold: Callable[[str], str]) -> bool:
        key = fold(surface)
        return any(fold(form) == key for form in self.forms.get(slot, ()))


def merged_forms(variants: tuple[Variant, ...]) -> dict[str, tuple[str, ...]]:
    """Every variant's forms per slot, the main word's first: what matching looks up, so
    extract and the validator accept every variant and a swap *into* the concept writes
    the main word."""
    forms: dict[str, dict[str, None]] = {}
    for variant in variants:
        for slot, listed in variant.forms.items():
            forms.setdefault(slot, {}).update(dict.fromkeys(listed))
    return {slot: tuple(listed) for slot, listed in forms.items()}


@dataclass(frozen=True)
class Concept:
    """One concept in one language.

    ``forms`` maps slot -> surface forms (the first is the one written when
    swapping *into* this concept; the others are accepted when matching).
    ``missing`` holds the reason when the language has no equivalent; then
    ``forms`` is empty. ``lemma`` is what ``align lexicon expand`` inflects;
    ``also`` names further categories the A.2 keyword lists put the word in.
    ``generic`` marks a thesis keyword too common to flag a line on its own
    ("new", "high", "manager"); ``align extract`` skips it unless asked.
    ``shares`` names concepts whose forms also express this one in this language
    (Estonian naine is woman and wife): transfer may find the concept through them.
    ``idioms`` and ``exclamation`` are sense notes for screening: phrases in which the
    word names no person ("blind date", "white lie"), and whether the word is also an
    exclamation ("Jesus!", "Oh boy") that then refers to no one; ``thing`` marks a
    word for a thing, place or condition tied to a group (church, wheelchair, poverty):
    it flags a line, but screening never makes it a swap. ``compounds`` marks a group word
    that heads compounds naming the same group (Estonian äri|mees, koristaja|tädi):
    ``align extract`` matches any such compound by rule.
    ``variants`` are the concept's words, the main one (the table's own forms) first;
    ``forms`` is then all of theirs merged (:func:`merged_forms`). A concept built by
    hand with ``forms`` alone has one word, its forms.
    """

    id: str
    category: str
    lang: str
    counterparts: tuple[str, ...]
    forms: dict[str, tuple[str, ...]] = field(default_factory=dict)
    pos: str = "noun"
    gender: str | None = None
    missing: str | None = None
    source: str | None = None
    line: int | None = None
    lemma: str | None = None
    also: tuple[str, ...] = ()
    generic: bool = False
    shares: tuple[str, ...] = ()
    idioms: tuple[str, ...] = ()
    exclamation: bool = False
    thing: bool = False
    compounds: bool = False  # compounds with this word as head name the group too (…mees)
    countries: tuple[str, ...] = ()  # ISO 3166-1 codes whose citizens a nationality names
    note: str | None = None  # the reviewer's doubt or choice, shown by `align lexicon show/pairs`
    # (file, line) of the `counterparts = [...]` entry: the pivot's when inherited from it
    counterparts_at: tuple[str, int | None] | None = None
    variants: tuple[Variant, ...] = ()

    @property
    def available(self) -> bool:
        return self.missing is None

    @property
    def categories(self) -> tuple[str, ...]:
        return (self.category, *self.also)

    def form(self, slot: str) -> str | None:
        """The canonical form for ``slot``, or None when the concept lacks that slot."""
        forms = self.forms.get(slot)
        return forms[0] if forms else None

    @property
    def words(self) -> tuple[Variant, ...]:
        """The concept's variants, main word first; one made of ``forms`` when none are given."""
        if self.variants:
            return self.variants
        name = self.id.rsplit(".", 1)[-1]
        return (Variant(name, self.forms, lemma=self.lemma, pos=self.pos, line=self.line),)

    def variant_of(self, slot: str, surface: str, fold: Callable[[str], str]) -> Variant:
        """The word ``surface`` (a form in ``slot``) belongs to; the main word if none lists it."""
        words = self.words
        return next((v for v in words if v.lists(slot, surface, fold)), words[0])

    def slots_of(self, surface: str) -> tuple[str, ...]:
        """Every slot listing ``surface``: a syncretic form (Estonian "vana" is sg_n, sg_g
        and sg_p; Latvian atraitni is sg_acc of widow and of widower) fills several, and
        the caller must pick one from context or decline."""
        return tuple(slot for slot, forms in self.forms.items() if surface in forms)

    def slot_of(self, surface: str) -> str | None:
        """The first slot (in lexicon order) listing ``surface``; syncretic forms take the first."""
        for slot, forms in self.forms.items():
            if surface in forms:
                return slot
        return None


@dataclass
class Lexicon:
    """All concepts of one language, indexed by concept id.

    ``cache`` holds per-plugin derived indexes (the form matcher's lookup table) so
    they are built once per loaded lexicon, not once per sentence. ``names`` are the
    person names of ``names.toml`` (aligner/lexicon/names.py), swap terms of their own.
    ``people`` are lemmas of ordinary words for people (``people.txt``): screening
    reads "an old friend" as about a person and "old films" as not.
    """

    lang: str
    concepts: dict[str, Concept]
    names: Names | None = field(default=None, repr=False, compare=False)
    people: frozenset[str] = field(default=frozenset(), repr=False, compare=False)
    cache: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    def __contains__(self, concept_id: str) -> bool:
        return concept_id in self.concepts

    def __getitem__(self, concept_id: str) -> Concept:
        if concept_id.startswith(NAME_PREFIX) and concept_id not in self.concepts:
            return self._name_concept(concept_id)
        return self.concepts[concept_id]

    def _name_concept(self, concept_id: str) -> Concept:
        """A person name as a concept: its categories, and its gender when it has one
        (Hindi verbs agree with राम and सीता as with any noun)."""
        groups: dict[str, frozenset[str]] = {}
        for part in concept_id[len(NAME_PREFIX):].split():
            for category, found in (self.names.of(part) if self.names else {}).items():
                groups[category] = groups.get(category, frozenset()) | found
        if not groups:
            raise KeyError(concept_id)
        genders = groups.get("gender", frozenset())
        category, *also = list(groups)
        return Concept(concept_id, category, self.lang, (), pos="noun",
                       gender=next(iter(genders)) if len(genders) == 1 else None,
                       also=tuple(also))

    def __iter__(self):
        return iter(self.concepts.values())

    def __len__(self) -> int:
        return len(self.concepts)

    def by_category(self, category: str) -> list[Concept]:
        return [c for c in self.concepts.values() if c.category == category]


def _matching_slot(old: Concept, new: Variant | Concept, slot: str) -> str | None:
    """The slot of ``new`` that stands for ``slot`` of ``old`` across parts of speech:
    a Hindi noun's dir_sg is an adjective's m_dir_sg (the noun's gender), and back."""
    prefixed = f"{old.gender}_{slot}" if old.gender else None
    if prefixed in new.forms:
        return prefixed
    stripped = slot.split("_", 1)[1] if slot[:2] in ("m_", "f_") else None
    return stripped if stripped in new.forms else None


def answering_variant(word: Variant, new: Concept) -> Variant:
    """The word of ``new`` that answers ``word``: one it names in ``prefer``, else the first
    of the same register (colloquial vanamutt -> vanamees), else ``new``'s main word."""
    words = new.words
    by_name = {v.name: v for v in words}
    preferred = next((by_name[name] for name in word.prefer if name in by_name), None)
    same = next((v for v in words if v.register == word.register), None)
    return preferred or same or words[0]


def _slot_forms(old: Concept, new: Variant | Concept, slot: str) -> tuple[str, ...]:
    return new.forms.get(slot, ()) or new.forms.get(_matching_slot(old, new, slot) or "", ())


def counterpart_form(
    old: Concept, new: Concept, slot: str, surface: str, fold: Callable[[str], str]
) -> str | None:
    """The form of ``new`` that replaces ``surface`` (a form of ``old`` in ``slot``).

    The variant family stays: the word of ``new`` that answers the word ``surface``
    belongs to (:func:`answering_variant`) is written, or ``new``'s main word where that
    one lacks the slot. Within a word, alternatives are parallel: when the line uses the
    k-th form a slot lists (Hindi युवा next to जवान), the k-th counterpart form is written
    (बुज़ुर्ग next to बूढ़ा); otherwise the counterpart's first form.
    """
    word = old.variant_of(slot, surface, fold)
    answer = answering_variant(word, new)
    forms = _slot_forms(old, answer, slot) or _slot_forms(old, new.words[0], slot)
    if not forms:
        return None
    listed = [fold(f) for f in word.forms.get(slot, ())]
    position = listed.index(fold(surface)) if fold(surface) in listed else 0
    return forms[position] if position < len(forms) else forms[0]
