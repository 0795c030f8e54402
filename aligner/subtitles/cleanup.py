"""From cues as released to lines people said.

Downstream stages compare sentences across languages, so everything a release adds
for display or for the hard of hearing goes: formatting tags (``<i>``, ``<font>``,
WebVTT ``<v>``/``<c>``), ASS codes (``{\\an8}``), SDH in ``[..]`` and ``(..)``,
"SPEAKER:" labels and music lines (``♪``, or ``#`` in code pages without the note).
Two things are restructured because releases in different languages do them
differently:

- speaker dashes: a cue holding two speakers becomes one line per speaker, ids
  ``<id>#1``, ``<id>#2`` (OPUS lines keep their own ``<s>`` ids instead);
- continuations: a cue ending in "...", "…" or "," (or followed by one starting with
  "..."/"…") is joined with the next cue: id ``17+18``, times from the first start to
  the last end. The ellipses at the seam are dropped when both sides carry one
  ("told her..." + "...that I" -> "told her that I"); a lone trailing ellipsis is a
  pause and stays ("I thought... Never mind.").

Optional sentence splitting gives ids ``<id>.1``, ``<id>.2`` with the line's times.
"""

from __future__ import annotations

import html
import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from aligner.subtitles.cue import RawCue

_TAG = re.compile(r"</?[A-Za-z][^<>]*>|<\d{1,2}(?::\d{2}){1,2}\.\d{3}>")
_ASS_CODE = re.compile(r"\{\\[^{}]*\}")
_SDH = re.compile(r"\[[^\[\]]*\]|\([^()]*\)")
_SPEAKER_LABEL = re.compile(r"^([-‐–—]\s*)?[A-Z][A-Z0-9 .'’-]*[A-Z0-9]:\s+")
_DASH = re.compile(r"^[-‐–—]+\s*")
_SONG_START = re.compile(r"^[-‐–—\s]*[♪♫#]")
_SONG_END = re.compile(r"[♪♫#]$")
_ELLIPSIS_END = re.compile(r"\s*(\.\.\.|…)$")
_ELLIPSIS_START = re.compile(r"^(\.\.\.|…)\s*")
_CONTINUES = re.compile(r"(\.\.\.|…|,)$")
_ABBREVIATIONS = ("Mr.", "Mrs.", "Ms.", "Dr.", "St.")
_SENTENCE_END = re.compile(r"[.!?।]+[\"'”»]?(?=\s+\S)")


@dataclass(frozen=True)
class Line:
    """One clean line: a cue, a speaker turn of a cue, or cues joined at a continuation.

    ``first_cue``/``last_cue`` are positions of the raw cues behind it, so that
    turns of one cue are never joined to each other.
    """

    cue_id: str
    cue_ids: tuple[str, ...]
    start_ms: int | None
    end_ms: int | None
    text: str
    raw_text: str
    line: int
    first_cue: int
    last_cue: int


def clean_lines(
    cues: Sequence[RawCue], *, split_sentences: bool = False, join: bool = True
) -> list[Line]:
    """The whole cleaning pipeline for one track, in file order.

    ``join=False`` keeps one line per cue: in a list of sentences (plain text, sentence
    pairs) a trailing comma or ellipsis ends a line, it does not continue it.
    """
    lines = [line for position, cue in enumerate(cues) for line in clean_cue(cue, position)]
    if join:
        lines = join_continuations(lines)
    if split_sentences:
        lines = [piece for line in lines for piece in split_line(line)]
    return lines


def strip_markup(text: str) -> str:
    """Tags, ASS codes and SDH brackets out; brackets spanning lines keep the line count.

    Entities are decoded after the tags are gone, so an escaped ``&lt;i&gt;`` in
    WebVTT stays text.
    """
    text = html.unescape(_ASS_CODE.sub("", _TAG.sub("", text)))
    return _SDH.sub(lambda match: "\n" * match.group().count("\n"), text)


