"""English: the pivot language whose lexicon defines the concepts and counterparts.

English nouns need four slots (woman, women, woman's, women's); adjectives
(black, old, gay) have one slot; the gendered pronouns are lexicon concepts with
five (he, him, his, his, himself). Little agrees with a swapped word: the article
a/an must follow its sound, and pronouns *may* follow a gender swap ("The woman
said she..." / "The man said he..."), since whether they refer to the swapped
noun is not something a word list can tell.
"""

from __future__ import annotations

import re
from dataclasses import replace

from aligner.analysis.parse import Parse
from aligner.analysis.text import canonical, match_case
from aligner.lexicon.model import Concept, Lexicon, counterpart_form
from aligner.plugins import Edit, FormMatch, Reference, Token
from langs.base import BasePlugin

# Words with inner apostrophes or hyphens stay whole ("women's", "middle-aged");
# a trailing apostrophe is the plural possessive ("girls'").
_WORD = re.compile(r"\w+(?:['\u2019\-]\w+)*['\u2019]?|[^\w\s]")
_IRREGULAR_PLURALS = {"man": "men", "woman": "women", "child": "children", "person": "people"}
_NOT_MAN_COMPOUNDS = ("german", "human", "roman", "norman", "ottoman", "shaman")


def plural(noun: str) -> str:
    """Regular English plural, with the -man/-woman compounds (chairman -> chairmen)."""
    for singular, many in _IRREGULAR_PLURALS.items():
        compound = singular in ("man", "woman") and not noun.lower().endswith(_NOT_MAN_COMPOUNDS)
        if noun == singular or (compound and noun.endswith(singular)):
            return noun[: len(noun) - len(singular)] + many
    if re.search(r"(s|x|z|ch|sh)$", noun):
        return noun + "es"
    if re.search(r"[^aeiou]y$", noun):
        return noun[:-1] + "ies"
    return noun + "s"


# Vowel letters that do not sound as a vowel (a university, a European, a one-eyed man)
# and silent h.
_VOWEL_SOUND = re.compile(
    r"^(?!on(?:e|ce)\b)(?:[aeio](?!ur[oa])|u(?!ni|s[eu]|r[aeiou]|k)|hour|honest|heir)", re.I)


# Plain nouns a group adjective heads without changing what the term means, with the
# slot the phrase then fills.
_HEADS = {
    "people": "pl", "person": "sg", "persons": "pl", "folks": "pl", "folk": "pl",
    "individual": "sg", "individuals": "pl", "american": "sg", "americans": "pl",
    "people's": "pl_poss", "person's": "sg_poss", "americans'": "pl_poss",
}


def _with_heads(matches: list[FormMatch], tokens: list[Token], lexicon: Lexicon,
                fold) -> list[FormMatch]:
    """Group words in the singular (adjectives, and nouns used as adjectives: White,
    Christian) extended over a following head noun; the noun's own match goes."""
    result: list[FormMatch] = []
    skip = -1
    for match in matches:
        if match.first == skip:
            continue
        head = tokens[match.last] if match.last < len(tokens) else None
        concept = lexicon[match.concept]
        slot = _HEADS.get(fold(head.text)) if head is not None else None
        if slot is not None and fold(head.text).startswith("american") and (
                "race-color" not in concept.categories):
            slot = None  # "poor American woman" is poor + American; "white Americans" one term
        if slot is not None and match.slot == "sg" and concept.pos != "pronoun":
            surface = " ".join(t.text for t in tokens[match.first:match.last + 1])
            match = replace(match, slot=slot, last=match.last + 1, surface=surface)
            skip = match.last - 1
        result.append(match)
    return result


# Words after "her"/"his" that show it is not a determiner ("told her that", "his too").
_NOT_NOUNS = frozenset({
    "to", "and", "or", "but", "that", "a", "an", "the", "in", "on", "at", "for", "with",
    "from", "up", "out", "off", "down", "back", "again", "too", "so", "is", "was", "if",
    "as", "about", "by", "into", "over", "there", "here", "now", "then", "when", "what",
    "how", "why", "not", "alone", "away", "anything", "something", "nothing", "this",
    "it", "she", "he", "they", "we", "you", "i", "be", "go", "get", "because", "before",
    "after", "like", "very", "much", "first", "last", "either", "neither", "yet",
})


