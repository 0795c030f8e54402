"""How far reviewers agree: Krippendorff's alpha and Fleiss' kappa, with bootstrap intervals.

A benchmark's human filter is only as credible as its reviewers are consistent, so every
judgement the store holds is measured three ways: accept or reject (an edit accepts),
the stereotype direction and the bias category each reviewer chose; over all pairs, per
category and per film. Alpha (nominal, PyPI ``krippendorff``) takes any number of
reviewers per pair and missing votes; Fleiss' kappa (``statsmodels``) needs the same
number of reviewers on every pair, so it is computed over the pairs that have the most
common number (at least two) and says how many those were. Intervals come from
resampling pairs (percentile bootstrap); a resample in which every vote is the same has
no defined agreement and is left out, and the count of those is reported. Both
statistics correct for chance, so where nearly every vote has one label (every reviewer
says "stereo") they fall towards zero however often reviewers agree; the observed share
of agreeing reviewer pairs is reported beside them for that reason.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy as np
import polars as pl

from aligner.pairs.decisions import VOTE, as_votes, latest_votes

VARIABLES = {  # what is measured -> the vote's column holding it
    "decision": "accepted",
    "direction": "chosen_direction",
    "category": "chosen_category",
}
SCOPES = {"all": None, "category": "bias_type", "film": "film"}
AGREEMENT = {
    "variable": pl.Utf8,
    "scope": pl.Utf8,
    "group": pl.Utf8,
    "pairs": pl.Int64,  # pairs with two or more votes on this variable
    "votes": pl.Int64,
    "reviewers": pl.Int64,
    "observed": pl.Float64,  # share of reviewer pairs on a pair that gave the same label
    "alpha": pl.Float64,
    "alpha_low": pl.Float64,
    "alpha_high": pl.Float64,
    "kappa": pl.Float64,
    "kappa_low": pl.Float64,
    "kappa_high": pl.Float64,
    "kappa_pairs": pl.Int64,
    "kappa_raters": pl.Int64,  # the pairs kappa could use, and how
    "undefined_resamples": pl.Int64,  # many reviewers each has
}
CONFUSION = {
    "variable": pl.Utf8,
    "reviewer_a": pl.Utf8,
    "reviewer_b": pl.Utf8,
    "label_a": pl.Utf8,
    "label_b": pl.Utf8,
    "pairs": pl.Int64,
}
NAN = float("nan")


@dataclass(frozen=True)
class AgreementReport:
    """Every figure (AGREEMENT rows), the confusion per reviewer pair (CONFUSION rows), and
    the one number to quote: alpha on accept/reject over all pairs."""

    table: pl.DataFrame
    confusion: pl.DataFrame
    resamples: int
    seed: int

    @property
    def primary_metric(self) -> float:
        overall = self.table.filter((pl.col("variable") == "decision") & (pl.col("scope") == "all"))
        return overall["alpha"][0] if overall.height else NAN


def krippendorff_alpha(matrix: np.ndarray) -> float:
    """Nominal alpha of a reviewers x pairs matrix of label codes (NaN: no vote); NaN when
    undefined (fewer than two pairable votes, or a single label throughout)."""
    import krippendorff

    pairable = np.sum(~np.isnan(matrix), axis=0) >= 2
    values = matrix[:, pairable]
    if values.size == 0 or np.unique(values[~np.isnan(values)]).size < 2:
        return NAN
    return float(krippendorff.alpha(reliability_data=values, level_of_measurement="nominal"))


def kappa_table(matrix: np.ndarray) -> np.ndarray:
    """Pairs x labels counts over the pairs that have the most common number (two or more)
    of votes: the only ones Fleiss' kappa is defined for together."""
    counts = np.sum(~np.isnan(matrix), axis=0)
    usable = counts[counts >= 2]
    if usable.size == 0:
        return np.zeros((0, 0))
    sizes, freq = np.unique(usable, return_counts=True)
    raters = sizes[freq == freq.max()].max()
    chosen = matrix[:, counts == raters]
    labels = np.unique(chosen[~np.isnan(chosen)])
    return np.array([[np.sum(column == label) for label in labels] for column in chosen.T])


def fleiss_kappa(table: np.ndarray) -> float:
    """Fleiss' kappa of a pairs x labels table; NaN when undefined (no pairs, one label)."""
    from statsmodels.stats.inter_rater import fleiss_kappa as kappa

    if table.shape[0] == 0 or np.count_nonzero(table.sum(axis=0)) < 2:
        return NAN
    return float(kappa(table, method="fleiss"))


def observed_agreement(matrix: np.ndarray) -> float:
    """The share of agreeing reviewer pairs within each pair, averaged over pairs with two or
    more votes (Fleiss' P-bar): agreement before any correction for chance."""
    shares = []
    for column in matrix.T:
        labels = column[~np.isnan(column)]
        if labels.size >= 2:
            counts = np.unique(labels, return_counts=True)[1]
            shares.append(np.sum(counts * (counts - 1)) / (labels.size * (labels.size - 1)))
    return float(np.mean(shares)) if shares else NAN


