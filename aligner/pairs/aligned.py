"""The aligned target line of each English cue, from the aligner or from a gold file.

Transfer needs, per English cue, the target text and the alignment scores. The
aligner's ALIGNMENT frame (aligner/frames.py) has them; a gold alignment (the
sample's gold/alignment.csv with gold/cues.csv) is turned into the same columns so
the pair stage can be evaluated without the aligner.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import polars as pl

from aligner.errors import InputFormatError

# The ALIGNMENT columns transfer reads; the scores may be absent (gold alignments).
REQUIRED = ("film", "src_cue_ids", "tgt_cue_ids", "tgt_text")
GOLD_LINKS = ("film", "tgt_lang", "src_cue_ids", "tgt_cue_ids")  # gold/alignment.csv
GOLD_CUES = ("film", "lang", "cue_id", "text")  # gold/cues.csv
SCORES = ("cosine", "margin", "confidence")
_CONTINUATION = re.compile(r"(\.\.\.|…)$")
_LEADING_ELLIPSIS = re.compile(r"^(\.\.\.|…)\s*")


@dataclass(frozen=True)
class AlignedLine:
    src_cue_ids: tuple[str, ...]
    tgt_cue_ids: tuple[str, ...]
    text: str | None
    src_text: str | None = None
    cosine: float | None = None
    margin: float | None = None
    confidence: float | None = None


def _ids(value: object) -> tuple[str, ...]:
    """Raw cue ids from a list column or a space-separated string ("61 62")."""
    if value is None:
        return ()
    if isinstance(value, str):
        return tuple(value.split())
    return tuple(str(v) for v in value)


def join_texts(parts: list[str]) -> str:
    """Cue texts as one line, dropping "..." continuation marks at the seams (as ingest does)."""
    joined = ""
    for part in parts:
        if not joined:
            joined = part
            continue
        if _LEADING_ELLIPSIS.match(part):
            joined = _CONTINUATION.sub("", joined)
        joined = f"{joined} {_LEADING_ELLIPSIS.sub('', part)}"
    return joined.strip()


class AlignedIndex:
    """English cue id -> aligned line, per film. Lines sharing a cue are joined in order."""

    def __init__(self, lines: dict[tuple[str, str], list[AlignedLine]]):
        self._lines = lines

    def get(self, film: str, cue_id: str) -> AlignedLine | None:
        found: list[AlignedLine] = []
        for raw in re.split(r"[\s+]+", cue_id.strip()):
            for line in self._lines.get((film, raw), []):
                if line not in found:
                    found.append(line)
        if not found:
            return None
        if len(found) == 1:
            return found[0]
        return _merge(found)


def _merge(lines: list[AlignedLine]) -> AlignedLine:
    """A source cue split over several aligned rows (sentence split): one line, weakest score."""
    def weakest(name: str) -> float | None:
        values = [getattr(x, name) for x in lines if getattr(x, name) is not None]
        return min(values) if values else None

    return AlignedLine(
        src_cue_ids=tuple(dict.fromkeys(i for x in lines for i in x.src_cue_ids)),
        tgt_cue_ids=tuple(dict.fromkeys(i for x in lines for i in x.tgt_cue_ids)),
        text=join_texts([x.text for x in lines if x.text]),
        src_text=join_texts([x.src_text for x in lines if x.src_text]),
        cosine=weakest("cosine"), margin=weakest("margin"), confidence=weakest("confidence"),
    )


def aligned_lines(aligned: pl.DataFrame) -> AlignedIndex:
    """Index an ALIGNMENT-like frame by (film, raw English cue id)."""
    missing = [c for c in REQUIRED if c not in aligned.columns]
    if missing:
        raise ValueError(f"aligned frame lacks columns {missing}")
    index: dict[tuple[str, str], list[AlignedLine]] = {}
    for row in aligned.iter_rows(named=True):
        line = AlignedLine(
            src_cue_ids=_ids(row["src_cue_ids"]),
            tgt_cue_ids=_ids(row["tgt_cue_ids"]),
            text=row["tgt_text"],
            src_text=row.get("src_text"),
            **{name: row.get(name) for name in SCORES},
        )
        for cue in line.src_cue_ids:
            bucket = index.setdefault((row["film"], cue), [])
            if line not in bucket:
                bucket.append(line)
    return AlignedIndex(index)


def read_aligned(path: Path, cues: Path | None, tgt_lang: str) -> pl.DataFrame:
    """The aligned lines transfer reads: the aligner's output (rows of ``tgt_lang``), or a
    gold alignment with the cue texts of ``cues``. Each file is checked for the columns
    its kind needs, so a wrong file is one error naming them, not a KeyError mid-way."""
    from aligner.pairs.io import read_frame, require_columns

    frame = read_frame(path)
    if "tgt_text" in frame.columns:
        require_columns(frame, REQUIRED, path)
        if "tgt_lang" in frame.columns:
            frame = frame.filter(pl.col("tgt_lang") == tgt_lang)
        return frame
    if cues is None:
        raise InputFormatError("no tgt_text column: a gold alignment needs --cues", path)
    require_columns(frame, GOLD_LINKS, path)
    return gold_aligned(frame, read_frame(cues, GOLD_CUES), tgt_lang)


def gold_aligned(alignment: pl.DataFrame, cues: pl.DataFrame, tgt_lang: str) -> pl.DataFrame:
    """The sample's gold links for ``tgt_lang`` as an ALIGNMENT-like frame, texts from gold cues.

    ``alignment`` has film, tgt_lang, src_cue_ids, tgt_cue_ids (space-separated raw ids);
    ``cues`` has film, lang, cue_id, text. Scores are null: gold is certain.
    """
    texts = {
        (row["film"], row["lang"], str(row["cue_id"])): row["text"]
        for row in cues.iter_rows(named=True)
    }
    rows = []
    for link in alignment.filter(pl.col("tgt_lang") == tgt_lang).iter_rows(named=True):
        src, tgt = _ids(link["src_cue_ids"]), _ids(link["tgt_cue_ids"])
        rows.append({
            "film": link["film"],
            "src_cue_ids": list(src),
            "tgt_cue_ids": list(tgt),
            "src_text": join_texts([texts.get((link["film"], "en", i), "") for i in src]),
            "tgt_text": join_texts([texts.get((link["film"], tgt_lang, i), "") for i in tgt]),
        })
    schema = {"film": pl.Utf8, "src_cue_ids": pl.List(pl.Utf8), "tgt_cue_ids": pl.List(pl.Utf8),
              "src_text": pl.Utf8, "tgt_text": pl.Utf8}
    return pl.DataFrame(rows, schema=schema)
