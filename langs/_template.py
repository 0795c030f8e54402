"""$name language plugin, scaffolded by `align lang new $code` from langs/_template.py.

Fill in what makes $name different and nothing else; read the protocol's docstrings
in aligner/plugins.py and langs/en.py. Register the plugin in pyproject.toml:

    [project.entry-points."cinealign.languages"]
    $code = "langs.$code:plugin"

then reinstall (pip install -e .) so that `align lexicon check --lang $code` finds it.
"""

from __future__ import annotations

import re

from aligner.analysis.parse import Parse
from aligner.analysis.text import canonical, regex_tokens
from aligner.analysis.text import split_sentences as _split_sentences
from aligner.lexicon.match import match_forms as _match_forms
from aligner.lexicon.model import Concept, Lexicon
from aligner.plugins import Edit, FormMatch, Token

_WORD = re.compile(r"\w+(?:['\-]\w+)*|[^\w\s]")


class Plugin:
    code = "$code"
    name = "$name"
    gendered_pronouns = False  # True when he/she-like pronouns mark gender
    default_model = "bert-base-multilingual-cased"  # the masked LM for scoring
    slots = {"noun": ("sg", "pl"), "adj": ("sg",), "phrase": ("sg",)}
    pronouns: frozenset[str] = frozenset()

    def normalize(self, text: str) -> str:
        return canonical(text)

    def fold(self, text: str) -> str:
        return canonical(text).lower()

    def tokenize(self, text: str) -> list[Token]:
        return regex_tokens(_WORD, text)

    def split_sentences(self, text: str) -> list[str]:
        return _split_sentences(text)

    def match_forms(self, tokens: list[Token], lexicon: Lexicon) -> list[FormMatch]:
        return _match_forms(self, tokens, lexicon)

    def agreement_edits(
        self,
        text: str,
        tokens: list[Token],
        match: FormMatch,
        new: Concept,
        lexicon: Lexicon,
        parse: Parse | None = None,
    ) -> list[Edit]:
        """Words that agree with the swapped noun; see langs/hi.py for a language that has some."""
        return []

    def expand(self, concept: Concept) -> dict[str, tuple[str, ...]]:
        """Forms for missing slots from ``concept.lemma``; see langs/et.py (Vabamorf)."""
        return {}


plugin = Plugin()
