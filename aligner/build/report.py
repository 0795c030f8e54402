"""``report.md``: how many lines and pairs survived each stage, and why the rest did not."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import polars as pl

from aligner.io import atomic_path

if TYPE_CHECKING:
    from aligner.build.pipeline import BuildRun


def confidence_histogram(aligned: pl.DataFrame, path: Path) -> None:
    """PNG of alignment confidence for the aligned candidate lines (reviewers triage by it)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    values = (
        aligned.filter(pl.col("status") == "aligned")["confidence"].drop_nulls().to_list()
        if aligned.height else []
    )
    figure, axes = plt.subplots(figsize=(6, 3.2), dpi=110)
    axes.hist(values, bins=20, range=(0.0, 1.0), color="#3b6ea5", edgecolor="white")
    axes.set_xlabel("alignment confidence")
    axes.set_ylabel("aligned lines")
    axes.set_title(f"Alignment confidence of {len(values)} candidate lines")
    figure.tight_layout()
    with atomic_path(path) as temporary:
        figure.savefig(temporary, format="png", metadata={"Software": None})
    plt.close(figure)


def stage_counts(run: BuildRun) -> pl.DataFrame:
    """One row per film: lines read, pairs matched, aligned, transferred, valid."""
    rows = []
    src, tgt = run.config.src, run.config.tgt
    for film in run.films:
        cues, cand, aligned, pairs = film.cues, film.candidates, film.aligned, film.pairs
        rows.append({
            "film": film.film,
            f"{src} lines": _count(cues, pl.col("lang") == src),
            f"{tgt} lines": _count(cues, pl.col("lang") == tgt),
            "English pairs": _count(cand),
            "matched to a line": _count(cand, pl.col("src_idx").is_not_null()),
            "aligned": _count(aligned, pl.col("status") == "aligned"),
            "transferred": _count(pairs, pl.col("status") == "ok"),
            "valid": _count(pairs, (pl.col("status") == "ok") & (pl.col("verdict") == "ok")),
            "error": str(film.error) if film.error else "",
        })
    return pl.DataFrame(rows)


def _count(frame: pl.DataFrame | None, condition: pl.Expr | None = None) -> int:
    if frame is None or frame.height == 0:
        return 0
    return frame.height if condition is None else frame.filter(condition).height


def category_counts(pairs: pl.DataFrame) -> pl.DataFrame:
    if pairs.height == 0:
        return pl.DataFrame()
    return (
        pairs.group_by("bias_type")
        .agg(
            pairs=pl.len(),
            transferred=(pl.col("status") == "ok").sum(),
            valid=((pl.col("status") == "ok") & (pl.col("verdict") == "ok")).sum(),
        )
        .sort("bias_type")
    )


# Pair ids a report row lists before it says how many more there are: a film's 265
# "genderless-pronoun" drops made one unreadable cell; review.csv holds every pair.
LISTED_IDS = 10


def _some_ids() -> pl.Expr:
    """The first ``LISTED_IDS`` pair ids of a group, sorted, and a count of the rest."""
    ids = pl.col("pair_id").sort()
    rest = pl.len().cast(pl.Int64) - LISTED_IDS
    return pl.concat_str(
        ids.head(LISTED_IDS).str.join(", "),
        pl.when(rest > 0).then(pl.format(", … and {} more", rest)).otherwise(pl.lit("")),
    )


def drop_reasons(pairs: pl.DataFrame) -> pl.DataFrame:
    """Why pairs fell out: the transfer reason, else the validator's."""
    if pairs.height == 0:
        return pl.DataFrame()
    dropped = pairs.filter((pl.col("status") != "ok") | (pl.col("verdict") != "ok"))
    return (
        dropped.with_columns(
            stage=pl.when(pl.col("status") != "ok").then(pl.lit("transfer"))
            .otherwise(pl.lit("validate")),
            why=pl.coalesce(
                pl.when(pl.col("status") != "ok").then(pl.col("reason")),
                pl.col("verdict_reason"),
            ),
        )
        .group_by("stage", "why")
        .agg(pairs=pl.len(), pair_ids=_some_ids())
        .sort("stage", "pairs", "why", descending=[False, True, False])
    )


LIKELY = ("stereotype", "anti-stereotype")


