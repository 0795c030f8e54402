"""Many subtitle files in, one frame out; a bad file is reported, never fatal.

``ingest`` is what ``align ingest`` runs: it walks directories, reads every file,
and collects each file's error instead of stopping, so one broken release does not
cost the rest of the corpus.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

import polars as pl
from rich.progress import track

from aligner import frames
from aligner.errors import CineAlignError, InputFormatError
from aligner.io import atomic_path
from aligner.subtitles.cue import Document
from aligner.subtitles.naming import discover, file_format
from aligner.subtitles.reader import document_frames, read_documents


@dataclass(frozen=True)
class FileReport:
    """One row of the ingest summary: a track read, or a file that failed."""

    source: str
    format: str
    encoding: str | None
    rows: int
    error: CineAlignError | None = None

    @property
    def ok(self) -> bool:
        return self.error is None


@dataclass
class IngestResult:
    frame: pl.DataFrame
    failures: list[CineAlignError] = field(default_factory=list)
    reports: list[FileReport] = field(default_factory=list)
    left_out: pl.DataFrame = field(default_factory=lambda: frames.empty(frames.LEFT_OUT))

    def write_parquet(self, path: str | Path) -> None:
        """Write the frame so that a reader never sees half a file."""
        try:
            with atomic_path(path) as temporary:
                self.frame.write_parquet(temporary)
        except OSError as err:
            raise CineAlignError(f"cannot write the output: {err.strerror}", path) from err


def ingest(
    paths: Iterable[str | Path],
    *,
    lang: str | None = None,
    encoding: str | None = None,
    split_sentences: bool = False,
    keep_going: bool = True,
    show_progress: bool = False,
    keep_non_dialogue: bool = False,
) -> IngestResult:
    """Read every subtitle file under ``paths`` into one CUES frame.

    With ``keep_going`` a file that fails is recorded in ``failures`` and the rest
    are still read; without it the first failure is raised. Two files for the same
    film and language would make ``idx`` ambiguous, so the second one fails.
    """
    files = discover(Path(p) for p in paths)
    result = IngestResult(frames.empty(frames.CUES))
    parts: list[pl.DataFrame] = []
    left_out: list[pl.DataFrame] = []
    seen: dict[tuple[str, str], str] = {}
    steps = track(files, description="Reading subtitles") if show_progress else files
    for path in steps:
        try:
            tracks = [
                (doc, *document_frames(doc, lang=lang, split_sentences=split_sentences,
                                       keep_non_dialogue=keep_non_dialogue))
                for doc in read_documents(path, encoding=encoding, lang=lang)
            ]
            seen |= _claims(seen, tracks)
        except CineAlignError as err:
            if not keep_going:
                raise
            result.failures.append(err)
            result.reports.append(FileReport(str(path), file_format(path) or "?", None, 0, err))
            continue
        for doc, frame, dropped in tracks:
            parts.append(frame)
            left_out.append(dropped)
            result.reports.append(FileReport(doc.source, doc.format, doc.encoding, frame.height))
    if parts:
        result.frame = pl.concat(parts)
        result.left_out = pl.concat(left_out)
    return result


def _claims(
    seen: dict[tuple[str, str], str], tracks: list[tuple[Document, pl.DataFrame, pl.DataFrame]]
) -> dict[tuple[str, str], str]:
    """The (film, lang) keys a file's tracks take; a key taken before fails the file."""
    claims: dict[tuple[str, str], str] = {}
    for doc, frame, _ in tracks:
        for key in frame.select("film", "lang").unique(maintain_order=True).iter_rows():
            earlier = seen.get(key) or claims.get(key)
            if earlier is not None:
                raise InputFormatError(
                    f"film {key[0]!r} in {key[1]!r} was already read from {earlier}", doc.source
                )
            claims[key] = doc.source
    return claims
