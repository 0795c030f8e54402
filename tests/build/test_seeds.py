import polars as pl
import pytest

from aligner.build.seeds import match_seeds, read_seed_pairs
from aligner.errors import InputFormatError

CUES = pl.DataFrame({
    "idx": [0, 1, 2],
    "cue_id": ["4", "5#2", "7+8"],
    "cue_ids": [["4"], ["5"], ["7", "8"]],
    "start_ms": [1000, 5000, 9000],
    "text": ["Hello.", "Girls can't fish.", "Old men never listen."],
})


def seeds(**columns) -> pl.DataFrame:
    base = {"sent_more": ["x"], "sent_less": ["y"], "orig_side": ["more"],
            "cue_id": [None], "start_ms": [None]}
    return pl.DataFrame({**base, **columns}, schema_overrides={"start_ms": pl.Int64})


@pytest.mark.parametrize(
    ("columns", "expected"),
    [
        ({"cue_id": ["8"]}, 2),  # a cue joined with a continuation
        ({"cue_id": ["5"]}, 1),  # a speaker turn of the cue
        ({"start_ms": [5400]}, 1),  # by time when there is no id
        ({"sent_more": ["Old men never listen."]}, 2),  # by text as a last resort
    ],
)
def test_seed_finds_its_line(columns, expected):
    matched = match_seeds(seeds(**columns), CUES)
    assert matched["src_idx"].to_list() == [expected]


def test_unmatched_seed_has_no_line():
    matched = match_seeds(seeds(start_ms=[60_000]), CUES)
    assert matched["src_idx"].to_list() == [None]


def test_pairs_csv_without_crows_columns_is_rejected(tmp_path):
    path = tmp_path / "pairs.csv"
    path.write_text("sent_more,film\na,b\n")
    with pytest.raises(InputFormatError, match="sent_less") as caught:
        read_seed_pairs(path)
    assert caught.value.path == str(path)
