"""A dependency parse as plain records, independent of the parser that made it.

Plugins read agreement off the tree (which verb a noun is the subject of, which
adjectives modify it) without importing stanza; ``stanza_adapter`` converts a stanza
Document into these records, with character spans into the analysed text.
"""

from __future__ import annotations

from dataclasses import dataclass, field


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
