"""Tables: the seed pairs and the gold CSVs (alignment, target pairs, cues) of the corpus."""

from __future__ import annotations

import csv
import io

from .film import Rendered
from .script import LANGS, PART_SEPARATOR, TARGETS, join_parts


def _pair(line: str, swap: str, orig_side: str) -> tuple[str, str]:
    return (line, swap) if orig_side == "more" else (swap, line)


def _cue_of(rendered: Rendered, unit: int) -> int:
    return next(line.cue for line in rendered.lines["en"] if line.unit == unit)


def seed_pair_rows(films: list[Rendered]) -> list[list[object]]:
    rows: list[list[object]] = []
    for rendered in films:
        pair_ids = rendered.pair_ids()
        for unit in rendered.film.stereotyped():
            more, less = _pair(unit.text["en"], unit.swap["en"], unit.orig_side)
            start = rendered.cues["en"][_cue_of(rendered, unit.index)].start_ms
            rows.append(
                [pair_ids[unit.index], more, less, unit.stereo, unit.bias, rendered.film.id,
                 " ".join(rendered.ids_of("en", unit.index)), start, unit.orig_side]
            )  # fmt: skip
    return rows


def gold_pair_rows(films: list[Rendered]) -> list[list[object]]:
    rows: list[list[object]] = []
    for rendered in films:
        pair_ids = rendered.pair_ids()
        for unit in rendered.film.stereotyped():
            for lang in TARGETS:
                head = [pair_ids[unit.index], lang, rendered.film.id, unit.bias, unit.stereo]
                if lang in unit.reason:
                    rows.append([*head, "", "", unit.reason[lang]])
                    continue
                swap = join_parts(PART_SEPARATOR.split(unit.swap[lang].strip()))
                rows.append([*head, *_pair(unit.line_text(lang), swap, unit.orig_side), ""])
    return rows


def alignment_rows(films: list[Rendered]) -> list[list[object]]:
    rows: list[list[object]] = []
    for rendered in films:
        pair_ids = rendered.pair_ids()
        for unit in rendered.film.units:
            if unit.kind != "speech":
                continue
            source = " ".join(rendered.ids_of("en", unit.index))
            for lang in TARGETS:
                rows.append(
                    [rendered.film.id, lang, unit.index, source,
                     " ".join(rendered.ids_of(lang, unit.index)),
                     "true" if unit.bias else "false", pair_ids.get(unit.index, "")]
                )  # fmt: skip
    return rows


def cue_rows(films: list[Rendered]) -> list[list[object]]:
    rows: list[list[object]] = []
    for rendered in films:
        for lang in LANGS:
            name = rendered.files[lang][0]
            for line in rendered.lines[lang]:
                rows.append(
                    [rendered.film.id, lang, name, line.raw_id, line.start_ms, line.end_ms,
                     line.kind, line.text]
                )  # fmt: skip
    return rows


TABLES = {
    "seed_pairs.csv": (
        ["pair_id", "sent_more", "sent_less", "stereo_antistereo", "bias_type", "film",
         "cue_id", "start_ms", "orig_side"],
        seed_pair_rows,
    ),
    "gold/alignment.csv": (
        ["film", "tgt_lang", "unit", "src_cue_ids", "tgt_cue_ids", "stereotyped", "pair_id"],
        alignment_rows,
    ),
    "gold/pairs.csv": (
        ["pair_id", "lang", "film", "bias_type", "stereo_antistereo", "sent_more", "sent_less",
         "reason"],
        gold_pair_rows,
    ),
    "gold/cues.csv": (
        ["film", "lang", "file", "cue_id", "start_ms", "end_ms", "kind", "text"],
        cue_rows,
    ),
}  # fmt: skip


def csv_bytes(header: list[str], rows: list[list[object]]) -> bytes:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return buffer.getvalue().encode("utf-8")
