"""The review queue: a sheet per pair for a linguist, and merging their decisions back.

Decisions live in their own store (a CSV next to the pairs), never in the pairs file,
so re-running transfer cannot wipe them. Applying a reviewed sheet is idempotent;
a decision that differs from one already stored is a conflict: reported and left
alone unless the caller forces it, and then the old decision moves to ``history``.
Edited sentences are validated again before they are stored.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field

import polars as pl

from aligner.errors import InputFormatError
from aligner.pairs.validate import Verdict

DECISIONS = ("accept", "reject", "edit")
DECIDED = ("decision", "edit_sent_more", "edit_sent_less", "comment")
STORE = {
    "pair_id": pl.Utf8,
    "lang": pl.Utf8,
    "sent_more": pl.Utf8,  # the sentences the decision was taken on
    "sent_less": pl.Utf8,
    "decision": pl.Utf8,
    "edit_sent_more": pl.Utf8,
    "edit_sent_less": pl.Utf8,
    "comment": pl.Utf8,
    "edit_verdict": pl.Utf8,  # validator on the edited pair
    "edit_verdict_reason": pl.Utf8,
    "edit_verdict_message": pl.Utf8,
    "history": pl.Utf8,  # JSON list of earlier decisions a forced apply replaced
}
REVIEW_COLUMNS = (
    "pair_id", "lang", "film", "start_ms", "bias_type", "stereo_antistereo",
    "src_sent_more", "src_sent_less", "context_before", "sent_more", "sent_less",
    "context_after", "src_cue_ids", "tgt_cue_ids", "cosine", "margin", "confidence",
    "status", "reason", "message", "verdict", "verdict_reason", "verdict_message",
    "text_changed_since_decision", *DECIDED,
)
Validator = Callable[[str, str, str], Verdict]  # (lang, sent_more, sent_less) -> verdict


def empty_store() -> pl.DataFrame:
    return pl.DataFrame(schema=STORE)


def _context(pairs: pl.DataFrame, cues: pl.DataFrame | None) -> pl.DataFrame:
    """The target lines before and after each pair's aligned line(s), from a CUES frame."""
    before, after = [], []
    by_raw: dict[tuple[str, str, str], int] = {}
    texts: dict[tuple[str, str, int], str] = {}
    if cues is not None:
        for row in cues.iter_rows(named=True):
            texts[(row["film"], row["lang"], row["idx"])] = row["text"]
            for raw in row["cue_ids"]:
                by_raw.setdefault((row["film"], row["lang"], raw), row["idx"])
    for row in pairs.iter_rows(named=True):
        found = [by_raw[key] for raw in (row["tgt_cue_ids"] or "").split()
                 if (key := (row["film"], row["lang"], raw)) in by_raw]
        film, lang = row["film"], row["lang"]
        before.append(texts.get((film, lang, min(found) - 1)) if found else None)
        after.append(texts.get((film, lang, max(found) + 1)) if found else None)
    return pairs.with_columns(context_before=pl.Series(before, dtype=pl.Utf8),
                              context_after=pl.Series(after, dtype=pl.Utf8))


def export_review(
    pairs: pl.DataFrame, cues: pl.DataFrame | None = None, store: pl.DataFrame | None = None
) -> pl.DataFrame:
    """One review row per pair, earlier decisions filled in, ordered by film and time.

    ``pairs`` is a PAIRS frame (verdict columns optional); ``cues`` a CUES frame of the
    target language(s) for context lines; ``store`` the decisions taken so far.
    """
    sheet = _context(pairs, cues)
    for column in ("verdict", "verdict_reason", "verdict_message"):
        if column not in sheet.columns:
            sheet = sheet.with_columns(pl.lit(None, pl.Utf8).alias(column))
    store = store if store is not None else empty_store()
    earlier = store.select(
        "pair_id", "lang", *DECIDED,
        decided_more=pl.col("sent_more"), decided_less=pl.col("sent_less"),
    )
    sheet = sheet.join(earlier, on=["pair_id", "lang"], how="left")
    changed = pl.col("decision").is_not_null() & (
        pl.col("decided_more").ne_missing(pl.col("sent_more"))
        | pl.col("decided_less").ne_missing(pl.col("sent_less"))
    )
    sheet = sheet.with_columns(text_changed_since_decision=changed)
    return sheet.sort("film", "start_ms", "pair_id", nulls_last=True).select(REVIEW_COLUMNS)


