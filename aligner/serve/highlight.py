"""Which words of a minimal pair differ, as text segments a page can mark up.

The same tokenizer and word comparison the validator uses (``aligner.pairs.analysis``), so
what the page highlights is exactly what the validator calls the difference.
"""

from __future__ import annotations

from aligner.pairs.analysis import diff_blocks
from aligner.plugins import LanguagePlugin, Token

Segment = dict[str, object]  # {"text": str, "diff": bool}


def _segments(text: str, tokens: list[Token], differing: set[int]) -> list[Segment]:
    """``text`` cut into alternating plain and differing runs; joined back it is ``text``."""
    segments: list[Segment] = []
    position = 0

    def add(chunk: str, diff: bool) -> None:
        if not chunk:
            return
        if segments and segments[-1]["diff"] == diff:
            segments[-1]["text"] += chunk
        else:
            segments.append({"text": chunk, "diff": diff})

    for index, token in enumerate(tokens):
        gap = text[position:token.start]
        inner = index - 1 in differing and index in differing  # space inside a changed phrase
        add(gap, inner)
        add(text[token.start:token.end], index in differing)
        position = token.end
    add(text[position:], False)
    return segments


def marked_pair(plugin: LanguagePlugin, a: str, b: str) -> tuple[list[Segment], list[Segment]]:
    """Both sentences as segments, the words that differ between them marked."""
    tokens_a, tokens_b = plugin.tokenize(a), plugin.tokenize(b)
    differing_a: set[int] = set()
    differing_b: set[int] = set()
    keys_a = [plugin.fold(t.text) for t in tokens_a]
    keys_b = [plugin.fold(t.text) for t in tokens_b]
    for block in diff_blocks(keys_a, keys_b):
        differing_a.update(range(block.a_first, block.a_last))
        differing_b.update(range(block.b_first, block.b_last))
    return _segments(a, tokens_a, differing_a), _segments(b, tokens_b, differing_b)
