"""A lexicon problem found while reading or checking, located by file and line.

Reading and checking collect problems instead of stopping at the first, so that a
linguist sees every slip in one ``align lexicon check`` run; ``load_lexicon`` raises
the first error as a :class:`~aligner.errors.LexiconError`.
"""

from __future__ import annotations

from dataclasses import dataclass

from aligner.errors import LexiconError


@dataclass(frozen=True)
class Problem:
    path: str
    line: int | None
    message: str
    severity: str = "error"  # "error" fails `align lexicon check`; "warning" is shown only

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" if self.line is not None else self.path
        return f"{where}: {self.severity}: {self.message}"

    def as_error(self) -> LexiconError:
        return LexiconError(self.message, self.path, self.line)


def errors(problems: list[Problem]) -> list[Problem]:
    return [p for p in problems if p.severity == "error"]
