"""English: the pivot language whose lexicon defines the concepts and counterparts.

English nouns need four slots (woman, women, woman's, women's) and nothing agrees
with them except pronouns, which a minimal pair keeps as they are; adjectives
(black, old, gay) have one slot. The gendered pronouns are listed here rather than
as lexicon concepts, so that a line is not a gender candidate merely for saying
"he", and so the validator can spot pairs that differ only in a pronoun.
"""

from __future__ import annotations

import re

from aligner.analysis.parse import Parse
from aligner.analysis.text import canonical, match_case
from aligner.lexicon.model import Concept, Lexicon, counterpart_form
from aligner.plugins import Edit, FormMatch, Token
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


# Vowel letters that do not sound as a vowel (a university, a European) and silent h.
_VOWEL_SOUND = re.compile(r"^(?:[aeio](?!ur[oa])|u(?!ni|s[eu]|r[aeiou]|k)|hour|honest|heir)", re.I)


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
        "noun": ("sg", "pl", "sg_poss", "pl_poss"),
        "adj": ("sg",),
        "phrase": ("sg", "pl"),
    }
    pronouns = frozenset({"he", "she", "him", "her", "his", "hers", "himself", "herself"})
    word_pattern = _WORD

    def fold(self, text: str) -> str:
        return canonical(text).casefold()

    def agreement_edits(
        self,
        text: str,
        tokens: list[Token],
        match: FormMatch,
        new: Concept,
        lexicon: Lexicon,
        parse: Parse | None = None,
    ) -> list[Edit]:
        """Only the indefinite article agrees, with the sound of the next word (a/an adult).

        Gender never changes an English verb or adjective, so nothing else is edited.
        """
        if match.first == 0:
            return []
        article = tokens[match.first - 1]
        if article.text.lower() not in ("a", "an"):
            return []
        form = counterpart_form(lexicon[match.concept], new, match.slot, match.surface, self.fold)
        if form is None:
            return []
        wanted = indefinite_article(form)
        if article.text.lower() == wanted:
            return []
        written = match_case(article.text, wanted)
        return [Edit(article.start, article.end, article.text, written, "agreement")]

    def expand(self, concept: Concept) -> dict[str, tuple[str, ...]]:
        """Plural from the lemma or sg; possessives from sg and pl."""
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
