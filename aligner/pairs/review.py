"""The review queue: a sheet per pair for a linguist, and merging their decisions back.

Decisions live in their own store (``aligner.pairs.decisions``), never in the pairs
file, so re-running transfer cannot wipe them. Each reviewer's decision is their vote;
what the votes decide together is ``aligner.pairs.consensus``'s. Applying a reviewed
sheet is idempotent; a vote that differs from one the same reviewer stored after the
sheet was exported is a conflict: reported and left alone unless the caller forces it,
and then the new vote supersedes the old one (which stays in the store). Edited
sentences are validated again before they are stored.

The sheet shows each pair with the subtitle lines around it, in both languages and with
their times, so a linguist never has to open the subtitle files. Its ``decision`` column
takes ``accept``, ``reject`` (say why in ``comment``) or ``edit`` (write the corrected
sentences in ``edit_sent_more``/``edit_sent_less``); an empty cell means undecided.
``chosen_direction`` and ``chosen_category`` take what the reviewer reads in the pair.
A sheet exported for everyone shows what the votes decided (``consensus``, ``votes``);
one exported for a reviewer shows that reviewer's own votes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import polars as pl

from aligner.errors import InputFormatError
from aligner.pairs.consensus import ADJUDICATED, OPEN, PENDING, SETTLED, resolve
from aligner.pairs.decisions import (
    DECIDED,
    DECISIONS,
    DIRECTIONS,
    LABELS,
    VOTED,
    Log,
    Proposal,
    Validator,
    as_votes,
    describe,
    empty_store,
    latest_votes,
    write_decision,
)

# What the screen stage said of the English line (aligner/screen/); empty for seed pairs.
SCREENING = {"stereotype": pl.Float64, "direction": pl.Utf8, "rationale": pl.Utf8,
             "judge": pl.Utf8}
SHEET_COLUMNS = (  # review.csv
    "pair_id", "lang", "film", "start_ms", "bias_type", "stereo_antistereo",
    *SCREENING, "src_sent_more", "src_sent_less", "context_before", "tgt_time", "tgt_line",
    "context_after", "sent_more", "sent_less", "concept", "counterpart", "slot",
    "src_cue_ids", "tgt_cue_ids", "cosine", "margin", "confidence", "time_delta_ms",
    "status", "reason", "message", "verdict", "verdict_reason", "verdict_message",
    "text_changed_since_decision", "consensus", "votes", "revision", "reviewer", *VOTED,
)
REVIEW_COLUMNS = (*SHEET_COLUMNS, "lines")  # review.jsonl: lines holds the context, nested
NEIGHBOURS = 2  # lines shown on each side of the aligned line (the page; the CSV shows 1)
CONTEXT_COLUMNS = ("film", "lang", "idx", "cue_ids", "text", "start_ms")  # of the --cues frame
LINE = pl.Struct({"lang": pl.Utf8, "role": pl.Utf8, "cue_id": pl.Utf8, "start_ms": pl.Int64,
                  "end_ms": pl.Int64, "text": pl.Utf8})
OPTIONAL = {**SCREENING, "status": pl.Utf8, "reason": pl.Utf8, "message": pl.Utf8,
            "verdict": pl.Utf8,
            "verdict_reason": pl.Utf8, "verdict_message": pl.Utf8, "concept": pl.Utf8,
            "counterpart": pl.Utf8, "slot": pl.Utf8, "bias_type": pl.Utf8,
            "stereo_antistereo": pl.Utf8, "src_sent_more": pl.Utf8, "src_sent_less": pl.Utf8,
            "src_cue_ids": pl.Utf8, "start_ms": pl.Int64, "cosine": pl.Float64,
            "margin": pl.Float64, "confidence": pl.Float64}


class Validators:
    """The one validator, called as (lang, sent_more, sent_less), loading each language once.

    Edits are checked with the same plugin and lexicon as every machine pair.
    """

    def __init__(self, lexicons: Path | None = None):
        self.lexicons = lexicons
        self.loaded: dict[str, tuple] = {}

    def language(self, lang: str) -> tuple:
        """(plugin, lexicon) for ``lang``."""
        from aligner.lexicon.load import load_lexicon
        from aligner.plugins import get_plugin

        if lang not in self.loaded:
            self.loaded[lang] = (get_plugin(lang), load_lexicon(lang, self.lexicons))
        return self.loaded[lang]

    def __call__(self, lang: str, more: str, less: str):
        from aligner.pairs.validate import validate_pair

        return validate_pair(more, less, *self.language(lang))


def clock(ms: int | None) -> str | None:
    """Milliseconds as an SRT timestamp, so a reviewer can find the line in the file."""
    if ms is None:
        return None
    hours, rest = divmod(int(ms), 3_600_000)
    minutes, rest = divmod(rest, 60_000)
    seconds, millis = divmod(rest, 1000)
    return f"{hours:02d}:{minutes:02d}:{seconds:02d},{millis:03d}"


class _Lines:
    """Cue lines by film and language, found by the raw cue ids pairs refer to."""

    def __init__(self, cues: pl.DataFrame | None):
        self.rows: dict[tuple[str, str], dict[int, dict]] = {}
        self.by_raw: dict[tuple[str, str, str], int] = {}
        for row in cues.iter_rows(named=True) if cues is not None else ():
            film, lang = row["film"], row["lang"]
            self.rows.setdefault((film, lang), {})[row["idx"]] = row
            for raw in row["cue_ids"]:
                self.by_raw.setdefault((film, lang, raw), row["idx"])

    def find(self, film: str, lang: str, raw_ids: str | None) -> list[int]:
        ids = (raw_ids or "").split()
        return sorted({self.by_raw[k] for raw in ids if (k := (film, lang, raw)) in self.by_raw})

    def langs(self, film: str) -> list[str]:
        return sorted(lang for f, lang in self.rows if f == film)

    def around(self, film: str, lang: str, found: list[int]) -> list[dict]:
        """The found lines and NEIGHBOURS lines either side, each with its role."""
        rows = self.rows.get((film, lang), {})
        picked = []
        for idx in range(found[0] - NEIGHBOURS, found[-1] + NEIGHBOURS + 1):
            if idx in rows:
                role = "before" if idx < found[0] else "after" if idx > found[-1] else "line"
                row = rows[idx]
                picked.append({"lang": lang, "role": role, "cue_id": row.get("cue_id"),
                               "start_ms": row.get("start_ms"), "end_ms": row.get("end_ms"),
                               "text": row["text"]})
        return picked


def _timed(line: dict | None) -> str | None:
    if line is None:
        return None
    stamp = clock(line["start_ms"])
    return f"[{stamp}] {line['text']}" if stamp else line["text"]


def _context(pairs: pl.DataFrame, cues: pl.DataFrame | None) -> pl.DataFrame:
    """The aligned target line, its neighbours with times, and the English line's, per pair."""
    index = _Lines(cues)
    columns: dict[str, list] = {name: [] for name in (
        "tgt_line", "tgt_time", "context_before", "context_after", "lines")}
    for row in pairs.iter_rows(named=True):
        film, lang = row["film"], row["lang"]
        lines: list[dict] = []
        found = index.find(film, lang, row["tgt_cue_ids"])
        target = index.around(film, lang, found) if found else []
        for other in index.langs(film):
            src = index.find(film, other, row.get("src_cue_ids")) if other != lang else []
            if src:
                lines += index.around(film, other, src)
                break
        lines += target
        aligned = [line for line in target if line["role"] == "line"]
        before = [line for line in target if line["role"] == "before"]
        after = [line for line in target if line["role"] == "after"]
        columns["tgt_line"].append(" ".join(line["text"] for line in aligned) or None)
        columns["tgt_time"].append(clock(aligned[0]["start_ms"]) if aligned else None)
        columns["context_before"].append(_timed(before[-1] if before else None))
        columns["context_after"].append(_timed(after[0] if after else None))
        columns["lines"].append(lines)
    return pairs.with_columns(
        *(pl.Series(name, values, dtype=pl.Utf8) for name, values in columns.items()
          if name != "lines"),
        pl.Series("lines", columns["lines"], dtype=pl.List(LINE)),
    )


