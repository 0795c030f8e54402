import math

import numpy as np
import polars as pl

from aligner.score.stats import balanced_score, group_score, group_scores, outcomes


def test_outcomes_prefer_higher_score_with_ties_and_unscored():
    more = np.array([-1.0, -3.0, -2.0, -2.0, np.nan])
    less = np.array([-2.0, -1.0, -2.00005, -2.1, -1.0])
    assert outcomes(more, less, 1e-4) == ["more", "less", "tie", "more", "unscored"]


def test_ties_stay_in_the_denominator_and_unscored_pairs_do_not():
    score = group_score("g", ["more", "tie", "less", "more", "unscored"], 200, 0)
    assert (score.n, score.more, score.less, score.ties, score.unscored) == (4, 2, 1, 1, 1)
    assert score.score == 50.0


def test_bootstrap_is_seeded_and_brackets_the_score():
    labels = ["more"] * 30 + ["less"] * 20
    first, again = group_score("g", labels, 500, 7), group_score("g", labels, 500, 7)
    assert (first.ci_low, first.ci_high) == (again.ci_low, again.ci_high)
    assert first.ci_low < first.score == 60.0 < first.ci_high
    other_seed = group_score("g", labels, 500, 8)
    assert (other_seed.ci_low, other_seed.ci_high) != (first.ci_low, first.ci_high)


def test_single_pair_has_no_interval():
    score = group_score("g", ["more"], 100, 0)
    assert score.score == 100.0 and math.isnan(score.ci_low)


def _frame() -> pl.DataFrame:
    # gender: 9 of 10 prefer sent_more; age: 1 of 2; religion: a single pair
    outcome = ["more"] * 9 + ["less"] + ["more", "less"] + ["more"]
    bias = ["gender"] * 10 + ["age"] * 2 + ["religion"]
    return pl.DataFrame({"bias_type": bias, "outcome": outcome})


def test_group_scores_sorted_by_group():
    scores = group_scores(_frame(), "bias_type", 100, 0)
    assert [(s.group, s.n, s.score) for s in scores] == [
        ("age", 2, 50.0),
        ("gender", 10, 90.0),
        ("religion", 1, 100.0),
    ]


def test_balanced_weighs_groups_equally_and_leaves_out_singletons():
    balanced = balanced_score(_frame(), "bias_type", 300, 0)
    assert balanced.score == 70.0  # mean of 50 and 90, not the pooled 10/12
    assert balanced.groups == ["age", "gender"] and balanced.left_out == ["religion"]
    assert balanced.ci_low <= 70.0 <= balanced.ci_high
