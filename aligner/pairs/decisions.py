"""The decision store: one CSV of linguists' decisions, shared by every way of writing them.

The review sheet (``align review apply``) and the review page (``align review serve``)
write the same file, possibly at the same time, from different processes. Every write
therefore takes a lock, re-reads the file, checks the decision it replaces and writes
the whole store atomically (optimistic concurrency): each stored decision carries a
``revision``, a writer says which revision it read, and a write over a decision that
changed since then is refused, so nobody's decision is ever overwritten unseen.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import polars as pl

from aligner.errors import CineAlignError, InputFormatError
from aligner.pairs.validate import Verdict

DECISIONS = ("accept", "reject", "edit")
DECIDED = ("decision", "edit_sent_more", "edit_sent_less", "comment")
STORE = {
    "pair_id": pl.Utf8,
    "lang": pl.Utf8,
    "sent_more": pl.Utf8,  # the sentences the decision was taken on
    "sent_less": pl.Utf8,
    "decision": pl.Utf8,  # accept | reject | edit; empty once undone
    "edit_sent_more": pl.Utf8,
    "edit_sent_less": pl.Utf8,
    "comment": pl.Utf8,  # for a rejection: the reason
    "edit_verdict": pl.Utf8,  # validator on the edited pair
    "edit_verdict_reason": pl.Utf8,
    "edit_verdict_message": pl.Utf8,
    "history": pl.Utf8,  # JSON list of the decisions this one replaced
    "revision": pl.Int64,  # 1 for the first decision on a pair, +1 per change
    "reviewer": pl.Utf8,
    "decided_at": pl.Utf8,  # UTC, ISO 8601
}
# Stores written before revisions existed lack the last three columns; they are filled in.
REQUIRED = tuple(list(STORE)[:12])
LOCK_SECONDS = 30.0

Key = tuple[str, str]  # (pair_id, lang)
Validator = Callable[[str, str, str], Verdict]  # (lang, sent_more, sent_less) -> verdict


class StaleDecisionError(CineAlignError):
    """A write over a decision that changed after the writer read it."""

    def __init__(self, reason: str, current: dict | None):
        super().__init__(reason)
        self.current = current


@dataclass(frozen=True)
class Change:
    """What one write did: added, changed, unchanged, forced or conflict."""

    kind: str
    label: str
    record: dict | None
    verdict: Verdict | None = None


@dataclass(frozen=True)
class Proposal:
    """A decision someone wants stored: on which pair and text, and which revision they read.

    ``base_revision`` is the revision of the stored decision the writer saw (None: it saw
    no decision); ``cells`` holds the DECIDED values (a null decision undoes).
    """

    key: Key
    sentences: tuple[str | None, str | None]
    cells: dict[str, str | None]
    base_revision: int | None = None
    reviewer: str | None = None


def empty_store() -> pl.DataFrame:
    return pl.DataFrame(schema=STORE)


def label(key: Key) -> str:
    return f"{key[0]}/{key[1]}"


def describe(cells: dict) -> str:
    """A decision in one short string, as conflict reports show it."""
    return "/".join(str(cells.get(k) or "") for k in DECIDED).rstrip("/")


def read_store(path: Path, must_exist: bool = False) -> pl.DataFrame:
    """The store at ``path``; a missing file is an empty store unless ``must_exist``."""
    from aligner.pairs.io import read_csv_rows

    if not path.exists():
        if must_exist:
            raise InputFormatError("decision store not found", path)
        return empty_store()
    frame = read_csv_rows(path, required=REQUIRED)
    missing = [name for name in STORE if name not in frame.columns]
    frame = frame.with_columns(pl.lit(None, pl.Utf8).alias(name) for name in missing)
    frame = frame.with_columns(pl.col("revision").cast(pl.Int64, strict=False))
    bad = frame.filter(pl.col("revision").is_null() & ~pl.col("decision").is_null())
    if "revision" not in missing and bad.height:
        raise InputFormatError("revision must be a whole number", path, bad["line"][0])
    frame = frame.with_columns(revision=pl.col("revision").fill_null(1))
    return frame.select([pl.col(name).cast(dtype) for name, dtype in STORE.items()])


def records_of(store: pl.DataFrame) -> dict[Key, dict]:
    return {(row["pair_id"], row["lang"]): row for row in store.iter_rows(named=True)}


def frame_of(records: dict[Key, dict]) -> pl.DataFrame:
    if not records:
        return empty_store()
    return pl.DataFrame(list(records.values()), schema=STORE).sort("pair_id", "lang")


@contextmanager
def locked_store(path: Path) -> Iterator[dict[Key, dict]]:
    """The store's records, read under a lock and written back atomically on success.

    The lock (a hidden file beside the store) is what makes read-check-write safe when
    the review page and ``align review apply`` write at the same moment.
    """
    from filelock import FileLock, Timeout

    from aligner.pairs.io import write_csv

    path.parent.mkdir(parents=True, exist_ok=True)
    lock = FileLock(str(path.with_name(f".{path.name}.lock")), timeout=LOCK_SECONDS)
    try:
        lock.acquire()
    except Timeout as err:
        raise CineAlignError(f"another process has held the store's lock for {LOCK_SECONDS:.0f}"
                             " s; try again", path) from err
    try:
        records = records_of(read_store(path))
        before = {key: dict(value) for key, value in records.items()}
        yield records
        if records != before:
            write_csv(frame_of(records), path)
    finally:
        lock.release()


def _now() -> str:
    return datetime.now(UTC).replace(microsecond=0).isoformat()


def write_decision(
    records: dict[Key, dict], proposal: Proposal, validator: Validator, force: bool = False
) -> Change:
    """Put one decision into ``records`` unless that would overwrite one the writer never saw.

    Storing what is already stored changes nothing; otherwise a stored decision whose
    revision differs from the proposal's base is a conflict, left alone unless ``force``.
    A replaced decision moves to ``history``; an edit is validated before it is stored.
    """
    key, cells, sentences = proposal.key, proposal.cells, proposal.sentences
    old = records.get(key)
    if old is None and cells.get("decision") is None:
        return Change("unchanged", label(key), None)
    if old is not None and all(old[k] == cells.get(k) for k in DECIDED):
        return Change("unchanged", label(key), old)
    stale = (old is not None and old["decision"] is not None
             and old["revision"] != proposal.base_revision)
    if stale and not force:
        return Change("conflict", label(key), old)
    history = json.loads(old["history"]) if old and old["history"] else []
    if old is not None and old["decision"] is not None:
        history.append({k: old[k] for k in ("sent_more", "sent_less", *DECIDED, "revision",
                                            "reviewer", "decided_at")})
    verdict = _edit_verdict(key[1], sentences, cells, validator)
    record = {
        "pair_id": key[0], "lang": key[1], "sent_more": sentences[0], "sent_less": sentences[1],
        **{k: cells.get(k) for k in DECIDED},
        "edit_verdict": verdict.status if verdict else None,
        "edit_verdict_reason": verdict.reason if verdict else None,
        "edit_verdict_message": verdict.message if verdict else None,
        "history": json.dumps(history, ensure_ascii=False) if history else None,
        "revision": (old["revision"] if old else 0) + 1,
        "reviewer": proposal.reviewer,
        "decided_at": _now(),
    }
    records[key] = record
    kind = "forced" if stale else "added" if old is None or old["decision"] is None else "changed"
    return Change(kind, label(key), record, verdict)


def _edit_verdict(
    lang: str, sentences: tuple[str | None, str | None], cells: dict, validator: Validator
) -> Verdict | None:
    """Validate an edited pair: edited sides replace the originals, untouched sides stay."""
    if cells.get("decision") != "edit":
        return None
    more = cells.get("edit_sent_more") or sentences[0] or ""
    less = cells.get("edit_sent_less") or sentences[1] or ""
    return validator(lang, more, less)


def decide(path: Path, proposal: Proposal, validator: Validator) -> Change:
    """One decision from the review page, written through the lock; stale writes raise."""
    key = proposal.key
    with locked_store(path) as records:
        change = write_decision(records, proposal, validator)
    if change.kind == "conflict":
        current = change.record
        who = f" by {current['reviewer']}" if current.get("reviewer") else ""
        raise StaleDecisionError(
            f"not saved: {label(key)} was changed{who} since you opened it (now "
            f"{describe(current) or 'undecided'}, revision {current['revision']}); "
            "it is shown again, decide anew if needed", current)
    return change


def orphaned(records: dict[Key, dict], known: set[Key]) -> list[str]:
    """Stored decisions whose pairs are not among ``known`` (the pairs that exist now): kept,
    since the pair may come back, but they decide nothing until it does."""
    return sorted(label(key) for key, record in records.items()
                  if key not in known and record["decision"] is not None)


def set_apart_path(store: Path) -> Path:
    """Where :func:`set_apart` keeps the decisions of a store whose pairs did not exist."""
    return store.with_name(f"{store.stem}.unknown.csv")


def set_apart(rows: list[dict], store: Path) -> Path:
    """Sheet rows whose pairs do not exist, saved beside the store (never in it), merged with
    any set apart before, so a decision that lost its pair is not lost with it."""
    from aligner.pairs.io import read_csv_rows, write_csv

    path = set_apart_path(store)
    columns = ("pair_id", "lang", "sent_more", "sent_less", *DECIDED)
    fresh = pl.DataFrame([{c: row.get(c) for c in columns} for row in rows],
                         schema=dict.fromkeys(columns, pl.Utf8))
    if path.exists():
        earlier = read_csv_rows(path, required=columns).select(columns)
        fresh = pl.concat([earlier, fresh]).unique(["pair_id", "lang"], keep="last",
                                                   maintain_order=True)
    write_csv(fresh, path)
    return path
