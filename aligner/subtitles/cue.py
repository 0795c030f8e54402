"""The record every reader produces, before any cleaning."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import PurePosixPath


@dataclass(frozen=True)
class RawCue:
    """One cue as the file has it.

    ``cue_id`` is the file's own id (SRT index, VTT identifier or ordinal, OPUS
    ``<s id>`` values joined by "+", text line number); ``line`` is the 1-based line
    where the cue starts, for error messages and provenance. ``line_ids`` gives the
    raw id of each line of ``text`` where the format has one (an OPUS cue is several
    ``<s>``, one per line), so a speaker turn keeps only its own sentences' ids.
    """

    cue_id: str
    cue_ids: tuple[str, ...]
    start_ms: int | None
    end_ms: int | None
    text: str
    line: int
    line_ids: tuple[str, ...] | None = None


@dataclass(frozen=True)
class Document:
    """The cues of one subtitle track and where they came from.

    ``source`` is what users see in messages (a zip member reads
    ``archive.zip!member``); ``name`` is the path film and language are read from.
    """

    source: str
    name: PurePosixPath
    format: str
    encoding: str
    cues: list[RawCue]
