"""Reviewer agreement on a synthetic review with planted disagreement, reproducibly.

Invents a queue of pairs over two films and four categories, has every reviewer vote on
every pair through the decision store's own API (``write_decision``, as the review page and
``align review apply`` do), each giving the pair's true decision, direction and category,
and then plants disagreement: a number of votes, drawn without replacement for each kind
(so one vote may carry two kinds), with the decision flipped (accept <-> reject), the
category replaced by another, or the direction flipped. Everything is drawn from one seed.
Prints alpha, kappa, their 95% bootstrap intervals and the observed agreement per variable
and group (``aligner.pairs.agreement.measure``) as the Markdown ``align review agreement``
writes, and, with ``--plot``, draws them as ``align review agreement --plot`` does. The
defaults are the published synthetic review: 40 pairs, 3 reviewers, 12 flipped decisions,
6 wrong categories, 3 flipped directions.

    PYTHONPATH=scripts:. .venv/bin/python scripts/eval_agreement.py --plot out/agreement.png
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import polars as pl
from rich.console import Console

from aligner.build.report import agreement_section
from aligner.frames import PAIRS
from aligner.lexicon.model import CATEGORIES
from aligner.pairs.agreement import measure
from aligner.pairs.agreement_plot import plot_agreement
from aligner.pairs.decisions import DIRECTIONS, Log, Proposal, write_decision
from aligner.pairs.review import Validators

FILMS = ("film-a", "film-b")
SYNTHETIC_CATEGORIES = CATEGORIES[:4]  # ten pairs a group at 40 pairs: intervals still show
REJECTED_SHARE = 0.3  # pairs (at least one) every reviewer rejects unless planted otherwise
ANTISTEREO_SHARE = 0.25  # both labels present: chance-corrected figures are defined


@dataclass(frozen=True)
class Planted:
    """How many votes each kind of planted disagreement changes."""

    decisions: int = 0
    categories: int = 0
    directions: int = 0


PUBLISHED = Planted(decisions=12, categories=6, directions=3)


def synthetic_queue(pairs: int, seed: int = 0) -> pl.DataFrame:
    """PAIRS rows for ``pairs`` invented pairs, films and categories taking turns; a seeded
    quarter is antistereotypical. ``bias_type`` and ``stereo_antistereo`` are what every
    reviewer reads in the pair unless a planted vote says otherwise."""
    rng = np.random.default_rng(seed)
    antistereo = set(
        rng.choice(pairs, size=round(pairs * ANTISTEREO_SHARE), replace=False).tolist()
    )
    rows = [
        {
            "pair_id": f"synthetic-{n + 1:03d}",
            "lang": "et",
            "film": FILMS[n % len(FILMS)],
            "bias_type": SYNTHETIC_CATEGORIES[n // len(FILMS) % len(SYNTHETIC_CATEGORIES)],
            "stereo_antistereo": "antistereo" if n in antistereo else "stereo",
            "sent_more": f"Synthetic pair {n + 1}, more.",
            "sent_less": f"Synthetic pair {n + 1}, less.",
            "status": "ok",
        }
        for n in range(pairs)
    ]
    return pl.DataFrame(rows, schema=PAIRS).with_columns(verdict=pl.lit("ok"))


def cast_votes(
    log: Log, queue: pl.DataFrame, reviewers: int, planted: Planted, seed: int = 0
) -> None:
    """Append every reviewer's vote on every pair of ``queue`` to ``log``, the ``planted``
    ones changed; raises ValueError when more votes are to be planted than there are."""
    rng = np.random.default_rng(seed)
    pairs = queue.height
    votes = pairs * reviewers  # vote n * reviewers + r: reviewer r's on pair n
    for kind, count in vars(planted).items():
        if not 0 <= count <= votes:
            raise ValueError(
                f"cannot plant {count} {kind} in {votes} votes "
                f"({pairs} pairs x {reviewers} reviewers)"
            )
    rejected = set(
        rng.choice(pairs, size=max(1, round(pairs * REJECTED_SHARE)), replace=False).tolist()
    )
    flipped, recategorised, turned = (
        set(rng.choice(votes, size=count, replace=False).tolist())
        for count in (planted.decisions, planted.categories, planted.directions)
    )
    validator = Validators()  # called only on edits, and none are cast
    for n, pair in enumerate(queue.iter_rows(named=True)):
        for r in range(reviewers):
            vote = n * reviewers + r
            reject = (n in rejected) != (vote in flipped)
            category = pair["bias_type"]
            if vote in recategorised:
                others = [c for c in SYNTHETIC_CATEGORIES if c != category]
                category = others[int(rng.integers(len(others)))]
            direction = pair["stereo_antistereo"]
            if vote in turned:
                direction = next(d for d in DIRECTIONS if d != direction)
            cells = {
                "decision": "reject" if reject else "accept",
                "comment": "synthetic" if reject else None,
                "chosen_direction": direction,
                "chosen_category": category,
            }
            proposal = Proposal(
                (pair["pair_id"], pair["lang"]),
                (pair["sent_more"], pair["sent_less"]),
                cells,
                reviewer=f"reviewer-{r + 1}",
            )
            write_decision(log, proposal, validator)


def synthetic_review(
    pairs: int = 40, reviewers: int = 3, planted: Planted = PUBLISHED, seed: int = 0
) -> tuple[pl.DataFrame, pl.DataFrame]:
    """(queue, store): the synthetic pairs and every vote on them, as the store holds them."""
    queue = synthetic_queue(pairs, seed)
    log = Log([])
    cast_votes(log, queue, reviewers, planted, seed)
    return queue, log.frame()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=40)
    parser.add_argument("--reviewers", type=int, default=3)
    parser.add_argument(
        "--flip-decisions",
        type=int,
        default=PUBLISHED.decisions,
        help="votes whose accept/reject is flipped",
    )
    parser.add_argument(
        "--wrong-categories",
        type=int,
        default=PUBLISHED.categories,
        help="votes naming another category",
    )
    parser.add_argument(
        "--flip-directions",
        type=int,
        default=PUBLISHED.directions,
        help="votes whose stereo/antistereo is flipped",
    )
    parser.add_argument("--resamples", type=int, default=1000, help="bootstrap resamples")
    parser.add_argument("--seed", type=int, default=0, help="seeds the votes and the bootstrap")
    parser.add_argument("--plot", type=Path, help="write the forest plot as a PNG")
    args = parser.parse_args(argv)
    if args.pairs < 2 or args.reviewers < 2:
        parser.error("agreement needs at least 2 pairs and 2 reviewers")
    planted = Planted(args.flip_decisions, args.wrong_categories, args.flip_directions)
    try:
        queue, votes = synthetic_review(args.pairs, args.reviewers, planted, args.seed)
    except ValueError as err:
        parser.error(str(err))
    report = measure(votes, queue, args.resamples, args.seed)
    console = Console()
    title = f"synthetic review: {args.pairs} pairs x {args.reviewers} reviewers, seed {args.seed}"
    console.print(
        f"planted, of {votes.height} votes: {planted.decisions} decisions flipped "
        f"(accept <-> reject), {planted.categories} wrong categories, "
        f"{planted.directions} directions flipped; every other vote gives the "
        f"pair's true decision, direction and category"
    )
    console.print(f"[bold]{title}[/bold]")
    print("\n".join(agreement_section(report)))
    console.print(
        f"95% percentile bootstrap over pairs, {args.resamples} resamples; "
        f"primary (alpha, decision, all pairs): {report.primary_metric:.3f}"
    )
    if args.plot:
        plot_agreement(
            report.table,
            args.plot,
            f"{title}; planted: {planted.decisions} "
            f"decisions, {planted.categories} categories, {planted.directions} "
            "directions",
        )
        console.print(f"wrote {args.plot}")


if __name__ == "__main__":
    main()
