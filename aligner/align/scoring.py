"""How good a candidate link is: margin-scored cosine, minus penalties for time and merges.

A link's score is ``margin - threshold - time_penalty - merge_penalty``; a link is only
worth making when its score is positive, which is what lets the path leave a line
unaligned rather than force a wrong partner on it.

The time penalty compares a link's *boundaries*, not its midpoints. Releases jitter
each target cue as a whole, so for a right link the start and the end are both off by
about that cue's shift. A link that takes half of a merged line (1-1 where the film has
1-2 or 2-1), or a neighbour's half, is off at one boundary by the whole left-out line,
whereas its midpoint moves by only half as much, and a jittered cue's midpoint can
even sit closer to the wrong split than to the right one. So the boundaries are what
compare a merge against its halves: no flat bonus for merges is needed when timing is
there (plain text gets character positions, which cut the same way).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from aligner.align.index import IndexKind
from aligner.align.margin import DEFAULT_K, neighbourhood, ratio_margin
from aligner.align.spans import Side, Span
from aligner.align.timing import TimeMap
from aligner.embed.base import Encoder, normalise


@dataclass(frozen=True)
class AlignParams:
    """Knobs of the aligner.

    ``threshold`` and ``time_weight`` were chosen on the bundled sample corpus (F1 holds
    from half to twice this time weight); merges get no flat bonus, their boundary times
    judge them (see the module docstring).
    """

    threshold: float = 0.9  # ratio margin a link must beat (skipping a line scores 0)
    merge_penalty: float = 0.0  # added cost of a link that covers three lines
    # Selected lines have no path to arbitrate between a line and its neighbours, so there
    # a 1-2 or 2-1 link must beat the 1-1 link clearly.
    lone_merge_penalty: float = 0.05
    # penalty per squared spread of the anchors around the fit, averaged over both ends
    time_weight: float = 0.01
    k: int = DEFAULT_K  # neighbours in the margin denominator
    merges: bool = True  # consider 1-2 and 2-1 links
    # A merged span is embedded only when its guessed score comes within this of zero
    # and of the best 1-1 link among its lines (see _FilmAligner.candidates); infinity
    # embeds every merge candidate.
    merge_slack: float = 0.03
    anchor_margin: float = 1.03  # ratio margin an anchor pair must reach
    window_anchor_margin: float = 1.0  # the same inside the first fit's window
    # Selected-lines mode: source lines sampled for the time fit. A straight line needs
    # few points: about half of them become anchors, and the refit adds the selected lines.
    anchor_sample: int = 24
    index: IndexKind = "flat"


class SpanVectors:
    """Embeddings of some spans of one side, and each span's margin neighbourhood."""

    def __init__(self, side: Side, encoder: Encoder):
        self.side = side
        self.encoder = encoder
        self.row_of: dict[Span, int] = {}
        self.vectors = np.zeros((0, encoder.dim), dtype=np.float32)
        self.hood = np.zeros(0, dtype=np.float32)

    def add(self, spans: Iterable[Span]) -> None:
        """Embed the spans not embedded yet."""
        fresh = sorted({span for span in spans if span not in self.row_of})
        if not fresh:
            return
        vectors = self.encoder.encode([self.side.text(span) for span in fresh])
        for span in fresh:
            self.row_of[span] = len(self.row_of)
        self.vectors = np.concatenate([self.vectors, vectors])

    def composed(self, spans: Iterable[Span]) -> SpanVectors:
        """A copy that also holds ``spans`` as a guess: their lines' vectors, summed.

        Each line counts by its length, as mean pooling would weigh its tokens. Cheap
        and close enough to tell which merged spans are worth embedding at all; the
        lines themselves must be embedded already.
        """
        guess = SpanVectors(self.side, self.encoder)
        guess.row_of = dict(self.row_of)
        fresh = sorted({span for span in spans if span not in self.row_of})
        parts = []
        for span in fresh:
            weights = [len(self.side.texts[row]) + 1.0 for row in span.rows]
            lines = self.vectors[self.rows([Span(row) for row in span.rows])]
            parts.append(np.average(lines, axis=0, weights=weights))
            guess.row_of[span] = len(guess.row_of)
        guess.vectors = self.vectors
        if parts:
            guess.vectors = np.concatenate([self.vectors, normalise(np.array(parts))])
        return guess

    def singles(self) -> tuple[list[Span], np.ndarray]:
        spans = [span for span in self.row_of if span.length == 1]
        return spans, self.vectors[[self.row_of[span] for span in spans]]

    def compute_neighbourhoods(self, other: SpanVectors, params: AlignParams) -> None:
        """Margin denominators against the other side's embedded single lines."""
        _, other_singles = other.singles()
        self.hood = neighbourhood(self.vectors, other_singles, params.k, params.index)

    def rows(self, spans: Sequence[Span]) -> np.ndarray:
        return np.fromiter((self.row_of[span] for span in spans), dtype=np.int64, count=len(spans))


@dataclass(frozen=True)
class Scored:
    """Arrays aligned with a list of (source span, target span) candidates."""

    cosine: np.ndarray
    margin: np.ndarray
    delta: np.ndarray  # mapped source position minus target position
    score: np.ndarray


def boundary_deltas(
    src: Side, tgt: Side, pairs: Sequence[tuple[Span, Span]], time_map: TimeMap
) -> tuple[np.ndarray, np.ndarray]:
    """Mapped source start minus target start, and the same for the ends, per candidate."""
    src_first = np.array([s.first for s, _ in pairs], dtype=np.int64)
    src_last = np.array([s.last for s, _ in pairs], dtype=np.int64)
    tgt_first = np.array([t.first for _, t in pairs], dtype=np.int64)
    tgt_last = np.array([t.last for _, t in pairs], dtype=np.int64)
    return (
        time_map(src.starts[src_first]) - tgt.starts[tgt_first],
        time_map(src.ends[src_last]) - tgt.ends[tgt_last],
    )


def time_penalties(
    src: Side, tgt: Side, pairs: Sequence[tuple[Span, Span]], time_map: TimeMap, weight: float
) -> np.ndarray:
    """``weight`` per squared anchor spread, averaged over the start and the end delta."""
    if not np.isfinite(time_map.spread):
        return np.zeros(len(pairs))
    start_delta, end_delta = boundary_deltas(src, tgt, pairs, time_map)
    squared = (start_delta / time_map.spread) ** 2 + (end_delta / time_map.spread) ** 2
    return weight * squared / 2.0


def score_pairs(
    src: SpanVectors,
    tgt: SpanVectors,
    pairs: Sequence[tuple[Span, Span]],
    time_map: TimeMap,
    params: AlignParams,
) -> Scored:
    """Score candidate links in one vectorised pass."""
    if not pairs:
        empty = np.zeros(0)
        return Scored(empty, empty, empty, empty)
    src_rows = src.rows([pair[0] for pair in pairs])
    tgt_rows = tgt.rows([pair[1] for pair in pairs])
    cosine = np.einsum("ij,ij->i", src.vectors[src_rows], tgt.vectors[tgt_rows])
    margin = ratio_margin(cosine, src.hood[src_rows], tgt.hood[tgt_rows])
    delta = time_map(src.side.span_mids(pairs, 0)) - tgt.side.span_mids(pairs, 1)
    time_penalty = time_penalties(src.side, tgt.side, pairs, time_map, params.time_weight)
    merged = np.array([s.length + t.length > 2 for s, t in pairs])
    score = margin - params.threshold - time_penalty - params.merge_penalty * merged
    return Scored(cosine, margin, delta, score)
