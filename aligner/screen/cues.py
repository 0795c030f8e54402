"""Linguistic cues of a stereotype in an English line, read from its dependency parse.

A stereotype is a claim about a group, and English marks such claims in a few ways
that subtitles use over and over: a generic statement with the group as its subject
("Women can't drive", "The poor are lazy"), a comparison with the group as the
standard ("Run like a man", "not bad for a girl"), a role owned by a group ("a man's
job"), a norm ("Real men don't cry", "Be a man"), a quantified group ("all of them",
"you people"). Incidental mentions have their own marks: an address ("Yes, sir."),
pronouns alone. The classifier judge weighs these cues with the line's sentence
embedding; each cue also gives the words of its rationale.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.tokens import Doc
    from spacy.tokens import Token as SpacyToken

    from aligner.screen.judge import GroupMention

GENERIC_DETS = frozenset({"all", "every", "most", "no", "any", "each", "a", "an"})
DEMONSTRATIVE = frozenset({"you", "your", "these", "those", "their", "such"})
NORM_ADJECTIVES = frozenset({"real", "true", "proper", "typical", "good", "decent", "normal"})
ROLE_NOUNS = frozenset({
    "job", "work", "place", "world", "game", "sport", "thing", "stuff", "business", "role",
    "duty", "task", "talk", "problem", "trick", "way", "name", "sense", "intuition",
    "brain", "mind", "logic", "touch", "instinct", "nature", "drink", "car", "room",
})
COMPARATORS = frozenset({"like", "as", "than"})
FREQUENCY = frozenset({"always", "never", "all", "usually", "ever", "typically", "naturally"})
ANTI_MARKERS = frozenset({"who says", "not all", "not every", "can too", "just as",
                          "as well as", "doesn't mean", "does not mean", "not stupid",
                          "not confused", "not weak", "not lazy"})
# Words that mark what the speaker expected of a group: "Of course the new kid aced it."
EXPECTATION = ("of course", "obviously", "figures", "typical", "no wonder", "naturally",
               "as usual", "what did you expect", "what do you expect", "surprise, surprise",
               "another", "every time", "even if", "even though",
               "for once", "too old", "too young", "at his age", "at her age", "at your age")

# Marks that may also set off a term of address in subtitles ("- Sir - I know.").
ADDRESS_BOUNDS = frozenset({"-", "…", ";"})

# Names of the cues, in the order of the feature vector; stable across releases of the
# weights (the weights file stores them and refuses to load against another order).
CUE_NAMES: tuple[str, ...] = (
    "generic_subject", "comparison", "for_a_group", "group_role", "norm", "quantified",
    "frequency", "anti_marker", "expectation", "identity", "address", "pronouns_only",
    "non_pronoun_mentions", "question",
)


@dataclass(frozen=True)
class Cues:
    """The cue values of one line and, for the cues that fired, what they saw."""

    values: tuple[float, ...]
    seen: dict[str, str]
    focus: GroupMention | None  # the mention the strongest cue is about


def _tokens_of(doc: Doc, mention: GroupMention) -> list[SpacyToken]:
    return [t for t in doc if t.idx < mention.end and t.idx + len(t.text) > mention.start]


def _head(tokens: list[SpacyToken]) -> SpacyToken:
    span = {t.i for t in tokens}
    outside = [t for t in tokens if t.head.i not in span or t.head == t]
    return outside[-1] if outside else tokens[-1]


def _nominal(token: SpacyToken) -> SpacyToken:
    """An adjective mention stands for its noun ("old people": the cue reads 'people')."""
    if token.dep_ in ("amod", "compound") and token.head.pos_ in ("NOUN", "PROPN"):
        return token.head
    return token


def _generic_verb(verb: SpacyToken) -> bool:
    """Present tense or a modal: a habit or a norm, not an event ("Women drive" /
    "Women can't drive" against "The woman drove")."""
    words = [verb, *(c for c in verb.children if c.dep_ in ("aux", "auxpass"))]
    return any(w.tag_ in ("VBP", "VBZ", "MD") for w in words)


def _is_generic_noun(noun: SpacyToken) -> bool:
    dets = {c.lower_ for c in noun.children if c.dep_ in ("det", "predet")}
    possessed = any(c.dep_ == "poss" for c in noun.children)
    if possessed or dets & {"this", "that", "my", "his", "her", "our", "their", "your"}:
        return False
    if dets & GENERIC_DETS:
        return True
    if noun.tag_ in ("NNS", "NNPS"):
        return not dets or dets <= {"the"} and noun.pos_ == "ADJ"
    return noun.pos_ == "ADJ" and "the" in dets  # "the poor"


def _generic_subject(noun: SpacyToken) -> str | None:
    if noun.dep_ not in ("nsubj", "nsubjpass"):
        return None
    verb = noun.head
    if _generic_verb(verb) and _is_generic_noun(noun):
        return f"a claim about '{noun.text}' as a group ('{noun.text} … {verb.text}')"
    return None


def _comparison(noun: SpacyToken) -> str | None:
    if noun.dep_ == "pobj" and noun.head.lower_ in COMPARATORS:
        return f"'{noun.head.text} {_phrase(noun)}': the group as the standard"
    return None


def _for_a_group(noun: SpacyToken) -> str | None:
    if noun.dep_ == "pobj" and noun.head.lower_ == "for":
        dets = {c.lower_ for c in noun.children if c.dep_ == "det"}
        if dets & {"a", "an"} or noun.tag_ == "NNS":
            return f"'for {_phrase(noun)}': judged against the group"
    return None


def _group_role(noun: SpacyToken) -> str | None:
    owner = noun.head
    if noun.dep_ == "poss" and owner.lemma_.lower() in ROLE_NOUNS:
        return f"'{noun.text}'s {owner.text}': a role owned by the group"
    if noun.dep_ == "compound" and owner.lemma_.lower() in ROLE_NOUNS:
        return f"'{noun.text} {owner.text}': a role owned by the group"
    return None


def _norm(noun: SpacyToken) -> str | None:
    norms = [c for c in noun.children if c.dep_ == "amod" and c.lower_ in NORM_ADJECTIVES]
    if norms:
        return f"'{norms[0].text} {noun.text}': a norm for the group"
    verb = noun.head
    if noun.dep_ == "attr" and verb.lemma_ == "be" and (
            verb.dep_ == "ROOT" and verb.tag_ == "VB" or any(
                c.lower_ == "such" for c in noun.children)):
        return f"'be {_phrase(noun)}': a norm for the group"
    return None


def _quantified(noun: SpacyToken) -> str | None:
    dets = {c.lower_ for c in noun.children if c.dep_ in ("det", "predet", "poss")}
    if dets & {"all", "every", "most"} or dets & DEMONSTRATIVE and noun.tag_ == "NNS":
        return f"'{_phrase(noun)}': the group as a whole"
    if noun.head.dep_ == "pobj" and noun.head.head.lower_ in ("all", "most", "none"):
        return f"'{noun.head.head.text} of {noun.text}': the group as a whole"
    return None


def _phrase(noun: SpacyToken) -> str:
    left = [c for c in noun.children if c.i < noun.i and c.dep_ in ("det", "amod", "compound")]
    return " ".join(t.text for t in sorted([*left, noun], key=lambda t: t.i))


def _vocative(doc: Doc, tokens: list[SpacyToken]) -> bool:
    """A term of address set off by commas or sentence bounds ("Yes, sir.", "Dad, where
    are you going?"): the line speaks to a person, not about a group."""
    from langs.en_reference import SENTENCE_BOUNDS, set_off

    no_det = not any(c.dep_ in ("det", "poss") for t in tokens for c in t.children)
    return no_det and set_off(doc, tokens[0].i, tokens[-1].i, SENTENCE_BOUNDS | ADDRESS_BOUNDS)


def _identity(noun: SpacyToken) -> str | None:
    """"I'm a man, I don't need directions", "You're not a little girl": a speaker or
    hearer told what they are, as a reason for how to act."""
    verb = noun.head
    if noun.dep_ != "attr" or verb.lemma_ != "be":
        return None
    subjects = [c for c in verb.children if c.dep_ == "nsubj" and c.lower_ in ("i", "you")]
    if subjects:
        return f"'{subjects[0].text} … {_phrase(noun)}': who someone is, as a reason"
    return None


RULES = (
    ("generic_subject", _generic_subject),
    ("comparison", _comparison),
    ("for_a_group", _for_a_group),
    ("group_role", _group_role),
    ("norm", _norm),
    ("quantified", _quantified),
    ("identity", _identity),
)


def read_cues(doc: Doc, mentions: list[GroupMention]) -> Cues:
    """Cue values for a parsed line and its people-referring mentions."""
    seen: dict[str, str] = {}
    focus: GroupMention | None = None
    pronoun_mentions = 0
    for mention in mentions:
        tokens = _tokens_of(doc, mention)
        if not tokens:
            continue
        head = _head(tokens)
        if head.pos_ == "PRON":
            pronoun_mentions += 1
        noun = _nominal(head)
        for name, rule in RULES:
            found = rule(noun) if name not in seen else None
            if found:
                seen[name] = found
                focus = focus or mention
        if _vocative(doc, tokens):
            seen.setdefault("address", f"'{head.text}' is said to someone, not about a group")
    lowered = doc.text.lower()
    verbs_with_group = {m_head.head.i for m in mentions
                        if (tokens := _tokens_of(doc, m)) for m_head in [_nominal(_head(tokens))]
                        if m_head.dep_ in ("nsubj", "nsubjpass")}
    frequency = [t for t in doc if t.lower_ in FREQUENCY and t.head.i in verbs_with_group]
    if frequency:
        seen["frequency"] = f"'{frequency[0].text}': a habit of the group"
    expected = [marker for marker in EXPECTATION if f" {marker}" in f" {lowered}"]
    if expected and mentions:
        seen["expectation"] = f"'{expected[0]}': what the speaker expected of the group"
    anti = [marker for marker in ANTI_MARKERS if marker in lowered]
    if anti:
        seen["anti_marker"] = f"'{anti[0]}' answers a stereotype"
    people = len(mentions)
    if people and pronoun_mentions == people:
        seen["pronouns_only"] = "only pronouns name people"
    values = {name: 1.0 if name in seen else 0.0 for name in CUE_NAMES}
    values["non_pronoun_mentions"] = float(min(people - pronoun_mentions, 3))
    values["question"] = 1.0 if doc.text.rstrip().endswith("?") else 0.0
    return Cues(tuple(values[name] for name in CUE_NAMES), seen, focus)
