"""The ClozeGender report: the same shape and signature style as ``align score``'s."""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from matplotlib.figure import Figure

from aligner.io import atomic_path, write_text
from aligner.score.cloze.summary import ClozeGroup
from aligner.score.report import Skipped, strict_json


@dataclass(frozen=True)
class ClozeReport:
    """``to`` pools every row: the share won by each gender under CGS (the primary number)."""

    signature: str
    cloze: str
    vectors: str
    benchmark: str | None
    to: dict[str, float]
    groups: list[ClozeGroup]
    skipped: list[Skipped]
    permutations: int
    seed: int

    @property
    def primary(self) -> str:
        return f"to_{next(iter(self.to))}"

    def as_dict(self) -> dict:
        return {
            "primary_metric": self.primary,
            self.primary: next(iter(self.to.values())),
            "metric": "cloze-gender",
            "signature": self.signature,
            "benchmark": self.benchmark,
            "cloze": self.cloze,
            "vectors": self.vectors,
            "to": self.to,
            "groups": [g.as_dict() for g in self.groups],
            "skipped": [s.as_dict() for s in self.skipped],
            "weat": {"permutations": self.permutations, "seed": self.seed},
        }


def to_markdown(report: ClozeReport, chart: str | None = None) -> str:
    genders = list(report.to)
    header = ["variant", "context", "rows"]
    header += [f"{kind} to-{g}" for kind in ("LM", "CGS") for g in genders]
    header += ["KL LM", "KL CGS", "HB % (CGS)", "WEAT d", "WEAT p", "no vector"]
    lines = [
        "# ClozeGender Score",
        "",
        f"`{report.signature}`",
        "",
        f"Cloze{report.cloze.capitalize()} probabilities P(g | context) of a causal LM; "
        "CGS = P^(1 - sim(g, c)) with sim from "
        f"{report.vectors} (seed 002). to-g: share of rows whose highest score is g's "
        "(ties left out). KL(P_"
        f"{genders[0]} || P_{genders[1]}) over rows; WEAT: {genders[0]}/{genders[1]} target "
        "words against the contexts each won, one-sided permutation p-value "
        f"({report.permutations} partitions at most, seed {report.seed}). Rows whose context "
        "has no vector keep sim = 0, as the GenderLex scripts do.",
        "",
        "| " + " | ".join(header) + " |",
        "|---|---|" + "---:|" * (len(header) - 2),
    ]
    for group in report.groups:
        cells = [group.variant, group.context_type, str(group.rows)]
        cells += [_number(r.to.get(g)) for r in (group.lm, group.cgs) for g in genders]
        cells += [_number(group.lm.kl, 4), _number(group.cgs.kl, 4)]
        cells.append(_percent(group.cgs.human_match))
        effect = group.weat.effect_size if group.weat else None
        p_value = group.weat.p_value if group.weat else None
        cells += [_number(effect, 3), _significant(p_value), str(group.oov)]
        lines.append("| " + " | ".join(cells) + " |")
    notes = [
        f"- {g.variant}/{g.context_type}: WEAT not computed, {g.weat_note}"
        for g in report.groups
        if g.weat_note
    ]
    if notes:
        lines += ["", *notes]
    if report.skipped:
        lines += ["", f"**{len(report.skipped)} sentence(s) not scored:**", ""]
        lines += [f"- {s.pair_id}: {s.reason}" for s in report.skipped]
    if chart:
        lines += ["", f"![to-g ratios]({chart})"]
    return "\n".join(lines) + "\n"


def cloze_chart(report: ClozeReport, path: Path) -> Path:
    """Per variant and context type, the first gender's share under LM and under CGS."""
    first = next(iter(report.to))
    labels = [f"{g.variant} / {g.context_type}" for g in report.groups]
    lm = [_zero(g.lm.to.get(first)) * 100 for g in report.groups]
    cgs = [_zero(g.cgs.to.get(first)) * 100 for g in report.groups]
    figure = Figure(figsize=(8, 1.8 + 0.5 * len(labels)), layout="constrained")
    axes = figure.add_subplot()
    positions = list(range(len(labels)))[::-1]
    axes.barh(
        [p + 0.2 for p in positions], lm, 0.4, label="LM (cloze probability)", color="#999999"
    )
    axes.barh([p - 0.2 for p in positions], cgs, 0.4, label="CGS", color="#4c72b0")
    axes.axvline(50, color="grey", linestyle="--", linewidth=1)
    axes.set_yticks(positions, labels)
    axes.set_xlim(0, 100)
    axes.set_xlabel(f"% of rows where the model ties the context to '{first}'")
    axes.legend(fontsize=8)
    axes.set_title(report.signature, fontsize=7)
    with atomic_path(path) as temporary:
        figure.savefig(temporary, format="png", dpi=120)
    return path


def write_cloze_report(report: ClozeReport, out: Path, chart: str | None) -> tuple[Path, Path]:
    json_path, md_path = out / "report.json", out / "report.md"
    write_text(json_path, strict_json(report.as_dict()))
    write_text(md_path, to_markdown(report, chart))
    return json_path, md_path


def _number(value: float | None, digits: int = 2) -> str:
    return "–" if value is None or math.isnan(value) else f"{value:.{digits}f}"


def _significant(value: float | None) -> str:
    return "–" if value is None or math.isnan(value) else f"{value:.3g}"


def _percent(value: float | None) -> str:
    return "–" if value is None or math.isnan(value) else f"{100 * value:.0f}"


def _zero(value: float | None) -> float:
    return 0.0 if value is None or math.isnan(value) else value
