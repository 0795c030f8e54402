"""OPUS OpenSubtitles XML: ``.xml``, ``.xml.gz`` and zip archives of them.

A document is ``<document><s id><time id="T1S" value/><w>…</w>…<time id="T1E"/></s>``
(tokenised) or the same with plain text inside ``<s>`` (raw). Sentences are read
with opustools' streaming ``BlockParser``. opustools has no notion of cues, line
numbers or truncated input, so three things are added here: the start handler is
wrapped to note each element's line, the parse is finished explicitly (BlockParser
never tells expat the input ended, so a cut-off file would pass), and sentences are
grouped back into cues by their ``T#S``/``T#E`` markers and detokenised.
"""

from __future__ import annotations

import io
import re
import zipfile
import zlib
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from xml.parsers.expat import ErrorString, ExpatError

from opustools.parse.block_parser import Block, BlockParser, BlockParserError

from aligner.errors import InputFormatError, TimestampError
from aligner.subtitles.cue import Document, RawCue
from aligner.subtitles.encoding import line_of, reject_binary
from aligner.subtitles.limits import inflate, read_file, read_stream
from aligner.subtitles.timing import parse_timestamp

OPUS_SUFFIXES = (".xml", ".xml.gz")


@dataclass
class _Sentence:
    sid: str
    line: int
    tokens: list[str] = field(default_factory=list)
    markers: list[tuple[str, int]] = field(default_factory=list)  # ("S" or "E", ms)
    text: str = ""


def read_opus_file(path: Path) -> list[Document]:
    """One OPUS document, gzipped or not."""
    data = read_file(path)
    if path.name.endswith(".gz"):
        data = gunzip(data, str(path))
    return [_document(data, str(path), PurePosixPath(path.as_posix()))]


def read_opus_zip(path: Path) -> list[Document]:
    """Every OPUS document inside a zip archive, in archive order."""
    try:
        archive = zipfile.ZipFile(path)
    except zipfile.BadZipFile as err:
        raise InputFormatError(f"not a readable zip archive ({err})", path) from err
    with archive:
        members = [
            name
            for name in archive.namelist()
            if name.endswith(OPUS_SUFFIXES) and not name.endswith("/")
        ]
        if not members:
            raise InputFormatError("zip archive holds no OPUS .xml or .xml.gz documents", path)
        documents = []
        for member in members:
            source = f"{path}!{member}"
            try:
                with archive.open(member) as stream:
                    data = read_stream(stream, source)
            except (zipfile.BadZipFile, zlib.error, EOFError, NotImplementedError,
                    RuntimeError) as err:  # a bad CRC, a cut-off member, encryption
                raise InputFormatError(f"unreadable zip member ({err})", source) from err
            if member.endswith(".gz"):
                data = gunzip(data, source)
            documents.append(_document(data, source, PurePosixPath(member)))
    return documents


def read_opus_member(archive: zipfile.ZipFile, member: str, path: Path) -> Document:
    """One document of an OPUS language archive (as a release publishes them)."""
    source = f"{path}!{member}"
    try:
        data = archive.read(member)
    except KeyError as err:
        raise InputFormatError(f"the archive holds no {member}", path) from err
    if member.endswith(".gz"):
        data = gunzip(data, source)
    return _document(data, source, PurePosixPath(member))


def gunzip(data: bytes, source: str) -> bytes:
    """Decompress up to the document cap, reporting a cut-off archive at the last line read."""
    out, complete = inflate(data, source)
    if not complete:
        raise InputFormatError(
            "truncated gzip archive: the data stops mid-stream", source, line_of(out, len(out))
        )
    return out


def parse_opus(data: bytes, source: str) -> list[RawCue]:
    """Cues of one OPUS document, one per subtitle frame, ids from ``<s id>``."""
    if not data.strip():
        raise InputFormatError("empty file", source, 1)
    reject_binary(data, source)
    sentences = _sentences(data, source)
    if not sentences:
        raise InputFormatError("OPUS document holds no <s> sentences", source, 1)
    return [_cue(group) for group in _group_into_cues(sentences)]


def _document(data: bytes, source: str, name: PurePosixPath) -> Document:
    return Document(source, name, "opus", _declared_encoding(data), parse_opus(data, source))


def _declared_encoding(data: bytes) -> str:
    match = re.match(rb"<\?xml[^>]*encoding=[\"']([\w.-]+)", data.lstrip())
    return match.group(1).decode("ascii").lower() if match else "utf-8"


