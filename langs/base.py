"""Defaults a language plugin inherits, so each plugin states only what is its own.

Everything here is right for a language with space-separated words, Latin-style
punctuation and no agreement with the swapped word. ``langs/en.py`` shows the usual
overrides (``word_pattern``, ``fold``, ``expand``); ``langs/hi.py`` shows a language
with agreement. The protocol with its full docstrings is
:class:`aligner.plugins.LanguagePlugin`.
"""

from __future__ import annotations

import re

from aligner.analysis.parse import Parse
from aligner.analysis.text import canonical, regex_tokens, split_sentences
from aligner.lexicon.match import match_forms
from aligner.lexicon.model import Concept, Lexicon
from aligner.plugins import Edit, FormMatch, Reference, Token


class BasePlugin:
    gendered_pronouns = False
    # True when words agree with a noun's gender: `lexicon check` then requires it.
    nouns_need_gender = False
    # Words keep inner apostrophes and hyphens ("middle-aged"); punctuation is a token.
    word_pattern = re.compile(r"\w+(?:['\-]\w+)*|[^\w\s]")

    def normalize(self, text: str) -> str:
        return canonical(text)

    def fold(self, text: str) -> str:
        return canonical(text).lower()

    def tokenize(self, text: str) -> list[Token]:
        return regex_tokens(self.word_pattern, text)

    def split_sentences(self, text: str) -> list[str]:
        return split_sentences(text)

    def match_forms(self, tokens: list[Token], lexicon: Lexicon) -> list[FormMatch]:
        return match_forms(self, tokens, lexicon)

    def spell_like(self, surface: str, listed: str, new: str) -> str:
        """``new`` as it should be written where the text wrote ``listed`` as ``surface``;
        the default writes the lexicon's spelling."""
        return new

    def compound_parts(self, tokens: list[Token]) -> list[list[Token]]:
        """No compound analysis: every token is one part."""
        return [[token] for token in tokens]

    def agreement_edits(
        self,
        text: str,
        tokens: list[Token],
        match: FormMatch,
        new: Concept,
        lexicon: Lexicon,
        parse: Parse | None = None,
    ) -> list[Edit]:
        """No word agrees with the swapped one: the slot alone carries case and number."""
        return []

    # Words that may open an exclamation ("oh" in "Oh God!"), folded; see ``person_references``.
    exclamation_openers: frozenset[str] = frozenset()

    def person_references(
        self, text: str, tokens: list[Token], matches: list[FormMatch], lexicon: Lexicon
    ) -> list[Reference]:
        """By the lexicon's sense notes alone: without a parser, any match that is not an
        idiom or a lone exclamation is taken to refer to people."""
        from aligner.screen.senses import sense_reference

        return [
            sense_reference(text, tokens, match, lexicon[match.concept], self.fold,
                            self.exclamation_openers) or Reference(True, "group term")
            for match in matches
        ]

    def noun_lemmas(self, text: str, tokens: list[Token]) -> list[str | None] | None:
        """Without a tagger or morphological analyser nouns cannot be told apart."""
        return None

    def expand(self, concept: Concept) -> dict[str, tuple[str, ...]]:
        """Forms for missing slots; none proposed unless the language knows how."""
        return {}

    def form_problems(self, concept: Concept) -> list[str]:
        """Forms that contradict the language's morphology (`align lexicon check` errors).

        Languages with an analyser or paradigm rules override this, so a hand-written
        form is held to the same standard as a generated one; by default nothing is.
        """
        return []