def clean_cue(cue: RawCue, position: int) -> list[Line]:
    """Clean lines of one cue: one per speaker turn, none when nothing spoken is left."""
    ids = cue.line_ids or (None,) * (cue.text.count("\n") + 1)
    kept: list[tuple[str, bool, str | None]] = []  # (words, starts with dash, line id)
    in_song = False  # a sung line wrapped over two lines is marked at its ends only
    for raw, line_id in zip(strip_markup(cue.text).split("\n"), ids, strict=True):
        opens = bool(_SONG_START.match(raw))
        if in_song or opens or "♪" in raw or "♫" in raw:
            in_song = (in_song or opens) and not _SONG_END.search(raw.rstrip())
            continue
        words = _SPEAKER_LABEL.sub(lambda m: m.group(1) or "", raw.strip())
        dashed = bool(_DASH.match(words))
        words = _DASH.sub("", words).strip()
        if words:
            kept.append((words, dashed, line_id))
    # A dash on a later line means two speakers; a lone leading dash is just dropped.
    two_speakers = any(dashed for _, dashed, _ in kept[1:])
    turns: list[list[tuple[str, bool, str | None]]] = []
    for item in kept:
        if not turns or (two_speakers and item[1]):
            turns.append([item])
        else:
            turns[-1].append(item)
    return [_turn_line(cue, position, turn, k, len(turns)) for k, turn in enumerate(turns, 1)]


def _turn_line(
    cue: RawCue, position: int, turn: list[tuple[str, bool, str | None]], k: int, count: int
) -> Line:
    if cue.line_ids is not None:
        ids = tuple(dict.fromkeys(line_id for _, _, line_id in turn if line_id is not None))
        cue_id = "+".join(ids)
    else:
        ids = cue.cue_ids
        cue_id = f"{cue.cue_id}#{k}" if count > 1 else cue.cue_id
    return Line(
        cue_id=cue_id,
        cue_ids=ids,
        start_ms=cue.start_ms,
        end_ms=cue.end_ms,
        text=normalize(" ".join(words for words, _, _ in turn)),
        raw_text=cue.text,
        line=cue.line,
        first_cue=position,
        last_cue=position,
    )


def normalize(text: str) -> str:
    """NFC and single spaces, so equal sentences compare equal across files."""
    return unicodedata.normalize("NFC", " ".join(text.split()))


def join_continuations(lines: Iterable[Line]) -> list[Line]:
    """Join each line that continues into the next cue with that cue's first line."""
    joined: list[Line] = []
    for line in lines:
        previous = joined[-1] if joined else None
        if previous is not None and _continues(previous, line):
            joined[-1] = _join(previous, line)
        else:
            joined.append(line)
    return joined


def _continues(left: Line, right: Line) -> bool:
    if right.first_cue == left.last_cue:
        return False
    return bool(_CONTINUES.search(left.text) or _ELLIPSIS_START.match(right.text))


def _join(left: Line, right: Line) -> Line:
    head = left.text
    if _ELLIPSIS_START.match(right.text):
        head = _ELLIPSIS_END.sub("", head)
    tail = _ELLIPSIS_START.sub("", right.text)
    return Line(
        cue_id=f"{left.cue_id}+{right.cue_id}",
        cue_ids=tuple(dict.fromkeys(left.cue_ids + right.cue_ids)),
        start_ms=left.start_ms,
        end_ms=right.end_ms,
        text=f"{head} {tail}".strip(),
        raw_text=f"{left.raw_text}\n{right.raw_text}",
        line=left.line,
        first_cue=left.first_cue,
        last_cue=right.last_cue,
    )


def sentences(text: str) -> list[str]:
    """Sentence ends are . ! ? । before a space, unless an ellipsis or a title (Mr.)."""
    found: list[str] = []
    start = 0
    for match in _SENTENCE_END.finditer(text):
        piece = text[start : match.end()]
        if ".." in match.group() or piece.endswith(_ABBREVIATIONS):
            continue
        found.append(piece.strip())
        start = match.end()
    found.append(text[start:].strip())
    return [sentence for sentence in found if sentence]


def split_line(line: Line) -> list[Line]:
    pieces = sentences(line.text)
    if len(pieces) == 1:
        return [line]
    return [
        replace(line, cue_id=f"{line.cue_id}.{k}", text=piece) for k, piece in enumerate(pieces, 1)
    ]