def _time_deltas(pairs: pl.DataFrame, aligned: pl.DataFrame | None) -> pl.DataFrame:
    """Each pair's link's distance from the film's fitted time map (mapped minus actual)."""
    if aligned is None or aligned.height == 0 or "time_delta_ms" not in aligned.columns:
        return pairs.with_columns(time_delta_ms=pl.lit(None, pl.Int64))
    links = aligned.filter(pl.col("tgt_text").is_not_null()).select(
        "film",
        src_cue_ids=pl.col("src_cue_ids").list.join(" "),
        tgt_cue_ids=pl.col("tgt_cue_ids").list.join(" "),
        time_delta_ms=pl.col("time_delta_ms"),
    ).unique(["film", "src_cue_ids", "tgt_cue_ids"], keep="first")
    return pairs.join(links, on=["film", "src_cue_ids", "tgt_cue_ids"], how="left")


def _tally(votes: pl.DataFrame) -> pl.DataFrame:
    """Each pair's standing votes in one cell: ``ilse accept; mart reject (calque)``."""
    standing = latest_votes(as_votes(votes)).filter(pl.col("decision").is_not_null())
    cell = pl.format("{} {}{}", pl.col("reviewer").fill_null("unknown"), pl.col("decision"),
                     pl.when(pl.col("comment").is_not_null())
                     .then(pl.format(" ({})", pl.col("comment"))).otherwise(pl.lit("")))
    return standing.group_by("pair_id", "lang", maintain_order=True).agg(
        votes=cell.str.join("; "))


