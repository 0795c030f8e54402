"""``align screen``: which keyword lines are about people and voice a stereotype."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from aligner.cli.options import (
    JudgeModelOption,
    JudgeOption,
    JudgePromptOption,
    JudgeUrlOption,
    LexiconsOption,
)

SHOWN = 15  # best-scored lines printed after a run


def screen(
    candidates: Annotated[Path, typer.Argument(help="Keyword lines from `align extract` "
                                               "(Parquet).")],
    out: Annotated[Path, typer.Option("--out", help="Parquet file to write.")],
    judge: JudgeOption = None,
    judge_url: JudgeUrlOption = None,
    judge_model: JudgeModelOption = None,
    judge_prompt: JudgePromptOption = None,
    lexicons: LexiconsOption = None,
) -> None:
    """Mark each keyword match that refers to people and score each line for stereotypes.

    Writes every input row plus person_ref, stereotype (0-1), stereo_category, target,
    direction, rationale and judge; each match gains person and sense.
    """
    import polars as pl
    from rich.console import Console
    from rich.table import Table

    from aligner.errors import InputFormatError
    from aligner.frames import EXTRACT
    from aligner.io import atomic_path
    from aligner.lexicon.load import load_lexicon
    from aligner.plugins import get_plugin
    from aligner.screen.judges import load_judge
    from aligner.screen.stage import screen as run_screen

    try:
        frame = pl.read_parquet(candidates)
    except (OSError, pl.exceptions.PolarsError) as err:
        raise InputFormatError(f"cannot read keyword lines: {err}", candidates) from err
    missing = [name for name in EXTRACT if name not in frame.columns]
    if missing:
        raise InputFormatError(
            f"not an `align extract` file: lacks column(s) {', '.join(missing)}; "
            f"found {', '.join(frame.columns) or 'none'}", candidates)
    langs = frame["lang"].unique().to_list()
    if len(langs) > 1:
        raise InputFormatError(f"lines of several languages ({', '.join(langs)}): screen "
                               "one language at a time", candidates)
    lang = langs[0] if langs else "en"
    chosen = load_judge(judge or "classifier", url=judge_url, model=judge_model,
                        prompt=judge_prompt, cache_dir=out.parent / ".judge-cache")
    screened = run_screen(frame, get_plugin(lang), load_lexicon(lang, lexicons), chosen)
    with atomic_path(out) as temporary:
        screened.write_parquet(temporary)

    console = Console(stderr=True)
    people = int(screened["person_ref"].sum()) if screened.height else 0
    likely = screened.filter(pl.col("direction").is_in(["stereotype", "anti-stereotype"]))
    console.print(f"{screened.height} keyword lines: {people} refer to people, "
                  f"{likely.height} likely voice a stereotype or contradict one "
                  f"({chosen.name if chosen else 'no'} judge) -> {out}", highlight=False)
    if chosen is None or screened.height == 0:
        return
    table = Table("score", "direction", "category", "line", "rationale", title="Best scored")
    for row in screened.sort("stereotype", descending=True, nulls_last=True).head(
            SHOWN).iter_rows(named=True):
        table.add_row(f"{row['stereotype']:.2f}", row["direction"], row["stereo_category"] or "",
                      row["text"], row["rationale"])
    console.print(table)
