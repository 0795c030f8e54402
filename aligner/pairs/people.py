"""Whether the words set against a group term can be said of people.

CrowS-Pairs often sets a group term against a plain description rather than another
group ("They knew the neighbor was retarded." / "...was travelling."); the pair model
accepts that as a ``contrast``. What stands there must still be about people: a
description (an adjective, a participle, a phrase: "smart", "from NY") or a word for
people ("friends", "a genius"). A noun for a thing ("The poor are lazy." / "The cars
are lazy.") makes the pair nonsense, not a bias pair.

Which words are nouns the language plugin says (``noun_lemmas``: a tagger, a
morphological analyser); which nouns name people the lexicon says (``people.txt``,
and its own terms). Where the plugin cannot tell a noun from a description, only a
word for people is taken, since nothing shows that the words describe anyone.
"""

from __future__ import annotations

from dataclasses import dataclass

from aligner.lexicon.match import cached_index
from aligner.lexicon.model import Lexicon
from aligner.pairs.terms import is_word
from aligner.plugins import LanguagePlugin, Token


@dataclass(frozen=True)
class NotPeople:
    """The word that keeps a stretch from being said of people, and why."""

    word: str
    why: str


def person_word(plugin: LanguagePlugin, lexicon: Lexicon, key: str) -> bool:
    """Whether the folded lemma or form ``key`` names people: a word of ``people.txt`` or a
    form of a lexicon term that is no thing; a compound (its parts joined by "-") as a
    whole or by its last part (non-immigrant, müügi-mees)."""
    index = cached_index(plugin, lexicon)
    people = _people(plugin, lexicon)
    for word in dict.fromkeys((key, key.replace("-", ""), key.rsplit("-", 1)[-1])):
        hit = index.get((word,))
        if word in people or (hit is not None and not lexicon[hit[0]].thing):
            return True
    return False


def _people(plugin: LanguagePlugin, lexicon: Lexicon) -> frozenset[str]:
    """``people.txt`` as the plugin folds words (Hindi drops the nukta: मरीज़ = मरीज)."""
    cache_key = f"people:{plugin.code}"
    if cache_key not in lexicon.cache:
        lexicon.cache[cache_key] = frozenset(map(plugin.fold, lexicon.people))
    return lexicon.cache[cache_key]


def not_about_people(plugin: LanguagePlugin, lexicon: Lexicon, text: str,
                     tokens: list[Token], first: int, last: int) -> NotPeople | None:
    """None when ``tokens[first:last]`` of ``text`` can be said of people; else the word
    that cannot: the last noun of the stretch (its head) when it names no people."""
    words = [i for i in range(first, last) if is_word(tokens[i])]
    if not words:
        return None
    fold = plugin.fold
    lemmas = plugin.noun_lemmas(text, tokens)
    if lemmas is None:
        if any(person_word(plugin, lexicon, fold(tokens[i].text)) for i in words):
            return None
        shown = " ".join(tokens[i].text for i in words)
        return NotPeople(shown, f"is no word for people (people.txt), and the {plugin.name} "
                                "plugin cannot tell whether it describes people")
    nouns = [i for i in words if lemmas[i] is not None]
    if not nouns:
        return None  # a description: adjective, participle, phrase, name
    head = nouns[-1]
    if person_word(plugin, lexicon, lemmas[head]) or person_word(
            plugin, lexicon, fold(tokens[head].text)):
        return None
    return NotPeople(tokens[head].text, "is a noun that names no people")