def _shown(store: pl.DataFrame, reviewer: str | None) -> pl.DataFrame:
    """What the sheet shows of earlier decisions: what the votes decided, or, for one
    ``reviewer``, their own votes (others' stay hidden). ``revision`` is the pair's latest,
    the base a vote from the sheet is checked against."""
    keys = ["pair_id", "lang"]
    resolved = resolve(store)
    if reviewer is None:
        return resolved.join(_tally(store), on=keys, how="left").select(
            *keys, *DECIDED, *(pl.lit(None, pl.Utf8).alias(c) for c in LABELS), "consensus",
            "votes", "revision", "reviewer", decided_more="sent_more",
            decided_less="sent_less")
    own = latest_votes(as_votes(store)).filter((pl.col("reviewer") == reviewer)
                                               & (pl.col("role") == "vote"))
    return own.drop("revision").join(resolved.select(*keys, "revision"), on=keys).select(
        *keys, *VOTED, consensus=pl.lit(None, pl.Utf8), votes=pl.lit(None, pl.Utf8),
        revision="revision", reviewer="reviewer", decided_more="sent_more",
        decided_less="sent_less")


def export_review(
    pairs: pl.DataFrame,
    cues: pl.DataFrame | None = None,
    store: pl.DataFrame | None = None,
    aligned: pl.DataFrame | None = None,
    reviewer: str | None = None,
) -> pl.DataFrame:
    """One review row per pair, earlier decisions filled in; the lines the screening
    judge scored highest first (a reviewer reads from the top), then by film and time.

    ``pairs`` is a PAIRS frame (verdict and provenance columns optional, so the build's
    dataset CSV works too); ``cues`` a CUES frame of the target and source languages for
    the lines around each pair; ``aligned`` the ALIGNMENT frame for the time map;
    ``store`` the decisions taken so far, shown as the votes decided them or, with
    ``reviewer``, as that reviewer voted. Columns: REVIEW_COLUMNS (SHEET_COLUMNS, then
    ``lines``: the context nested, which a CSV cannot hold, for the review page).
    """
    sheet = pairs.with_columns(pl.lit(None, dtype).alias(name) for name, dtype in
                               OPTIONAL.items() if name not in pairs.columns)
    sheet = _time_deltas(_context(sheet, cues), aligned)
    store = store if store is not None else empty_store()
    sheet = sheet.join(_shown(store, reviewer), on=["pair_id", "lang"], how="left")
    changed = pl.col("decision").is_not_null() & (
        pl.col("decided_more").ne_missing(pl.col("sent_more"))
        | pl.col("decided_less").ne_missing(pl.col("sent_less"))
    )
    sheet = sheet.with_columns(text_changed_since_decision=changed)
    order = ["stereotype", "film", "start_ms", "pair_id"]
    return sheet.sort(order, descending=[True, False, False, False], nulls_last=True).select(
        REVIEW_COLUMNS)


