"""Lines and runs of adjacent lines ("spans") of one side of an alignment.

A link joins a span of one or two source lines to a span of one or two target lines:
that is how 1-2 and 2-1 links (a line split or merged differently by the other
release) are found. Spans are embedded as their joined text, not as an average of
their lines, because a half sentence means little on its own.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import polars as pl

from aligner.align.timing import line_positions


@dataclass(frozen=True, order=True)
class Span:
    """Lines ``first`` .. ``first + length - 1`` (row numbers in the side's frame)."""

    first: int
    length: int = 1

    @property
    def rows(self) -> range:
        return range(self.first, self.first + self.length)

    @property
    def last(self) -> int:
        return self.first + self.length - 1


def raw_line_ids(cue_id: str, cue_ids: list[str] | None) -> list[str]:
    """The raw cue ids behind a line, with the speaker-turn suffix gold files use ("17#2").

    A line from one speaker of a two-speaker cue shows the turn only in its display id
    ("17#2", or "17#2+18" when joined with the next cue); put it back on the raw id.
    """
    raw = list(cue_ids) if cue_ids else [cue_id]
    turns = {part.split("#", 1)[0]: part for part in cue_id.split("+") if "#" in part}
    return [turns.get(one, one) for one in raw]


@dataclass
class Side:
    """One film in one language, as the aligner needs it."""

    frame: pl.DataFrame
    timed: bool
    texts: list[str] = field(init=False)
    ids: list[list[str]] = field(init=False)
    starts: np.ndarray = field(init=False)
    ends: np.ndarray = field(init=False)

    def __post_init__(self) -> None:
        self.texts = self.frame["text"].fill_null("").to_list()
        self.ids = [
            raw_line_ids(cue_id, cue_ids)
            for cue_id, cue_ids in zip(
                self.frame["cue_id"].to_list(), self.frame["cue_ids"].to_list(), strict=True
            )
        ]
        self.starts, self.ends = line_positions(self.frame, self.timed)

    def __len__(self) -> int:
        return len(self.texts)

    @property
    def mids(self) -> np.ndarray:
        return (self.starts + self.ends) / 2.0

    def text(self, span: Span) -> str:
        return " ".join(self.texts[row] for row in span.rows)

    def span_ids(self, span: Span) -> list[str]:
        return [one for row in span.rows for one in self.ids[row]]

    def span_mid(self, span: Span) -> float:
        return float((self.starts[span.first] + self.ends[span.last]) / 2.0)

    def span_mids(self, pairs, side: int) -> np.ndarray:
        """``span_mid`` of element ``side`` of every pair, in one vectorised pass."""
        first = np.fromiter((pair[side].first for pair in pairs), np.int64, len(pairs))
        last = np.fromiter((pair[side].last for pair in pairs), np.int64, len(pairs))
        return (self.starts[first] + self.ends[last]) / 2.0

    def singles(self, rows=None) -> list[Span]:
        return [Span(row) for row in (range(len(self)) if rows is None else rows)]

    def pairs(self, firsts=None) -> list[Span]:
        """Two-line spans starting at ``firsts`` (default: every adjacent pair)."""
        firsts = range(len(self) - 1) if firsts is None else firsts
        return [Span(first, 2) for first in firsts if 0 <= first < len(self) - 1]
