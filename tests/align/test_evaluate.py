import polars as pl
import pytest

from aligner.align.evaluate import evaluate_alignment, merge_links, read_gold, score_links
from aligner.errors import InputFormatError


def _pred(rows: list[tuple[str, list[str], list[str]]], tgt_lines=None) -> pl.DataFrame:
    """ALIGNMENT-like rows: (src_cue_id, src_cue_ids, tgt_cue_ids); empty target = unaligned."""
    return pl.DataFrame(
        {
            "film": ["f"] * len(rows),
            "tgt_lang": ["et"] * len(rows),
            "src_cue_id": [r[0] for r in rows],
            "src_cue_ids": [r[1] for r in rows],
            "tgt_cue_ids": [r[2] for r in rows],
            "tgt_lines": tgt_lines or [r[2] for r in rows],
            "status": ["aligned" if r[2] else "unaligned" for r in rows],
        },
        schema_overrides={"tgt_lines": pl.List(pl.Utf8)},
    )


def _gold(links: list[tuple[str, str]]) -> pl.DataFrame:
    return pl.DataFrame(
        {
            "film": ["f"] * len(links),
            "tgt_lang": ["et"] * len(links),
            "src_cue_ids": [s for s, _ in links],
            "tgt_cue_ids": [t for _, t in links],
        }
    ).with_columns(pl.col("src_cue_ids").str.split(" "), pl.col("tgt_cue_ids").str.split(" "))


def _all(scores: pl.DataFrame) -> dict:
    return scores.filter(pl.col("film") == "ALL").row(0, named=True)


def test_two_rows_onto_one_target_count_as_one_correct_2_1_link():
    pred = _pred([("1", ["1"], ["1"]), ("2", ["2"], ["1"]), ("3", ["3"], ["2"])])
    scores = _all(evaluate_alignment(pred, _gold([("1 2", "1"), ("3", "2")])))
    assert scores["n_predicted"] == 2
    assert scores["f1_strict"] == 1.0


def test_strict_needs_exact_sets_lax_needs_overlap():
    pred = _pred([("1", ["1"], ["1"]), ("2", ["2"], ["3"])])
    scores = _all(evaluate_alignment(pred, _gold([("1", "1 2"), ("2", "4")])))
    assert scores["precision_strict"] == 0.0 and scores["recall_strict"] == 0.0
    assert scores["precision_lax"] == 0.5 and scores["recall_lax"] == 0.5
    assert scores["f1_lax"] == pytest.approx(0.5)


def test_selected_lines_are_scored_only_against_their_gold_links():
    pred = _pred([("2", ["2"], ["2"])])
    scores = _all(evaluate_alignment(pred, _gold([("1", "1"), ("2", "2"), ("3", "3")])))
    assert scores["n_gold"] == 1 and scores["f1_strict"] == 1.0


def test_unaligned_lines_cost_recall_not_precision():
    pred = _pred([("1", ["1"], ["1"]), ("2", ["2"], [])])
    scores = _all(evaluate_alignment(pred, _gold([("1", "1"), ("2", "2")])))
    assert scores["precision_strict"] == 1.0 and scores["recall_strict"] == 0.5


def test_a_line_the_reader_joined_merges_the_gold_links_it_spans():
    pred = _pred([("7+8", ["7", "8"], ["5", "6"])], tgt_lines=[["5", "6"]])
    scores = _all(evaluate_alignment(pred, _gold([("7", "5"), ("8", "6")])))
    assert scores["f1_strict"] == 1.0


def test_finer_links_tiling_a_gold_unit_count_once():
    pred = _pred([("1", ["1"], ["a"]), ("2", ["2"], ["b"])])
    assert _all(evaluate_alignment(pred, _gold([("1 2", "a b")])))["f1_strict"] == 1.0
    crossed = _pred([("1", ["1"], ["b"]), ("2", ["2"], ["a"])])
    assert _all(evaluate_alignment(crossed, _gold([("1 2", "a b")])))["f1_strict"] == 1.0


def test_merge_links_joins_links_sharing_a_cue():
    merged = merge_links([(frozenset("1"), frozenset("a")), (frozenset("2"), frozenset("a"))])
    assert merged == [(frozenset("12"), frozenset("a"))]


def test_score_links_of_nothing_is_zero_not_an_error():
    assert score_links([], [])["f1_strict"] == 0.0


def test_gold_without_required_columns_is_a_user_error(tmp_path):
    path = tmp_path / "gold.csv"
    path.write_text("film,src\nf,1\n", encoding="utf-8")
    with pytest.raises(InputFormatError) as caught:
        read_gold(path)
    assert caught.value.path == str(path) and caught.value.line == 1