_MAN_HEAD = re.compile(r"(?<=[a-z])(wom[ae]n|m[ae]n)(['\u2019]s|s['\u2019]|['\u2019])?$")


def _in_proper_name(match: FormMatch, tokens: list[Token], lexicon: Lexicon) -> bool:
    """A common word (``generic``: new, high) capitalised before another capitalised word
    starts a proper name ("New York", "New Yorker", "High Street") and names no one."""
    following = tokens[match.last] if match.last < len(tokens) else None
    return (lexicon[match.concept].generic and match.surface[:1].isupper()
            and following is not None and following.text[:1].isupper())


def _man_compound(token: Token) -> list[Token]:
    """``token`` as [modifier, head] when it ends in man/men/woman/women (not German)."""
    found = _MAN_HEAD.search(token.text)
    if found is None or token.text.lower().endswith(_NOT_MAN_COMPOUNDS) or (
            token.text.lower().endswith(("omen", "oman")) and found.group(1)[0] == "m"):
        return [token]
    cut = token.start + found.start()
    return [Token(token.text[: found.start()], token.start, cut),
            Token(token.text[found.start():], cut, token.end)]


def _country_names(concept: Concept) -> tuple[str, ...]:
    """English CLDR names of the concept's countries (babel, installed with CineAlign)."""
    if not concept.countries:
        return ()
    from babel import Locale

    territories = Locale("en").territories
    return tuple(territories[code] for code in concept.countries if code in territories)


def indefinite_article(word: str) -> str:
    return "an" if _VOWEL_SOUND.match(word) else "a"


def possessive(noun: str) -> str:
    return noun + "'" if noun.endswith("s") else noun + "'s"


