"""Reading an LLM's reply into a Judgement, or saying exactly what was wrong with it.

Every reply is checked against the Judgement fields before it is believed: a model that
drifts from the JSON asked for would otherwise fill the screen with guesses.
"""

from __future__ import annotations

import json
import re
from typing import Any

from aligner.lexicon.model import CATEGORIES
from aligner.screen.judge import DIRECTIONS, Judgement, ScreenLine

MESSAGE_CHARS = 300  # enough of a server's error body or a bad reply to recognise it


class Retry(Exception):
    """One failed try that another try may cure; ``message`` is what the user reads if
    none does, ``wait`` whether to back off first (an overloaded server needs the
    pause, a malformed reply does not)."""

    def __init__(self, message: str, wait: bool):
        super().__init__(message)
        self.message = message
        self.wait = wait


class BadVerdict(ValueError):
    """A verdict object that breaks the reply contract; the text says which field and how."""


def verdict_from(data: Any) -> Judgement:
    """Check one verdict object field by field; out-of-range scores are refused, not
    clamped, since a model that answers 1.7 has not understood the question."""
    if not isinstance(data, dict):
        raise BadVerdict(f"expected a JSON object, got {type(data).__name__}")
    missing = [f for f in ("stereotype", "category", "target", "direction", "rationale")
               if f not in data]
    if missing:
        raise BadVerdict(f"missing field(s) {', '.join(missing)}")
    score, category, target = data["stereotype"], data["category"], data["target"]
    direction, rationale = data["direction"], data["rationale"]
    problems = []
    if isinstance(score, bool) or not isinstance(score, int | float) or not 0 <= score <= 1:
        problems.append(f"stereotype must be a number from 0 to 1, got {score!r}")
    if category is not None and category not in CATEGORIES:
        problems.append(f"category must be one of {', '.join(CATEGORIES)} or null, "
                        f"got {category!r}")
    if target is not None and not isinstance(target, str):
        problems.append(f"target must be a string or null, got {target!r}")
    if direction not in DIRECTIONS:
        problems.append(f"direction must be one of {', '.join(DIRECTIONS)}, got {direction!r}")
    if not isinstance(rationale, str):
        problems.append(f"rationale must be a string, got {rationale!r}")
    if problems:
        raise BadVerdict("; ".join(problems))
    return Judgement(float(score), category, target, direction, rationale.strip())


def first_object(content: str) -> Any:
    """The first JSON object in the text: models wrap the answer in a ```json fence or a
    sentence of their own, which costs nothing to look past."""
    decoder = json.JSONDecoder()
    for brace in re.finditer(r"\{", content):
        try:
            return decoder.raw_decode(content, brace.start())[0]
        except json.JSONDecodeError:
            continue
    raise BadVerdict("no JSON object in the reply")


def verdict_in(response: bytes, line: ScreenLine, tries: int) -> Judgement:
    """The verdict inside a chat-completion response, or a retry naming the line."""
    content = ""
    try:
        content = json.loads(response)["choices"][0]["message"]["content"]
        if not isinstance(content, str):
            raise BadVerdict("the reply has no message content")
        return verdict_from(first_object(content))
    except (ValueError, KeyError, IndexError, TypeError) as err:
        # json.JSONDecodeError and BadVerdict are ValueErrors; the rest mean a response
        # that is not a chat completion at all.
        problem = str(err) if isinstance(err, BadVerdict) else "not a chat-completion response"
        shown = content or response.decode("utf-8", "replace")
        raise Retry(f"the LLM judge gave no valid verdict for the line {line.text!r} "
                     f"({tries} tries): {problem}; last reply: {shown[:MESSAGE_CHARS]!r}",
                     wait=False) from err
