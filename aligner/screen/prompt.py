"""The LLM judge's prompt: a text template users copy and edit.

A line ``# system`` starts the system message and ``# user`` the user message; what
stands above the first is a note for whoever edits the file and is never sent. The
placeholders {text}, {prev_text}, {next_text} and {mentions} are filled in one pass, so a
subtitle that happens to contain "{text}" is sent as written.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from aligner.errors import JudgeError
from aligner.screen.judge import ScreenLine

DEFAULT_PROMPT = Path(__file__).resolve().parent / "prompts" / "stereotype.md"
PLACEHOLDERS: tuple[str, ...] = ("text", "prev_text", "next_text", "mentions")
_SECTIONS = ("# system", "# user")
_PLACEHOLDER = re.compile(r"\{([A-Za-z_]\w*)\}")
_NOTHING = "(none)"  # how an absent neighbour or an empty mention list reads in the prompt

Messages = list[dict[str, str]]


@dataclass(frozen=True)
class PromptTemplate:
    """A system part and a user part with placeholders, read from a file users edit.

    The file is Markdown: a line ``# system`` opens the system message, a line ``# user``
    the user message, and anything before the first of them is a note for whoever edits
    the file, never sent. Placeholders are plain words in braces (``{text}``); other
    braces (the JSON shape the reply must take) are left alone, so no escaping is needed.
    """

    path: Path
    system: str
    user: str

    @classmethod
    def load(cls, path: Path) -> PromptTemplate:
        """Read and check ``path``; every problem is a JudgeError naming the file and line."""
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError as err:
            raise JudgeError("the prompt template is not UTF-8 text", path) from err
        except OSError as err:
            raise JudgeError(f"cannot read the prompt template: {err.strerror}", path) from err
        parts: dict[str, list[str]] = {}
        current: list[str] | None = None
        used: set[str] = set()
        for number, line in enumerate(text.splitlines(), start=1):
            marker = line.strip().lower()
            if marker in _SECTIONS:
                if marker in parts:
                    raise JudgeError(f"a second {marker!r} line: a template has one of each",
                                     path, number)
                current = parts[marker] = []
                continue
            if current is None:
                continue  # the editor's note above the first part
            for name in _PLACEHOLDER.findall(line):
                if name not in PLACEHOLDERS:
                    raise JudgeError(f"unknown placeholder {{{name}}}: a template may use "
                                     f"{_listed(PLACEHOLDERS)}", path, number)
                used.add(name)
            current.append(line)
        for marker in _SECTIONS:
            if marker not in parts:
                raise JudgeError(f"no {marker!r} line: a template has a '# system' part and a "
                                 f"'# user' part, each opened by that line (see {DEFAULT_PROMPT})",
                                 path)
        missing = [name for name in PLACEHOLDERS if name not in used]
        if missing:
            raise JudgeError(f"the template never uses {_listed(missing)}: the judge would not "
                             f"see that part of the line (each of {_listed(PLACEHOLDERS)} must "
                             "appear at least once)", path)
        system, user = ("\n".join(parts[marker]).strip() for marker in _SECTIONS)
        return cls(path, system, user)

    def render(self, line: ScreenLine) -> Messages:
        """The chat messages for one line; placeholders are filled in one pass, so a
        subtitle that happens to contain ``{text}`` is sent as written."""
        values = {
            "text": line.text,
            "prev_text": line.prev_text or _NOTHING,
            "next_text": line.next_text or _NOTHING,
            "mentions": "\n".join(f"- {m.surface} ({m.category}: {m.concept})"
                                  for m in line.mentions) or _NOTHING,
        }

        def fill(part: str) -> str:
            return _PLACEHOLDER.sub(lambda found: values[found.group(1)], part)

        return [{"role": "system", "content": fill(self.system)},
                {"role": "user", "content": fill(self.user)}]


def _listed(names: Sequence[str]) -> str:
    return ", ".join(f"{{{name}}}" for name in names)
