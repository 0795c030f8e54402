"""`align transfer` and `align validate`: argument handling only."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from aligner.cli.options import ColumnsOption, LexiconsOption, language_code

LangOption = Annotated[str, typer.Option("--lang", help="Target language code (et, hi, ...).",
                                         callback=language_code)]
StanzaOption = Annotated[Path | None, typer.Option(
    help="Directory with stanza models for LANG: agreement follows their dependency parse "
         "instead of word windows.")]


def _summary(frame, column: str, reason: str) -> str:
    import polars as pl

    counts = frame.filter(pl.col(column).is_not_null()).group_by(column, reason).len()
    parts = [f"{row[column]}{'' if row[reason] is None else ' ' + row[reason]}: {row['len']}"
             for row in counts.sort(column, reason, nulls_last=False).iter_rows(named=True)]
    return ", ".join(parts) or "nothing"


def _flagged(frame) -> str:
    """How many passing pairs the parser alone found ungrammatical (a note, not a verdict)."""
    import polars as pl

    from aligner.pairs.independent_check import SUSPECT

    count = frame.filter(pl.col("verdict_message").str.starts_with(SUSPECT)).height
    return f"; {count} flagged {SUSPECT} (see verdict_message)" if count else ""


def _read_pairs(path: Path, required: tuple[str, ...], columns: str | None, lang: str | None):
    """The pairs or seeds file through the one table reader; skipped rows are said aloud."""
    from aligner.tables import parse_columns, read_table

    table = read_table(path, required, columns=parse_columns(columns), lang=lang)
    for note in table.notes():
        typer.echo(f"note: {note}", err=True)
    return table.frame


def transfer(
    seeds: Annotated[Path, typer.Argument(help="English pairs CSV (pair_id, sent_more, sent_less, "
                                          "stereo_antistereo, bias_type, film, cue_id).")],
    aligned: Annotated[Path, typer.Option(help="Aligner output (Parquet/CSV) or a gold "
                                          "alignment CSV (then give --cues).")],
    lang: LangOption,
    out: Annotated[Path, typer.Option(help="Target pairs CSV to write.")],
    cues: Annotated[Path | None, typer.Option(help="Cue texts (gold cues.csv) for a gold "
                                              "alignment.")] = None,
    min_confidence: Annotated[float, typer.Option(help="Reject alignments below this.")] = 0.0,
    lexicons: LexiconsOption = None,
    stanza_dir: StanzaOption = None,
    columns: ColumnsOption = None,
) -> None:
    """Carry English minimal pairs over to LANG through aligned lines, then validate them."""
    import polars as pl

    from aligner.pairs.aligned import read_aligned
    from aligner.pairs.io import write_csv
    from aligner.pairs.transfer import load_languages, transfer_pairs
    from aligner.pairs.validate import validate_pairs

    seed_frame = _read_pairs(seeds, ("pair_id", "sent_more", "sent_less", "stereo_antistereo",
                                     "bias_type", "film", "cue_id"), columns, "en")
    if "start_ms" in seed_frame.columns:
        seed_frame = seed_frame.with_columns(pl.col("start_ms").cast(pl.Int64, strict=False))
    frame = read_aligned(aligned, cues, lang)
    langs = load_languages(lang, lexicons, stanza_dir)
    pairs = transfer_pairs(seed_frame, frame, lang, min_confidence, langs=langs)
    pairs = validate_pairs(pairs, lang, lexicon=langs.tgt_lexicon, parser=langs.parser)
    write_csv(pairs, out)
    typer.echo(f"{out}: {pairs.height} pairs; transfer {_summary(pairs, 'status', 'reason')}; "
               f"validator {_summary(pairs, 'verdict', 'verdict_reason')}{_flagged(pairs)}")


def validate(
    pairs_csv: Annotated[Path, typer.Argument(help="CrowS-Pairs-format CSV (sent_more, "
                                              "sent_less).")],
    lang: LangOption,
    model_tokenizer: Annotated[str | None, typer.Option(
        help="Scoring model (name in the local cache or directory): pairs its tokenizer "
             "cannot tell apart are rejected.")] = None,
    out: Annotated[Path | None, typer.Option(help="Verdicts CSV; default "
                                             "<PAIRS>.verdicts.csv.")] = None,
    lexicons: LexiconsOption = None,
    stanza_dir: StanzaOption = None,
    columns: ColumnsOption = None,
) -> None:
    """Run the minimal-pair validator on every row and write the verdicts."""
    from aligner.analysis.parse import load_parser
    from aligner.lexicon.load import load_lexicon
    from aligner.pairs.io import PAIR_COLUMNS, write_csv
    from aligner.pairs.tokenizer import load_tokenizer
    from aligner.pairs.validate import validate_pairs
    from aligner.plugins import get_plugin

    frame = _read_pairs(pairs_csv, PAIR_COLUMNS, columns, lang)
    tokenizer = load_tokenizer(model_tokenizer) if model_tokenizer else None
    parser = load_parser(get_plugin(lang), stanza_dir)
    verdicts = validate_pairs(frame, lang, tokenizer, load_lexicon(lang, lexicons), parser)
    target = out or pairs_csv.with_name(f"{pairs_csv.stem}.verdicts.csv")
    write_csv(verdicts, target)
    typer.echo(f"{target}: {_summary(verdicts, 'verdict', 'verdict_reason')}{_flagged(verdicts)}")
