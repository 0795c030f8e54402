"""Labelled screening lines (tests/data/screen_dev.csv, scripts/data/screen_train*.csv).

Columns and labelling rules: tests/data/SCREENING.md. Each line is read the way the
screen stage reads a keyword line (the same matcher and person reference), so the
scripts measure what a build does; the gold labels ride along.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import polars as pl

from aligner.extract import line_matches
from aligner.lexicon.load import load_lexicon
from aligner.plugins import get_plugin
from aligner.screen.judge import ScreenLine
from aligner.screen.stage import referring_matches, screen_line

ROOT = Path(__file__).resolve().parent.parent
DEV = ROOT / "tests" / "data" / "screen_dev.csv"
TRAIN = ROOT / "scripts" / "data" / "screen_train.csv"
TRAIN_MORE = ROOT / "scripts" / "data" / "screen_train_more.csv"
TRAIN_EXTRA = ROOT / "scripts" / "data" / "screen_train_extra.csv"
TRAINING = (TRAIN, TRAIN_MORE, TRAIN_EXTRA)


@dataclass(frozen=True)
class Labelled:
    line: ScreenLine
    matches: list[dict]  # EXTRACT records with the predicted `person` and `sense`
    gold_not_people: frozenset[str]
    stereotype: int  # 0 none, 1 implicit, 2 explicit
    direction: str
    category: str | None
    usable: bool

    @property
    def gold_person_ref(self) -> bool:
        return any(m["surface"] not in self.gold_not_people for m in self.matches)


def _text(value: object) -> str | None:
    return value if isinstance(value, str) and value.strip() else None


def read_labelled(path: Path, lang: str = "en") -> list[Labelled]:
    plugin, lexicon = get_plugin(lang), load_lexicon(lang)
    rows = pl.read_csv(path, infer_schema_length=0).iter_rows(named=True)
    out = []
    for row in rows:
        text = row["text"]
        matches = referring_matches(text, line_matches(text, plugin, lexicon), plugin, lexicon)
        not_people = frozenset(s for s in (row["not_people"] or "").split("|") if s)
        out.append(Labelled(
            line=screen_line(text, matches, lexicon, _text(row["prev_text"]),
                             _text(row["next_text"])),
            matches=matches,
            gold_not_people=not_people,
            stereotype=int(row["stereotype"]),
            direction=row["direction"] or "none",
            category=_text(row["category"]),
            usable=row["usable"] == "1",
        ))
    return out
