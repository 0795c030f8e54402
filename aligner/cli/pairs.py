"""`align transfer`, `align validate` and `align review export|apply`: argument handling only."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from aligner.cli.options import ColumnsOption, LexiconsOption

review_app = typer.Typer(help="Review queue for linguists: export a sheet, apply decisions.",
                         no_args_is_help=True)

LangOption = Annotated[str, typer.Option("--lang", help="Target language code (et, hi, ...).")]
StanzaOption = Annotated[Path | None, typer.Option(
    help="Directory with stanza models for LANG: agreement follows their dependency parse "
         "instead of word windows.")]


def _summary(frame, column: str, reason: str) -> str:
    import polars as pl

    counts = frame.filter(pl.col(column).is_not_null()).group_by(column, reason).len()
    parts = [f"{row[column]}{'' if row[reason] is None else ' ' + row[reason]}: {row['len']}"
             for row in counts.sort(column, reason, nulls_last=False).iter_rows(named=True)]
    return ", ".join(parts) or "nothing"


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

    from aligner.errors import InputFormatError
    from aligner.pairs.aligned import gold_aligned
    from aligner.pairs.io import read_frame, write_csv
    from aligner.pairs.transfer import load_languages, transfer_pairs
    from aligner.pairs.validate import validate_pairs

    seed_frame = _read_pairs(seeds, ("pair_id", "sent_more", "sent_less", "stereo_antistereo",
                                     "bias_type", "film", "cue_id"), columns, "en")
    if "start_ms" in seed_frame.columns:
        seed_frame = seed_frame.with_columns(pl.col("start_ms").cast(pl.Int64, strict=False))
    frame = read_frame(aligned)
    if "tgt_text" not in frame.columns:
        if cues is None:
            raise InputFormatError("no tgt_text column: a gold alignment needs --cues", aligned)
        frame = gold_aligned(frame, read_frame(cues), lang)
    elif "tgt_lang" in frame.columns:
        frame = frame.filter(pl.col("tgt_lang") == lang)
    langs = load_languages(lang, lexicons, stanza_dir)
    pairs = transfer_pairs(seed_frame, frame, lang, min_confidence, langs=langs)
    pairs = validate_pairs(pairs, lang, lexicon=langs.tgt_lexicon, parser=langs.parser)
    write_csv(pairs, out)
    typer.echo(f"{out}: {pairs.height} pairs; transfer {_summary(pairs, 'status', 'reason')}; "
               f"validator {_summary(pairs, 'verdict', 'verdict_reason')}")


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
    from aligner.analysis.stanza_adapter import stanza_parser
    from aligner.lexicon.load import load_lexicon
    from aligner.pairs.io import PAIR_COLUMNS, write_csv
    from aligner.pairs.tokenizer import load_tokenizer
    from aligner.pairs.validate import validate_pairs

    frame = _read_pairs(pairs_csv, PAIR_COLUMNS, columns, lang)
    tokenizer = load_tokenizer(model_tokenizer) if model_tokenizer else None
    parser = stanza_parser(lang, stanza_dir) if stanza_dir else None
    verdicts = validate_pairs(frame, lang, tokenizer, load_lexicon(lang, lexicons), parser)
    target = out or pairs_csv.with_name(f"{pairs_csv.stem}.verdicts.csv")
    write_csv(verdicts, target)
    typer.echo(f"{target}: {_summary(verdicts, 'verdict', 'verdict_reason')}")


@review_app.command("export")
def review_export(
    pairs_csv: Annotated[Path, typer.Argument(help="Pairs CSV written by `align transfer`.")],
    out: Annotated[Path, typer.Option(help="Review sheet CSV; a .jsonl twin is written too.")],
    cues: Annotated[Path | None, typer.Option(help="Ingested cues (Parquet) for context "
                                              "lines.")] = None,
    decisions: Annotated[Path | None, typer.Option(help="Decision store, to show earlier "
                                                   "decisions.")] = None,
) -> None:
    """Write the review sheet: context, English pair, scores, verdicts, empty decision cells."""
    import polars as pl

    from aligner.pairs.io import read_csv_rows, read_frame, write_csv, write_jsonl
    from aligner.pairs.review import STORE, export_review

    pairs = read_csv_rows(pairs_csv, required=("pair_id", "lang", "film", "sent_more",
                                               "sent_less", "tgt_cue_ids"))
    pairs = pairs.with_columns(pl.col(c).cast(pl.Float64) for c in ("cosine", "margin",
                                                                     "confidence")
                               if c in pairs.columns)
    pairs = pairs.with_columns(pl.col("start_ms").cast(pl.Int64, strict=False))
    store = _read_store(decisions, STORE) if decisions else None
    sheet = export_review(pairs, read_frame(cues) if cues else None, store)
    write_csv(sheet, out)
    write_jsonl(sheet, out.with_suffix(".jsonl"))
    typer.echo(f"{out}: {sheet.height} pairs to review (and {out.with_suffix('.jsonl')})")


def _read_store(path: Path, schema: dict):
    import polars as pl

    from aligner.pairs.io import read_csv_rows
    from aligner.pairs.review import empty_store

    if not path.exists():
        return empty_store()
    frame = read_csv_rows(path, required=tuple(schema))
    return frame.select([pl.col(name).cast(dtype) for name, dtype in schema.items()])


@review_app.command("apply")
def review_apply(
    reviewed: Annotated[Path, typer.Argument(help="The review sheet with decisions filled in.")],
    decisions: Annotated[Path, typer.Option(help="Decision store CSV (created when absent).")],
    force: Annotated[bool, typer.Option(help="Replace conflicting stored decisions; they "
                                        "move to the history column.")] = False,
    lexicons: LexiconsOption = None,
) -> None:
    """Merge decisions into the store: idempotent; conflicts are reported, not overwritten."""
    from aligner.lexicon.load import load_lexicon
    from aligner.pairs.io import read_csv_rows, write_csv
    from aligner.pairs.review import STORE, apply_review
    from aligner.pairs.validate import validate_pair
    from aligner.plugins import get_plugin

    sheet = read_csv_rows(reviewed, required=("pair_id", "lang", "sent_more", "sent_less",
                                              "decision", "edit_sent_more", "edit_sent_less",
                                              "comment"))
    loaded: dict = {}

    def validator(lang: str, more: str, less: str):
        if lang not in loaded:
            loaded[lang] = (get_plugin(lang), load_lexicon(lang, lexicons))
        return validate_pair(more, less, *loaded[lang])

    store, report = apply_review(sheet, _read_store(decisions, STORE), validator, str(reviewed),
                                 force)
    write_csv(store, decisions)
    typer.echo(f"{decisions}: {len(report.added)} added, {len(report.unchanged)} unchanged, "
               f"{len(report.forced)} replaced, {len(report.conflicts)} conflicts")
    for line in report.conflicts:
        typer.echo(f"conflict (kept the stored decision): {line}")
    for line in report.invalid_edits:
        typer.echo(f"edited pair fails validation: {line}")
