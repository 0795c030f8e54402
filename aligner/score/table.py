"""Reading a CSV or TSV file strictly: every error names the file and line.

Every table aligner.score reads (pairs, GenderLex cloze sentences, component
labels) goes through this one function, so malformed input fails the same way
everywhere and a project-wide reader can replace it in one place.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from aligner.tables import INDEX, LINE
from aligner.tables import read_table as read_any_table

INDEX_COLUMN = INDEX  # the name given to an unnamed first column (pandas' to_csv index)


@dataclass(frozen=True)
class Table:
    """Header names and the non-blank rows, each with the line it starts on (1-based)."""

    path: Path
    header: list[str]
    rows: list[list[str]]
    lines: list[int]

    def column(self, name: str) -> int:
        return self.header.index(name)


def read_table(path: str | Path) -> Table:
    """The rows of a CSV or TSV as strings (empty cells as ""), through the project's one
    reader (aligner.tables: encoding detection, strict shape, file:line errors).

    Rows with every cell empty are skipped and said so (an ``InputNote`` warning that
    the command line prints), never dropped silently.
    """
    table = read_any_table(path).warn_notes()
    header = [name for name in table.frame.columns if name != LINE]
    rows = [["" if cell is None else cell for cell in row]
            for row in table.frame.select(header).iter_rows()]
    return Table(table.path, header, rows, table.frame[LINE].to_list())
