"""Which words an English sentence uses as common nouns, for the validator's contrast check.

spaCy's tagger (the pipeline screening loads, langs/en_reference.py) reads a word's
place in the sentence: "smart" in "The smart are lazy" is an adjective, "cars" in "The
cars are lazy" a noun. Two things it cannot know are taken from WordNet's word lists,
which the same pipeline carries in its lemmatizer tables:

- a capitalised common noun is tagged a proper noun ("Windows are lazy", "a Bicycle
  mechanic"): it counts as a noun when WordNet lists it as one and not as an
  adjective (Mexican) and it names no place (NY);
- a word WordNet does not know (a misspelling, slang: "Hetrosexuals", "bougie") is not
  taken for a noun, since nothing shows what it names.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from langs.en_reference import english_pipeline, parse

if TYPE_CHECKING:
    from spacy.tokens import Token as SpacyToken

    from aligner.plugins import Token

PLACES = frozenset({"GPE", "LOC", "FAC", "NORP"})


@cache
def _wordnet(pos: str) -> frozenset[str]:
    """WordNet's lemmas of one part of speech ("noun", "adj"), from the lemmatizer tables."""
    nlp = english_pipeline()
    index = nlp.get_pipe("lemmatizer").lookups.get_table("lemma_index")
    return frozenset(index.get(nlp.vocab.strings[pos], ()))


def _singular(word: str) -> str | None:
    """``word`` (lower case) as a WordNet noun lemma: itself, or without a plural ending."""
    for lemma in (word, word[:-1], word[:-2], word[:-3] + "y"):
        if lemma and lemma in _wordnet("noun"):
            return lemma
    return None


def noun_lemma(word: SpacyToken) -> str | None:
    """The lemma of ``word`` when the sentence uses it as a common noun WordNet knows."""
    if word.pos_ == "NOUN":
        lemma = word.lemma_.lower()
        return lemma if lemma in _wordnet("noun") else None
    if word.pos_ == "PROPN" and word.ent_type_ not in PLACES:
        lemma = _singular(word.text.lower())
        return lemma if lemma is not None and lemma not in _wordnet("adj") else None
    return None


def noun_lemmas(text: str, tokens: list[Token]) -> list[str | None]:
    """For each token of ``text``, the lemma of the common noun it holds, else None."""
    doc = parse(text)
    lemmas: list[str | None] = []
    for token in tokens:
        inside = [noun_lemma(t) for t in doc if t.idx < token.end and t.idx + len(t) > token.start]
        found = [lemma for lemma in inside if lemma is not None]
        lemmas.append(found[-1] if found else None)
    return lemmas
