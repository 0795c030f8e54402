"""The build report stays readable however many pairs a reason drops."""

import polars as pl

from aligner.build.report import LISTED_IDS, drop_reasons


def test_a_drop_reason_lists_a_few_pair_ids_and_counts_the_rest():
    many = LISTED_IDS + 7
    pairs = pl.DataFrame({
        "pair_id": [f"film-L{i:04d}" for i in reversed(range(many))] + ["film-L9999"],
        "status": ["genderless-pronoun"] * many + ["ok"],
        "reason": ["genderless-pronoun"] * many + [None],
        "verdict": ["ok"] * many + ["rejected"],
        "verdict_reason": [None] * many + ["length"],
    })
    rows = {row["why"]: row for row in drop_reasons(pairs).iter_rows(named=True)}
    listed = rows["genderless-pronoun"]["pair_ids"]
    assert rows["genderless-pronoun"]["pairs"] == many
    assert listed.startswith("film-L0000, film-L0001") and listed.endswith(", … and 7 more")
    assert listed.count("film-L") == LISTED_IDS
    assert rows["length"]["pair_ids"] == "film-L9999"
