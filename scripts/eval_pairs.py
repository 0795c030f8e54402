"""Measure pair transfer and the validator on the sample corpus against its gold pairs.

    python scripts/eval_pairs.py [--sample sample] [--langs et hi] [--aligned ALIGNMENT.parquet]

By default the gold alignment (gold/alignment.csv + gold/cues.csv) feeds transfer, so
the figures measure this stage alone; ``--aligned`` uses the aligner's output instead.
Issue 5's targets: >= 90% of the seed pairs with a gold target pair become a valid pair
equal to it; every other seed pair gets the gold reason; the validator accepts every
gold pair. Prints one table per language and every disagreement, and exits non-zero
when a target is missed.
"""

from __future__ import annotations

import argparse
import sys
import unicodedata
from pathlib import Path

import polars as pl

from aligner.pairs import reasons as r
from aligner.pairs.aligned import gold_aligned
from aligner.pairs.io import read_csv_rows, read_frame
from aligner.pairs.transfer import load_languages, transfer_pairs
from aligner.pairs.validate import validate_pairs

REPO = Path(__file__).resolve().parent.parent
TARGET = 0.90


def _same(a: str | None, b: str | None) -> bool:
    return unicodedata.normalize("NFC", a or "") == unicodedata.normalize("NFC", b or "")


def evaluate(seeds: pl.DataFrame, gold: pl.DataFrame, aligned: pl.DataFrame, lang: str) -> dict:
    """Transfer + validate one language; compare each seed pair with its gold row."""
    langs = load_languages(lang)
    ours = validate_pairs(transfer_pairs(seeds, aligned, lang, langs=langs), lang,
                          lexicon=langs.tgt_lexicon)
    gold = gold.filter(pl.col("lang") == lang)
    joined = ours.join(gold.select("pair_id", gold_more="sent_more", gold_less="sent_less",
                                   gold_reason="reason"), on="pair_id", how="left")
    pairs_ok, reasons_ok, problems = 0, 0, []
    for row in joined.iter_rows(named=True):
        if row["gold_reason"] is None:
            valid = row["status"] == r.OK and row["verdict"] == r.OK
            equal = _same(row["sent_more"], row["gold_more"]) and _same(
                row["sent_less"], row["gold_less"])
            pairs_ok += valid and equal
            if not (valid and equal):
                what = row["reason"] or row["verdict_reason"] or "differs"
                said = row["message"] or row["verdict_message"] or ""
                problems.append((row["pair_id"], what, said,
                                 f"ours: {row['sent_more']} | {row['sent_less']}\n"
                                 f"      gold: {row['gold_more']} | {row['gold_less']}"))
        else:
            reasons_ok += row["reason"] == row["gold_reason"]
            if row["reason"] != row["gold_reason"]:
                problems.append((row["pair_id"], f"{row['reason']} != gold {row['gold_reason']}",
                                 row["message"] or "", ""))
    with_pair = gold.filter(pl.col("reason").is_null())
    checked = validate_pairs(with_pair, lang, lexicon=langs.tgt_lexicon)
    rejected_gold = checked.filter(pl.col("verdict") != r.OK)
    n_pairs = with_pair.height
    n_reasons = gold.height - n_pairs
    return {
        "lang": lang,
        "gold_pairs": n_pairs,
        "equal_valid": pairs_ok,
        "equal_valid_rate": pairs_ok / n_pairs if n_pairs else 1.0,
        "gold_reasons": n_reasons,
        "reason_matches": reasons_ok,
        "validator_accepts_gold": n_pairs - rejected_gold.height,
        "primary_metric": "equal_valid_rate",
        "problems": problems,
        "rejected_gold": [
            (x["pair_id"], x["verdict_reason"], x["verdict_message"])
            for x in rejected_gold.iter_rows(named=True)
        ],
    }


def _report(result: dict) -> bool:
    lang = result["lang"]
    print(f"\n== {lang}: transfer with validator vs gold")
    print(f"valid pairs equal to gold: {result['equal_valid']}/{result['gold_pairs']} "
          f"= {result['equal_valid_rate']:.1%} (target >= {TARGET:.0%})")
    print(f"gold reason reproduced:    {result['reason_matches']}/{result['gold_reasons']}")
    print(f"validator accepts gold:    {result['validator_accepts_gold']}/{result['gold_pairs']}")
    for pair_id, what, message, detail in result["problems"]:
        print(f"  {pair_id}: {what}: {message}")
        if detail:
            print(f"      {detail}")
    for pair_id, code, message in result["rejected_gold"]:
        print(f"  gold {pair_id} rejected by the validator: {code}: {message}")
    return (result["equal_valid_rate"] >= TARGET
            and result["reason_matches"] == result["gold_reasons"]
            and result["validator_accepts_gold"] == result["gold_pairs"])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sample", type=Path, default=REPO / "sample")
    parser.add_argument("--langs", nargs="+", default=["et", "hi"])
    parser.add_argument("--aligned", type=Path, help="aligner output (ALIGNMENT frame)")
    args = parser.parse_args(argv)
    seeds = read_csv_rows(args.sample / "seed_pairs.csv").with_columns(
        pl.col("start_ms").cast(pl.Int64))
    gold = read_csv_rows(args.sample / "gold" / "pairs.csv")
    if args.aligned:
        alignment = read_frame(args.aligned)
    else:
        links = read_csv_rows(args.sample / "gold" / "alignment.csv", required=())
        cues = read_csv_rows(args.sample / "gold" / "cues.csv", required=())
    met = True
    for lang in args.langs:
        aligned = (
            alignment.filter(pl.col("tgt_lang") == lang) if args.aligned
            else gold_aligned(links, cues, lang)
        )
        met &= _report(evaluate(seeds, gold, aligned, lang))
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
