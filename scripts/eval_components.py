"""Agreement of `align annotate components` with a labelled held-back set.

    .venv/bin/python scripts/eval_components.py [--heldout scripts/data/components_heldout.csv]
        [--encoder e5-small] [--plot confusion.png]

The held-back set (100 gender pairs, 25 per component, in CrowS-Pairs form with a
gold_component column) was written before the classifier was tuned and shares no
sentence with the prototypes; K and the ambiguity band were chosen by
leave-one-out over the prototypes alone. Prints the agreement, the confusion
matrix (rows gold, columns proposed) and per-component precision and recall.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np

from aligner.embed.registry import cached_encoder
from aligner.score.components import COMPONENTS, ComponentClassifier, annotate_components
from aligner.score.components.prototypes import load_prototypes
from aligner.score.pairs import read_pairs

HELDOUT = Path(__file__).resolve().parent / "data" / "components_heldout.csv"


def confusion(gold: list[str], proposed: list[str]) -> np.ndarray:
    names = list(COMPONENTS)
    matrix = np.zeros((len(names), len(names)), dtype=int)
    for g, p in zip(gold, proposed, strict=True):
        matrix[names.index(g), names.index(p)] += 1
    return matrix


def evaluate(heldout: Path, encoder: str) -> tuple[float, np.ndarray]:
    pairs = read_pairs(heldout)
    encoder_ = cached_encoder(encoder, show_progress=False)
    classifier = ComponentClassifier(encoder_, load_prototypes())
    annotated = annotate_components(pairs, classifier)
    gold = pairs["gold_component"].to_list()
    proposed = annotated["component"].to_list()
    agreement = float(np.mean([g == p for g, p in zip(gold, proposed, strict=True)]))
    return agreement, confusion(gold, proposed)


def print_matrix(matrix: np.ndarray) -> None:
    names = list(COMPONENTS)
    width = max(len(n) for n in names)
    corner = "gold / proposed"
    print(f"{corner:>{width}} " + " ".join(f"{n[:12]:>12}" for n in names))
    for name, row in zip(names, matrix, strict=True):
        print(f"{name:>{width}} " + " ".join(f"{v:>12d}" for v in row))
    for i, name in enumerate(names):
        precision = matrix[i, i] / max(matrix[:, i].sum(), 1)
        recall = matrix[i, i] / max(matrix[i].sum(), 1)
        print(f"   {name}: precision {precision:.2f}, recall {recall:.2f}")


def plot_matrix(matrix: np.ndarray, agreement: float, path: Path) -> None:
    from matplotlib.figure import Figure

    from aligner.io import atomic_path

    names = [COMPONENTS[n] for n in COMPONENTS]
    figure = Figure(figsize=(6.5, 5.5), layout="constrained")
    axes = figure.add_subplot()
    axes.imshow(matrix, cmap="Blues")
    for (i, j), value in np.ndenumerate(matrix):
        color = "white" if value > matrix.max() / 2 else "black"
        axes.text(j, i, str(value), ha="center", va="center", color=color)
    axes.set_xticks(range(len(names)), names, rotation=30, ha="right")
    axes.set_yticks(range(len(names)), names)
    axes.set_xlabel("proposed")
    axes.set_ylabel("gold")
    axes.set_title(f"components: {agreement:.0%} agreement on {matrix.sum()} held-back pairs")
    with atomic_path(path) as temporary:
        figure.savefig(temporary, format="png", dpi=120)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--heldout", type=Path, default=HELDOUT)
    parser.add_argument("--encoder", default="e5-small")
    parser.add_argument("--plot", type=Path, default=None, help="write the matrix as a PNG")
    args = parser.parse_args()
    agreement, matrix = evaluate(args.heldout, args.encoder)
    print(f"agreement {agreement:.1%} ({int(np.trace(matrix))} of {matrix.sum()} pairs)")
    print_matrix(matrix)
    if args.plot:
        plot_matrix(matrix, agreement, args.plot)
        print(f"wrote {args.plot}")


if __name__ == "__main__":
    main()
