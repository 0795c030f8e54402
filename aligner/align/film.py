"""Aligning one film's source lines to the same film's target-language lines.

Both modes share the steps: embed the single lines the time fit needs, fit the time
map on anchors, list the candidate links inside each source span's time window, embed
just those spans, score them. Full-film mode then takes the best monotonic path over
every line; selected-lines mode (the fast path for the few bias-bearing lines) takes
each line's best candidate and embeds only what that needs: a sample of source lines
and the target lines near where a first guess puts them, for the time fit, then the
target spans inside the selected lines' windows.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

import numpy as np
import polars as pl

from aligner.align.anchors import estimate_time_map, settles
from aligner.align.path import band_from_windows, monotonic_path
from aligner.align.result import Link, alignment_frame
from aligner.align.scoring import AlignParams, Scored, SpanVectors, score_pairs
from aligner.align.spans import Side, Span
from aligner.align.timing import (
    WINDOW_MADS,
    TimeMap,
    has_times,
    proportional_map,
    search_windows,
    unfitted,
)
from aligner.embed.base import Encoder

# How far off in time a 1-2 or 2-1 link may be and still be worth embedding, in anchor
# spreads of the time fit. Of the 531 merges that won on the sample and long films (full
# film and selected lines), none had a line more than 1.03 spreads away from the third
# line, nor a start or end more than 3.3 spreads off.
MERGE_GAP = 2.0
MERGE_BOUNDARY = 4.5


def _sides(src_frame: pl.DataFrame, tgt_frame: pl.DataFrame) -> tuple[Side, Side]:
    timed = has_times(src_frame) and has_times(tgt_frame)
    return Side(src_frame.sort("idx"), timed), Side(tgt_frame.sort("idx"), timed)


def _anchor_rows(side: Side, count: int) -> list[int]:
    """The longest line of each of ``count`` equal stretches: distinctive, spread out."""
    bins = np.array_split(np.arange(len(side)), min(count, len(side)))
    return [int(rows[np.argmax([len(side.texts[r]) for r in rows])]) for rows in bins if len(rows)]


def _window(mids: np.ndarray, centre: float, time_map: TimeMap) -> tuple[int, int]:
    """Index range [first, last] of sorted ``mids`` within the window around ``centre``."""
    if not np.isfinite(time_map.window):
        return 0, len(mids) - 1
    first = int(np.searchsorted(mids, centre - time_map.window, side="left"))
    last = int(np.searchsorted(mids, centre + time_map.window, side="right")) - 1
    return first, last


def _candidates(
    src: Side, tgt: Side, src_spans: Iterable[Span], time_map: TimeMap, merges: bool
) -> list[tuple[Span, Span]]:
    """Every (source span, target span) pair whose times agree within the window."""
    tgt_kinds = [tgt.singles()] + ([tgt.pairs()] if merges else [])
    tgt_mids = [np.array([tgt.span_mid(span) for span in spans]) for spans in tgt_kinds]
    pairs = []
    for span in src_spans:
        centre = time_map(src.span_mid(span))
        for spans, mids in zip(tgt_kinds, tgt_mids, strict=True):
            first, last = _window(mids, centre, time_map)
            allowed = spans[first : last + 1]
            if span.length == 2:  # 2-2 links are two 1-1 links
                allowed = [t for t in allowed if t.length == 1]
            pairs.extend((span, t) for t in allowed)
    return pairs


def _timing_allows_merge(src: Side, tgt: Side, pair: tuple[Span, Span], time_map: TimeMap) -> bool:
    """Whether a 1-2 or 2-1 link's times leave it a chance to win.

    Guessing a merge's score needs its lines embedded alone, and most of those lines are
    neighbours no 1-1 link needs: three texts for a link that rarely wins. A right merge
    has both lines of one side meet the other side's line, and its start and end near
    the mapped ones (the time penalty grows with their square), so a merge whose times
    say otherwise is dropped before anything is embedded for it.
    """
    if not np.isfinite(time_map.spread):
        return True
    src_span, tgt_span = pair
    src_starts = time_map(src.starts[src_span.rows])
    src_ends = time_map(src.ends[src_span.rows])
    tgt_starts, tgt_ends = tgt.starts[tgt_span.rows], tgt.ends[tgt_span.rows]
    # One side has a single line, so this is each line of the other side against it.
    gaps = np.maximum(src_starts, tgt_starts) - np.minimum(src_ends, tgt_ends)
    boundaries = np.abs([src_starts[0] - tgt_starts[0], src_ends[-1] - tgt_ends[-1]])
    return bool(
        gaps.max() <= MERGE_GAP * time_map.spread
        and boundaries.max() <= MERGE_BOUNDARY * time_map.spread
    )


def _src_spans(side: Side, rows: Iterable[int], merges: bool) -> list[Span]:
    """Each row alone, and (with merges) with its previous and next line."""
    spans = set(side.singles(rows))
    if merges:
        spans.update(side.pairs(first for row in rows for first in (row - 1, row)))
    return sorted(spans)


class _FilmAligner:
    """State shared by the steps of aligning one film pair."""

    def __init__(self, src: Side, tgt: Side, encoder: Encoder, params: AlignParams):
        self.src, self.tgt, self.params = src, tgt, params
        self.src_vectors = SpanVectors(src, encoder)
        self.tgt_vectors = SpanVectors(tgt, encoder)

    def fit_time(self, anchor_rows: Sequence[int]) -> TimeMap:
        """Anchors sought among every target line: the full-film fit."""
        self.src_vectors.add(self.src.singles(anchor_rows))
        self.tgt_vectors.add(self.tgt.singles())
        self._refresh_neighbourhoods()
        return estimate_time_map(self.src_vectors, self.tgt_vectors, self.params, self.src.timed)

    def fit_time_near(self, anchor_rows: Sequence[int], rows: Sequence[int]) -> TimeMap:
        """Anchors sought only among the target lines near a guess: the selected-lines fit.

        The guess lays one film's span onto the other's; each anchor is looked for in a
        window around it, widened until the fit settles (at worst to the whole film,
        which is the full-film fit). The fit then finds the target lines near ``rows``,
        which scoring embeds anyway, and refits with ``rows`` as further anchors.
        """
        timed = self.src.timed
        guess = proportional_map(
            (self.src.starts.min(), self.src.ends.max()),
            (self.tgt.starts.min(), self.tgt.ends.max()),
            float("inf"),
            timed,
        )
        self.src_vectors.add(self.src.singles(anchor_rows))
        fit = unfitted(timed)
        for window in search_windows(timed, self.tgt.ends.max() - self.tgt.starts.min()):
            search = replace(guess, spread=window / WINDOW_MADS, window=window)
            self._embed_targets_near(anchor_rows, search)
            fit = estimate_time_map(self.src_vectors, self.tgt_vectors, self.params, timed, search)
            if settles(fit, search):
                break
        self.src_vectors.add(self.src.singles(rows))
        self._embed_targets_near(rows, fit)
        refit = estimate_time_map(self.src_vectors, self.tgt_vectors, self.params, timed, fit)
        return refit if refit.fitted else fit

    def _embed_targets_near(self, rows: Iterable[int], time_map: TimeMap) -> None:
        """Embed the target lines inside the windows of source ``rows`` under ``time_map``."""
        near: set[int] = set()
        for row in rows:
            first, last = _window(self.tgt.mids, time_map(self.src.mids[row]), time_map)
            near.update(range(first, last + 1))
        self.tgt_vectors.add(self.tgt.singles(sorted(near)))
        self._refresh_neighbourhoods()

    def _refresh_neighbourhoods(self) -> None:
        self.src_vectors.compute_neighbourhoods(self.tgt_vectors, self.params)
        self.tgt_vectors.compute_neighbourhoods(self.src_vectors, self.params)

    def score(self, pairs: list[tuple[Span, Span]], time_map: TimeMap) -> Scored:
        self.src_vectors.add(pair[0] for pair in pairs)
        self.tgt_vectors.add(pair[1] for pair in pairs)
        self._refresh_neighbourhoods()
        return score_pairs(self.src_vectors, self.tgt_vectors, pairs, time_map, self.params)

    def candidates(
        self, rows: Sequence[int], time_map: TimeMap
    ) -> tuple[list[tuple[Span, Span]], Scored]:
        """Scored candidate links of source ``rows``: every 1-1 link in the time window,
        and the 1-2 and 2-1 links that can win.

        Embedding every pair of adjacent lines doubles the texts to embed, yet few
        merges win (210 of 9,626 candidates on the sample films). A merge is embedded
        only when its guess (the lines' vectors summed, see ``SpanVectors.composed``)
        comes within ``merge_slack`` of zero and of the best 1-1 link among its lines:
        on the sample films every merge that wins passes (at 0.025 the tests' film
        already loses one). Merges whose times rule them out (``_timing_allows_merge``)
        are not even guessed: in selected-lines mode that spares most of the neighbouring
        lines a guess is made of.
        """
        src, tgt, params = self.src, self.tgt, self.params
        singles = _candidates(src, tgt, src.singles(rows), time_map, merges=False)
        if not params.merges:
            return singles, self.score(singles, time_map)
        merged = [
            pair
            for pair in _candidates(src, tgt, _src_spans(src, rows, True), time_map, True)
            if pair[0].length + pair[1].length > 2
            and _timing_allows_merge(src, tgt, pair, time_map)
        ]
        # A merge's lines are embedded alone first: they are what its guess is made of.
        parts = sorted(
            {(Span(s), Span(t)) for pair in merged for s in pair[0].rows for t in pair[1].rows}
        )
        self.src_vectors.add(pair[0] for pair in parts)
        self.tgt_vectors.add(pair[1] for pair in parts)
        part_scores = self.score(parts, time_map).score.tolist()
        best = {(s.first, t.first): value for (s, t), value in zip(parts, part_scores, strict=True)}
        src_guess = self.src_vectors.composed(pair[0] for pair in merged)
        tgt_guess = self.tgt_vectors.composed(pair[1] for pair in merged)
        src_guess.compute_neighbourhoods(tgt_guess, params)
        tgt_guess.compute_neighbourhoods(src_guess, params)
        guesses = score_pairs(src_guess, tgt_guess, merged, time_map, params).score.tolist()
        promising = [
            pair
            for pair, guess in zip(merged, guesses, strict=True)
            if guess + params.merge_slack
            > max(0.0, *(best[s, t] for s in pair[0].rows for t in pair[1].rows))
        ]
        pairs = singles + promising
        return pairs, self.score(pairs, time_map)


def _by_src_row(pairs: list[tuple[Span, Span]]) -> dict[int, list[int]]:
    """Positions in ``pairs`` of the candidates that cover each source row."""
    found: dict[int, list[int]] = {}
    for index, (src, _) in enumerate(pairs):
        for row in src.rows:
            found.setdefault(row, []).append(index)
    return found


def _link(
    pairs: list[tuple[Span, Span]], scored: Scored, chosen: int, by_row: dict[int, list[int]]
) -> Link:
    """The chosen candidate, with its gap to the best rival for other target lines."""
    src, tgt = pairs[chosen]
    rival = 0.0  # leaving the line unaligned
    tgt_rows = set(tgt.rows)
    for row in src.rows:
        for index in by_row[row]:
            if not tgt_rows & set(pairs[index][1].rows):
                rival = max(rival, float(scored.score[index]))
    return Link(
        src,
        tgt,
        float(scored.cosine[chosen]),
        float(scored.margin[chosen]),
        float(scored.score[chosen]),
        float(scored.score[chosen]) - rival,
        float(scored.delta[chosen]),
    )


def _reasons(
    rows: Iterable[int], pairs: list[tuple[Span, Span]], scored: Scored, linked: set[int]
) -> dict[int, str]:
    best: dict[int, float] = {}
    for (src, _), score in zip(pairs, scored.score, strict=True):
        for row in src.rows:
            best[row] = max(best.get(row, -np.inf), float(score))
    reasons = {}
    for row in rows:
        if row in linked:
            continue
        if row not in best:
            reasons[row] = "no-candidate-in-window"
        elif best[row] <= 0:
            reasons[row] = "below-threshold"
        else:
            reasons[row] = "path-conflict"
    return reasons


def align_film(
    src_frame: pl.DataFrame,
    tgt_frame: pl.DataFrame,
    encoder: Encoder,
    params: AlignParams | None = None,
) -> pl.DataFrame:
    """Align every line of one film: the best monotonic path of 1-1, 1-2 and 2-1 links."""
    params = params or AlignParams()
    src, tgt = _sides(src_frame, tgt_frame)
    aligner = _FilmAligner(src, tgt, encoder, params)
    time_map = aligner.fit_time(range(len(src)))
    pairs, scored = aligner.candidates(range(len(src)), time_map)
    positive = {pair: float(s) for pair, s in zip(pairs, scored.score, strict=True) if s > 0}
    windows = [_window(tgt.mids, time_map(mid), time_map) for mid in src.mids]
    band = band_from_windows(
        np.array([w[0] for w in windows], dtype=np.int64),
        np.array([w[1] for w in windows], dtype=np.int64),
        len(tgt),
    )
    index_of = {pair: index for index, pair in enumerate(pairs)}
    by_row = _by_src_row(pairs)
    links: dict[int, Link] = {}
    for pair in monotonic_path(len(src), len(tgt), band, positive):
        link = _link(pairs, scored, index_of[pair], by_row)
        for row in pair[0].rows:
            links[row] = link
    rows = list(range(len(src)))
    reasons = _reasons(rows, pairs, scored, set(links))
    return alignment_frame(src, tgt, rows, links, reasons, time_map)


def align_lines(
    src_frame: pl.DataFrame,
    tgt_frame: pl.DataFrame,
    rows: Sequence[int],
    encoder: Encoder,
    params: AlignParams | None = None,
    *,
    prune: bool = True,
) -> pl.DataFrame:
    """Align only the source rows ``rows`` (positions in ``src_frame`` sorted by idx).

    With ``prune`` only a sample of source lines and the target lines near them (for the
    time fit, see ``_FilmAligner.fit_time_near``) and the spans inside the selected
    lines' windows are embedded; without it, everything is, as in full-film mode, which
    is slower but gives the margin its full neighbourhoods.
    """
    params = params or AlignParams()
    params = replace(params, merge_penalty=params.lone_merge_penalty)
    src, tgt = _sides(src_frame, tgt_frame)
    aligner = _FilmAligner(src, tgt, encoder, params)
    if prune:
        time_map = aligner.fit_time_near(_anchor_rows(src, params.anchor_sample), rows)
    else:
        time_map = aligner.fit_time(range(len(src)))
        aligner.src_vectors.add(_src_spans(src, range(len(src)), params.merges))
        aligner.tgt_vectors.add(tgt.pairs() if params.merges else [])
    pairs, scored = aligner.candidates(rows, time_map)
    by_row = _by_src_row(pairs)
    links: dict[int, Link] = {}
    for row in rows:
        options = [i for i in by_row.get(row, ()) if scored.score[i] > 0]
        if options:
            best = max(options, key=lambda i: scored.score[i])
            links[row] = _link(pairs, scored, best, by_row)
    reasons = _reasons(rows, pairs, scored, set(links))
    return alignment_frame(src, tgt, list(rows), links, reasons, time_map)