def write_review(review: pl.DataFrame, sheet: Path, twin: Path) -> None:
    """The sheet as CSV for spreadsheets, and whole (nested lines included) as JSON lines."""
    from aligner.pairs.io import write_csv, write_jsonl

    write_csv(review.select(SHEET_COLUMNS), sheet)
    write_jsonl(review, twin)


def unapplied(path: Path, store: pl.DataFrame | None) -> int:
    """How many rows of the sheet at ``path`` hold decisions, edits or comments the store
    does not: a linguist's work that writing a fresh sheet there would destroy."""
    from aligner.pairs.io import read_frame

    if not path.exists():
        return 0
    sheet = read_frame(path)
    filled = [c for c in DECIDED if c in sheet.columns]
    if not filled or "pair_id" not in sheet.columns:
        return 0
    worked = sheet.filter(pl.any_horizontal(pl.col(c).is_not_null() for c in filled))
    if store is not None and worked.height and "lang" in sheet.columns:
        known = store.select("pair_id", "lang", *filled)
        worked = worked.select("pair_id", "lang", *filled).join(
            known, on=["pair_id", "lang", *filled], how="anti", nulls_equal=True
        )
    return worked.height


def safe_sheet_path(path: Path, store: pl.DataFrame | None) -> Path:
    """``path``, or the first of ``<stem>.new.csv``, ``<stem>.new2.csv``, ... that holds no
    unapplied work: a sheet with a linguist's decisions is never overwritten."""
    stem = path.name.removesuffix(".csv")
    candidates = [path, path.with_name(f"{stem}.new.csv")]
    number = 2
    while True:
        for candidate in candidates:
            if unapplied(candidate, store) == 0:
                return candidate
        candidates = [path.with_name(f"{stem}.new{number}.csv")]
        number += 1


@dataclass
class ApplyReport:
    added: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)  # a decision the sheet showed, revised
    conflicts: list[str] = field(default_factory=list)  # "pair_id/lang: stored X, sheet Y"
    forced: list[str] = field(default_factory=list)
    invalid_edits: list[str] = field(default_factory=list)  # stored, but the validator objects
    unknown: list[dict] = field(default_factory=list)  # sheet rows for pairs that do not exist


def _decision(row: dict, path: str) -> dict[str, str | None] | None:
    """The decision cells of a sheet row, checked; None for an undecided row."""
    decision = (row.get("decision") or "").strip().lower() or None
    if decision is None:
        return None
    line = row.get("line")
    if decision not in DECISIONS:
        raise InputFormatError(
            f"decision {decision!r} is not one of {', '.join(DECISIONS)}", path, line)
    edits = (row.get("edit_sent_more"), row.get("edit_sent_less"))
    if decision == "edit" and not any(edits):
        raise InputFormatError("decision 'edit' needs edit_sent_more or edit_sent_less", path,
                               line)
    direction = (row.get("chosen_direction") or "").strip() or None
    if direction is not None and direction not in DIRECTIONS:
        raise InputFormatError(f"chosen_direction {direction!r} is not one of "
                               f"{', '.join(DIRECTIONS)}", path, line)
    return {"decision": decision, "edit_sent_more": edits[0], "edit_sent_less": edits[1],
            "comment": row.get("comment"), "chosen_direction": direction,
            "chosen_category": (row.get("chosen_category") or "").strip() or None}


