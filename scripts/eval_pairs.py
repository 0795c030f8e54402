"""Measure the pair layer (validator and transfer) on real and hand-written pairs.

    python scripts/eval_pairs.py [--crows CSV] [--dev tests/data] [--sample sample]
                                 [--plot out/eval_pairs.png] [--show-failures]

One run prints, and checks against the targets of issue 10:

1. the validator's accept rate on the gold pairs of the dev sets (tests/data/pairs_{en,et,hi}
   .csv, written by hand from real language; >= 95 % each);
2. its accept rate on the CrowS-Pairs rows whose two sentences differ in one stretch of
   words (>= 95 %), with every rejected row counted by reason, and the rows that differ
   in several stretches by reason too (CrowS-Pairs has non-minimal rows);
3. its reject rate on corrupted copies of the gold pairs, per kind of corruption, with the
   reasons given (scripts/pair_corruptions.py; >= 95 % each, agreement-missing included,
   and a group term replaced by a noun for a thing, issue 18);
4. transfer en->et and en->hi on the dev sets, the English pair with the gold target
   sent_more as the aligned line: the share of gold pairs reproduced exactly (>= 90 %),
   and the gold reasons of the rows that have no pair;
5. the bundled sample: transfer + validator through the gold alignment against the
   sample's gold pairs (>= 90 % equal, every gold reason reproduced, every gold pair valid).

Rows whose two sentences deliberately differ in punctuation or spelling (phenomenon
``punctuation``/``spelling-variant``) test the validator only: transfer keeps the
subtitle's own text, so it cannot reproduce them. Exits non-zero when a target is missed.
"""

from __future__ import annotations

import argparse
import sys
import unicodedata
from collections import Counter, defaultdict
from pathlib import Path

import polars as pl
from pair_corruptions import Gold, corrupt

from aligner.lexicon.load import load_lexicon
from aligner.pairs import reasons as r
from aligner.pairs.aligned import AlignedLine, gold_aligned
from aligner.pairs.analysis import PairReader, content_blocks
from aligner.pairs.io import read_csv_rows
from aligner.pairs.transfer import load_languages, transfer_one, transfer_pairs
from aligner.pairs.validate import validate_pair, validate_pairs
from aligner.plugins import get_plugin

REPO = Path(__file__).resolve().parent.parent
ACCEPT, REJECT, TRANSFER = 0.95, 0.95, 0.90
VALIDATOR_ONLY = ("punctuation", "spelling-variant")


def _same(a: str | None, b: str | None) -> bool:
    return unicodedata.normalize("NFC", a or "") == unicodedata.normalize("NFC", b or "")


class Checks:
    """Targets met and missed, for the exit code and the summary."""

    def __init__(self) -> None:
        self.rows: list[tuple[str, float, float, bool]] = []

    def add(self, what: str, rate: float, target: float, kind: str = ">=") -> bool:
        met = rate >= target
        self.rows.append((what, rate, target, met))
        print(f"{'ok  ' if met else 'MISS'} {what}: {rate:.1%} (target {kind} {target:.0%})")
        return met

    @property
    def all_met(self) -> bool:
        return all(met for *_, met in self.rows)


def read_dev(directory: Path, lang: str) -> pl.DataFrame:
    return read_csv_rows(directory / f"pairs_{lang}.csv", required=("pair_id", "sent_more",
                                                                    "sent_less", "bias_type"))


def gold_rows(frame: pl.DataFrame) -> list[dict]:
    rows = frame.iter_rows(named=True)
    return [row for row in rows if row["sent_less"] and not row.get("reason")]


def validator_on_gold(lang: str, frame: pl.DataFrame) -> dict:
    """The validator on every gold pair of a dev set."""
    plugin, lexicon = get_plugin(lang), load_lexicon(lang)
    rows = gold_rows(frame)
    rejected = []
    for row in rows:
        verdict = validate_pair(row["sent_more"], row["sent_less"], plugin, lexicon,
                                bias_type=row["bias_type"])
        if verdict.status != r.OK:
            rejected.append((row["pair_id"], verdict.reason, verdict.message))
    return {"lang": lang, "pairs": len(rows), "rejected": rejected,
            "accept_rate": 1 - len(rejected) / len(rows), "primary_metric": "accept_rate"}