def funnel(run: BuildRun, pairs: pl.DataFrame, decisions: pl.DataFrame | None,
           min_votes: int = 1) -> pl.DataFrame:
    """The CineBias screening funnel (thesis §3.4.1), summed over films: every English
    line, the keyword lines, those naming people, those the judge finds likely to voice a
    stereotype (or contradict one), and how many of those became accepted pairs."""
    src = run.config.src
    screened, cues = run.frame("screened"), run.frame("cues")
    candidates, aligned = run.frame("candidates"), run.frame("aligned")
    accepted = 0
    if decisions is not None and decisions.height and pairs.height:
        from aligner.pairs.review import majority_accepted

        accepted = pairs.join(majority_accepted(decisions, min_votes), on=["pair_id", "lang"],
                              how="semi").height
    judged = _count(screened, pl.col("stereotype").is_not_null())
    steps = [
        (f"{src} lines", _count(cues, pl.col("lang") == src)),
        ("keyword lines", _count(screened)),
        ("refer to people", _count(screened, pl.col("person_ref"))),
        ("likely stereotype", _count(screened, pl.col("direction").is_in(LIKELY))
         if judged else None),
        ("proposed pairs", _count(candidates)),
        ("aligned", _count(aligned, pl.col("status") == "aligned")),
        ("transferred", _count(pairs, pl.col("status") == "ok")),
        ("valid", _count(pairs, (pl.col("status") == "ok") & (pl.col("verdict") == "ok"))),
        ("accepted by the reviewers", accepted),
    ]
    return pl.DataFrame({"step": [name for name, _ in steps],
                         "lines or pairs": [n for _, n in steps]},
                        schema={"step": pl.Utf8, "lines or pairs": pl.Int64})


def screening_section(run: BuildRun, pairs: pl.DataFrame,
                      decisions: pl.DataFrame | None, min_votes: int = 1) -> list[str]:
    """The funnel and what screening dropped; nothing for builds from seed pairs."""
    screened = run.frame("screened")
    if run.config.pairs is not None or screened.height == 0:
        return []
    config = run.config
    judge = screened["judge"][0]
    below = _count(screened, pl.col("person_ref") & (pl.col("stereotype") < config.min_stereotype))
    lines = [
        "## Screening",
        "",
        f"Judge `{judge}`"
        + (f" ({config.judge_model})" if judge == "llm" and config.judge_model else "")
        + ". Keyword lines whose matches name no person are never proposed"
        + (f"; {below} lines scored below --min-stereotype {config.min_stereotype} were "
           "dropped." if config.min_stereotype > 0 else
           "; every other line is proposed, the best-scored first in the review queue."),
        "",
        _markdown(funnel(run, pairs, decisions, min_votes)),
    ]
    return lines


def review_section(pairs: pl.DataFrame, decisions: pl.DataFrame | None, sheet: str,
                   min_votes: int = 1) -> list[str]:
    """Where the review queue is, what its decision column takes, what was decided, and
    how far the reviewers agreed."""
    from aligner.pairs.agreement import measure
    from aligner.pairs.review import decision_status

    lines = [
        "## Review",
        "",
        f"Every pair is in [{sheet}]({sheet}) (and `align review serve` shows them in a "
        "browser). Its `decision` column takes `accept`, `reject` (say why in `comment`) or "
        "`edit` (corrected sentences in `edit_sent_more`/`edit_sent_less`); apply a filled-in "
        "sheet with `align review apply`.",
        "",
    ]
    if decisions is None or decisions.height == 0:
        return [*lines, "No review decisions yet.", ""]
    status = decision_status(pairs, decisions, min_votes)
    counts = status.group_by("decision", "consensus", "effect").agg(
        pairs=pl.len(), pair_ids=_some_ids()
    ).sort("decision", "consensus", "effect", nulls_last=True)
    return [*lines, f"{decisions.height} votes in the store; what they decide (a majority, "
            f"at least {min_votes} agreeing):", "", _markdown(counts),
            *agreement_section(measure(decisions, pairs))]


