import polars as pl
import pytest

from aligner.align.inputs import read_cues, select_rows
from aligner.errors import ConfigError, InputFormatError


def _cues() -> pl.DataFrame:
    return pl.DataFrame(
        {
            "film": ["f", "f", "f"],
            "idx": [0, 1, 2],
            "cue_id": ["16", "17#2", "18+19"],
            "cue_ids": [["16"], ["17"], ["18", "19"]],
            "start_ms": [1_000, 3_000, 6_000],
            "end_ms": [2_000, 5_000, 9_000],
        }
    )


def test_lines_found_by_raw_cue_id_turn_or_joined_part(tmp_path):
    lines = pl.DataFrame({"film": ["f", "f", "f"], "cue_id": ["16", "17#2", "19"]})
    assert select_rows(lines, _cues(), tmp_path / "l.csv") == {"f": [0, 1, 2]}


def test_lines_found_by_start_time_exact_or_inside(tmp_path):
    lines = pl.DataFrame({"film": ["f", "f"], "start_ms": [3_000, 7_500]})
    assert select_rows(lines, _cues(), tmp_path / "l.csv") == {"f": [1, 2]}


def test_unknown_line_is_an_error_naming_its_csv_line(tmp_path):
    lines = pl.DataFrame({"film": ["f", "f"], "cue_id": ["16", "99"]})
    with pytest.raises(ConfigError) as caught:
        select_rows(lines, _cues(), tmp_path / "l.csv")
    assert caught.value.line == 3


def test_table_that_is_not_a_cue_frame_is_rejected(tmp_path):
    path = tmp_path / "x.parquet"
    pl.DataFrame({"film": ["f"]}).write_parquet(path)
    with pytest.raises(InputFormatError, match="not a cue frame"):
        read_cues(path)
