"""Reader lines: what a perfect reader yields for each raw id of a file (the gold for ingest).

Also the sentence splitting and OPUS tokenisation those ids follow.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from .layout import Cue, Turn
from .releases import Release

ABBREVIATIONS = ("Mr.", "Mrs.", "Ms.", "Dr.", "St.")
OPENERS = "([¿¡"
CLOSERS = ".,!?;:…)]।"


def split_sentences(text: str) -> list[str]:
    """Sentence ends: . ! ? । (not an ellipsis, not a title) followed by space."""
    sentences: list[str] = []
    start = 0
    for match in re.finditer(r"[.!?।]+[\"'”»]?(?=\s+\S)", text):
        piece = text[start : match.end()]
        if ".." in match.group() or piece.endswith(ABBREVIATIONS):
            continue
        sentences.append(piece.strip())
        start = match.end()
    sentences.append(text[start:].strip())
    return [s for s in sentences if s]


def tokenize(text: str) -> list[str]:
    """OPUS-style <w> tokens: split on spaces, then peel opening and closing punctuation off."""
    tokens: list[str] = []
    for chunk in text.split():
        lead = re.match(rf"(\.\.\.|…|[{re.escape(OPENERS)}])+", chunk)
        if lead and lead.end() < len(chunk):
            tokens.append(lead.group())
            chunk = chunk[lead.end() :]
        tail = re.search(rf"[{re.escape(CLOSERS)}]+$", chunk)
        if tail and tail.start() > 0:
            tokens.extend([chunk[: tail.start()], tail.group()])
        else:
            tokens.append(chunk)
    return tokens


def detokenize(tokens: Sequence[str]) -> str:
    """Join <w> tokens the way a reader must: closers stick left, openers stick right.

    Documented in sample/README.md so that ingest can reproduce it exactly.
    """
    text = ""
    glue_next = False
    for n, token in enumerate(tokens):
        closer = all(ch in CLOSERS for ch in token)
        opener = all(ch in OPENERS for ch in token) or (n == 0 and token in ("...", "…"))
        if text and not glue_next and not (closer and n > 0):
            text += " "
        text += token
        glue_next = opener
    return text


@dataclass(frozen=True)
class ReaderLine:
    """What a perfect reader yields for one raw id: a cue, a speaker turn or an OPUS sentence."""

    cue: int  # 0-based position of the cue in its file
    raw_id: str
    unit: int
    kind: str
    shown: str  # the text as rendered (dash, SDH, music marks), without style or wrapping
    text: str  # the clean text
    start_ms: int
    end_ms: int


def _decorate(text: str, kind: str, sdh: str | None, dash: bool, release: Release) -> str:
    if kind == "lyrics":
        return f"{release.lyrics_mark} {text} {release.lyrics_mark}"
    if kind == "sign":
        return f"[SIGN: {text}]"
    shown = f"{sdh} {text}" if sdh else text
    return f"- {shown}" if dash else shown


def _pieces(cue: Cue, release: Release) -> list[tuple[Turn, str, str]]:
    """(turn, shown, clean) per raw id: one per turn, or per sentence in OPUS speech."""
    dash = len(cue.turns) > 1
    if release.fmt != "opus":
        return [(t, _decorate(t.text, cue.kind, t.sdh, dash, release), t.text) for t in cue.turns]
    pieces = []
    for turn in cue.turns:
        sentences = split_sentences(turn.text) if cue.kind == "speech" else [turn.text]
        for k, sentence in enumerate(sentences):
            first = k == 0
            shown = _decorate(
                sentence, cue.kind, turn.sdh if first else None, dash and first, release
            )
            pieces.append((turn, shown, detokenize(tokenize(sentence))))
    return pieces


def reader_lines(cues: list[Cue], release: Release) -> list[ReaderLine]:
    """Every raw id of one file with its clean text and times: the gold for ingest."""
    lines: list[ReaderLine] = []
    for n, cue in enumerate(cues):
        pieces = _pieces(cue, release)
        for k, (turn, shown, clean) in enumerate(pieces, 1):
            raw_id = _raw_id(release, n + 1, len(lines) + 1, k, len(pieces))
            lines.append(
                ReaderLine(n, raw_id, turn.unit, cue.kind, shown, clean, cue.start_ms, cue.end_ms)
            )
    return lines


def _raw_id(release: Release, ordinal: int, sentence: int, piece: int, pieces: int) -> str:
    if release.fmt == "opus":
        return str(sentence)
    base = f"c{ordinal}" if release.vtt_ids == "text" and release.fmt == "vtt" else str(ordinal)
    return f"{base}#{piece}" if pieces > 1 else base


def lines_by_cue(lines: list[ReaderLine]) -> dict[int, list[ReaderLine]]:
    """Reader lines grouped under the cue that shows them, for rendering and counting."""
    grouped: dict[int, list[ReaderLine]] = {}
    for line in lines:
        grouped.setdefault(line.cue, []).append(line)
    return grouped
