"""Fit the bundled screening classifier (aligner/screen/data/classifier.json).

    .venv/bin/python scripts/train_screen.py [--train scripts/data/screen_train.csv]
        [--crows ../shared/data/crows_pairs/crows_pairs_dev.csv] [--out FILE]

Data: the hand-written subtitle-style lines of ``scripts/data/screen_train.csv``
(CC0, this project) and, with ``--crows``, CrowS-Pairs sentences (CC BY-SA 4.0; the
stereotypical sentence of a `stereo` row and the anti-stereotypical one of an
`antistereo` row, all positives). Never the dev set: ``tests/data/screen_dev.csv`` is
what ``scripts/eval_screen.py`` measures on. The regularisation and the weight of the
CrowS sentences are chosen by cross-validation over the training lines alone (CrowS
sentences stay in every training fold: they are not subtitles, so they are never
scored). Deterministic: fixed folds, a deterministic solver, the bundled encoder.
"""

from __future__ import annotations

import argparse
import hashlib
import json
from pathlib import Path

import numpy as np
import polars as pl
from screen_data import TRAIN, TRAIN_MORE, read_labelled
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold

from aligner.embed.registry import BUNDLED, BUNDLED_ENGLISH, cached_encoder
from aligner.extract import line_matches
from aligner.io import atomic_path
from aligner.lexicon.load import load_lexicon
from aligner.plugins import get_plugin
from aligner.screen.classifier import WEIGHTS, Logistic, features
from aligner.screen.cues import CUE_NAMES
from aligner.screen.stage import referring_matches, screen_line

GRID_C = (0.02, 0.1, 0.5)
GRID_CROWS = (0.0, 0.2, 1.0)
TOP_SHARE = 0.15


def crows_lines(path: Path) -> tuple[list, list[int]]:
    """CrowS-Pairs sentences that voice a stereotype (1) or contradict one (anti, 1)."""
    plugin, lexicon = get_plugin("en"), load_lexicon("en")
    frame = pl.read_csv(path, infer_schema_length=0)
    lines, anti = [], []
    for row in frame.iter_rows(named=True):
        is_anti = row["stereo_antistereo"] == "antistereo"
        text = row["sent_less"] if is_anti else row["sent_more"]
        matches = referring_matches(text, line_matches(text, plugin, lexicon), plugin, lexicon)
        lines.append(screen_line(text, matches, lexicon))
        anti.append(int(is_anti))
    return lines, anti


def fit(x: np.ndarray, y: np.ndarray, weight: np.ndarray, c: float) -> Logistic:
    mean, scale = x.mean(axis=0), x.std(axis=0) + 1e-6
    model = LogisticRegression(C=c, class_weight="balanced", max_iter=5000, solver="lbfgs")
    model.fit((x - mean) / scale, y, sample_weight=weight)
    return Logistic(model.coef_[0].astype(np.float64), float(model.intercept_[0]), mean, scale)


def auc(scores: np.ndarray, labels: np.ndarray) -> float:
    from scipy.stats import rankdata

    ranks = rankdata(scores)
    positives = labels.sum()
    negatives = len(labels) - positives
    return float((ranks[labels == 1].sum() - positives * (positives + 1) / 2)
                 / (positives * negatives))


def top_recall(scores: np.ndarray, usable: np.ndarray, share: float = TOP_SHARE) -> float:
    """The share of usable lines among the top ``share`` of the ranking."""
    top = np.argsort(-scores, kind="stable")[: max(1, round(share * len(scores)))]
    return float(usable[top].sum() / max(usable.sum(), 1))


