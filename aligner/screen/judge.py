"""What every stereotype judge is given and returns, and how one is chosen by name.

Judges differ in how they decide (a bundled classifier, an LLM behind an
OpenAI-compatible endpoint, nothing), not in what they say, so the screen stage,
the review sheet and the report read one record whatever judge wrote it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

# The directions a judge may give, as the screen frame spells them. An
# anti-stereotype line (one that contradicts a stereotype: "Girls can fix engines
# too") is still a pair: its swap is the more stereotypical sentence.
STEREOTYPE, ANTI_STEREOTYPE, NO_STEREOTYPE = "stereotype", "anti-stereotype", "none"
DIRECTIONS: tuple[str, ...] = (STEREOTYPE, ANTI_STEREOTYPE, NO_STEREOTYPE)


@dataclass(frozen=True)
class GroupMention:
    """A lexicon match in the line that refers to people (the judge's candidate groups)."""

    surface: str
    concept: str  # gender.woman, age.old, name:Jamal ...
    category: str  # the concept's CrowS-Pairs category
    start: int = -1  # character span in the line, where known
    end: int = -1
    pronoun: bool = False  # he, her ...: a person, but seldom a group
    adjective: bool = False  # "Asian" in "the Asian kid": it, not "kid", names the group


@dataclass(frozen=True)
class ScreenLine:
    """One keyword line with its neighbours, as a judge sees it."""

    text: str
    mentions: tuple[GroupMention, ...]
    prev_text: str | None = None
    next_text: str | None = None


@dataclass(frozen=True)
class Judgement:
    """A judge's verdict on one line.

    ``stereotype`` is a score in [0, 1] (how likely the line voices a stereotype or
    its contradiction about a group); ``category`` and ``target`` name the group it
    is about (None when none); ``rationale`` is one line a reviewer reads.
    """

    stereotype: float
    category: str | None
    target: str | None
    direction: str
    rationale: str


class Judge(Protocol):
    """A stereotype judge. ``name`` goes into the frame's ``judge`` column.

    ``digest`` identifies everything that can change the verdicts (weights, model
    name, prompt template; not where the model is served), so cached screen stages
    are redone when it changes.
    """

    name: str

    def digest(self) -> str: ...

    def judge(self, lines: Sequence[ScreenLine]) -> list[Judgement]:
        """One judgement per line, in order."""
        ...
