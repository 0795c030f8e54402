"""Reading minimal pairs: the CrowS-Pairs CSV, CineAlign's own output, StereoSet JSON.

CSVs share the CrowS-Pairs column names; CrowS-Pairs adds an unnamed index
column and annotation columns, CineAlign adds provenance (film, cue_id, lang...),
and datasets such as IndiBias keep their sentences under other names, which
``columns`` maps. Every column is kept as text so provenance reaches the per-pair
output, and each row remembers the line it starts on so errors can point at it.
CineAlign rows whose ``status`` is not "ok" (rejected transfers) have no pair and
are passed over.
"""

from __future__ import annotations

from pathlib import Path

import polars as pl

from aligner.errors import ConfigError, InputFormatError
from aligner.score.table import INDEX_COLUMN, Table, read_table

REQUIRED = ("sent_more", "sent_less", "bias_type")
STATUS_COLUMN = "status"  # CineAlign transfer output: rows not "ok" carry no pair
# --columns keys: the short names, or the CrowS-Pairs names themselves
COLUMN_KEYS = {
    "more": "sent_more",
    "less": "sent_less",
    "bias": "bias_type",
    "direction": "stereo_antistereo",
}


def read_pairs(path: str | Path, columns: dict[str, str] | None = None) -> pl.DataFrame:
    """All columns as text plus ``line`` (1-based start line) and ``pair_id``.

    ``columns`` maps CrowS-Pairs names (or their short keys, see parse_columns) to
    the file's own; a column displaced by the mapping is kept as ``<name>_original``.
    A ``.json`` file is read as StereoSet intrasentence data (aligner.score.stereoset).
    """
    path = Path(path)
    if path.suffix.lower() == ".json":
        from aligner.score.stereoset import read_stereoset

        return read_stereoset(path)
    table = _mapped(read_table(path), columns or {})
    _check_required(table)
    required = [table.column(name) for name in REQUIRED]
    status = table.column(STATUS_COLUMN) if STATUS_COLUMN in table.header else None
    rows = []
    for record, line in zip(table.rows, table.lines, strict=True):
        if status is not None and record[status] != "ok":
            continue
        for index in required:
            if not record[index].strip():
                raise InputFormatError(f"empty {table.header[index]}", path, line)
        rows.append([*record, line])
    if not rows:
        raise InputFormatError("no pairs to score (only a header, or every row rejected)", path)
    frame = pl.DataFrame(
        rows, schema={**dict.fromkeys(table.header, pl.Utf8), "line": pl.Int64}, orient="row"
    )
    if "pair_id" not in frame.columns:
        ids = frame[INDEX_COLUMN] if INDEX_COLUMN in frame.columns else frame["line"].cast(pl.Utf8)
        frame = frame.with_columns(ids.alias("pair_id"))
    return frame


def parse_columns(text: str | None) -> dict[str, str]:
    """``more=sent_more_hindi,less=sent_less_hindi`` as {"sent_more": "sent_more_hindi", ...}."""
    if not text:
        return {}
    mapping: dict[str, str] = {}
    for item in text.split(","):
        key, sep, value = (part.strip() for part in item.partition("="))
        name = COLUMN_KEYS.get(key, key)
        if not sep or not value or name not in COLUMN_KEYS.values():
            keys = ", ".join([*COLUMN_KEYS, *COLUMN_KEYS.values()])
            raise ConfigError(f"--columns wants KEY=COLUMN with KEY one of {keys}; got {item!r}")
        mapping[name] = value
    return mapping


def _mapped(table: Table, columns: dict[str, str]) -> Table:
    header = list(table.header)
    for source in columns.values():
        if source not in header:
            raise InputFormatError(
                f"--columns names {source!r}, which is not a column; columns: {', '.join(header)}",
                table.path,
                1,
            )
    renamed = {source: name for name, source in columns.items()}
    displaced = {name for name in columns if name in header and name not in renamed}
    header = [
        renamed.get(name, f"{name}_original" if name in displaced else name) for name in header
    ]
    return Table(table.path, header, table.rows, table.lines)


def _check_required(table: Table) -> None:
    missing = [name for name in REQUIRED if name not in table.header]
    if not missing:
        return
    hints = [
        f"{name}: found {', '.join(c for c in table.header if c.startswith(name + '_'))}"
        for name in missing
        if any(c.startswith(name + "_") for c in table.header)
    ]
    if hints:
        suggestion = (
            f" ({'; '.join(hints)}; name them with --columns, e.g. "
            "--columns more=sent_more_hindi,less=sent_less_hindi)"
        )
    elif {"sent_m", "sent_w", "context"} <= set(table.header):
        suggestion = " (a GenderLex-style cloze file? score it with --metric cloze-gender)"
    else:
        suggestion = "; CrowS-Pairs columns are sent_more, sent_less, stereo_antistereo, bias_type"
    raise InputFormatError(f"missing column(s) {', '.join(missing)}{suggestion}", table.path, 1)