def cross_validate(x_train, y_train, usable, x_crows, c, crows_weight, folds=5):
    out = np.zeros(len(y_train))
    splits = StratifiedKFold(folds, shuffle=True, random_state=0).split(x_train, y_train)
    for fit_rows, held in splits:
        x = np.vstack([x_train[fit_rows], x_crows]) if crows_weight else x_train[fit_rows]
        y = np.concatenate([y_train[fit_rows], np.ones(len(x_crows))]) if crows_weight else (
            y_train[fit_rows])
        w = np.concatenate([np.ones(len(fit_rows)), np.full(len(x_crows), crows_weight)]) if (
            crows_weight) else np.ones(len(fit_rows))
        out[held] = fit(x, y, w, c).probability(x_train[held])
    return auc(out, y_train), top_recall(out, usable)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--train", type=Path, action="append",
                        help=f"labelled lines (repeatable) [default: {TRAIN.name} and "
                        f"{TRAIN_MORE.name}]")
    parser.add_argument("--crows", type=Path, default=None)
    parser.add_argument("--encoder", action="append",
                        help=f"encoders whose vectors are joined [default: {BUNDLED}, "
                        f"{BUNDLED_ENGLISH}]")
    parser.add_argument("--out", type=Path, default=WEIGHTS)
    args = parser.parse_args()

    trains = args.train or [TRAIN, TRAIN_MORE]
    names = args.encoder or [BUNDLED, BUNDLED_ENGLISH]
    encoders = [cached_encoder(name, show_progress=False) for name in names]
    labelled = [item for path in trains for item in read_labelled(path) if item.line.mentions]
    x_train = features([item.line for item in labelled], encoders)
    y_train = np.array([int(item.stereotype >= 1) for item in labelled])
    usable = np.array([int(item.usable) for item in labelled])
    anti_train = np.array([int(item.direction == "anti-stereotype") for item in labelled])
    if args.crows:
        crows, crows_anti = crows_lines(args.crows)
        x_crows = features(crows, encoders)
    else:
        crows_anti, x_crows = [], np.zeros((0, x_train.shape[1]))
    print(f"training lines with a people mention: {len(labelled)} "
          f"({y_train.sum()} stereotype, {usable.sum()} usable); CrowS sentences: {len(x_crows)}")

    results = {}
    for c in GRID_C:
        for crows_weight in (GRID_CROWS if len(x_crows) else (0.0,)):
            results[(c, crows_weight)] = cross_validate(
                x_train, y_train, usable, x_crows, c, crows_weight)
            score, recall = results[(c, crows_weight)]
            print(f"  C={c:<5} CrowS weight={crows_weight:<4} CV ROC-AUC {score:.3f}, "
                  f"top {TOP_SHARE:.0%} holds {recall:.0%} of usable lines")
    (c, crows_weight), (cv_auc, cv_recall) = max(results.items(),
                                                 key=lambda kv: (kv[1][0], kv[1][1]))
    print(f"chosen: C={c}, CrowS weight={crows_weight}")

    with_crows = crows_weight > 0
    x_all = np.vstack([x_train, x_crows]) if with_crows else x_train
    y_all = np.concatenate([y_train, np.ones(len(x_crows))]) if with_crows else y_train
    w_all = np.concatenate([np.ones(len(y_train)), np.full(len(x_crows), crows_weight)]) if (
        with_crows) else np.ones(len(y_train))
    stereotype = fit(x_all, y_all, w_all, c)

    # Direction: among lines that voice a stereotype or contradict one.
    positive = y_train == 1
    x_dir = np.vstack([x_train[positive], x_crows]) if len(x_crows) else x_train[positive]
    y_dir = np.concatenate([anti_train[positive], np.asarray(crows_anti, dtype=int)])
    direction = fit(x_dir, y_dir, np.ones(len(y_dir)), 0.1)

    sources = {**{f"train{i}": path for i, path in enumerate(trains)},
               **({"crows": args.crows} if args.crows else {})}
    weights = {
        "encoders": names,
        "cues": list(CUE_NAMES),
        "threshold": 0.5,
        "stereotype": stereotype.as_json(),
        "direction": direction.as_json(),
        "fitted_on": {
            name: {"file": path.name,
                   "sha256": hashlib.sha256(path.read_bytes()).hexdigest()}
            for name, path in sources.items()
        },
        "licences": {"train": "CC0 (CineAlign)", "crows": "CC BY-SA 4.0 (Nangia et al., 2020)"}
        if args.crows else {"train": "CC0 (CineAlign)"},
        "chosen": {"C": c, "crows_weight": crows_weight, "cv_roc_auc": round(cv_auc, 4),
                   "cv_top_recall": round(cv_recall, 4)},
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with atomic_path(args.out) as temporary:
        temporary.write_text(json.dumps(weights, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out} ({args.out.stat().st_size // 1024} KB)")


if __name__ == "__main__":
    main()
