"""Probes of every command that reads a table: encodings, shapes, column names."""

from __future__ import annotations

import codecs
import csv
import io
from collections.abc import Callable
from pathlib import Path

from probes.harness import Call, Outcome, Probe
from probes.materials import GOLD, SEEDS, Materials, read_rows, write_rows


def with_decision(source: Path, target: Path, every: bool = False) -> Path:
    """A copy of a review sheet with the first pair (or every pair) accepted."""
    rows = read_rows(source)
    for row in rows if every else rows[:1]:
        row["decision"] = "accept"
    return write_rows(target, rows)


def reencoded(source: Path, target: Path, encoding: str, delimiter: str = ",",
              bom: bytes = b"") -> Path:
    """``source`` as a spreadsheet would save it: another encoding, separator, CRLF."""
    with source.open(encoding="utf-8", newline="") as handle:
        table = list(csv.reader(handle))
    buffer = io.StringIO()
    csv.writer(buffer, delimiter=delimiter, lineterminator="\r\n").writerows(table)
    target.write_bytes(bom + buffer.getvalue().encode(encoding, errors="replace"))
    return target


# command -> (the good table it reads, the arguments with the table in place)
Reader = tuple[Callable[[Materials, Path], Path], Callable[[Materials, Path, Path], list]]


def readers(m: Materials) -> dict[str, Reader]:
    out = "--out"
    return {
        "validate": (lambda m, d: m.et_pairs,
                     lambda m, d, p: ["validate", p, "--lang", "et", out, d / "v.csv"]),
        "transfer seeds": (lambda m, d: SEEDS,
                           lambda m, d, p: ["transfer", p, "--aligned", GOLD / "alignment.csv",
                                            "--cues", GOLD / "cues.csv", "--lang", "et", out,
                                            d / "t.csv"]),
        "transfer cues": (lambda m, d: GOLD / "cues.csv",
                          lambda m, d, p: ["transfer", SEEDS, "--aligned",
                                           GOLD / "alignment.csv", "--cues", p, "--lang", "et",
                                           out, d / "t.csv"]),
        "review export": (lambda m, d: m.transferred,
                          lambda m, d, p: ["review", "export", p, out, d / "r.csv"]),
        "review apply sheet": (lambda m, d: with_decision(m.sheet, d / "good_sheet.csv"),
                               lambda m, d, p: ["review", "apply", p, "--decisions",
                                                d / "store.csv"]),
        "review apply store": (lambda m, d: store(m, d),
                               lambda m, d, p: ["review", "apply",
                                                with_decision(m.sheet, d / "s.csv"),
                                                "--decisions", p]),
        "score": (lambda m, d: m.et_pairs,
                  lambda m, d, p: ["score", p, "--model", m.model, out, d / "score",
                                   "--resamples", "10"]),
        "build --pairs": (lambda m, d: SEEDS,
                          lambda m, d, p: m.build_args(d / "out")[:6] + [p]
                          + m.build_args(d / "out")[7:]),
    }


def store(m: Materials, directory: Path) -> Path:
    """A decision store made by review apply."""
    from probes.materials import align

    path = directory / "good_store.csv"
    align("review", "apply", with_decision(m.sheet, directory / "first.csv"), "--decisions", path)
    return path


ENCODINGS = {  # name -> (encoding, delimiter, bom, good input?)
    "cp1257": ("cp1257", ",", b"", True),
    "UTF-16 spreadsheet export": ("utf-16-le", "\t", codecs.BOM_UTF16_LE, True),
    "UTF-16 without BOM": ("utf-16-le", ",", b"", True),
    "latin-1": ("latin-1", ",", b"", True),
}
ROW_OF = {"score": "score-encoding"}  # commands whose reader another issue adopts


def encoding_probes(m: Materials) -> list[Probe]:
    probes = []
    for command, (good, arguments) in readers(m).items():
        for name, (encoding, delimiter, bom, _) in ENCODINGS.items():
            probes.append(Probe(ROW_OF.get(command, "csv-encoding"), f"{command}: {name}",
                                _reencoding(m, good, arguments, encoding, delimiter, bom)))
        probes.append(Probe(ROW_OF.get(command, "csv-encoding"), f"{command}: binary file",
                            _binary(m, arguments)))
    return probes


def _reencoding(m, good, arguments, encoding, delimiter, bom):
    def make(d: Path) -> Call:
        source = good(m, d)
        path = reencoded(source, d / f"table{source.suffix}", encoding, delimiter, bom)
        return Call([str(a) for a in arguments(m, d, path)], "ok",
                    env={"CINEALIGN_CACHE": str(m.cache)})
    return make


