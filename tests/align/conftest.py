"""A tiny bilingual film, built as CUES frames, and a cached e5-small encoder.

The film has 16 English lines with their Estonian translations, a few short generic
lines, one English line the Estonian release splits in two (1-2) and two English lines
it merges into one (2-1).
"""

from __future__ import annotations

import polars as pl
import pytest

from aligner.embed import cached_encoder
from aligner.frames import CUES, conform

# (English lines of one unit, Estonian lines of the same unit)
UNITS = [
    (["Where were you last night?"], ["Kus sa eile öösel olid?"]),
    (["Yes."], ["Jah."]),
    (
        ["The engine has been making that noise since Tuesday."],
        ["Mootor on sellist häält teinud teisipäevast saati."],
    ),
    (["What?"], ["Mida?"]),
    (
        ["Get in, we're late for the ferry to the island."],
        ["Istu sisse.", "Me jääme saare praamist hiljaks."],
    ),
    (
        ["My father had a boat like this.", "Same engine, same noise."],
        ["Minu isal oli samasugune paat, sama mootor ja sama müra."],
    ),
    (["No."], ["Ei."]),
    (["The harbour master wants the papers by Friday."], ["Sadamakapten tahab pabereid reedeks."]),
    (["Thank you."], ["Aitäh."]),
    (["I will never sell this boat to the company."], ["Ma ei müü seda paati kunagi firmale."]),
    (["Okay."], ["Olgu."]),
    (["The storm is coming from the north tonight."], ["Torm tuleb täna öösel põhjast."]),
    (["Yes."], ["Jah."]),
    (["She fixed the radio with a kitchen knife."], ["Ta parandas raadio köögi noaga."]),
    (["Where is the key to the lighthouse?"], ["Kus on majaka võti?"]),
    (
        ["Two lights lined up mean the channel is safe."],
        ["Kaks tuld ühel joonel tähendab, et kanal on ohutu."],
    ),
]


def _frame(lines: list[tuple[str, int, int]], lang: str, timed: bool) -> pl.DataFrame:
    return conform(
        pl.DataFrame(
            {
                "film": ["harbour"] * len(lines),
                "lang": [lang] * len(lines),
                "idx": list(range(len(lines))),
                "cue_id": [str(i + 1) for i in range(len(lines))],
                "cue_ids": [[str(i + 1)] for i in range(len(lines))],
                "start_ms": [start if timed else None for _, start, _ in lines],
                "end_ms": [end if timed else None for _, _, end in lines],
                "text": [text for text, _, _ in lines],
                "raw_text": [text for text, _, _ in lines],
                "source": [f"harbour.{lang}.srt"] * len(lines),
                "line": [4 * i + 1 for i in range(len(lines))],
            },
            schema_overrides={"start_ms": pl.Int64, "end_ms": pl.Int64},
        ),
        CUES,
    )


def build_film(offset_ms: float = 0.0, drift: float = 1.0, timed: bool = True):
    """(English frame, Estonian frame, gold links as (en rows, et rows)).

    Each unit gets a 4 s slot; the Estonian lines of a unit share its span, mapped by
    t -> drift * t + offset.
    """
    en, et, gold = [], [], []
    for number, (en_lines, et_lines) in enumerate(UNITS):
        start, end = 5_000 + 4_000 * number, 5_000 + 4_000 * number + 3_000
        en_rows, et_rows = [], []
        for part, text in enumerate(en_lines):
            step = (end - start) // len(en_lines)
            en_rows.append(len(en))
            en.append((text, start + part * step, start + (part + 1) * step - 100))
        for part, text in enumerate(et_lines):
            step = (end - start) // len(et_lines)
            et_rows.append(len(et))
            first, last = start + part * step, start + (part + 1) * step - 100
            et.append((text, round(drift * first + offset_ms), round(drift * last + offset_ms)))
        gold.append((en_rows, et_rows))
    return _frame(en, "en", timed), _frame(et, "et", timed), gold


@pytest.fixture(scope="session")
def encoder(tmp_path_factory):
    return cached_encoder(
        "e5-small", cache_dir=tmp_path_factory.mktemp("embeddings"), show_progress=False
    )


@pytest.fixture
def film():
    return build_film()


@pytest.fixture
def make_film():
    return build_film


@pytest.fixture
def units():
    return UNITS
