"""The decision store: every reviewer's votes on every pair, appended, never overwritten.

The review sheet (``align review apply``) and the review page (``align review serve``)
write the same CSV, possibly at the same time, from different processes and for several
reviewers. The store is a log: one row per vote, oldest first. A reviewer who changes
their mind adds a row that supersedes their own earlier one; nobody's row is ever
rewritten, so every judgement a released benchmark rests on can be recounted.

Every write takes a lock, re-reads the log, checks the proposal against the writer's own
latest vote on the pair and writes the log atomically (optimistic concurrency): each row
carries a ``revision`` (counted per pair, over all reviewers), a writer says which
revision it read, and a vote that the same reviewer changed since then (in another tab,
or on the page after exporting a sheet) is refused rather than silently replaced.

Stores written for one reviewer per pair (one row per pair, earlier decisions in
``history``) are read as they are: each row is its reviewer's vote.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

import polars as pl

from aligner.errors import CineAlignError, InputFormatError
from aligner.pairs.validate import Verdict

DECISIONS = ("accept", "reject", "edit")
DECIDED = ("decision", "edit_sent_more", "edit_sent_less", "comment")
LABELS = ("chosen_direction", "chosen_category")  # what the reviewer says the pair voices
VOTED = (*DECIDED, *LABELS)
DIRECTIONS = ("stereo", "antistereo")
VOTE, ADJUDICATION = "vote", "adjudication"
ROLES = (VOTE, ADJUDICATION)
STORE = {
    "pair_id": pl.Utf8,
    "lang": pl.Utf8,
    "sent_more": pl.Utf8,  # the sentences the decision was taken on
    "sent_less": pl.Utf8,
    "decision": pl.Utf8,  # accept | reject | edit; empty: the reviewer withdrew their vote
    "edit_sent_more": pl.Utf8,
    "edit_sent_less": pl.Utf8,
    "comment": pl.Utf8,  # for a rejection: the reason
    "edit_verdict": pl.Utf8,  # validator on the edited pair
    "edit_verdict_reason": pl.Utf8,
    "edit_verdict_message": pl.Utf8,
    "history": pl.Utf8,  # one-reviewer stores only: JSON list of the decisions a row replaced
    "revision": pl.Int64,  # per pair: 1 for its first row, +1 for each row after
    "reviewer": pl.Utf8,
    "decided_at": pl.Utf8,  # UTC, ISO 8601
    "chosen_direction": pl.Utf8,  # stereo | antistereo, as the reviewer reads the pair
    "chosen_category": pl.Utf8,  # a CrowS-Pairs bias type, as the reviewer reads the pair
    "role": pl.Utf8,  # vote | adjudication (settles a pair the votes leave open)
}
# Stores written before revisions existed lack the later columns; they are filled in.
REQUIRED = tuple(list(STORE)[:12])
LOCK_SECONDS = 30.0

Key = tuple[str, str]  # (pair_id, lang)
Validator = Callable[[str, str, str], Verdict]  # (lang, sent_more, sent_less) -> verdict


class StaleDecisionError(CineAlignError):
    """A vote over one the same reviewer changed after the writer read it."""

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
    """A vote someone wants stored: on which pair and text, and which revision they read.

    ``base_revision`` is the revision the writer saw (None: it saw no vote of theirs);
    ``cells`` holds the VOTED values (a null decision withdraws the vote); ``role`` is
    ``adjudication`` for the decision that settles a pair the votes left open.
    """

    key: Key
    sentences: tuple[str | None, str | None]
    cells: dict[str, str | None]
    base_revision: int | None = None
    reviewer: str | None = None
    role: str = VOTE


def empty_store() -> pl.DataFrame:
    return pl.DataFrame(schema=STORE)


def label(key: Key) -> str:
    return f"{key[0]}/{key[1]}"


def describe(cells: dict) -> str:
    """A decision in one short string, as conflict reports show it."""
    return "/".join(str(cells.get(k) or "") for k in DECIDED).rstrip("/")


def as_votes(frame: pl.DataFrame) -> pl.DataFrame:
    """``frame`` with every STORE column (absent ones empty), each row a vote: what a store
    from before several reviewers, or a hand-made frame of decisions, means now."""
    missing = [name for name in STORE if name not in frame.columns]
    frame = frame.with_columns(pl.lit(None, STORE[name]).alias(name) for name in missing)
    frame = frame.with_columns(revision=pl.col("revision").cast(pl.Int64, strict=False)
                               .fill_null(1), role=pl.col("role").fill_null(VOTE))
    return frame.select([pl.col(name).cast(dtype) for name, dtype in STORE.items()])


def read_store(path: Path, must_exist: bool = False) -> pl.DataFrame:
    """Every row of the store at ``path``, oldest first; a missing file is an empty store
    unless ``must_exist``."""
    from aligner.pairs.io import read_csv_rows

    if not path.exists():
        if must_exist:
            raise InputFormatError("decision store not found", path)
        return empty_store()
    frame = read_csv_rows(path, required=REQUIRED)
    if "revision" in frame.columns:
        revision = pl.col("revision").cast(pl.Int64, strict=False)
        bad = frame.filter(revision.is_null() & pl.col("revision").is_not_null())
        if bad.height:
            raise InputFormatError("revision must be a whole number", path, bad["line"][0])
    if "role" in frame.columns:
        bad = frame.filter(~pl.col("role").is_in(ROLES) & pl.col("role").is_not_null())
        if bad.height:
            raise InputFormatError(f"role must be one of {', '.join(ROLES)}", path,
                                   bad["line"][0])
    return as_votes(frame)


def latest_votes(votes: pl.DataFrame) -> pl.DataFrame:
    """Each reviewer's latest row per pair and role: the votes that count (withdrawn ones
    included, with an empty decision)."""
    if votes.height == 0:
        return votes
    order = votes.with_row_index("_order")
    return (order.sort("revision", "_order")
            .unique(["pair_id", "lang", "reviewer", "role"], keep="last", maintain_order=True)
            .sort("_order").drop("_order"))


@dataclass
class Log:
    """The store's rows as read under the lock, and the rows this writer appends to them."""

    rows: list[dict]
    added: list[dict] = field(default_factory=list)

    def all(self) -> list[dict]:
        return [*self.rows, *self.added]

    def own(self, key: Key, reviewer: str | None, role: str = VOTE) -> dict | None:
        """``reviewer``'s latest row on the pair in ``role``: the one a new row supersedes."""
        mine = [row for row in self.all() if (row["pair_id"], row["lang"]) == key
                and row["reviewer"] == reviewer and (row["role"] or VOTE) == role]
        return max(mine, key=lambda row: row["revision"], default=None)

    def revision(self, key: Key) -> int:
        """The pair's latest revision (0: nobody has voted on it)."""
        return max((row["revision"] for row in self.all()
                    if (row["pair_id"], row["lang"]) == key), default=0)

    def frame(self) -> pl.DataFrame:
        rows = self.all()
        return pl.DataFrame(rows, schema=STORE) if rows else empty_store()


