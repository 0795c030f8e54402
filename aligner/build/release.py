"""An OPUS OpenSubtitles release as it is published: which documents make a film pair.

OPUS publishes one archive per language (``en.zip``: ``OpenSubtitles/xml/en/<year>/
<imdb id>/<n>.xml``) and, per language pair, a document alignment (``en-et.xml.gz``:
one ``<linkGrp fromDoc toDoc>`` of sentence links per pair of subtitle files). A film
often has several subtitle files per language and so several link groups; the group
with the most sentence links is the pair of files that match best, and becomes the
film's pair. The alignment is read with opustools' AlignmentParser. The files may sit
as OPUS serves them (``xml/en-et.xml.gz``, ``xml/en.zip``), as opus_get downloads
them (``OpenSubtitles_v2018_xml_en-et.xml.gz``, ``..._xml_en.zip``), or with the
language archives unpacked into folders (``xml/en/1999/...``).
"""

from __future__ import annotations

import contextlib
import gzip
import io
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from aligner.build.films import ArchiveMember, FilmFiles, Unmatched
from aligner.errors import ConfigError, InputFormatError
from aligner.subtitles.naming import track_name


@dataclass(frozen=True)
class Release:
    alignment: Path
    swapped: bool  # the file pairs tgt with src (OPUS sorts the two codes)
    archives: dict[str, Path]  # language -> zip archive or unpacked folder


def _named(directory: Path, stem: str, suffix: str) -> Path | None:
    exact = directory / f"{stem}{suffix}"
    if exact.exists():
        return exact
    found = sorted(directory.glob(f"*_{stem}{suffix}"))
    return found[0] if found else None


def find_release(root: Path, src: str, tgt: str) -> Release:
    """The document alignment and the two language archives under ``root``."""
    if not root.is_dir():
        raise ConfigError("no such release directory", root)
    found = [
        (path, pair == (tgt, src))
        for pair in ((src, tgt), (tgt, src))
        for pattern in ("{}-{}.xml.gz", "*_{}-{}.xml.gz")
        for path in sorted(root.rglob(pattern.format(*pair)))
    ]
    if not found:
        raise ConfigError(
            f"no document alignment {src}-{tgt}.xml.gz (or {tgt}-{src}.xml.gz) in the release",
            root,
        )
    alignment, swapped = found[0]
    archives = {}
    for lang in (src, tgt):
        archive = _named(alignment.parent, lang, ".zip")
        if archive is None and (alignment.parent / lang).is_dir():
            archive = alignment.parent / lang
        if archive is None:
            raise ConfigError(
                f"no {lang}.zip (or unpacked {lang}/ folder) beside {alignment.name}",
                alignment.parent,
            )
        archives[lang] = archive
    return Release(alignment, swapped, archives)


def document_pairs(alignment: Path) -> Iterator[tuple[str, str, int]]:
    """(fromDoc, toDoc, number of sentence links) of every link group, in file order."""
    from opustools.parse.alignment_parser import AlignmentParser, AlignmentParserError

    with gzip.open(alignment, "rb") as handle, contextlib.redirect_stderr(io.StringIO()):
        parser = AlignmentParser(handle)  # it prints a progress line of its own
        position = 0
        try:
            while True:
                links, _, _, _, src_doc, tgt_doc, position = parser.collect_links(position)
                if src_doc is None:
                    return
                yield src_doc, tgt_doc, len(links)
        except (AlignmentParserError, OSError, EOFError) as err:
            raise InputFormatError(f"cannot read the document alignment: {err}", alignment) from err


def _track(archive: Path, document: str) -> ArchiveMember | Path:
    """Where ``document`` (``en/1999/123/4.xml.gz``) lives in a language archive."""
    if archive.is_dir():
        for name in (document, document.removesuffix(".gz")):
            if (archive.parent / name).exists():
                return archive.parent / name
        return archive.parent / document  # missing: reading it fails for this film only
    return ArchiveMember.find(archive, document)


def release_films(root: Path, src: str, tgt: str) -> tuple[list[FilmFiles], list[Unmatched]]:
    """One file pair per film (the link group with most links), sorted by film id."""
    release = find_release(root, src, tgt)
    best: dict[str, tuple[int, str, str]] = {}
    for from_doc, to_doc, links in document_pairs(release.alignment):
        src_doc, tgt_doc = (to_doc, from_doc) if release.swapped else (from_doc, to_doc)
        film = track_name(Path(src_doc)).film
        if film not in best or links > best[film][0]:
            best[film] = (links, src_doc, tgt_doc)
    if not best:
        raise ConfigError("the document alignment pairs no documents", release.alignment)
    films = [
        FilmFiles(
            film,
            _track(release.archives[src], src_doc),
            _track(release.archives[tgt], tgt_doc),
        )
        for film, (_, src_doc, tgt_doc) in sorted(best.items())
    ]
    return films, []