def _report_gold(result: dict, checks: Checks, show: bool) -> None:
    lang, rows, rejected = result["lang"], result["pairs"], result["rejected"]
    print(f"\n== validator on the {lang} dev set: {rows - len(rejected)}/{rows} gold pairs "
          "accepted")
    for pair_id, code, message in rejected if show else ():
        print(f"  {pair_id}: {code}: {message}")
    checks.add(f"validator accepts {lang} dev gold", result["accept_rate"], ACCEPT)


def crows(path: Path, checks: Checks, show: bool) -> None:
    plugin, lexicon = get_plugin("en"), load_lexicon("en")
    reader = PairReader(plugin, lexicon)
    frame = read_csv_rows(path, required=("sent_more", "sent_less", "bias_type"))
    one, one_word, several = Counter(), Counter(), Counter()
    counts = Counter()
    failures = []
    for row in frame.iter_rows(named=True):
        more, less = plugin.normalize(row["sent_more"]), plugin.normalize(row["sent_less"])
        blocks, _ = content_blocks(reader.side(more), reader.side(less))
        verdict = validate_pair(more, less, plugin, lexicon, bias_type=row["bias_type"])
        code = verdict.reason or r.OK
        if len(blocks) == 1:
            counts["one"] += 1
            one[code] += 1
            a, b = reader.side(more), reader.side(less)
            block = blocks[0]
            words = [sum(map(str.isalnum, t.text[:1])) for t in
                     (*a.tokens[block.a_first:block.a_last], *b.tokens[block.b_first:block.b_last])]
            if sum(words) == 2 and block.a_last - block.a_first and block.b_last - block.b_first:
                one_word[code] += 1
            if code != r.OK:
                failures.append((row["bias_type"], code, verdict.message))
        else:
            several[code] += 1
    accepted = one[r.OK] / counts["one"]
    print(f"\n== CrowS-Pairs ({path.name}): {frame.height} rows; {counts['one']} differ in one "
          f"stretch, {sum(several.values())} in several")
    print(f"one stretch:  accepted {one[r.OK]}/{counts['one']}; rejected by reason: "
          + ", ".join(f"{k} {v}" for k, v in one.most_common() if k != r.OK))
    total_word = sum(one_word.values())
    print(f"one word:     accepted {one_word[r.OK]}/{total_word} = "
          f"{one_word[r.OK] / max(total_word, 1):.1%}")
    print("several stretches (not minimal as written), by reason: "
          + ", ".join(f"{k} {v}" for k, v in several.most_common()))
    for bias, code, message in sorted(failures) if show else ():
        print(f"  [{bias}] {code}: {message}")
    checks.add("validator accepts CrowS one-stretch rows", accepted, ACCEPT)


def corruptions(lang: str, frame: pl.DataFrame) -> dict:
    """The validator on corrupted copies of the gold pairs, per kind of corruption."""
    plugin, lexicon = get_plugin(lang), load_lexicon(lang)
    reader = PairReader(plugin, lexicon)
    golds, bias = [], {}
    for row in gold_rows(frame):
        more, less = plugin.normalize(row["sent_more"]), plugin.normalize(row["sent_less"])
        analysis = reader.analyse(more, less, row["bias_type"])
        bias[row["pair_id"]] = row["bias_type"]
        if analysis.problem is None and analysis.swap is not None:
            golds.append(Gold(row["pair_id"], more, less, analysis))
    tally: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    reasons: dict[str, Counter] = defaultdict(Counter)
    passed = []
    for kind, pair_id, more, broken in corrupt(reader, golds, lang):
        verdict = validate_pair(more, broken, plugin, lexicon, bias_type=bias[pair_id])
        tally[kind][0] += 1
        tally[kind][1] += verdict.status != r.OK
        reasons[kind][verdict.reason or r.OK] += 1
        if verdict.status == r.OK:
            passed.append((kind, pair_id, more, broken))
    rates = {kind: rejected / made for kind, (made, rejected) in tally.items()}
    return {"lang": lang, "golds": len(golds), "tally": dict(tally), "reject_rate": rates,
            "reasons": dict(reasons), "accepted": passed, "primary_metric": "reject_rate"}


