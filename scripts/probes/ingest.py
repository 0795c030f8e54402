"""Probes of ``align ingest``: broken subtitle files, good files once refused, bombs."""

from __future__ import annotations

import codecs
import gzip
import io
import zipfile
import zlib
from pathlib import Path

from probes.harness import Call, Outcome, Probe
from probes.materials import SAMPLE, Materials

SRT = ("1\n00:00:01,000 --> 00:00:02,500\nWhere were you?\n\n"
       "2\n00:00:03,000 --> 00:00:04,000\nAt the harbour.\n")
VTT = "WEBVTT\n\n00:00:01.000 --> 00:00:02.500\nWhere were you?\n\n" \
      "00:00:03.000 --> 00:00:04.000\nAt the harbour.\n"
OPUS = ('<?xml version="1.0" encoding="utf-8"?>\n<document id="1">\n'
        '<s id="1"><time id="T1S" value="00:00:01,000"/><w>Hi</w><w>.</w>'
        '<time id="T1E" value="00:00:02,000"/></s>\n</document>\n')

BAD = {  # file name -> bytes that must be refused with a clean error
    "binary.en.srt": b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR",
    "empty.en.srt": b"",
    "blank.en.srt": b"\n \n\t\n",
    "nul.en.srt": SRT.encode().replace(b"harbour", b"har\x00bour"),
    "minutes60.en.srt": SRT.replace("00:00:03,000", "00:60:03,000").encode(),
    "letters.en.srt": SRT.replace("00:00:03,000", "00:00:0x,000").encode(),
    "no-millis.en.srt": SRT.replace("00:00:03,000", "00:00:03").encode(),
    "backwards.en.srt": SRT.replace("00:00:04,000", "00:00:02,900").encode(),
    "out-of-order.en.srt": SRT.replace("00:00:03,000 --> 00:00:04,000",
                                       "00:00:00,100 --> 00:00:00,900").encode(),
    "overlap.en.srt": SRT.replace("00:00:03,000", "00:00:01,500").encode(),
    "no-cues.en.srt": b"just some words\nwithout any timing\n",
    "no-header.en.vtt": VTT.replace("WEBVTT\n\n", "").encode(),
    "bad-block.en.vtt": VTT.replace("00:00:03.000 --> 00:00:04.000",
                                    "00:00:03.000 --> x").encode(),
    "syntax.en.xml": OPUS.replace("</s>", "</x>").encode(),
    "root.en.xml": OPUS.replace("document", "html").encode(),
    "no-id.en.xml": OPUS.replace('<s id="1">', "<s>").encode(),
    "marker.en.xml": OPUS.replace('id="T1E"', 'id="T1X"').encode(),
    "time.en.xml": OPUS.replace("00:00:02,000", "00:00:0x,000").encode(),
    "cut.en.xml": OPUS.encode()[:120],
    "truncated.en.xml.gz": gzip.compress(OPUS.encode(), mtime=0)[:-12],
    "corrupt.en.xml.gz": b"\x1f\x8b\x08\x00" + b"\xff" * 40,
    "not-a-zip.en.zip": b"PK\x03\x04 this is no zip",
    "tsv-no-text.en.tsv": b"id\tstart\tend\n1\t0\t1000\n",
    "tsv-ragged.en.tsv": b"id\ttext\n1\thello\textra\n",
    "unknown.en.sub": SRT.encode(),
}