@dataclass
class ApplyReport:
    added: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    conflicts: list[str] = field(default_factory=list)  # "pair_id/lang: stored X, sheet Y"
    forced: list[str] = field(default_factory=list)
    invalid_edits: list[str] = field(default_factory=list)  # stored, but the validator objects


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
    return {"decision": decision, "edit_sent_more": edits[0], "edit_sent_less": edits[1],
            "comment": row.get("comment")}


def _describe(cells: dict) -> str:
    return "/".join(str(cells.get(k) or "") for k in DECIDED).rstrip("/")


def apply_review(
    reviewed: pl.DataFrame,
    store: pl.DataFrame,
    validator: Validator,
    path: str = "review sheet",
    force: bool = False,
) -> tuple[pl.DataFrame, ApplyReport]:
    """Merge a reviewed sheet into the decision store; returns the new store and what happened.

    ``reviewed`` needs pair_id, lang, sent_more, sent_less and the decision columns
    (``line`` is used in error messages). Undecided rows are skipped.
    """
    report = ApplyReport()
    records = {(row["pair_id"], row["lang"]): row for row in store.iter_rows(named=True)}
    for row in reviewed.iter_rows(named=True):
        cells = _decision(row, path)
        if cells is None:
            continue
        key = (row["pair_id"], row["lang"])
        label = f"{key[0]}/{key[1]}"
        old = records.get(key)
        if old is not None and all(old[k] == cells[k] for k in DECIDED):
            report.unchanged.append(label)
            continue
        history = json.loads(old["history"]) if old and old["history"] else []
        if old is not None:
            if not force:
                report.conflicts.append(f"{label}: stored {_describe(old)}, "
                                        f"sheet {_describe(cells)}")
                continue
            history.append({k: old[k] for k in ("sent_more", "sent_less", *DECIDED)})
            report.forced.append(label)
        else:
            report.added.append(label)
        verdict = _edit_verdict(row, cells, validator)
        if verdict is not None and verdict.status != "ok":
            report.invalid_edits.append(f"{label}: {verdict.reason}: {verdict.message}")
        records[key] = {
            "pair_id": key[0], "lang": key[1],
            "sent_more": row.get("sent_more"), "sent_less": row.get("sent_less"),
            **cells,
            "edit_verdict": verdict.status if verdict else None,
            "edit_verdict_reason": verdict.reason if verdict else None,
            "edit_verdict_message": verdict.message if verdict else None,
            "history": json.dumps(history, ensure_ascii=False) if history else None,
        }
    merged = pl.DataFrame(list(records.values()), schema=STORE) if records else empty_store()
    return merged.sort("pair_id", "lang"), report


def _edit_verdict(row: dict, cells: dict, validator: Validator) -> Verdict | None:
    """Validate an edited pair: edited sides replace the originals, untouched sides stay."""
    if cells["decision"] != "edit":
        return None
    more = cells["edit_sent_more"] or row.get("sent_more") or ""
    less = cells["edit_sent_less"] or row.get("sent_less") or ""
    return validator(row["lang"], more, less)


def final_pairs(pairs: pl.DataFrame, store: pl.DataFrame) -> pl.DataFrame:
    """Pairs after review: rejected ones dropped, edits (that validate) written in.

    Undecided pairs keep the machine verdict; a pair reviewed on different text than
    it now has keeps its machine text too (the decision no longer applies).
    """
    decided = store.select("pair_id", "lang", "decision", "edit_sent_more", "edit_sent_less",
                           "edit_verdict", decided_more="sent_more", decided_less="sent_less")
    merged = pairs.join(decided, on=["pair_id", "lang"], how="left")
    current = (pl.col("decided_more").eq_missing(pl.col("sent_more"))
               & pl.col("decided_less").eq_missing(pl.col("sent_less")))
    use_edit = current & (pl.col("decision") == "edit") & (pl.col("edit_verdict") == "ok")
    merged = merged.filter(~(current & (pl.col("decision") == "reject")).fill_null(False))
    merged = merged.with_columns(
        sent_more=pl.when(use_edit).then(pl.coalesce("edit_sent_more", "sent_more"))
        .otherwise(pl.col("sent_more")),
        sent_less=pl.when(use_edit).then(pl.coalesce("edit_sent_less", "sent_less"))
        .otherwise(pl.col("sent_less")),
    )
    return merged.drop("decision", "edit_sent_more", "edit_sent_less", "edit_verdict",
                       "decided_more", "decided_less")
