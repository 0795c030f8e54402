"""Word boundaries for deciding which parts of a pair are shared.

Subword tokenizers disagree on what a word is, so the U/M decision and the
PLL-word-l2r mask use one language-blind split: runs of letters, combining marks
and digits, and each other non-space character alone. Marks are part of the word
so Devanagari vowel signs and viramas stay inside it; a language plugin's own
tokenizer can replace this split when one is registered.
"""

from __future__ import annotations

from collections.abc import Callable

import regex

from aligner.plugins import Token, get_plugin

WordSplitter = Callable[[str], list[Token]]

# \x1c-\x1f: separators that str.isspace() counts as space and \s does not
_WORD = regex.compile(r"[\p{L}\p{M}\p{N}]+|[^\s\x1c-\x1f\p{L}\p{M}\p{N}]")


def split_words(text: str) -> list[Token]:
    """Whitespace and punctuation split that works for Latin, Estonian and Devanagari text."""
    return [Token(m.group(), m.start(), m.end()) for m in _WORD.finditer(text)]


def word_splitter(lang: str | None) -> WordSplitter:
    """The plugin's tokenizer for ``lang``, or the built-in split when no language is named."""
    if lang is None:
        return split_words
    return get_plugin(lang).tokenize
