"""GenderLex-style cloze sentences: one sentence per gender, a bias context word.

The GenderLex release (seed 002) has one CSV per context type and variant
(GenderLex_verb.csv, GenderLex_noun_someone.csv, ...), with columns ``sent_m``,
``sent_w``, ``context`` and the human bias label ``HB``; WinoBias-style files add
``prounoun_m``/``prounoun_w`` (sic). Any ``sent_<g>`` column is a gender group
(``sent_n`` for "them"); the slot is where a group's sentence differs from the
others, and its words are the pronoun unless ``pronoun_<g>`` says otherwise.
Context type and variant come from ``context_type``/``variant`` columns, else
from the file name: the type is the name's verb/noun/occ(upation) part, the
variant the rest (GenderLex_verb_someone -> verb, GenderLex_someone).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from pathlib import Path

import polars as pl

from aligner.errors import InputFormatError
from aligner.score.cloze.words import cloze_words
from aligner.score.table import Table, read_table

TYPES = {"occupation": "occupation", "occ": "occupation", "verb": "verb", "noun": "noun"}
DEFAULT_TYPE = "context"
# one row per input row and gender group
CLOZE_ROWS = {
    "source": pl.Utf8,  # file read
    "line": pl.Int64,  # line the row starts on
    "item": pl.Utf8,  # file:line, the same for every group of a row
    "variant": pl.Utf8,
    "context_type": pl.Utf8,
    "context": pl.Utf8,
    "group": pl.Utf8,  # m, w, n ... from sent_<group>
    "sentence": pl.Utf8,
    "pronoun": pl.Utf8,  # the word compared with the context for sim(g, c)
    "slot_start": pl.Int64,  # the slot's word span in cloze_words(sentence)
    "slot_end": pl.Int64,
    "human": pl.Utf8,  # the HB label as a group (lower case), null when absent
}


def read_cloze(paths: Sequence[str | Path]) -> pl.DataFrame:
    """All rows of all files in the CLOZE_ROWS layout, in file and group order."""
    frames = [_read_one(read_table(path)) for path in paths]
    return pl.concat(frames) if frames else pl.DataFrame(schema=CLOZE_ROWS)


def _read_one(table: Table) -> pl.DataFrame:
    groups = [name.removeprefix("sent_") for name in table.header if name.startswith("sent_")]
    if len(groups) < 2:
        raise InputFormatError(
            "expected a sentence per gender (sent_m, sent_w, ...) and a context column, "
            "as in GenderLex",
            table.path,
            1,
        )
    if "context" not in table.header:
        raise InputFormatError("missing column context (the bias context word)", table.path, 1)
    type_, variant = _from_name(table.path)
    rows = []
    for record, line in zip(table.rows, table.lines, strict=True):
        cell = dict(zip(table.header, record, strict=True))
        rows += _row_groups(cell, groups, type_, variant, table.path, line)
    if not rows:
        raise InputFormatError("no sentences", table.path)
    return pl.DataFrame(rows, schema=CLOZE_ROWS, orient="row")


def _row_groups(cell, groups, type_, variant, path: Path, line: int) -> list[tuple]:
    sentences = [cell[f"sent_{g}"].strip() for g in groups]
    context = cell["context"].strip()
    if not all(sentences) or not context:
        raise InputFormatError("empty sentence or context", path, line)
    slots = _slots(sentences, path, line)
    human = (cell.get("HB") or cell.get("hb") or "").strip().lower() or None
    if human is not None and human not in groups:
        raise InputFormatError(
            f"HB {human.upper()!r} is not one of the groups {', '.join(groups)}", path, line
        )
    rows = []
    for group, sentence, (start, end) in zip(groups, sentences, slots, strict=True):
        pronoun = (cell.get(f"pronoun_{group}") or cell.get(f"prounoun_{group}") or "").strip()
        words = cloze_words(sentence)
        pronoun = pronoun or " ".join(w.text for w in words[start:end]).lower()
        rows.append(
            (
                str(path),
                line,
                f"{path}:{line}",
                (cell.get("variant") or "").strip() or variant,
                (cell.get("context_type") or "").strip() or type_,
                context,
                group,
                sentence,
                pronoun,
                start,
                end,
                human,
            )
        )
    return rows


def _slots(sentences: list[str], path: Path, line: int) -> list[tuple[int, int]]:
    """The word span where each sentence differs from the first (the first: from the second)."""
    words = [[w.text.casefold() for w in cloze_words(s)] for s in sentences]
    spans = []
    for i, mine in enumerate(words):
        other = words[1] if i == 0 else words[0]
        changed = [
            (a0, a1)
            for op, a0, a1, _b0, _b1 in difflib.SequenceMatcher(
                None, mine, other, autojunk=False
            ).get_opcodes()
            if op != "equal"
        ]
        if len(changed) != 1 or changed[0][0] == changed[0][1]:
            raise InputFormatError(
                "the gender sentences must differ in exactly one place (the pronoun slot); "
                f"{sentences[i]!r} does not",
                path,
                line,
            )
        spans.append(changed[0])
    return spans


def _from_name(path: Path) -> tuple[str, str]:
    """Context type and variant from a GenderLex-style file name."""
    parts = re.split(r"[_\-.\s]+", path.stem)
    typed = [p for p in parts if p.lower() in TYPES]
    if not typed:
        return DEFAULT_TYPE, path.stem
    rest = [p for p in parts if p is not typed[0]]
    return TYPES[typed[0].lower()], "_".join(rest) or path.stem