def _binary(m, arguments):
    def make(d: Path) -> Call:
        path = d / "table.csv"
        path.write_bytes(b"sent_more,sent_less\n\x00\x01\x02PK\x03\x04\xff\xfe")
        return Call([str(a) for a in arguments(m, d, path)], "error",
                    env={"CINEALIGN_CACHE": str(m.cache)})
    return make


SHAPES = {  # name -> (edit of the good CSV text, expectation)
    "ragged row (a cell too many)": (lambda t: _row(t, 1, lambda r: r + ",extra"), "error"),
    "short row": (lambda t: _row(t, 1, lambda r: r.rsplit(",", 1)[0]), "error"),
    "one-cell row": (lambda t: _insert(t, 2, "TODO check these"), "error"),
    "all-empty rows": (lambda t: _insert(t, 2, ",,,,,,\n,,,,,,"), "reported"),
    "duplicate column": (lambda t: _header(t, lambda h: h + ",sent_more", ",x"), "error"),
    "unnamed column": (lambda t: _header(t, lambda h: h + ",", ",x"), "error"),
    "unclosed quote": (lambda t: _insert(t, 2, '"never closed,a,b'), "error"),
    "header only": (lambda t: t.splitlines()[0] + "\n", "either"),
    "empty file": (lambda t: "", "error"),
    "semicolon-separated": (lambda t: _semicolons(t), "ok"),
}


def _lines(text: str) -> list[str]:
    return text.replace("\r\n", "\n").split("\n")


def _row(text: str, index: int, edit) -> str:
    lines = _lines(text)
    lines[index] = edit(lines[index])
    return "\n".join(lines)


def _insert(text: str, index: int, line: str) -> str:
    lines = _lines(text)
    return "\n".join([*lines[:index], line, *lines[index:]])


def _header(text: str, edit, cell: str) -> str:
    lines = _lines(text)
    return "\n".join([edit(lines[0]), *(line + cell if line else line for line in lines[1:])])


def _semicolons(text: str) -> str:
    rows = list(csv.reader(io.StringIO(text)))
    buffer = io.StringIO()
    csv.writer(buffer, delimiter=";").writerows(rows)
    return buffer.getvalue()


def _mentions_skip(outcome: Outcome) -> str | None:
    if outcome.rc != 0:
        return "wrong"
    return None if "skipped" in outcome.output else "silent"


def shape_probes(m: Materials) -> list[Probe]:
    probes = []
    chosen = {"validate": "csv-shape", "transfer seeds": "csv-shape",
              "review apply sheet": "review", "score": "score-columns"}
    for command, row in chosen.items():
        good, arguments = readers(m)[command]
        for name, (edit, expect) in SHAPES.items():
            if row == "score-columns" and name in ("header only", "semicolon-separated"):
                continue
            probes.append(Probe(row, f"{command}: {name}", _shaped(m, good, arguments, edit,
                                                                   expect)))
    for name, header in (("unnamed first column and index", ",index,"),
                         ("duplicate bias_type", "bias_type,")):
        probes.append(Probe("score-columns", f"score: {name}", _score_header(m, header)))
    return probes


def _shaped(m, good, arguments, edit, expect):
    def make(d: Path) -> Call:
        path = d / "table.csv"
        path.write_text(edit(good(m, d).read_text(encoding="utf-8")), encoding="utf-8")
        check = _mentions_skip if expect == "reported" else None
        return Call([str(a) for a in arguments(m, d, path)],
                    "ok" if expect == "reported" else expect, check=check,
                    env={"CINEALIGN_CACHE": str(m.cache)})
    return make


def _score_header(m, prefix):
    def make(d: Path) -> Call:
        rows = read_rows(m.et_pairs)
        path = d / "pairs.csv"
        with path.open("w", encoding="utf-8", newline="") as handle:
            writer = csv.writer(handle)
            names = list(rows[0])
            writer.writerow([*prefix.rstrip(",").split(","), *names])
            for number, row in enumerate(rows):
                extra = [str(number)] * len(prefix.rstrip(",").split(","))
                writer.writerow([*extra, *row.values()])
        return Call(["score", str(path), "--model", str(m.model), "--out", str(d / "s"),
                     "--resamples", "10"], "error")
    return make


