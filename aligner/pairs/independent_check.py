"""A second opinion on a pair's grammar that owes nothing to the plugin that made it.

The validator reads a pair through the language plugin's own agreement rules, the
same rules transfer used to write it; a word the rules forget is then missing on
both sides of that check, and an ungrammatical line passes ("Mon frère est nulle").
Here a dependency parser (spaCy or stanza, through :class:`aligner.analysis.parse.Parse`)
reads both sentences on its own: its Universal Dependencies features say whether a
noun and the words that agree with it (determiner, adjective, predicate adjective or
participle) share gender and number. (Whether a swapped word kept its part of speech
was tried too and left out: fr_core_news_sm tags one participle ADJ in one sentence
and VERB in its twin, so it flagged good pairs.)

Only what the edit changed is judged: a disagreement counts against a side when it
involves an edited word and the other side has fewer such disagreements, so parser
slips common to both sentences cancel out. The result is a flag for review, never
a rejection: a statistical parser can be wrong about a correct line.
"""

from __future__ import annotations

from dataclasses import dataclass
from difflib import SequenceMatcher

from aligner.analysis.parse import Parse, Parser, Sentence, Word

SUSPECT = "suspect-agreement"
FEATURES = ("Gender", "Number")
# Relations whose dependent agrees with its head noun (UD; spaCy's English uses the same).
MODIFIERS = frozenset({"det", "amod"})
# Copulas and passive auxiliaries make an adjective or participle the subject's predicate
# (elle est fatiguée, elle a été choisie). Tense auxiliaries are left out: the participle
# agrees after French être but not after avoir (elle a menti), and UD calls both aux:tense.
PREDICATE_MARKERS = ("cop", "aux:pass", "auxpass")


@dataclass(frozen=True)
class Suspicion:
    """Side ``side`` (``sent_more``/``sent_less``) reads as ungrammatical: the words
    ``first`` and ``second`` disagree in ``feature`` (their ``values``)."""

    side: str
    first: str
    second: str
    feature: str
    values: tuple[str, str]

    def describe(self) -> str:
        return (
            f"{SUSPECT}: in {self.side} {self.first!r} ({self.values[0]}) and "
            f"{self.second!r} ({self.values[1]}) disagree in {self.feature.lower()}"
        )


def _adjectival(sentence: Sentence, word: Word) -> bool:
    """An adjective or participle; or a noun without a determiner where a predicate stands,
    since taggers often read a feminine adjective as a noun (fatiguée, patiente)."""
    if word.upos == "ADJ" or word.feats.get("VerbForm") == "Part":
        return True
    return word.upos == "NOUN" and not sentence.children(word, "det")


def _predicate_of(sentence: Sentence, subject: Word) -> Word | None:
    """The adjective or participle a subject is said to be (la fille est fatiguée; la
    fille semble fatiguée), or None."""
    head = sentence.word(subject.head)
    if head is None:
        return None
    participle = head.upos == "VERB" and head.feats.get("VerbForm") == "Part"
    if (head.upos == "ADJ" or participle) and sentence.children(head, *PREDICATE_MARKERS):
        return head
    complements = [w for w in sentence.children(head, "xcomp", "acomp") if _adjectival(sentence, w)]
    return complements[0] if complements else None


def _next_noun(sentence: Sentence, determiner: Word) -> Word | None:
    """The noun a determiner the tree left without one stands before (Une si petite
    fille: the parser hangs Une on the verb), across adjectives and adverbs only."""
    for word in sentence.words[determiner.id :]:
        if word.upos == "NOUN":
            return word
        if word.upos not in ("ADJ", "ADV", "SCONJ"):
            return None
    return None


def agreement_pairs(sentence: Sentence) -> list[tuple[Word, Word]]:
    """(controller, agreeing word) pairs: a noun and its determiners and adjectives
    (participles too: une femme aimée); a subject and its predicate adjective or
    participle, and the adjectives that predicate carries (il est parti seul); and
    adjectives coordinated with any of these (grande et forte)."""
    pairs, predicates = [], []
    for word in sentence.words:
        relation = word.deprel.split(":")[0]
        head = sentence.word(word.head)
        participle = word.feats.get("VerbForm") == "Part"
        if (
            head is not None
            and head.upos in ("NOUN", "PROPN", "PRON")
            and (relation in MODIFIERS or (relation == "acl" and participle))
        ):
            pairs.append((head, word))
        elif relation in ("nsubj", "nsubjpass") or word.deprel == "expl:subj":
            predicate = _predicate_of(sentence, word)
            if predicate is not None:
                predicates.append((word, predicate))
    attached = {target.id for _, target in pairs + predicates}
    pairs += [
        (noun, word)
        for word in sentence.words
        if word.upos == "DET"
        and word.id not in attached
        and (noun := _next_noun(sentence, word)) is not None
    ]
    pairs += predicates
    pairs += [
        (subject, extra)
        for subject, predicate in predicates
        if not sentence.children(predicate, "obj")
        for extra in sentence.children(predicate, "amod", "advmod", "xcomp")
        if extra.upos == "ADJ"
    ]
    coordinated = [
        (controller, conj)
        for controller, target in pairs
        if target.upos == "ADJ"
        for conj in sentence.children(target, "conj")
        if _adjectival(sentence, conj)
    ]
    return pairs + coordinated


def _conflicts(parse: Parse, edited: set[int]) -> list[tuple[Word, Word, str]]:
    """Disagreeing pairs of which at least one word is edited (by start offset)."""
    found = []
    for sentence in parse.sentences:
        for controller, target in agreement_pairs(sentence):
            if controller.start not in edited and target.start not in edited:
                continue
            for feature in FEATURES:
                if feature == "Gender" and controller.upos == "PROPN":
                    continue  # a parser's gender for a name is a guess from its ending
                one, two = controller.feats.get(feature), target.feats.get(feature)
                if one and two and one != two:
                    found.append((controller, target, feature))
    return found


def _words(parse: Parse) -> list[Word]:
    return [word for sentence in parse.sentences for word in sentence.words]


def _edited(one: list[Word], two: list[Word]) -> tuple[set[int], set[int]]:
    """Start offsets of the words that differ on each side (the swap and its agreement)."""
    matcher = SequenceMatcher(
        a=[w.text.lower() for w in one], b=[w.text.lower() for w in two], autojunk=False
    )
    first: set[int] = set()
    second: set[int] = set()
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != "equal":
            first.update(w.start for w in one[i1:i2])
            second.update(w.start for w in two[j1:j2])
    return first, second


def independent_check(more: str, less: str, parser: Parser) -> list[Suspicion]:
    """What the parser finds wrong with the edited sides of the pair ``more``/``less``:
    each disagreement of an edited word whose agreeing word does not disagree on the
    other side (a parser slip on an unchanged word shows on both and cancels out)."""
    parses = {"sent_more": parser(more), "sent_less": parser(less)}
    edited = dict(
        zip(parses, _edited(_words(parses["sent_more"]), _words(parses["sent_less"])), strict=True)
    )
    conflicts = {side: _conflicts(parse, edited[side]) for side, parse in parses.items()}
    keys = {side: {(b.text.lower(), f) for _, b, f in found} for side, found in conflicts.items()}
    found = []
    for side, other in (("sent_more", "sent_less"), ("sent_less", "sent_more")):
        found += [
            Suspicion(side, a.text, b.text, feature, (a.feats[feature], b.feats[feature]))
            for a, b, feature in conflicts[side]
            if (b.text.lower(), feature) not in keys[other]
        ]
    return found