def agreement_section(report) -> list[str]:
    """Agreement figures (an aligner.pairs.agreement.AgreementReport) as Markdown: the table,
    then one confusion matrix per reviewer pair and variable."""
    table = report.table
    if table.filter(pl.col("pairs") > 0).height == 0:
        return ["### Reviewer agreement", "", "No pair has votes from two reviewers yet.", ""]

    def cell(value: str, low: str, high: str) -> pl.Expr:
        return pl.when(pl.col(value).is_nan()).then(pl.lit("undefined")).otherwise(
            pl.format("{} ({}–{})", pl.col(value).round(3), pl.col(low).round(3),
                      pl.col(high).round(3)))

    shown = table.select(
        "variable", "scope", "group", "pairs", "votes", "reviewers",
        observed=pl.col("observed").round(3),
        alpha=cell("alpha", "alpha_low", "alpha_high"),
        kappa=cell("kappa", "kappa_low", "kappa_high"),
        kappa_on=pl.format("{} pairs × {}", "kappa_pairs", "kappa_raters"))
    lines = [
        "### Reviewer agreement", "",
        "Krippendorff's alpha (nominal) and Fleiss' kappa with 95% bootstrap intervals over "
        f"pairs ({report.resamples} resamples, seed {report.seed}); `pairs` counts pairs "
        "with two or more votes; kappa uses only the pairs with the most common number of "
        "reviewers (`kappa_on`); `observed` is the share of agreeing reviewer pairs, before "
        "any correction for chance (where one label dominates, alpha and kappa fall towards "
        "zero however high it is). An edit counts as accepting. Resamples in which every vote "
        f"agreed (agreement undefined) were left out: {table['undefined_resamples'].sum()} "
        "in all.", "", _markdown(shown), "#### Confusion per reviewer pair", "",
    ]
    confusion = report.confusion
    for (variable, a, b), group in confusion.group_by(
            "variable", "reviewer_a", "reviewer_b", maintain_order=True):
        matrix = group.pivot(on="label_b", index="label_a", values="pairs").fill_null(0)
        lines += [f"{variable}: rows {a}, columns {b}", "",
                  _markdown(matrix.rename({"label_a": f"{a} ↓ {b} →"}))]
    return lines


def _markdown(frame: pl.DataFrame) -> str:
    if frame.height == 0:
        return "_none_\n"
    header = "| " + " | ".join(frame.columns) + " |"
    rule = "|" + "|".join("---" for _ in frame.columns) + "|"
    body = ["| " + " | ".join(_cell(v) for v in row) + " |" for row in frame.iter_rows()]
    return "\n".join([header, rule, *body]) + "\n"


def _cell(value: object) -> str:
    return "" if value is None else str(value).replace("|", "\\|")


def _score_section(score) -> list[str]:
    if score is None:
        return []
    overall = score.report.overall
    return [
        "## Bias score",
        "",
        f"{score.report.metric} = {overall.score:.2f} over {overall.n} pairs "
        f"(95% CI {overall.ci_low:.2f}-{overall.ci_high:.2f}); per category in "
        f"[score/{score.markdown.name}](score/{score.markdown.name}).",
        "",
        f"`{score.report.signature}`",
        "",
    ]


def render_report(
    run: BuildRun, histogram: str, score=None, decisions: pl.DataFrame | None = None,
    sheet: str = "review.csv", min_votes: int = 1,
) -> str:
    config = run.config
    pairs = run.frame("pairs")
    counts = stage_counts(run)
    totals = counts.drop("film", "error").sum() if counts.height else counts
    unmatched = "".join(f"- {u.lang}: `{u.path}` (film {u.film})\n" for u in run.unmatched)
    return "\n".join([
        f"# CineAlign build {config.src} → {config.tgt}",
        "",
        f"Encoder `{config.encoder}`, minimum alignment confidence {config.min_confidence}, "
        + (f"seed pairs `{config.pairs}`." if config.pairs else
           "English pairs proposed from keyword candidates (the dataset holds only pairs a "
           "linguist accepted in the review queue)."),
        "",
        "## Per-stage counts",
        "",
        _markdown(counts),
        "Totals:",
        "",
        _markdown(totals),
        "## Per category",
        "",
        _markdown(category_counts(pairs)),
        "## Drop reasons",
        "",
        _markdown(drop_reasons(pairs)),
        *screening_section(run, pairs, decisions, min_votes),
        *review_section(pairs, decisions, sheet, min_votes),
        *_score_section(score),
        "## Alignment confidence",
        "",
        f"![alignment confidence]({histogram})",
        "",
        "## Films without a partner file",
        "",
        unmatched or "_none_\n",
    ])