GOOD = {  # file name -> bytes CineAlign must read
    "utf16le-nobom.en.srt": SRT.encode("utf-16-le"),
    "utf16be-nobom.en.srt": SRT.encode("utf-16-be"),
    "utf16le-nobom.en.vtt": VTT.encode("utf-16-le"),
    "utf16-bom.en.srt": SRT.encode("utf-16"),
    "utf8-bom.en.srt": codecs.BOM_UTF8 + SRT.encode(),
    "crlf.en.srt": SRT.replace("\n", "\r\n").encode(),
    "cr-only.en.srt": SRT.replace("\n", "\r").encode(),
    "cp1257.et.srt": SRT.replace("Where were you?", "Kus sa olid, Õie? Šokolaad!")
                        .encode("cp1257"),
    "arrow-dialogue.en.srt": SRT.replace("At the harbour.", "Turn --> there.").encode(),
    "arrow-dialogue-2.en.srt": SRT.replace("At the harbour.", "A\n--> B <--").encode(),
    "no-blank-line.en.srt": SRT.replace("\n\n2\n", "\n2\n").encode(),
    "plain.en.txt": b"Where were you?\nAt the harbour.\n",
    "lines.en.tsv": b"id\tstart\tend\ttext\n1\t1000\t2000\tHi\n2\t3000\t4000\tBye\n",
    "spaces in name.en.srt": SRT.encode(),
    "unicodé.en.srt": SRT.encode(),
    "opus.en.xml": OPUS.encode(),
}
ROW_OF_GOOD = {"utf16le-nobom.en.srt": "srt-utf16-nobom", "utf16be-nobom.en.srt": "srt-utf16-nobom",
               "utf16le-nobom.en.vtt": "srt-utf16-nobom", "arrow-dialogue.en.srt": "srt-arrow",
               "arrow-dialogue-2.en.srt": "srt-arrow"}


def _ingest(name: str, data: bytes, expect: str, row: str) -> Probe:
    def make(d: Path) -> Call:
        path = d / name
        path.write_bytes(data)
        out = d / "cues.parquet"
        absent = (out,) if expect == "error" else ()
        return Call(["ingest", str(path), "--out", str(out)], expect, absent=absent,
                    check=_no_empty_report if expect == "error" else None)
    return Probe(row, f"ingest {name}", make)


def _no_empty_report(outcome: Outcome) -> str | None:
    return "wrong" if "wrote 0 lines" in outcome.output else None