def _report_corruptions(result: dict, checks: Checks, show: bool) -> None:
    print(f"\n== corrupted {result['lang']} pairs (made from {result['golds']} gold pairs)")
    for kind, (made, rejected) in result["tally"].items():
        checks.add(f"validator rejects {result['lang']} {kind} ({rejected}/{made})",
                   rejected / made, REJECT)
        print("       by reason: " + ", ".join(
            f"{code} {count}" for code, count in result["reasons"][kind].most_common()))
    for kind, pair_id, more, broken in result["accepted"] if show else ():
        print(f"  accepted {kind} {pair_id}: {more} | {broken}")


def transfer_on_dev(lang: str, frame: pl.DataFrame) -> dict:
    """Transfer en->lang with each English pair and its gold sent_more as the aligned line."""
    langs = load_languages(lang)
    equal, pairs, reasons, reason_rows, misses = 0, 0, 0, 0, []
    for row in frame.iter_rows(named=True):
        if row["phenomenon"] in VALIDATOR_ONLY:
            continue
        line = AlignedLine(("1",), ("1",), row["sent_more"])
        outcome = transfer_one(row["src_sent_more"], row["src_sent_less"], line, langs,
                               bias_type=row["bias_type"])
        if row.get("reason"):
            reason_rows += 1
            reasons += outcome.reason == row["reason"]
            if outcome.reason != row["reason"]:
                misses.append((row["pair_id"], f"{outcome.reason} != gold {row['reason']}", ""))
            continue
        pairs += 1
        good = outcome.reason is None and _same(outcome.natural, row["sent_more"]) and _same(
            outcome.swapped, row["sent_less"])
        equal += good
        if not good:
            misses.append((row["pair_id"], outcome.reason or "differs",
                           f"ours {outcome.swapped!r}, gold {row['sent_less']!r}"))
    return {"lang": lang, "pairs": pairs, "equal": equal, "reason_rows": reason_rows,
            "reasons": reasons, "misses": misses, "equal_rate": equal / pairs,
            "reason_rate": reasons / reason_rows if reason_rows else 1.0,
            "primary_metric": "equal_rate"}


def _report_transfer(result: dict, checks: Checks, show: bool) -> None:
    lang = result["lang"]
    print(f"\n== transfer en->{lang} on the dev set (English pair + gold sent_more as the "
          f"aligned line): {result['equal']}/{result['pairs']} gold pairs reproduced, "
          f"{result['reasons']}/{result['reason_rows']} gold reasons")
    for pair_id, what, detail in result["misses"] if show else ():
        print(f"  {pair_id}: {what} {detail}")
    checks.add(f"transfer en->{lang} reproduces dev gold pairs", result["equal_rate"], TRANSFER)
    if result["reason_rows"]:
        checks.add(f"transfer en->{lang} gives the dev gold reasons", result["reason_rate"], 1.0)