def _as_shown(row: dict, cells: dict, shown: dict | None, reviewer: str | None) -> bool:
    """Whether a sheet row only repeats the decision it was exported with, taken by others:
    that is no vote of the reviewer applying the sheet."""
    return (shown is not None and bool(row.get("reviewer")) and row["reviewer"] != reviewer
            and all(shown[k] == cells[k] for k in DECIDED))


def _base_revision(row: dict, path: str) -> int | None:
    """The revision of the stored decision the sheet was exported with (None: it had none)."""
    value = row.get("revision")
    if value is None or value == "":
        return None
    try:
        return int(value)
    except ValueError:
        raise InputFormatError(f"revision {value!r} is not a whole number", path,
                               row.get("line")) from None


def apply_review(
    reviewed: pl.DataFrame,
    store: pl.DataFrame,
    validator: Validator,
    path: str = "review sheet",
    force: bool = False,
    known: set[tuple[str, str]] | None = None,
    reviewer: str | None = None,
) -> tuple[pl.DataFrame, ApplyReport]:
    """Add a reviewed sheet's decisions to the store as ``reviewer``'s votes; returns the
    store with the new rows appended, and what happened.

    ``reviewed`` needs pair_id, lang, sent_more, sent_less and the decision columns
    (``revision``, when present, says which revision of the pair the sheet showed; ``line``
    is used in error messages). Undecided rows are skipped, and so are rows that repeat
    what others decided, as the sheet showed it. With ``known`` (the pairs that exist), a
    decision for any other pair is not stored but returned in ``unknown``.
    """
    report = ApplyReport()
    log = Log(as_votes(store).to_dicts())
    shown = {(r["pair_id"], r["lang"]): r for r in resolve(store).iter_rows(named=True)}
    for row in reviewed.iter_rows(named=True):
        cells = _decision(row, path)
        if cells is None:
            continue
        key = (row["pair_id"], row["lang"])
        if known is not None and key not in known:
            report.unknown.append(row)
            continue
        if _as_shown(row, cells, shown.get(key), reviewer):
            report.unchanged.append(f"{key[0]}/{key[1]}")
            continue
        proposal = Proposal(key, (row.get("sent_more"), row.get("sent_less")), cells,
                            _base_revision(row, path), reviewer)
        change = write_decision(log, proposal, validator, force)
        if change.kind == "conflict":
            report.conflicts.append(f"{change.label}: stored {describe(change.record)}, "
                                    f"sheet {describe(cells)}")
            continue
        getattr(report, change.kind).append(change.label)
        if change.verdict is not None and change.verdict.status != "ok":
            report.invalid_edits.append(
                f"{change.label}: {change.verdict.reason}: {change.verdict.message}")
    return log.frame(), report


def decision_status(pairs: pl.DataFrame, store: pl.DataFrame,
                    min_votes: int = 1) -> pl.DataFrame:
    """What the votes decided on each pair anyone voted on, and its ``effect`` on these pairs.

    A decision for a pair id the pairs no longer hold is kept in the store (the pair may
    come back) but applied to nothing, and said so; so is one taken on text that changed,
    and a pair the votes leave open or pending, which the dataset leaves out.
    """
    resolved = resolve(store, min_votes)
    current = pairs.select("pair_id", "lang", "sent_more", "sent_less")
    joined = resolved.join(current, on=["pair_id", "lang"], how="left", suffix="_now")
    exists = pl.col("pair_id").is_in(current["pair_id"].implode())
    same = (pl.col("sent_more").eq_missing(pl.col("sent_more_now"))
            & pl.col("sent_less").eq_missing(pl.col("sent_less_now")))
    effect = (
        pl.when(~exists).then(pl.lit("not applied: no such pair in this build"))
        .when(~same).then(pl.lit("not applied: text changed since the decision"))
        .when(pl.col("consensus") == OPEN).then(pl.lit("left out: in the adjudication queue"))
        .when(pl.col("consensus") == PENDING)
        .then(pl.lit(f"left out: fewer than {min_votes} agreeing votes"))
        .when((pl.col("decision") == "edit") & (pl.col("edit_verdict") != "ok"))
        .then(pl.lit("edit fails validation: pair left out"))
        .otherwise(pl.lit("applied"))
    )
    return joined.select("pair_id", "lang", "decision", "consensus", effect=effect)


