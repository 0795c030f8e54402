"""WebVTT (.vtt) tracks, parsed by webvtt-py in strict mode."""

from __future__ import annotations

import ast

import webvtt
from webvtt.errors import MalformedCaptionError, MalformedFileError

from aligner.errors import InputFormatError
from aligner.subtitles.cue import RawCue
from aligner.subtitles.timing import VTT_TIMING, timing_lines


def parse_vtt(text: str, path: str) -> list[RawCue]:
    """Cues of a WebVTT file; ids are the cue identifiers, else 1-based ordinals."""
    timings = timing_lines(text, VTT_TIMING, path)
    try:
        captions = webvtt.from_string(text, strict=True).captions
    except MalformedFileError as err:
        raise InputFormatError("not a WebVTT file (no WEBVTT header)", path, 1) from err
    except MalformedCaptionError as err:
        raise InputFormatError(
            f"malformed WebVTT cue block: {err}", path, _block_line(text, err)
        ) from err
    if len(captions) != len(timings):
        raise InputFormatError(
            f"{len(timings)} timing lines but {len(captions)} readable cues", path
        )
    cues = []
    for ordinal, (caption, timing) in enumerate(zip(captions, timings, strict=True), start=1):
        cue_id = caption.identifier or str(ordinal)
        cues.append(
            RawCue(
                cue_id=cue_id,
                cue_ids=(cue_id,),
                start_ms=timing.start_ms,
                end_ms=timing.end_ms,
                text=caption.raw_text,
                line=timing.line - 1 if caption.identifier else timing.line,
            )
        )
    return cues


def _block_line(text: str, err: MalformedCaptionError) -> int | None:
    """webvtt-py names the bad block by its lines; find where that run of lines starts."""
    listed = str(err).partition("block ")[2]
    try:
        block = ast.literal_eval(listed)
    except (ValueError, SyntaxError):
        return None
    lines = text.split("\n")
    for start in range(len(lines)):
        if lines[start : start + len(block)] == block:
            return start + 1
    return None
