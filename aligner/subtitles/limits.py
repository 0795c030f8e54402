"""How large one subtitle document may be, and reading that never goes past it.

A feature film's subtitles are well under 2 MB even as tokenised OPUS XML; a document
many times that is a mistake (a video file renamed .srt) or a decompression bomb (a
1 MB gzip that inflates to 1 GB took 2.1 GB of memory before this cap). Reading stops
at the cap and says so, instead of exhausting memory.
"""

from __future__ import annotations

import zlib
from pathlib import Path

from aligner.errors import InputFormatError

MAX_DOCUMENT_BYTES = 64 * 1024 * 1024


def too_large(source: str | Path) -> InputFormatError:
    limit = MAX_DOCUMENT_BYTES // (1024 * 1024)
    return InputFormatError(
        f"larger than {limit} MB once read or inflated: not a subtitle document", source
    )


def read_file(path: Path) -> bytes:
    """The file's bytes, refused without reading when it is over the cap."""
    if path.stat().st_size > MAX_DOCUMENT_BYTES:
        raise too_large(path)
    return path.read_bytes()


def read_stream(stream, source: str) -> bytes:
    """At most the cap from a binary stream (a zip member); more is an error."""
    data = stream.read(MAX_DOCUMENT_BYTES + 1)
    if len(data) > MAX_DOCUMENT_BYTES:
        raise too_large(source)
    return data


def inflate(data: bytes, source: str) -> tuple[bytes, bool]:
    """Gunzip ``data`` up to the cap; also whether the gzip stream ended properly."""
    inflater = zlib.decompressobj(wbits=16 + zlib.MAX_WBITS)
    try:
        out = inflater.decompress(data, MAX_DOCUMENT_BYTES + 1)
        if len(out) <= MAX_DOCUMENT_BYTES:
            out += inflater.flush()
    except zlib.error as err:
        raise InputFormatError(f"corrupt gzip data ({err})", source, 1) from err
    if len(out) > MAX_DOCUMENT_BYTES:
        raise too_large(source)
    return out, inflater.eof