def special_probes(m: Materials) -> list[Probe]:
    def opus_zip(members: dict[str, bytes]):
        def make(d: Path) -> Call:
            path = d / "films.zip"
            with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
                for member, data in members.items():
                    archive.writestr(member, data)
            return Call(["ingest", str(path), "--out", str(d / "c.parquet")],
                        "ok" if all(k.startswith("xml/") for k in members) else "error")
        return make

    def plain(args_of, expect, row="ingest"):
        def make(d: Path) -> Call:
            return Call([str(a) for a in args_of(d)], expect)
        return Probe(row, " ".join(str(a) for a in args_of(Path("D"))), make)

    def two_copies(d: Path) -> Call:
        (d / "a").mkdir()
        (d / "b").mkdir()
        (d / "a" / "film.en.srt").write_text(SRT, encoding="utf-8")
        (d / "b" / "film.en.srt").write_text(SRT, encoding="utf-8")
        return Call(["ingest", str(d / "a"), str(d / "b"), "--out", str(d / "c.parquet")],
                    "error")

    def opus_no_lang(d: Path) -> Call:
        path = d / "1.xml.gz"
        path.write_bytes(gzip.compress(OPUS.encode(), mtime=0))
        return Call(["ingest", str(path), "--out", str(d / "c.parquet")], "error",
                    absent=(d / "c.parquet",), check=_names_the_layout)

    def sparse(d: Path) -> Call:
        path = d / "huge.en.srt"
        with path.open("wb") as handle:
            handle.truncate(200 * 1024 * 1024)
        return Call(["ingest", str(path)], "error")

    def mixed(d: Path) -> Call:
        (d / "good.en.srt").write_text(SRT, encoding="utf-8")
        (d / "bad.en.srt").write_bytes(b"\x00\x01")
        out = d / "c.parquet"
        return Call(["ingest", str(d), "--out", str(out)], "error",
                    check=lambda o: None if out.exists() else "wrong")  # good files still read

    def kept_output(d: Path) -> Call:
        good = d / "good.en.srt"
        good.write_text(SRT, encoding="utf-8")
        out = d / "c.parquet"
        from probes.materials import align

        align("ingest", good, "--out", out)
        (d / "bad.en.srt").write_bytes(b"\x00")
        return Call(["ingest", str(d / "bad.en.srt"), "--out", str(out)], "error", guard=(out,))

    return [
        Probe("ingest", "OPUS zip of documents", opus_zip({"xml/en/1999/1/1.xml": OPUS.encode(),
                                                          "xml/et/1999/1/1.xml": OPUS.encode()})),
        Probe("ingest", "zip without OPUS documents", opus_zip({"readme.txt": b"hi"})),
        Probe("ingest", "zip member cut off", lambda d: _cut_zip(d)),
        Probe("ingest", "two files for one film and language", two_copies),
        Probe("ingest", "OPUS file whose language cannot be told", opus_no_lang),
        Probe("ingest", "200 MB sparse .srt", sparse),
        Probe("ingest-output", "a bad file beside a good one: the good one is still written",
              mixed),
        Probe("ingest-output", "a failed ingest leaves the earlier --out alone", kept_output),
        plain(lambda d: ["ingest", d / "missing.en.srt"], "error"),
        plain(lambda d: ["ingest", SAMPLE / "films" / "harbour_lights.en.srt", "--encoding",
                         "no-such-codec"], "error"),
        plain(lambda d: ["ingest", SAMPLE / "films" / "harbour_lights.en.srt", "--encoding",
                         "utf-16"], "error"),
        plain(lambda d: ["ingest", SAMPLE / "script"], "error"),
        plain(lambda d: ["ingest", SAMPLE / "films" / "harbour_lights.en.srt", "--out",
                         SAMPLE / "films"], "error"),
        plain(lambda d: ["ingest", SAMPLE / "films" / "harbour_lights.en.srt", "--lang", ""],
              "either"),
        Probe("gzip-bomb", "1 MB gzip inflating to 1 GB", lambda d: _bomb(d, "gz")),
        Probe("gzip-bomb", "zip member inflating to 1 GB", lambda d: _bomb(d, "zip")),
    ]


def _names_the_layout(outcome: Outcome) -> str | None:
    return None if "--lang" in outcome.output else "wrong"


def _cut_zip(d: Path) -> Call:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xml/en/1999/1/1.xml", OPUS * 50)
    data = bytearray(buffer.getvalue())
    data[80:120] = b"\x00" * 40
    path = d / "films.zip"
    path.write_bytes(bytes(data))
    return Call(["ingest", str(path)], "error")


GIB = 1024 ** 3


def _bomb(d: Path, kind: str) -> Call:
    """A gigabyte of zeros, compressed to about a megabyte; memory must stay bounded."""
    if kind == "gz":
        packer = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
        block = bytes(1 << 20)
        path = d / "bomb.en.xml.gz"
        with path.open("wb") as handle:
            for _ in range(GIB >> 20):
                handle.write(packer.compress(block))
            handle.write(packer.flush())
    else:
        path = d / "bomb.zip"
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive, \
                archive.open("xml/en/1999/1/1.xml", "w", force_zip64=True) as member:
            block = bytes(1 << 20)
            for _ in range(GIB >> 20):
                member.write(block)

    def bounded(outcome: Outcome) -> str | None:
        if outcome.max_rss_mb is not None and outcome.max_rss_mb > 1024:
            return "wrong"  # read without a cap
        return None

    return Call(["ingest", str(path), "--fail-fast"], "error", check=bounded, isolate=True,
                timeout=600)


def probes(m: Materials) -> list[Probe]:
    found = [_ingest(name, data, "error", "ingest") for name, data in BAD.items()]
    found += [_ingest(name, data, "ok", ROW_OF_GOOD.get(name, "ingest"))
              for name, data in GOOD.items()]
    return found + special_probes(m)
