"""How well screening finds the lines a reviewer should read, on a labelled dev set.

    .venv/bin/python scripts/eval_screen.py [--dev tests/data/screen_dev.csv]
        [--judge classifier|llm|none] [--judge-url URL --judge-model NAME] [--plot FILE.png]

Prints, per judge: person-reference accuracy over the keyword matches (non-person
matches caught, person matches lost), group-referring lines wrongly dropped, ROC-AUC of
the stereotype score against the labels (stereotype 1 or 2 against 0), the share of
usable lines that the top 15 % of the ranking holds (the part a reviewer reads: the
CineBias judge cut 300 lines to 40), and direction and category agreement on the
stereotype lines. The labels are described in tests/data/SCREENING.md.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np
from screen_data import DEV, Labelled, read_labelled
from train_screen import TOP_SHARE, auc, top_recall

from aligner.screen.judges import JUDGES, load_judge


def reference_figures(items: list[Labelled]) -> dict[str, float]:
    gold, predicted = [], []
    for item in items:
        for match in item.matches:
            gold.append(match["surface"] not in item.gold_not_people)
            predicted.append(bool(match["person"]))
    gold_a, pred_a = np.array(gold), np.array(predicted)
    dropped = [item for item in items
               if item.gold_person_ref and not any(m["person"] for m in item.matches)]
    return {
        "matches": len(gold),
        "non-person matches": int((~gold_a).sum()),
        "accuracy": float((gold_a == pred_a).mean()),
        "non-person caught": float((~pred_a & ~gold_a).sum() / max((~gold_a).sum(), 1)),
        "person lost": float((~pred_a & gold_a).sum() / max(gold_a.sum(), 1)),
        "group-referring lines dropped": len(dropped),
        "group-referring lines": sum(item.gold_person_ref for item in items),
    }


def judge_scores(items: list[Labelled], judge) -> tuple[np.ndarray, list]:
    """The judge's score of every line, as the screen stage asks it."""
    verdicts = judge.judge([item.line for item in items])
    return np.array([verdict.stereotype for verdict in verdicts]), verdicts


def judge_figures(items: list[Labelled], scores: np.ndarray, verdicts: list) -> dict[str, float]:
    labels = np.array([int(item.stereotype >= 1) for item in items])
    explicit = np.array([int(item.stereotype == 2) for item in items])
    usable = np.array([int(item.usable) for item in items])
    stereo = [(item, v) for item, v in zip(items, verdicts, strict=True)
              if item.stereotype >= 1 and v.direction != "none"]
    return {
        "ROC-AUC (stereotype >= 1)": auc(scores, labels),
        "ROC-AUC (explicit)": auc(scores, explicit),
        f"top {TOP_SHARE:.0%} holds of usable lines": top_recall(scores, usable),
        "usable lines": int(usable.sum()),
        "direction agrees (stereotype lines the judge flags)": float(np.mean(
            [v.direction == item.direction for item, v in stereo])) if stereo else float("nan"),
        "category agrees (stereotype lines the judge flags)": float(np.mean(
            [v.category == item.category for item, v in stereo])) if stereo else float("nan"),
    }


def plot(items: list[Labelled], scores: np.ndarray, path: Path, judge: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    order = np.argsort(-scores, kind="stable")
    usable = np.array([int(item.usable) for item in items])[order]
    labels = np.array([int(item.stereotype >= 1) for item in items])[order]
    read = np.arange(1, len(items) + 1) / len(items)
    figure, axes = plt.subplots(figsize=(6, 3.6), dpi=110)
    axes.plot(read, np.cumsum(usable) / max(usable.sum(), 1), label="usable lines found")
    axes.plot(read, np.cumsum(labels) / max(labels.sum(), 1), label="stereotype lines found")
    axes.axvline(TOP_SHARE, color="grey", linestyle=":", label=f"top {TOP_SHARE:.0%}")
    axes.set_xlabel("share of keyword lines read, best-scored first")
    axes.set_ylabel("share found")
    axes.set_title(f"Screening ranking ({judge} judge, {len(items)} dev lines)")
    axes.legend(loc="lower right")
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dev", type=Path, default=DEV)
    parser.add_argument("--judge", default="classifier", choices=JUDGES)
    parser.add_argument("--judge-url")
    parser.add_argument("--judge-model")
    parser.add_argument("--plot", type=Path)
    args = parser.parse_args()

    items = read_labelled(args.dev)
    print(f"{args.dev}: {len(items)} lines")
    for name, value in reference_figures(items).items():
        print(f"  {name}: {value:.3f}" if isinstance(value, float) else f"  {name}: {value}")
    judge = load_judge(args.judge, url=args.judge_url, model=args.judge_model)
    if judge is None:
        return
    scores, verdicts = judge_scores(items, judge)
    for name, value in judge_figures(items, scores, verdicts).items():
        print(f"  {name}: {value:.3f}" if isinstance(value, float) else f"  {name}: {value}")
    if args.plot:
        plot(items, scores, args.plot, args.judge)
        print(f"  wrote {args.plot}")


if __name__ == "__main__":
    main()