def final_pairs(pairs: pl.DataFrame, store: pl.DataFrame, min_votes: int = 1) -> pl.DataFrame:
    """Pairs after review: rejected ones dropped, edits written in, open ones held back.

    What counts for each pair is what its reviewers' votes decided (aligner.pairs.
    consensus, with ``min_votes``). An edit that validates replaces the pair's sentences
    (and brings in a pair the machine rejected: the reviewers repaired it); an accepted
    stand-in (transfer's ``review`` status) comes in when the validator passed it; an edit
    that does not validate drops the pair, since reviewers said its text is wrong; a pair
    the votes leave open or pending stays out until they settle it. Pairs nobody voted on
    keep the machine verdict; a pair reviewed on different text than it now has keeps its
    machine text too (the decision no longer applies).
    """
    decided = resolve(store, min_votes).select(
        "pair_id", "lang", "decision", "consensus", "edit_sent_more", "edit_sent_less",
        "edit_verdict", decided_more="sent_more", decided_less="sent_less")
    merged = pairs.join(decided, on=["pair_id", "lang"], how="left")
    current = (pl.col("decided_more").eq_missing(pl.col("sent_more"))
               & pl.col("decided_less").eq_missing(pl.col("sent_less")))
    edited = current & (pl.col("decision") == "edit")
    use_edit = edited & (pl.col("edit_verdict") == "ok")
    held = current & pl.col("consensus").is_in([OPEN, PENDING])
    dropped = current & ((pl.col("decision") == "reject") | (edited & ~use_edit)) | held
    merged = merged.filter(~dropped.fill_null(False))
    repaired = {"status": pl.lit("ok"), "verdict": pl.lit("ok"),
                "verdict_reason": pl.lit(None, pl.Utf8), "verdict_message": pl.lit(None, pl.Utf8)}
    if "status" in pairs.columns:  # a stand-in transfer offered for review, accepted
        confirmed = current & (pl.col("decision") == "accept") & (pl.col("status") == "review")
        merged = merged.with_columns(
            status=pl.when(confirmed).then(pl.lit("ok")).otherwise(pl.col("status")))
    merged = merged.with_columns(
        sent_more=pl.when(use_edit).then(pl.coalesce("edit_sent_more", "sent_more"))
        .otherwise(pl.col("sent_more")),
        sent_less=pl.when(use_edit).then(pl.coalesce("edit_sent_less", "sent_less"))
        .otherwise(pl.col("sent_less")),
        **{name: pl.when(use_edit).then(value).otherwise(pl.col(name))
           for name, value in repaired.items() if name in pairs.columns},
    )
    return merged.drop("decision", "consensus", "edit_sent_more", "edit_sent_less",
                       "edit_verdict", "decided_more", "decided_less")


def majority_accepted(store: pl.DataFrame, min_votes: int = 1) -> pl.DataFrame:
    """(pair_id, lang) of the pairs the votes (or an adjudication) accepted or edited."""
    resolved = resolve(store, min_votes)
    return resolved.filter(pl.col("consensus").is_in([SETTLED, ADJUDICATED])
                           & pl.col("decision").is_in(["accept", "edit"])).select(
        "pair_id", "lang")