def indibias_probes(m: Materials) -> list[Probe]:
    def indibias(d: Path) -> Path:
        rows = [{"sent_more": r["sent_more"], "sent_less": r["sent_less"],
                 "sent_more_hindi": r["sent_more"], "sent_less_hindi": r["sent_less"],
                 "stereo_antistereo": r["stereo_antistereo"], "bias_type": r["bias_type"]}
                for r in read_rows(m.et_pairs)]
        for row in rows:
            row["sent_more"], row["sent_less"] = "English more", "English less"
        only = [{k: v for k, v in row.items() if not k.startswith("sent_") or "_hindi" in k}
                for row in rows]
        write_rows(d / "with_english.csv", rows)
        return write_rows(d / "indibias.csv", only)

    def hint(outcome: Outcome) -> str | None:
        return None if "--columns" in outcome.output else "wrong"

    mapping = ["--columns", "more=sent_more_hindi,less=sent_less_hindi"]
    cases = [
        ("indibias", "validate without --columns says how to map",
         lambda d: Call(["validate", str(indibias(d)), "--lang", "et"], "error", check=hint)),
        ("indibias", "validate with --columns",
         lambda d: Call(["validate", str(indibias(d)), "--lang", "et", *mapping], "ok")),
        ("indibias", "validate with --columns over English sent_more",
         lambda d: (indibias(d), Call(["validate", str(d / "with_english.csv"), "--lang", "et",
                                       *mapping], "ok"))[1]),
        ("indibias", "--columns naming a missing column",
         lambda d: Call(["validate", str(indibias(d)), "--lang", "et", "--columns",
                         "more=sent_more_tamil,less=sent_less_hindi"], "error")),
        ("indibias", "--columns malformed",
         lambda d: Call(["validate", str(indibias(d)), "--lang", "et", "--columns", "more"],
                        "error")),
        ("score-indibias", "score without --columns says how to map",
         lambda d: Call(["score", str(indibias(d)), "--model", str(m.model), "--out",
                         str(d / "s"), "--resamples", "10"], "error", check=hint)),
        ("score-indibias", "score with --columns",
         lambda d: Call(["score", str(indibias(d)), "--model", str(m.model), "--out",
                         str(d / "s"), "--resamples", "10", *mapping], "ok")),
    ]
    return [Probe(row, name, make) for row, name, make in cases]


def without_column(source: Path, target: Path, column: str) -> Path:
    return write_rows(target, [{k: v for k, v in row.items() if k != column}
                               for row in read_rows(source)])


def _names_columns(column: str):
    """A refusal must name the missing column and the columns the file has."""
    def check(outcome: Outcome) -> str | None:
        said = outcome.output.replace("\n", "")
        return None if f"lacks column(s) {column}" in said and "its columns:" in said \
            else "wrong"
    return check


def column_probes(m: Materials) -> list[Probe]:
    cases = {  # name -> (good table, column left out, arguments with the table in place)
        "transfer --cues without cue_id": (GOLD / "cues.csv", "cue_id", lambda d, p: [
            "transfer", SEEDS, "--aligned", GOLD / "alignment.csv", "--cues", p, "--lang", "et",
            "--out", d / "t.csv"]),
        "transfer --cues without text": (GOLD / "cues.csv", "text", lambda d, p: [
            "transfer", SEEDS, "--aligned", GOLD / "alignment.csv", "--cues", p, "--lang", "et",
            "--out", d / "t.csv"]),
        "transfer --aligned (gold) without tgt_cue_ids": (
            GOLD / "alignment.csv", "tgt_cue_ids", lambda d, p: [
                "transfer", SEEDS, "--aligned", p, "--cues", GOLD / "cues.csv", "--lang", "et",
                "--out", d / "t.csv"]),
        "review export --cues without idx": (GOLD / "cues.csv", "idx", lambda d, p: [
            "review", "export", m.transferred, "--out", d / "r.csv", "--cues", p]),
        "eval-align prediction without src_cue_ids": (GOLD / "alignment.csv", "src_cue_ids",
                                                      lambda d, p: ["eval-align", p,
                                                                    GOLD / "alignment.csv"]),
    }

    def make_for(source: Path, column: str, arguments):
        def make(d: Path) -> Call:
            table = without_column(source, d / "table.csv", column)
            return Call([str(a) for a in arguments(d, table)], "error",
                        check=_names_columns(column), absent=(d / "t.csv", d / "r.csv"))
        return make

    return [Probe("cue-columns", name, make_for(source, column, arguments))
            for name, (source, column, arguments) in cases.items()]


def probes(m: Materials) -> list[Probe]:
    return encoding_probes(m) + shape_probes(m) + indibias_probes(m) + column_probes(m)
