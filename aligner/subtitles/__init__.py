"""Subtitle ingestion: SRT, WebVTT, OPUS XML and plain text into clean timed lines.

``read_subtitles`` reads one file into an ``aligner.frames.CUES`` frame;
``ingest`` reads many, collecting per-file errors instead of stopping.
"""

from aligner.subtitles.batch import FileReport, IngestResult, ingest
from aligner.subtitles.reader import read_subtitles

__all__ = ["FileReport", "IngestResult", "ingest", "read_subtitles"]