def sample(directory: Path, checks: Checks, show: bool) -> None:
    """The sample corpus: gold alignment -> transfer -> validator, against gold pairs."""
    seeds = read_csv_rows(directory / "seed_pairs.csv").with_columns(
        pl.col("start_ms").cast(pl.Int64))
    gold = read_csv_rows(directory / "gold" / "pairs.csv")
    links = read_csv_rows(directory / "gold" / "alignment.csv", required=())
    cues = read_csv_rows(directory / "gold" / "cues.csv", required=())
    for lang in ("et", "hi"):
        langs = load_languages(lang)
        ours = validate_pairs(transfer_pairs(seeds, gold_aligned(links, cues, lang), lang,
                                             langs=langs), lang, lexicon=langs.tgt_lexicon)
        expected = gold.filter(pl.col("lang") == lang).select(
            "pair_id", gold_more="sent_more", gold_less="sent_less", gold_reason="reason")
        joined = ours.join(expected, on="pair_id", how="left")
        with_pair = [x for x in joined.iter_rows(named=True) if x["gold_reason"] is None]
        equal = sum(x["status"] == r.OK and x["verdict"] == r.OK and _same(
            x["sent_more"], x["gold_more"]) and _same(x["sent_less"], x["gold_less"])
            for x in with_pair)
        others = [x for x in joined.iter_rows(named=True) if x["gold_reason"] is not None]
        reasons = sum(x["reason"] == x["gold_reason"] for x in others)
        print(f"\n== sample {lang}: {equal}/{len(with_pair)} gold pairs made and valid, "
              f"{reasons}/{len(others)} gold reasons")
        for x in with_pair + others if show else ():
            if x["gold_reason"] is None and not (x["verdict"] == r.OK and _same(
                    x["sent_less"], x["gold_less"])):
                print(f"  {x['pair_id']}: {x['reason'] or x['verdict_reason']}: "
                      f"{x['sent_more']} | {x['sent_less']}")
            elif x["gold_reason"] is not None and x["reason"] != x["gold_reason"]:
                print(f"  {x['pair_id']}: {x['reason']} != gold {x['gold_reason']}")
        checks.add(f"sample {lang} gold pairs", equal / max(len(with_pair), 1), TRANSFER)
        checks.add(f"sample {lang} gold reasons", reasons / max(len(others), 1), 1.0)


def plot(checks: Checks, path: Path) -> None:
    """One bar per figure, the target as a tick: what passed is seen at a glance."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from aligner.io import atomic_path

    names = [name for name, *_ in checks.rows]
    rates = [rate * 100 for _, rate, _, _ in checks.rows]
    colors = ["tab:green" if met else "tab:red" for *_, met in checks.rows]
    fig, ax = plt.subplots(figsize=(9, 0.32 * len(names) + 1))
    ax.barh(names, rates, color=colors)
    ax.scatter([t * 100 for _, _, t, _ in checks.rows], names, marker="|", s=200, color="black",
               label="target")
    ax.set_xlim(0, 100)
    ax.invert_yaxis()
    ax.set_xlabel("%")
    ax.tick_params(axis="y", labelsize=7)
    ax.legend(loc="lower right")
    ax.set_title("Pair layer: validator and transfer on dev sets, CrowS-Pairs and the sample")
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    with atomic_path(path) as temporary:
        fig.savefig(temporary, dpi=120, format="png")
    plt.close(fig)
    print(f"\nplot: {path}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--crows", type=Path,
                        default=REPO.parent / "shared" / "data" / "crows_pairs" /
                        "crows_pairs_dev.csv", help="a CrowS-Pairs CSV (skipped if absent)")
    parser.add_argument("--dev", type=Path, default=REPO / "tests" / "data")
    parser.add_argument("--sample", type=Path, default=REPO / "sample")
    parser.add_argument("--plot", type=Path, default=REPO / "out" / "eval_pairs.png")
    parser.add_argument("--show-failures", action="store_true",
                        help="print every rejected gold pair, accepted corruption and miss")
    args = parser.parse_args(argv)
    checks, show = Checks(), args.show_failures
    dev = {lang: read_dev(args.dev, lang) for lang in ("en", "et", "hi")}
    for lang, frame in dev.items():
        _report_gold(validator_on_gold(lang, frame), checks, show)
    if args.crows.is_file():
        crows(args.crows, checks, show)
    else:
        print(f"\n(no CrowS-Pairs file at {args.crows}: skipped)")
    for lang, frame in dev.items():
        _report_corruptions(corruptions(lang, frame), checks, show)
    for lang in ("et", "hi"):
        _report_transfer(transfer_on_dev(lang, dev[lang]), checks, show)
    sample(args.sample, checks, show)
    plot(checks, args.plot)
    missed = [name for name, _, _, met in checks.rows if not met]
    print(f"\n{len(checks.rows) - len(missed)}/{len(checks.rows)} targets met"
          + (f"; missed: {', '.join(missed)}" if missed else ""))
    return 0 if checks.all_met else 1


if __name__ == "__main__":
    sys.exit(main())
