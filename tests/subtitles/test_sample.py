"""The bundled corpus reads exactly as sample/gold/cues.csv says it must.

The gold lists one row per raw piece (a cue, ``<id>#k`` speaker turn, or OPUS
sentence) with its clean text; ingest joins continuation pieces into one line, so
each ingested line is compared with its pieces joined by the documented rule (the
ellipses at a seam go when both sides carry one).
"""

import re
from pathlib import Path

import polars as pl
import pytest

from aligner.subtitles import ingest

SAMPLE_DIR = Path(__file__).resolve().parents[2] / "sample"
GOLD = SAMPLE_DIR / "gold" / "cues.csv"
pytestmark = pytest.mark.skipif(not GOLD.exists(), reason="sample corpus not rendered yet")


_ELLIPSIS_END = re.compile(r"(\.\.\.|…)$")
_ELLIPSIS_START = re.compile(r"^(\.\.\.|…)\s*")


def _joined(texts: list[str]) -> str:
    line = texts[0]
    for text in texts[1:]:
        if _ELLIPSIS_START.match(text):
            line = _ELLIPSIS_END.sub("", line)
        line = f"{line} {_ELLIPSIS_START.sub('', text)}"
    return line


@pytest.fixture(scope="module")
def ingested():
    return ingest([SAMPLE_DIR / "films"])


@pytest.fixture(scope="module")
def gold():
    return pl.read_csv(GOLD, schema_overrides={"cue_id": pl.Utf8})


def test_every_sample_file_reads(ingested):
    assert ingested.failures == []
    assert {(r.format, r.ok) for r in ingested.reports} <= {
        ("srt", True),
        ("vtt", True),
        ("opus", True),
    }
    assert len(ingested.reports) == len(list((SAMPLE_DIR / "films").iterdir()))


def test_lines_match_the_gold_pieces(ingested, gold):
    for (film, lang), lines in ingested.frame.group_by("film", "lang", maintain_order=True):
        pieces = {
            row["cue_id"]: row for row in gold.filter(film=film, lang=lang).iter_rows(named=True)
        }
        spoken = [cue_id for cue_id, row in pieces.items() if row["kind"] == "speech"]
        covered = []
        for line in lines.iter_rows(named=True):
            ids = line["cue_id"].split("+")
            covered += ids
            where = f"{film}.{lang} {line['cue_id']}"
            assert line["text"] == _joined([pieces[i]["text"] for i in ids]), where
            assert line["start_ms"] == pieces[ids[0]]["start_ms"], where
            assert line["end_ms"] == pieces[ids[-1]]["end_ms"], where
            assert line["cue_ids"] == list(dict.fromkeys(i.split("#")[0] for i in ids)), where
        assert covered == spoken, f"{film}.{lang}"
