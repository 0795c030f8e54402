"""SubRip (.srt) tracks, parsed by the ``srt`` package."""

from __future__ import annotations

import srt as srt_lib

from aligner.errors import InputFormatError
from aligner.subtitles.cue import RawCue
from aligner.subtitles.encoding import line_of
from aligner.subtitles.timing import SRT_TIMING, timing_lines


def parse_srt(text: str, path: str) -> list[RawCue]:
    """Cues of an SRT file; the index line above each timing line is where a cue starts."""
    timings = timing_lines(text, SRT_TIMING, path)
    try:
        subtitles = list(srt_lib.parse(text))
    except srt_lib.SRTParseError as err:
        raise InputFormatError(
            "not a SubRip cue (expected index, timing line, text)",
            path,
            line_of(text, err.expected_start),
        ) from err
    if len(subtitles) != len(timings):
        raise InputFormatError(
            f"{len(timings)} timing lines but {len(subtitles)} readable cues", path
        )
    return [
        RawCue(
            cue_id=str(sub.index),
            cue_ids=(str(sub.index),),
            start_ms=timing.start_ms,
            end_ms=timing.end_ms,
            text=sub.content,
            line=max(timing.line - 1, 1),
        )
        for sub, timing in zip(subtitles, timings, strict=True)
    ]
