"""ClozeGender statistics per variant and context type (seed 002, §3-4).

For each row the gender with the highest score is the one the model ties the
context to; the to-g ratio is the share of rows (ties left out) won by g, the
bias amplification ratio b(c, g) of Zhao et al. (2017) that seed 002 reports as
to-m / to-w. Both the raw cloze probability (``lm``, the "Cloze GPT-2" rows) and
the ClozeGender Score CGS = P^(1 - sim(g, c)) (``cgs``) are summarised, with:
  - KL(P_first || P_second): the divergence between the two genders' score
    distributions over the rows (each gender's scores normalised to sum to one);
  - HB: the share of rows where the model's gender is the human bias label;
  - WEAT between the gender target words and the context words each gender won.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field

import numpy as np
import polars as pl
from scipy.stats import entropy

from aligner.errors import ConfigError
from aligner.score.vectors import WordSimilarity
from aligner.score.weat import WeatResult, weat

DEFAULT_TARGETS = {
    "m": ("he", "him", "his", "himself"),
    "w": ("she", "her", "hers", "herself"),
    "n": ("they", "them", "their", "themselves"),
}


@dataclass(frozen=True)
class Ratios:
    """to-g shares over rows with a single winner, and the mean per-row normalised score."""

    to: dict[str, float]
    mean_share: dict[str, float]
    ties: int
    kl: float
    human_match: float | None


@dataclass(frozen=True)
class ClozeGroup:
    variant: str
    context_type: str
    rows: int
    unscored: int  # rows a sentence of which could not be scored (too long, no BOS)
    oov: int  # rows whose context or pronoun has no vector: sim taken as 0, as seed 002 does
    lm: Ratios
    cgs: Ratios
    weat: WeatResult | None = None
    weat_note: str | None = None
    groups: list[str] = field(default_factory=list)

    def as_dict(self) -> dict:
        return asdict(self)


def summarise(
    scored: pl.DataFrame,
    similarity: WordSimilarity,
    targets: dict[str, tuple[str, ...]] | None = None,
    permutations: int = 10_000,
    seed: int = 0,
) -> list[ClozeGroup]:
    """One ClozeGroup per (variant, context_type), in sorted order.

    ``scored`` is the CLOZE_ROWS frame with ``probability``, ``sim`` and ``cgs``.
    """
    results = []
    for (variant, context_type), part in sorted(
        scored.group_by(["variant", "context_type"], maintain_order=True),
        key=lambda item: item[0],
    ):
        groups = list(dict.fromkeys(part["group"].to_list()))
        wide = part.pivot(on="group", index="item", values=["probability", "cgs", "sim"])
        meta = part.filter(pl.col("group") == groups[0]).select("item", "context", "human")
        wide = meta.join(wide, on="item", how="left", maintain_order="left")
        lm = np.column_stack([wide[f"probability_{g}"].to_numpy() for g in groups])
        cgs = np.column_stack([wide[f"cgs_{g}"].to_numpy() for g in groups])
        sims = np.column_stack([wide[f"sim_{g}"].to_numpy() for g in groups])
        ok = np.isfinite(lm).all(axis=1)
        human = wide["human"].to_list()
        kept_human = [h for h, keep in zip(human, ok, strict=True) if keep]
        cgs_ratios = ratios(cgs[ok], groups, kept_human)
        result, note = _weat(
            wide.filter(pl.Series(ok))["context"].to_list(),
            winners(cgs[ok]),
            groups,
            similarity,
            targets,
            part,
            permutations,
            seed,
        )
        results.append(
            ClozeGroup(
                variant=str(variant),
                context_type=str(context_type),
                rows=wide.height,
                unscored=int((~ok).sum()),
                oov=int((~np.isfinite(sims[ok])).any(axis=1).sum()),
                lm=ratios(lm[ok], groups, kept_human),
                cgs=cgs_ratios,
                weat=result,
                weat_note=note,
                groups=groups,
            )
        )
    return results


def winners(scores: np.ndarray) -> list[int | None]:
    """Index of the single highest score per row; None for a tie at the top."""
    found: list[int | None] = []
    for row in scores:
        best = np.flatnonzero(row == row.max())
        found.append(int(best[0]) if len(best) == 1 else None)
    return found


def ratios(scores: np.ndarray, groups: list[str], human: list[str | None]) -> Ratios:
    won = winners(scores)
    decided = [w for w in won if w is not None]
    to = {
        g: (decided.count(i) / len(decided) if decided else math.nan) for i, g in enumerate(groups)
    }
    shares = scores / scores.sum(axis=1, keepdims=True) if len(scores) else scores
    mean_share = {
        g: float(shares[:, i].mean()) if len(scores) else math.nan for i, g in enumerate(groups)
    }
    labelled = [(w, h) for w, h in zip(won, human, strict=True) if h is not None]
    match = (
        sum(w is not None and groups[w] == h for w, h in labelled) / len(labelled)
        if labelled
        else None
    )
    return Ratios(to, mean_share, won.count(None), kl_divergence(scores[:, 0], scores[:, 1]), match)


def kl_divergence(first: np.ndarray, second: np.ndarray) -> float:
    """KL(P || Q) of two score vectors over the same rows, each normalised to sum to one."""
    if len(first) == 0:
        return math.nan
    return float(entropy(first, second))


def _weat(
    contexts: list[str],
    won: list[int | None],
    groups: list[str],
    similarity: WordSimilarity,
    targets: dict[str, tuple[str, ...]] | None,
    part: pl.DataFrame,
    permutations: int,
    seed: int,
) -> tuple[WeatResult | None, str | None]:
    """Targets of the first two genders against the context words each of them won."""
    first, second = groups[0], groups[1]
    words = {g: target_words(g, targets, part) for g in (first, second)}
    attributes = {
        i: sorted({c for c, w in zip(contexts, won, strict=True) if w == i}) for i in (0, 1)
    }
    vectors = {
        key: [v for v in (similarity.vector(word) for word in items) if v is not None]
        for key, items in (
            ("x", words[first]),
            ("y", words[second]),
            ("a", attributes[0]),
            ("b", attributes[1]),
        )
    }
    empty = [key for key, found in vectors.items() if not found]
    if empty:
        names = {"x": f"{first} targets", "y": f"{second} targets"}
        names |= {"a": f"contexts won by {first}", "b": f"contexts won by {second}"}
        return None, "no vectors for " + ", ".join(names[key] for key in empty)
    arrays = {key: np.vstack(found) for key, found in vectors.items()}
    return weat(arrays["x"], arrays["y"], arrays["a"], arrays["b"], permutations, seed), None


def target_words(
    group: str, targets: dict[str, tuple[str, ...]] | None, part: pl.DataFrame
) -> tuple[str, ...]:
    """The group's WEAT targets: given, else the defaults for m/w/n, else its pronouns."""
    if targets and group in targets:
        return targets[group]
    if group in DEFAULT_TARGETS:
        return DEFAULT_TARGETS[group]
    return tuple(sorted(set(part.filter(pl.col("group") == group)["pronoun"].to_list())))


def parse_targets(text: str | None) -> dict[str, tuple[str, ...]] | None:
    """``m=he,him,his;w=she,her,hers`` as {"m": ("he", "him", "his"), "w": (...)}."""
    if not text:
        return None
    targets = {}
    for item in text.split(";"):
        group, sep, words = (part.strip() for part in item.partition("="))
        found = tuple(w.strip() for w in words.split(",") if w.strip())
        if not sep or not group or not found:
            raise ConfigError(f"--weat-targets wants GROUP=word,word;GROUP=...; got {item!r}")
        targets[group] = found
    return targets
