"""Stanza as an optional analyser: load a pipeline offline, convert its Documents.

Stanza models are downloaded on first use on a connected machine; here they must
already sit in ``--stanza-dir``. Without them plugins fall back to their rule
windows, so a missing model is an error only when the user asked for stanza.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from aligner.analysis.parse import Parse, ParserSpec, Sentence, Word
from aligner.errors import ModelUnavailableError

if TYPE_CHECKING:
    import stanza


def load_pipeline(lang: str, stanza_dir: Path) -> stanza.Pipeline:
    """A tokenize/pos/lemma/depparse pipeline from local models only (never downloads)."""
    import stanza

    try:
        return stanza.Pipeline(
            lang,
            dir=str(stanza_dir),
            processors="tokenize,pos,lemma,depparse",
            download_method=None,
            logging_level="WARN",
        )
    except Exception as err:  # stanza raises several unrelated types for missing files
        raise ModelUnavailableError(
            f"no stanza {lang} models in {stanza_dir} ({type(err).__name__}); on a connected "
            f"machine run `python -c \"import stanza; stanza.download('{lang}', "
            f"model_dir='{stanza_dir}')\"` and copy the folder here",
            stanza_dir,
        ) from err


def _feats(raw: str | None) -> dict[str, str]:
    if not raw:
        return {}
    return dict(part.split("=", 1) for part in raw.split("|") if "=" in part)


def _span(word: stanza.models.common.doc.Word, text: str, cursor: int) -> tuple[int, int]:
    """The word's offsets: stanza's own when it has them, else found from ``cursor`` on."""
    if word.start_char is not None and word.end_char is not None:
        return word.start_char, word.end_char
    start = text.find(word.text, cursor)
    if start < 0:
        return cursor, cursor
    return start, start + len(word.text)


def from_stanza(doc: stanza.Document, text: str | None = None) -> Parse:
    """Convert ``doc``; ``text`` is the string the spans index (defaults to ``doc.text``).

    Documents read from CoNLL-U carry no offsets, so words are located in ``text``
    in order; the result indexes the same string the plugin's tokens do.
    """
    source = text if text is not None else (doc.text or "")
    cursor = 0
    sentences: list[Sentence] = []
    for sentence in doc.sentences:
        words: list[Word] = []
        for word in sentence.words:
            start, end = _span(word, source, cursor)
            cursor = max(cursor, end)
            words.append(
                Word(
                    id=int(word.id),
                    text=word.text,
                    lemma=word.lemma,
                    upos=word.upos,
                    feats=_feats(word.feats),
                    head=int(word.head or 0),
                    deprel=word.deprel or "dep",
                    start=start,
                    end=end,
                )
            )
        sentences.append(Sentence(tuple(words)))
    return Parse(source, tuple(sentences))


def parse_text(pipeline: stanza.Pipeline, text: str) -> Parse:
    return from_stanza(pipeline(text), text)


def stanza_parser(lang: str, stanza_dir: Path) -> Callable[[str], Parse]:
    """A function text -> Parse backed by one stanza pipeline loaded from ``stanza_dir``."""
    pipeline = load_pipeline(lang, stanza_dir)
    return functools.partial(parse_text, pipeline)


def build(spec: ParserSpec, code: str, stanza_dir: Path | None) -> Callable[[str], Parse] | None:
    """The :func:`aligner.analysis.parse.load_parser` backend: stanza only where its
    models were pointed to (``--stanza-dir``), since it cannot download them here."""
    if stanza_dir is None:
        return None
    return stanza_parser(spec.model or code, stanza_dir)