@contextmanager
def locked_store(path: Path) -> Iterator[Log]:
    """The store's log, read under a lock; the rows appended to it are written on success.

    The lock (a hidden file beside the store) is what makes read-check-append safe when
    several reviewers' pages and ``align review apply`` write at the same moment. The
    rows read are written back as they were: a log is only ever appended to.
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
        log = Log(read_store(path).to_dicts())
        yield log
        if log.added:
            write_csv(log.frame(), path)
    finally:
        lock.release()


def _now() -> str:
    return datetime.now(UTC).replace(microsecond=0).isoformat()


def write_decision(log: Log, proposal: Proposal, validator: Validator,
                   force: bool = False) -> Change:
    """Append one vote to ``log`` unless it would supersede one the writer never saw.

    Only the proposer's own latest vote on the pair can be in the way: storing what it
    already says changes nothing, and one revised after ``base_revision`` is a conflict,
    left alone unless ``force``. Other reviewers' votes are theirs and stay as they are.
    An edit is validated before it is stored.
    """
    key, cells = proposal.key, proposal.cells
    own = log.own(key, proposal.reviewer, proposal.role)
    if (own is None or own["decision"] is None) and cells.get("decision") is None:
        return Change("unchanged", label(key), own)
    if own is not None and all(own[k] == cells.get(k) for k in VOTED):
        return Change("unchanged", label(key), own)
    base = proposal.base_revision
    stale = own is not None and own["decision"] is not None and (
        base is None or own["revision"] > base)
    if stale and not force:
        return Change("conflict", label(key), own)
    verdict = _edit_verdict(key[1], proposal.sentences, cells, validator)
    record = {
        "pair_id": key[0], "lang": key[1], "sent_more": proposal.sentences[0],
        "sent_less": proposal.sentences[1], **{k: cells.get(k) for k in VOTED},
        "edit_verdict": verdict.status if verdict else None,
        "edit_verdict_reason": verdict.reason if verdict else None,
        "edit_verdict_message": verdict.message if verdict else None,
        "history": None, "revision": log.revision(key) + 1, "reviewer": proposal.reviewer,
        "decided_at": _now(), "role": proposal.role,
    }
    log.added.append(record)
    kind = "forced" if stale else "added" if own is None or own["decision"] is None else "changed"
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
    """One vote from the review page, appended through the lock; stale votes raise."""
    with locked_store(path) as log:
        change = write_decision(log, proposal, validator)
    if change.kind == "conflict":
        current = change.record
        raise StaleDecisionError(
            f"not saved: your vote on {label(proposal.key)} was changed since you opened it "
            f"(now {describe(current) or 'withdrawn'}, revision {current['revision']}, "
            f"{current['decided_at']}); it is shown again, decide anew if needed", current)
    return change


def orphaned(votes: pl.DataFrame, known: set[Key]) -> list[str]:
    """Pairs with votes that are not among ``known`` (the pairs that exist now): kept,
    since the pair may come back, but they decide nothing until it does."""
    standing = latest_votes(votes).filter(pl.col("decision").is_not_null())
    return sorted({label(key) for key in standing.select("pair_id", "lang").iter_rows()
                   if key not in known})


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
