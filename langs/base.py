"""Defaults a language plugin inherits, so each plugin states only what is its own.

Everything here is right for a language with space-separated words, Latin-style
punctuation and no agreement with the swapped word. ``langs/en.py`` shows the usual
overrides (``word_pattern``, ``fold``, ``expand``); ``langs/hi.py`` shows a language
with agreement. The protocol with its full docstrings is
:class:`aligner.plugins.LanguagePlugin`.
"""

from __future__ import annotations

import re

from aligner.analysis.parse import Parse, ParserSpec
from aligner.analysis.text import canonical, regex_tokens, split_sentences
from aligner.lexicon.match import match_forms
from aligner.lexicon.model import Concept, Lexicon
from aligner.plugins import Edit, FormMatch, Reference, Token

# Any apostrophe a subtitle may write (straight, curly, modifier letter, acute, grave):
# the ones ``normalize`` folds to "'", so a word is one token before and after folding.
APOSTROPHES = "'\u2019\u2018\u02bc\u00b4`"


class BasePlugin:
    gendered_pronouns = False
    # True when words agree with a noun's gender: `lexicon check` then requires it.
    nouns_need_gender = False
    # Words keep inner apostrophes and hyphens ("middle-aged"); punctuation is a token.
    word_pattern = re.compile(rf"\w+(?:[{APOSTROPHES}\-]\w+)*|[^\w\s]")
    # Elided words that end in an apostrophe and lean on the next word (French l', d',
    # qu'; Italian dell'), folded and written with "'": each is a token of its own
    # whatever apostrophe the text uses, so "l\u2019homme" is l' + homme.
    elisions: frozenset[str] = frozenset()
    # The dependency parser ``agreement_edits`` receives a parse from (ParserSpec), or None.
    parser: ParserSpec | None = None
    # What `pip install` brings this plugin's optional dependencies ("cinealign[ru]").
    install: str | None = None

    def normalize(self, text: str) -> str:
        return canonical(text)

    def fold(self, text: str) -> str:
        return canonical(text).lower()

    def tokenize(self, text: str) -> list[Token]:
        tokens = regex_tokens(self.word_pattern, text)
        return (
            [part for token in tokens for part in self._split_elision(token)]
            if (self.elisions)
            else tokens
        )

    def _split_elision(self, token: Token) -> list[Token]:
        """``token`` as elided word + rest when it starts with one of ``elisions``."""
        for cut, char in enumerate(token.text[:-1], start=1):
            if char in APOSTROPHES:
                head = token.text[:cut]
                if self.fold(head[:-1] + "'") in self.elisions:
                    return [
                        Token(head, token.start, token.start + cut),
                        *self._split_elision(Token(token.text[cut:], token.start + cut, token.end)),
                    ]
                break
        return [token]

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
            sense_reference(
                text, tokens, match, lexicon[match.concept], self.fold, self.exclamation_openers
            )
            or Reference(True, "group term")
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