class English(BasePlugin):
    code = "en"
    name = "English"
    gendered_pronouns = True
    default_model = "bert-large-uncased"
    slots = {
        "noun": ("sg", "pl", "sg_poss", "pl_poss", "place", "place_poss"),
        "adj": ("sg",),
        "phrase": ("sg", "pl"),
        "pronoun": ("nom", "acc", "gen", "poss", "refl"),
    }
    word_pattern = _WORD

    def fold(self, text: str) -> str:
        return canonical(text).casefold()

    def match_forms(self, tokens: list[Token], lexicon: Lexicon) -> list[FormMatch]:
        """Matches, with "her" and "his" read as determiners before a noun (gen) and as
        object or standalone pronouns elsewhere (acc, poss), and a group adjective with
        the plain noun it heads ("White people", "black Americans") as one term, so it
        can stand where a plural noun stands ("Asians")."""
        matches = [self._pronoun_slot(m, tokens, lexicon)
                   for m in super().match_forms(tokens, lexicon)
                   if not _in_proper_name(m, tokens, lexicon)]
        return _with_heads(matches, tokens, lexicon, self.fold)

    def compound_parts(self, tokens: list[Token]) -> list[list[Token]]:
        """-man/-woman compounds split off their head (spear|man's, chair|women), so an
        occupation the lexicon does not list still swaps its gender."""
        return [_man_compound(token) for token in tokens]

    def _pronoun_slot(self, match: FormMatch, tokens: list[Token], lexicon: Lexicon) -> FormMatch:
        concept = lexicon[match.concept]
        if concept.pos != "pronoun":
            return match
        surface = self.fold(match.surface)
        slots = [s for s, forms in concept.forms.items() if surface in map(self.fold, forms)]
        if len(slots) < 2:
            return match
        following = tokens[match.last].text if match.last < len(tokens) else ""
        before_noun = following[:1].isalpha() and self.fold(following) not in _NOT_NOUNS
        preferred = "gen" if before_noun else next(s for s in slots if s != "gen")
        return replace(match, slot=preferred if preferred in slots else slots[0])

    def agreement_edits(
        self,
        text: str,
        tokens: list[Token],
        match: FormMatch,
        new: Concept,
        lexicon: Lexicon,
        parse: Parse | None = None,
        written: str | None = None,
    ) -> list[Edit]:
        """The indefinite article follows the sound of the next word (a/an adult), and
        after a gender swap the pronouns of the old gender may follow it.

        Gender never changes an English verb or adjective, so nothing else is edited.
        """
        return [*self._article(tokens, match, new, lexicon, written),
                *self._pronouns(tokens, match, new, lexicon)]

    def _article(self, tokens: list[Token], match: FormMatch, new: Concept,
                 lexicon: Lexicon, written: str | None) -> list[Edit]:
        """a/an by the sound of the word written in the swap's place ("an immigrant" /
        "a citizen"), which may be another word of ``new`` than its parallel form."""
        if match.first == 0 or match.chars is not None:
            return []
        article = tokens[match.first - 1]
        if article.text.lower() not in ("a", "an"):
            return []
        form = written or counterpart_form(lexicon[match.concept], new, match.slot,
                                           match.surface, self.fold)
        if form is None:
            return []
        wanted = indefinite_article(form)
        if article.text.lower() == wanted:
            return []
        return [Edit(article.start, article.end, article.text,
                     match_case(article.text, wanted), "agreement")]

    def _pronouns(self, tokens: list[Token], match: FormMatch, new: Concept,
                  lexicon: Lexicon) -> list[Edit]:
        """Optional edits: each other pronoun of the old gender, in the new gender."""
        old = lexicon[match.concept]
        if {old.gender, new.gender} != {"m", "f"}:
            return []
        edits = []
        for found in super().match_forms(tokens, lexicon):
            other = self._pronoun_slot(found, tokens, lexicon)
            concept = lexicon[other.concept]
            if other.first == match.first or concept.pos != "pronoun" or (
                    concept.gender != old.gender):
                continue
            partner = next((lexicon[c] for c in concept.counterparts if c in lexicon
                            and lexicon[c].gender == new.gender), None)
            if partner is None:
                continue
            surface = self.fold(other.surface)
            slots = [other.slot, *(s for s, forms in concept.forms.items()
                                   if s != other.slot and surface in map(self.fold, forms))]
            options = [form for slot in slots
                       if (form := counterpart_form(concept, partner, slot, other.surface,
                                                    self.fold))]
            token = tokens[other.first]
            written = [match_case(token.text, form) for form in dict.fromkeys(options)]
            if written:
                edits.append(Edit(token.start, token.end, token.text, written[0], "optional",
                                  tuple(written[1:])))
        return edits

    def person_references(
        self, text: str, tokens: list[Token], matches: list[FormMatch], lexicon: Lexicon
    ) -> list[Reference]:
        """Sense notes, then the dependency parse: what each adjective describes
        (langs/en_reference.py)."""
        from langs.en_reference import english_references

        return english_references(text, tokens, matches, lexicon, self.fold)

    def noun_lemmas(self, text: str, tokens: list[Token]) -> list[str | None] | None:
        """From spaCy's tags and WordNet's noun list (langs/en_nouns.py): English spelling
        cannot tell "smart" from "cars", the word's place in the sentence can."""
        from langs.en_nouns import noun_lemmas

        return noun_lemmas(text, tokens)

    def expand(self, concept: Concept) -> dict[str, tuple[str, ...]]:
        """Plural from the lemma or sg; possessives from sg and pl; for a nationality, the
        country names CLDR gives its countries (China, China's: CrowS-Pairs swaps countries
        as it swaps demonyms)."""
        places = _country_names(concept)
        if places and "place" not in concept.forms:
            return {"place": places, "place_poss": tuple(map(possessive, places))}
        if concept.pos == "adj":
            return {"sg": (concept.lemma,)} if concept.lemma and not concept.forms else {}
        sg = concept.forms.get("sg") or ((concept.lemma,) if concept.lemma else ())
        if not sg:
            return {}
        pl = concept.forms.get("pl") or (tuple(map(plural, sg)) if not concept.forms else ())
        proposed = {
            "sg": sg,
            "pl": pl,
            "sg_poss": tuple(possessive(word) for word in sg),
            "pl_poss": tuple(possessive(word) for word in pl if word not in sg),
        }
        return {
            slot: forms for slot, forms in proposed.items() if forms and slot not in concept.forms
        }


plugin = English()
