"""Agreement figures against hand-computed cases, and the report built from a store."""

from __future__ import annotations

import math

import numpy as np
import polars as pl
import pytest

from aligner.build.report import agreement_section
from aligner.pairs.agreement import (
    fleiss_kappa,
    kappa_table,
    krippendorff_alpha,
    measure,
    observed_agreement,
)

NAN = np.nan


def test_two_reviewers_four_pairs_by_hand():
    # Codes 0/1; reviewer A: 0 0 1 1, reviewer B: 0 1 1 1.
    # Coincidences: o00 = 2, o01 = o10 = 1, o11 = 4; n0 = 3, n1 = 5, n = 8.
    # alpha = 1 - (n - 1) * (o01 + o10) / (n0 * n1 * 2) = 1 - 7 * 2 / 30 = 8/15.
    # Fleiss: P_i = 1, 0, 1, 1 -> P = 3/4; p0 = 3/8, p1 = 5/8 -> Pe = 34/64;
    # kappa = (3/4 - 34/64) / (1 - 34/64) = 14/30 = 7/15.
    matrix = np.array([[0, 0, 1, 1], [0, 1, 1, 1]], dtype=float)
    assert krippendorff_alpha(matrix) == pytest.approx(8 / 15)
    assert fleiss_kappa(kappa_table(matrix)) == pytest.approx(7 / 15)


def test_three_reviewers_with_a_missing_vote_by_hand():
    # Pairs: (0,0,0), (0,1,-), (1,1,1). Pair 1: o00 += 6/2 = 3. Pair 2 (m = 2): o01 = o10 = 1.
    # Pair 3: o11 += 3. n0 = 4, n1 = 4, n = 8.
    # alpha = 1 - 7 * 2 / (4 * 4 * 2) = 1 - 14/32 = 9/16.
    # Kappa uses only the two pairs with three votes, which agree fully: P = 1, Pe = 1/2 -> 1.
    matrix = np.array([[0, 0, 1], [0, 1, 1], [0, NAN, 1]], dtype=float)
    assert krippendorff_alpha(matrix) == pytest.approx(9 / 16)
    assert observed_agreement(matrix) == pytest.approx(2 / 3)  # 1, 0 and 1 agreeing shares
    table = kappa_table(matrix)
    assert table.tolist() == [[3, 0], [0, 3]]
    assert fleiss_kappa(table) == pytest.approx(1.0)


def test_agreement_is_undefined_when_everyone_always_says_the_same():
    same = np.array([[1, 1, 1], [1, 1, 1]], dtype=float)
    assert math.isnan(krippendorff_alpha(same)) and math.isnan(fleiss_kappa(kappa_table(same)))
    assert math.isnan(krippendorff_alpha(np.array([[0, NAN], [NAN, 1]], dtype=float)))


def store(rows: list[tuple]) -> pl.DataFrame:
    """(pair_id, reviewer, decision, direction, category) -> a store of votes."""
    return pl.DataFrame(
        [
            {
                "pair_id": p,
                "lang": "et",
                "sent_more": "A",
                "sent_less": "B",
                "decision": d,
                "comment": "no" if d == "reject" else None,
                "chosen_direction": direction,
                "chosen_category": category,
                "reviewer": r,
                "revision": n + 1,
            }
            for n, (p, r, d, direction, category) in enumerate(rows)
        ]
    )


PAIRS = pl.DataFrame(
    {
        "pair_id": ["p1", "p2", "p3", "p4"],
        "lang": ["et"] * 4,
        "film": ["a", "a", "b", "b"],
        "bias_type": ["gender", "gender", "age", "age"],
    }
)


def test_measure_gives_each_variable_scope_and_reviewer_pair():
    votes = store(
        [
            ("p1", "ilse", "accept", "stereo", "gender"),
            ("p1", "jaan", "accept", "stereo", "gender"),
            ("p2", "ilse", "accept", "stereo", "gender"),
            ("p2", "jaan", "reject", "stereo", "age"),
            ("p3", "ilse", "reject", "antistereo", "age"),
            ("p3", "jaan", "reject", "antistereo", "age"),
            ("p4", "ilse", "reject", "stereo", "age"),
            ("p4", "jaan", "reject", "stereo", "age"),
        ]
    )
    report = measure(votes, PAIRS, resamples=200, seed=1)
    overall = report.table.filter(pl.col("scope") == "all").sort("variable")
    # decision: ilse A A R R, jaan A R R R: the hand case above -> 8/15 and 7/15.
    row = overall.filter(pl.col("variable") == "decision").row(0, named=True)
    assert row["alpha"] == pytest.approx(8 / 15) and row["kappa"] == pytest.approx(7 / 15)
    assert (row["pairs"], row["votes"], row["reviewers"]) == (4, 8, 2)
    assert row["observed"] == pytest.approx(3 / 4)  # three of four pairs agree
    assert row["alpha_low"] <= row["alpha"] <= row["alpha_high"]
    assert report.primary_metric == pytest.approx(8 / 15)
    direction = overall.filter(pl.col("variable") == "direction").row(0, named=True)
    assert direction["alpha"] == pytest.approx(1.0)
    films = report.table.filter((pl.col("scope") == "film") & (pl.col("variable") == "decision"))
    assert films["group"].to_list() == ["a", "b"]
    assert math.isnan(films["alpha"][1])  # film b: every vote a rejection
    decision = report.confusion.filter(pl.col("variable") == "decision")
    assert decision.select("label_a", "label_b", "pairs").rows() == [
        ("accept", "accept", 1),
        ("accept", "reject", 1),
        ("reject", "reject", 2),
    ]
    again = measure(votes, PAIRS, resamples=200, seed=1)
    assert again.table.equals(report.table)  # seeded: the same intervals every time
    text = "\n".join(agreement_section(report))
    assert "| decision | all | all | 4 | 8 | 2 | 0.75 | 0.533 (" in text
    assert "decision: rows ilse, columns jaan" in text


def test_with_one_reviewer_there_is_nothing_to_measure():
    report = measure(store([("p1", "ilse", "accept", None, None)]), PAIRS, resamples=10)
    assert "No pair has votes from two reviewers yet." in "\n".join(agreement_section(report))
