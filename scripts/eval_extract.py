"""Recall and precision of keyword extraction on the sample's English subtitles.

    python scripts/eval_extract.py [--sample sample]

Positives are the English lines behind the sample's seed pairs (one per stereotyped
line). Extraction is a filter ahead of human review, so recall must be 100%;
precision says how much reading it saves. Printed with and without gendered pronouns,
and per category; exits non-zero when a stereotyped line is missed.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import polars as pl

from aligner.build.seeds import match_seeds, read_seed_pairs
from aligner.extract import extract
from aligner.lexicon import load_lexicon
from aligner.plugins import get_plugin
from aligner.subtitles import ingest

REPO = Path(__file__).resolve().parent.parent


def positives(sample: Path, cues: pl.DataFrame) -> pl.DataFrame:
    """(film, idx, bias_type) of the English line each seed pair came from."""
    seeds = read_seed_pairs(sample / "seed_pairs.csv")
    parts = [
        match_seeds(seeds.filter(pl.col("film") == film), cues.filter(pl.col("film") == film))
        for film in seeds["film"].unique(maintain_order=True)
    ]
    return pl.concat(parts).select("film", idx="src_idx", bias_type="bias_type")


def measure(found: pl.DataFrame, truth: pl.DataFrame) -> dict:
    hits = truth.join(found, on=["film", "idx"], how="semi").height
    return {
        "flagged": found.height,
        "stereotyped": truth.height,
        "found": hits,
        "recall": hits / truth.height if truth.height else 0.0,
        "precision": hits / found.height if found.height else 0.0,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample", type=Path, default=REPO / "sample")
    args = parser.parse_args()
    cues = ingest([args.sample / "films"], keep_going=False).frame.filter(pl.col("lang") == "en")
    truth = positives(args.sample, cues)
    plugin, lexicon = get_plugin("en"), load_lexicon("en")
    missed = 0
    for label, pronouns in (("with pronouns", True), ("without pronouns", False)):
        found = extract(cues, plugin, lexicon, include_pronouns=pronouns).select("film", "idx")
        result = measure(found, truth)
        print(
            f"{label:>17}: {result['flagged']} of {cues.height} lines flagged, "
            f"recall {result['found']}/{result['stereotyped']} = {result['recall']:.1%}, "
            f"precision {result['precision']:.1%}"
        )
        if pronouns:
            missed = result["stereotyped"] - result["found"]
            for category in sorted(truth["bias_type"].unique()):
                subset = truth.filter(pl.col("bias_type") == category)
                hits = subset.join(found, on=["film", "idx"], how="semi").height
                print(f"{'':>19}{category:<20} recall {hits}/{subset.height}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
