"""Turn subtitle bytes into text, or say exactly where they stop making sense.

Subtitle releases come in whatever code page the ripper's machine used. UTF-8 is
tried first because valid UTF-8 is almost never an accident; otherwise
charset-normalizer guesses. UTF-16 without a byte-order mark (some Windows tools write
it) is told apart from a binary file by where its NUL bytes fall: the high byte of
every ASCII character, so all on odd offsets (little-endian) or all on even ones.
charset-normalizer cannot tell the Baltic and Western code pages apart on a few
hundred words of Estonian (it picks cp775 or cp1252 for cp1257 bytes), so
when the file's language is known and has legacy code pages listed below, the
candidate whose decoding holds the most of that language's own letters wins.
"""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass
from pathlib import Path

import charset_normalizer

from aligner.errors import EncodingError, InputFormatError

# Legacy code pages a language's subtitles are found in, most likely first, and the
# non-ASCII letters that only a right decoding produces.
LEGACY_CODEPAGES: dict[str, tuple[tuple[str, ...], str]] = {
    "et": (("cp1257", "iso8859_13", "cp1252", "iso8859_15", "iso8859_4"), "õäöüšžÕÄÖÜŠŽ"),
}

_C1_CONTROL = re.compile("[\x80-\x9f]")
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")  # never in text files
_BOMS = (
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)


@dataclass(frozen=True)
class Decoded:
    """Text with universal newlines, and the encoding it was read in."""

    text: str
    encoding: str


def line_of(data: bytes | str, offset: int) -> int:
    """1-based line number of ``offset`` in ``data``."""
    newline = b"\n" if isinstance(data, bytes) else "\n"
    return data.count(newline, 0, offset) + 1


def decode(
    data: bytes,
    path: str | Path,
    *,
    encoding: str | None = None,
    lang: str | None = None,
    hint: str = "name it with --encoding",
) -> Decoded:
    """Decode a whole text file; empty, binary or undecodable input raises.

    ``hint`` ends the message when the encoding cannot be detected: it says what the
    user can do, which depends on the command.
    """
    chosen = encoding or _bom_encoding(data) or _utf16_without_bom(data)
    if chosen is None:
        reject_binary(data, path)
        chosen = _detect(data, path, lang, hint)
    try:
        text = data.decode(chosen)
    except LookupError as err:
        raise EncodingError(f"unknown encoding {chosen!r}", path) from err
    except UnicodeDecodeError as err:
        raise EncodingError(
            f"byte 0x{data[err.start]:02x} cannot be decoded as {chosen}",
            path,
            line_of(data, err.start),
        ) from err
    text = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    if not text.strip():
        raise InputFormatError("empty file", path, 1)
    return Decoded(text, codecs.lookup(chosen).name)


def reject_binary(data: bytes, path: str | Path) -> None:
    """NUL bytes never occur in 8-bit or UTF-8 text; they mean a binary file."""
    nul = data.find(b"\x00")
    if nul >= 0:
        raise InputFormatError("binary file (NUL byte), not text", path, line_of(data, nul))


def _utf16_without_bom(data: bytes) -> str | None:
    """``utf-16-le``/``-be`` when every NUL byte sits on one parity and the text is clean."""
    if len(data) % 2 or b"\x00" not in data:
        return None
    even, odd = data[0::2].count(0), data[1::2].count(0)
    if even and odd:
        return None
    candidate = "utf-16-le" if odd else "utf-16-be"
    try:
        text = data.decode(candidate)
    except UnicodeDecodeError:
        return None
    return None if _CONTROL.search(text) else candidate


def _bom_encoding(data: bytes) -> str | None:
    for bom, name in _BOMS:
        if data.startswith(bom):
            return name
    return None


def _detect(data: bytes, path: str | Path, lang: str | None, hint: str) -> str:
    try:
        data.decode("utf-8")
        return "utf-8"
    except UnicodeDecodeError as err:
        first_bad = err.start
    if lang in LEGACY_CODEPAGES:
        return _best_for_language(
            data, *LEGACY_CODEPAGES[lang], path=path, bad=first_bad, hint=hint
        )
    best = charset_normalizer.from_bytes(data).best()
    if best is None:
        raise EncodingError(
            f"cannot detect the encoding; {hint}", path, line_of(data, first_bad)
        )
    return best.encoding


def _best_for_language(
    data: bytes,
    codepages: tuple[str, ...],
    letters: str,
    *,
    path: str | Path,
    bad: int,
    hint: str,
) -> str:
    scored = []
    for rank, codepage in enumerate(codepages):
        try:
            text = data.decode(codepage)
        except UnicodeDecodeError:
            continue
        if _C1_CONTROL.search(text):
            continue  # ISO 8859 maps 0x80-0x9f to control codes no subtitle contains
        native = sum(text.count(letter) for letter in letters)
        scored.append((-native, rank, codepage))
    if not scored:
        raise EncodingError(
            f"bytes fit none of {', '.join(codepages)}; {hint}",
            path,
            line_of(data, bad),
        )
    return min(scored)[2]
