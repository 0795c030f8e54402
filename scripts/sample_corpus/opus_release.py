"""A synthetic OPUS OpenSubtitles release: many films, laid out as OPUS publishes them.

Writes ``xml/en.zip`` and ``xml/<tgt>.zip`` (members ``OpenSubtitles/xml/<lang>/2020/
<imdb id>/<doc>.xml``) and the document alignment ``xml/en-<tgt>.xml.gz`` with one
``<linkGrp>`` per film whose sentence links are the gold ones. Films are consecutive
slices of the long film's units (``long_film.py``), so no two films share their lines
and an embedding cache cannot make later films free. Every target release closes
with advertising cues, as real ones do; ``broken`` names films whose target document
is cut off mid-file, so that they fail to read.
"""

from __future__ import annotations

import gzip
import io
import zipfile
from dataclasses import replace
from pathlib import Path
from xml.sax.saxutils import quoteattr

from .film import render_film
from .long_film import long_film
from .releases import RELEASES, Release
from .script import Film

ADVERTS = (
    "Vaata filme www.future.ee", "Subtitles by MrFlix", "Advertise your product or brand here"
)


def _film(units, number: int, scripts: Path) -> Film:
    film_id = f"synthetic{number:03d}"
    RELEASES[film_id] = {lang: Release("opus") for lang in ("en", "et", "hi")}
    renumbered = tuple(replace(unit, index=k) for k, unit in enumerate(units))
    return Film(film_id, film_id, 2020, "", renumbered, scripts)


def _with_adverts(xml: str, count: int) -> str:
    """Append advert cues after the last one, 2 s apart, past the film's end."""
    last = xml.rfind('<time id="T')
    end = int(xml[last:].split('value="', 1)[1][:8].replace(":", "")[:6] or 0)
    hours, minutes, seconds = end // 10000, end // 100 % 100, end % 100 + 5
    cues = []
    for k in range(count):
        at = hours * 3600 + minutes * 60 + seconds + 3 * k
        stamp = f"{at // 3600:02d}:{at // 60 % 60:02d}:{at % 60:02d}"
        sid = f"ad{k + 1}"
        words = "".join(f'<w id="{sid}.{w}">{word}</w>' for w, word in
                        enumerate(ADVERTS[k % len(ADVERTS)].split(), 1))
        cues.append(f'  <s id="{sid}"><time id="TA{k}S" value="{stamp},000" />{words}'
                    f'<time id="TA{k}E" value="{stamp},900" /></s>')
    return xml.replace("</document>", "\n".join(cues) + "\n</document>")


def write_release(
    scripts: Path, out: Path, films: int, *, tgt: str = "et", lines: int = 27,
    adverts: int = 3, broken: frozenset[int] = frozenset(),
) -> Path:
    """Render ``films`` films of about ``lines`` units each into ``out/xml``; return it."""
    pool = [unit for unit in long_film(scripts).units if unit.kind == "speech" and not unit.turns]
    if films * lines > len(pool):
        raise ValueError(f"{films} films of {lines} lines need more than {len(pool)} units")
    xml_dir = out / "xml"
    xml_dir.mkdir(parents=True, exist_ok=True)
    groups = []
    archives = {lang: zipfile.ZipFile(xml_dir / f"{lang}.zip", "w") for lang in ("en", tgt)}
    for number in range(films):
        rendered = render_film(_film(pool[number * lines : (number + 1) * lines], number, scripts))
        imdb = str(1_000_000 + number)
        docs = {}
        for lang in ("en", tgt):
            xml = rendered.files[lang][1].decode("utf-8")
            if lang == tgt:
                xml = _with_adverts(xml, adverts)
            if lang == tgt and number in broken:
                xml = xml[: len(xml) // 2]
            docs[lang] = f"{lang}/2020/{imdb}/{7_000_000 + number}.xml"
            archives[lang].writestr(f"OpenSubtitles/xml/{docs[lang]}", xml)
        links = "".join(
            f'<link id="SL{unit.index}" xtargets="{" ".join(rendered.ids_of("en", unit.index))};'
            f'{" ".join(rendered.ids_of(tgt, unit.index))}" />\n'
            for unit in rendered.film.units
        )
        groups.append(
            f"<linkGrp targType=\"s\" fromDoc={quoteattr(docs['en'] + '.gz')} "
            f"toDoc={quoteattr(docs[tgt] + '.gz')}>\n{links}</linkGrp>\n"
        )
    for archive in archives.values():
        archive.close()
    alignment = (
        '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE cesAlign PUBLIC "-//CES//DTD XML '
        'cesAlign//EN" "">\n<cesAlign version="1.0">\n' + "".join(groups) + "</cesAlign>\n"
    )
    buffer = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buffer, mtime=0) as handle:
        handle.write(alignment.encode("utf-8"))
    (xml_dir / f"en-{tgt}.xml.gz").write_bytes(buffer.getvalue())
    return xml_dir
