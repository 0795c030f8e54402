"""Timestamp syntax and the ordering rules every timed track must obey.

The srt and webvtt-py parsers are lenient about timestamps (srt reads
``00:00:0x,000`` as 0 s and files the rest as "proprietary" data), so cue timing
lines are checked here against the strict syntax first, with their line numbers,
and the parsed cues are then checked for order and duration.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from aligner.errors import TimestampError
from aligner.subtitles.cue import RawCue

# Real releases let a cue start a frame or two before the previous one ends (42 ms at
# 24 fps); anything beyond a quarter second is a broken file or two tracks merged.
OVERLAP_TOLERANCE_MS = 250

_SRT_TIME = r"(\d{1,2}):(\d{2}):(\d{2})[,.](\d{3})"
_VTT_TIME = r"(?:(\d{1,2}):)?(\d{2}):(\d{2})\.(\d{3})"
SRT_TIMING = re.compile(rf"^\s*{_SRT_TIME}\s*-->\s*{_SRT_TIME}(?:\s+.*)?$")
VTT_TIMING = re.compile(rf"^\s*{_VTT_TIME}\s*-->\s*{_VTT_TIME}(?:\s+.*)?$")


_SRT_TIMESTAMP = re.compile(rf"^\s*{_SRT_TIME}\s*$")


@dataclass(frozen=True)
class TimingLine:
    line: int
    start_ms: int
    end_ms: int


def to_ms(hours: str | None, minutes: str, seconds: str, millis: str) -> int:
    if int(minutes) > 59 or int(seconds) > 59:
        raise ValueError("minutes and seconds must be below 60")
    return ((int(hours or 0) * 60 + int(minutes)) * 60 + int(seconds)) * 1000 + int(millis)


def parse_timestamp(value: str) -> int:
    """``HH:MM:SS,mmm`` (or with a dot) in milliseconds; ValueError when malformed."""
    match = _SRT_TIMESTAMP.match(value)
    if match is None:
        raise ValueError("expected HH:MM:SS,mmm")
    return to_ms(*match.groups())


def timing_lines(text: str, pattern: re.Pattern[str], path: str) -> list[TimingLine]:
    """Every cue's ``-->`` line, parsed strictly; a malformed one raises with its line.

    Dialogue may hold an arrow too ("He said --> go"), so only a cue's head is a timing
    line: the first ``-->`` line among a block's first two lines (index, timing), or one
    right after a bare index line (a cue that follows without a blank line).
    """
    found = []
    position, timed = 0, False  # line within the current block; block has its timing
    previous = ""
    for number, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            position, timed, previous = 0, False, ""
            continue
        head = (position < 2 and not timed) or previous.strip().isdigit()
        position, previous = position + 1, line
        if "-->" not in line or not head:
            continue
        timed = True
        match = pattern.match(line)
        try:
            if match is None:
                raise ValueError("expected HH:MM:SS,mmm --> HH:MM:SS,mmm")
            groups = match.groups()
            half = len(groups) // 2
            found.append(TimingLine(number, to_ms(*groups[:half]), to_ms(*groups[half:])))
        except ValueError as err:
            raise TimestampError(
                f"malformed timestamp {line.strip()!r} ({err})", path, number
            ) from err
    return found


def check_sequence(cues: Sequence[RawCue], path: str) -> None:
    """Cues must last, start in order, and overlap their predecessor by little."""
    previous: RawCue | None = None
    for cue in cues:
        if cue.start_ms is None or cue.end_ms is None:
            return
        if cue.end_ms <= cue.start_ms:
            raise TimestampError(
                f"cue {cue.cue_id} ends at {cue.end_ms} ms, not after its start {cue.start_ms} ms",
                path,
                cue.line,
            )
        if previous is not None:
            if cue.start_ms < previous.start_ms:
                raise TimestampError(
                    f"cue {cue.cue_id} starts at {cue.start_ms} ms, before cue "
                    f"{previous.cue_id} ({previous.start_ms} ms)",
                    path,
                    cue.line,
                )
            overlap = previous.end_ms - cue.start_ms
            if overlap > OVERLAP_TOLERANCE_MS:
                raise TimestampError(
                    f"cue {cue.cue_id} overlaps cue {previous.cue_id} by {overlap} ms "
                    f"(tolerance {OVERLAP_TOLERANCE_MS} ms)",
                    path,
                    cue.line,
                )
        previous = cue