def _interval(
    matrix: np.ndarray, statistic, resamples: int, rng: np.random.Generator
) -> tuple[float, float, int]:
    """Percentile 95% interval over pairs resampled with replacement, and how many resamples
    had no defined value (left out)."""
    pairs = matrix.shape[1]
    if resamples <= 0 or pairs < 2:
        return NAN, NAN, 0
    drawn = rng.integers(0, pairs, size=(resamples, pairs))
    values = np.array([statistic(matrix[:, picks]) for picks in drawn])
    defined = values[~np.isnan(values)]
    if defined.size == 0:
        return NAN, NAN, resamples
    low, high = np.percentile(defined, [2.5, 97.5])
    return float(low), float(high), int(resamples - defined.size)


def _measure(matrix: np.ndarray, resamples: int, rng: np.random.Generator) -> dict:
    table = kappa_table(matrix)
    alpha_low, alpha_high, undefined = _interval(matrix, krippendorff_alpha, resamples, rng)
    kappa_low, kappa_high, _ = _interval(
        matrix, lambda m: fleiss_kappa(kappa_table(m)), resamples, rng
    )
    return {
        "pairs": int(np.sum(np.sum(~np.isnan(matrix), axis=0) >= 2)),
        "votes": int(np.sum(~np.isnan(matrix))),
        "reviewers": int(np.sum(np.any(~np.isnan(matrix), axis=1))),
        "observed": observed_agreement(matrix),
        "alpha": krippendorff_alpha(matrix),
        "alpha_low": alpha_low,
        "alpha_high": alpha_high,
        "kappa": fleiss_kappa(table),
        "kappa_low": kappa_low,
        "kappa_high": kappa_high,
        "kappa_pairs": int(table.shape[0]),
        "kappa_raters": int(table.sum(axis=1)[0]) if table.shape[0] else 0,
        "undefined_resamples": undefined,
    }


def standing_votes(votes: pl.DataFrame, pairs: pl.DataFrame) -> pl.DataFrame:
    """Each reviewer's standing vote per pair (adjudications are not votes), with the
    pair's film and category and ``accepted`` (accept or edit, against reject)."""
    standing = latest_votes(as_votes(votes)).filter(
        (pl.col("role") == VOTE) & pl.col("decision").is_not_null()
    )
    info = pairs.select("pair_id", "lang", "film", "bias_type").unique(["pair_id", "lang"])
    return standing.join(info, on=["pair_id", "lang"], how="left").with_columns(
        reviewer=pl.col("reviewer").fill_null("unknown"),
        accepted=pl.when(pl.col("decision") == "reject")
        .then(pl.lit("reject"))
        .otherwise(pl.lit("accept")),
    )


def _matrix(votes: pl.DataFrame, column: str) -> np.ndarray:
    """Reviewers x pairs label codes of ``column`` (NaN where a reviewer gave none)."""
    labelled = votes.filter(pl.col(column).is_not_null())
    if labelled.height == 0:
        return np.zeros((0, 0))
    labels = {label: code for code, label in enumerate(sorted(set(labelled[column])))}
    reviewers = {name: i for i, name in enumerate(sorted(set(labelled["reviewer"])))}
    items = {
        key: i for i, key in enumerate(sorted(set(labelled.select("pair_id", "lang").iter_rows())))
    }
    matrix = np.full((len(reviewers), len(items)), np.nan)
    for row in labelled.iter_rows(named=True):
        matrix[reviewers[row["reviewer"]], items[(row["pair_id"], row["lang"])]] = labels[
            row[column]
        ]
    return matrix


def confusion(votes: pl.DataFrame) -> pl.DataFrame:
    """For every two reviewers and every variable: how often one said X where the other
    said Y, over the pairs both labelled."""
    rows = []
    for variable, column in VARIABLES.items():
        labelled = votes.filter(pl.col(column).is_not_null())
        by_reviewer = {
            name: dict(
                ((p, lang), label)
                for p, lang, label in group.select("pair_id", "lang", column).iter_rows()
            )
            for (name,), group in labelled.group_by("reviewer")
        }
        for a, b in itertools.combinations(sorted(by_reviewer), 2):
            shared = sorted(set(by_reviewer[a]) & set(by_reviewer[b]))
            counts: dict[tuple[str, str], int] = {}
            for key in shared:
                cell = (by_reviewer[a][key], by_reviewer[b][key])
                counts[cell] = counts.get(cell, 0) + 1
            rows += [(variable, a, b, la, lb, n) for (la, lb), n in sorted(counts.items())]
    return pl.DataFrame(rows, schema=CONFUSION, orient="row")


def measure(
    votes: pl.DataFrame, pairs: pl.DataFrame, resamples: int = 1000, seed: int = 0
) -> AgreementReport:
    """Agreement of the store ``votes`` on the queue ``pairs`` (pair_id, lang, film,
    bias_type): every variable, over all pairs, per category and per film."""
    standing = standing_votes(votes, pairs)
    rng = np.random.default_rng(seed)
    rows = []
    for variable, column in VARIABLES.items():
        for scope, by in SCOPES.items():
            groups = (
                [("all", standing)]
                if by is None
                else sorted(
                    ((key or "unknown", group) for (key,), group in standing.group_by(by)),
                    key=lambda kv: kv[0],
                )
            )
            for group, frame in groups:
                matrix = _matrix(frame, column)
                if matrix.size:
                    rows.append(
                        {
                            "variable": variable,
                            "scope": scope,
                            "group": group,
                            **_measure(matrix, resamples, rng),
                        }
                    )
    table = pl.DataFrame(rows, schema=AGREEMENT) if rows else pl.DataFrame(schema=AGREEMENT)
    return AgreementReport(table, confusion(standing), resamples, seed)
