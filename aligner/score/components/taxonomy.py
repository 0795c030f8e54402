"""The four components of gender stereotypes and the order that settles ambiguity.

Seed 004 adapts Eckes (1994): Personality Traits, Attitudes and Beliefs, Roles and
Behaviors, Physical Characteristics. The components overlap (attitudes are shaped
by traits, behaviours by attitudes), so its annotators were told to prefer Roles
and Behaviors over Attitudes and Beliefs, and Attitudes and Beliefs over
Personality Traits, when a sentence fits more than one. The seed says nothing of
Physical Characteristics; it comes last here, so appearance and strength win only
when they are clearly what a sentence is about.
"""

from __future__ import annotations

import polars as pl

from aligner.errors import InputFormatError

COMPONENTS: dict[str, str] = {
    "personality-traits": "Personality Traits",
    "attitudes-beliefs": "Attitudes and Beliefs",
    "roles-behaviors": "Roles and Behaviors",
    "physical-characteristics": "Physical Characteristics",
}
PRECEDENCE: tuple[str, ...] = (
    "roles-behaviors",
    "attitudes-beliefs",
    "personality-traits",
    "physical-characteristics",
)
COLUMN = "component"


def check_components(frame: pl.DataFrame, source: str | None = None) -> None:
    """Every non-empty ``component`` is one of the four: a reviewer's typo is an error.

    Empty cells are pairs with no component (not about gender) and are left out of
    a balance by component.
    """
    if COLUMN not in frame.columns:
        raise InputFormatError(
            f"no {COLUMN!r} column; label the pairs first with `align annotate components`",
            source,
        )
    lines = frame["line"] if "line" in frame.columns else [None] * frame.height
    for value, line in zip(frame[COLUMN].fill_null(""), lines, strict=True):
        if value.strip() and value.strip() not in COMPONENTS:
            raise InputFormatError(
                f"unknown component {value!r}; use one of {', '.join(COMPONENTS)}", source, line
            )