def _sentences(data: bytes, source: str) -> list[_Sentence]:
    data_tag = "w" if b"<w" in data else "s"
    document = io.BytesIO(data)
    document.name = source
    parser = BlockParser(document, data_tag=data_tag, doc_size=len(data))
    opened = parser.p.StartElementHandler

    def note_line(name: str, attributes: dict[str, str]) -> None:
        opened(name, attributes)
        parser.block.line = parser.p.CurrentLineNumber

    parser.p.StartElementHandler = note_line
    sentences: list[_Sentence] = []
    current: _Sentence | None = None
    position = 0
    try:
        while True:
            blocks, position = parser.get_complete_blocks(position)
            if blocks is None:
                break
            for block in blocks:
                current = _take(block, current, sentences, source)
        parser.p.Parse(b"", True)
    except (BlockParserError, ExpatError) as err:
        reason = ErrorString(parser.p.ErrorCode)
        raise InputFormatError(
            f"XML syntax error: {reason}", source, parser.p.ErrorLineNumber
        ) from err
    except LookupError as err:  # expat asks Python for the codec the declaration names
        raise InputFormatError(
            f"the XML declaration names an unknown encoding ({err})", source, 1
        ) from err
    return sentences


def _take(
    block: Block,
    current: _Sentence | None,
    done: list[_Sentence],
    source: str,
) -> _Sentence | None:
    """Fold one completed element into the sentence being read (children close first)."""
    line = block.line
    if block.parent is not None and block.parent.name == "root" and block.name != "document":
        raise InputFormatError(f"not an OPUS document: root element <{block.name}>", source, line)
    if block.name not in ("w", "time", "s"):
        return current
    if current is None:
        current = _Sentence(sid="", line=line)
    if block.name == "w":
        current.tokens.append(block.data.strip())
    elif block.name == "time":
        current.markers.append(_marker(block, line, source))
    else:
        sid = block.attributes.get("id")
        if sid is None:
            raise InputFormatError("<s> without an id attribute", source, line)
        current.sid, current.line = sid, line
        current.text = (
            detokenize(current.tokens) if current.tokens else " ".join(block.data.split())
        )
        done.append(current)
        return None
    return current


def _marker(block: Block, line: int, source: str) -> tuple[str, int]:
    marker_id = block.attributes.get("id", "")
    value = block.attributes.get("value", "")
    kind = marker_id[-1:]
    if kind not in ("S", "E"):
        raise InputFormatError(
            f"<time id={marker_id!r}> is neither a T#S nor a T#E marker", source, line
        )
    try:
        return kind, parse_timestamp(value)
    except ValueError as err:
        raise TimestampError(f"malformed time value {value!r} ({err})", source, line) from err


def _group_into_cues(sentences: list[_Sentence]) -> list[list[_Sentence]]:
    """A new cue begins at a sentence opening with a start marker after a closed cue.

    A sentence that runs across a cue boundary (``T4E`` then ``T5S`` inside it)
    cannot be cut, so the two cues become one. A document without any time markers
    has no cues to rebuild: each sentence stands alone, untimed.
    """
    if not any(sentence.markers for sentence in sentences):
        return [[sentence] for sentence in sentences]
    groups: list[list[_Sentence]] = []
    closed = True
    for sentence in sentences:
        opens = bool(sentence.markers) and sentence.markers[0][0] == "S"
        if groups and not (closed and opens):
            groups[-1].append(sentence)
        else:
            groups.append([sentence])
        if sentence.markers:
            closed = sentence.markers[-1][0] == "E"
    return groups


def _cue(group: list[_Sentence]) -> RawCue:
    markers = [marker for sentence in group for marker in sentence.markers]
    starts = [ms for kind, ms in markers if kind == "S"]
    ends = [ms for kind, ms in markers if kind == "E"]
    ids = tuple(sentence.sid for sentence in group)
    return RawCue(
        cue_id="+".join(ids),
        cue_ids=ids,
        start_ms=starts[0] if starts else None,
        end_ms=ends[-1] if ends else None,
        text="\n".join(sentence.text for sentence in group),
        line=group[0].line,
        line_ids=ids,
    )


_CLOSERS = frozenset(",.!?:;%)]}»”’…।॥")
_OPENERS = frozenset("([{«“‘¿¡")
_CONTRACTION = re.compile(r"^'(?:s|m|d|t|re|ve|ll)$|^n't$", re.IGNORECASE)


def detokenize(tokens: list[str]) -> str:
    """Undo OPUS tokenisation: closing punctuation and contractions stick to the left,
    opening brackets to the right; straight double quotes alternate. A leading
    ellipsis hugs the next word ("...that"), as subtitlers write it.
    """
    out = ""
    glue_next = True
    open_quote = False
    for position, token in enumerate(tokens):
        if not token:
            continue
        closer = set(token) <= _CLOSERS and position > 0
        glue = glue_next or closer or bool(_CONTRACTION.match(token))
        glue_next = set(token) <= _OPENERS or (position == 0 and token in ("...", "…"))
        if token == '"':
            glue, glue_next = (True, False) if open_quote else (glue, True)
            open_quote = not open_quote
        out += token if glue else " " + token
    return out
