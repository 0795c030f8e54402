"""What several reviewers' votes decide: the majority, the pairs left open, and the rules.

CrowS-Pairs had every pair judged by five annotators and kept those a majority accepted;
CineAlign does the same with however many reviewers a build has. A pair is settled when
more than half of the votes on it take one side and that side has at least
``min_votes`` votes. Edits count as accepting, but accepting votes that want different
text (an edit and a plain accept, or two different edits) leave the pair open: nobody
may pick one reviewer's wording silently. Open pairs (no majority, or an edit conflict)
wait in the adjudication queue, where one decision in the ``adjudication`` role settles
them; pairs with too few votes are pending. Only settled or adjudicated pairs change
the dataset.

The rules (reviewers per pair, the overlap share, ``min_votes``) live beside the store,
so every page serving it, the agreement command and the build count the same way.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass
from pathlib import Path

import polars as pl

from aligner.errors import ConfigError, InputFormatError
from aligner.pairs.decisions import ADJUDICATION, VOTE, as_votes, latest_votes

ACCEPTING = ("accept", "edit")
SETTLED, ADJUDICATED, OPEN, PENDING = "settled", "adjudicated", "adjudicate", "pending"
RESOLVED = {
    "pair_id": pl.Utf8,
    "lang": pl.Utf8,
    "sent_more": pl.Utf8,
    "sent_less": pl.Utf8,
    "decision": pl.Utf8,
    "edit_sent_more": pl.Utf8,
    "edit_sent_less": pl.Utf8,
    "edit_verdict": pl.Utf8,
    "comment": pl.Utf8,
    "consensus": pl.Utf8,  # settled | adjudicated | adjudicate | pending
    "why": pl.Utf8,  # for an open pair: no majority, or the texts the accepting votes want
    "votes": pl.Int64,
    "accepts": pl.Int64,
    "rejects": pl.Int64,
    "reviewer": pl.Utf8,  # the voters, comma-separated
    "revision": pl.Int64,  # the pair's latest
}


@dataclass(frozen=True)
class Rules:
    """How many reviewers each pair gets and how many agreeing votes a decision needs.

    ``overlap`` (a share between 0 and 1) gives ``per_pair`` reviewers to that share of the
    pairs only, the rest one reviewer each: enough double-judged pairs to measure
    agreement, at a fraction of the work. ``min_votes`` 1 keeps a one-reviewer store
    deciding as it always did.
    """

    per_pair: int = 3
    min_votes: int = 1
    overlap: float | None = None

    def __post_init__(self) -> None:
        if self.per_pair < 1 or self.min_votes < 1:
            raise ConfigError("reviewers per pair and --min-votes must be at least 1")
        if self.min_votes > self.per_pair:
            raise ConfigError(
                f"--min-votes {self.min_votes} can never be reached with "
                f"{self.per_pair} reviewers per pair"
            )
        if self.overlap is not None and not 0 < self.overlap <= 1:
            raise ConfigError("--overlap is a share of the pairs: more than 0, at most 1")
        if self.overlap is not None and self.min_votes > 1:
            raise ConfigError(
                "with --overlap most pairs get one reviewer: --min-votes "
                f"{self.min_votes} would leave them pending for ever"
            )

    def wanted(self, pair_id: str, lang: str) -> int:
        """Reviewers this pair should get: ``per_pair``, or one outside the overlap share.

        The share is drawn from a hash of the pair's id, so every server, every restart and
        every reviewer sees the same pairs in it."""
        if self.overlap is None:
            return self.per_pair
        digest = hashlib.sha256(f"{pair_id}/{lang}".encode()).digest()
        drawn = int.from_bytes(digest[:8], "big") / 2**64
        return self.per_pair if drawn < self.overlap else 1


def rules_path(store: Path) -> Path:
    return store.with_name(f"{store.stem}.rules.json")


def read_rules(store: Path) -> Rules:
    """The rules saved beside ``store``; the defaults where none were saved."""
    path = rules_path(store)
    if not path.exists():
        return Rules()
    try:
        saved = json.loads(path.read_text(encoding="utf-8"))
        return Rules(**{key: saved[key] for key in asdict(Rules()) if key in saved})
    except (ValueError, TypeError) as err:
        raise InputFormatError(
            f"not review rules written by align review serve: {err}", path
        ) from err


def write_rules(store: Path, rules: Rules) -> Path:
    from aligner.io import write_text

    path = rules_path(store)
    write_text(path, json.dumps(asdict(rules), indent=2) + "\n")
    return path


def _wanted_text(vote: dict) -> tuple[str | None, str | None]:
    """The sentences an accepting vote wants in the dataset."""
    if vote["decision"] == "edit":
        return (
            vote["edit_sent_more"] or vote["sent_more"],
            vote["edit_sent_less"] or vote["sent_less"],
        )
    return vote["sent_more"], vote["sent_less"]


def _counted(rows: list[dict]) -> list[dict]:
    """The standing votes taken on the pair's newest text (older text is not this pair)."""
    standing = [r for r in rows if r["role"] == VOTE and r["decision"] is not None]
    if not standing:
        return []
    newest = max(standing, key=lambda r: r["revision"])
    return [
        r
        for r in standing
        if (r["sent_more"], r["sent_less"]) == (newest["sent_more"], newest["sent_less"])
    ]


def _outcome(votes: list[dict], min_votes: int) -> tuple[str, dict | None, str | None]:
    """(consensus, the vote whose decision stands, why the pair is open)."""
    accepting = [v for v in votes if v["decision"] in ACCEPTING]
    rejecting = [v for v in votes if v["decision"] == "reject"]
    side = (
        accepting
        if 2 * len(accepting) > len(votes)
        else rejecting
        if 2 * len(rejecting) > len(votes)
        else None
    )
    if side is None:
        return OPEN, None, f"no majority: {len(accepting)} accept, {len(rejecting)} reject"
    if side is accepting:
        texts = sorted({_wanted_text(v) for v in accepting}, key=str)
        if len(texts) > 1:
            return (
                OPEN,
                None,
                "edit conflict: " + " | ".join(" / ".join(map(str, t)) for t in texts),
            )
    if len(side) < min_votes:
        return PENDING, None, f"{len(side)} of {min_votes} agreeing votes"
    return SETTLED, max(side, key=lambda v: v["decision"] == "edit"), None


def resolve(votes: pl.DataFrame, min_votes: int = 1) -> pl.DataFrame:
    """One RESOLVED row per pair anyone voted on: the standing decision and how it stands.

    ``votes`` is a store (aligner.pairs.decisions) or any frame of decisions; an
    adjudication settles its pair whatever the votes say, until it is withdrawn.
    """
    latest = latest_votes(as_votes(votes))
    grouped: dict[tuple[str, str], list[dict]] = {}
    for row in latest.iter_rows(named=True):
        grouped.setdefault((row["pair_id"], row["lang"]), []).append(row)
    resolved = []
    for (pair_id, lang), rows in grouped.items():
        counted = _counted(rows)
        ruling = max(
            (r for r in rows if r["role"] == ADJUDICATION),
            key=lambda r: r["revision"],
            default=None,
        )
        ruling = ruling if ruling is not None and ruling["decision"] is not None else None
        if ruling is None and not counted:
            continue
        consensus, standing, why = (
            (ADJUDICATED, ruling, None) if ruling else _outcome(counted, min_votes)
        )
        text = standing or ruling or counted[0]
        reasons = [v["comment"] for v in counted if v["decision"] == "reject" and v["comment"]]
        resolved.append(
            {
                "pair_id": pair_id,
                "lang": lang,
                "sent_more": text["sent_more"],
                "sent_less": text["sent_less"],
                **{
                    k: standing[k] if standing else None
                    for k in ("decision", "edit_sent_more", "edit_sent_less", "edit_verdict")
                },
                "comment": standing["comment"]
                if standing and (standing is ruling or standing["decision"] != "reject")
                else "; ".join(dict.fromkeys(reasons)) or None,
                "consensus": consensus,
                "why": why,
                "votes": len(counted),
                "accepts": sum(v["decision"] in ACCEPTING for v in counted),
                "rejects": sum(v["decision"] == "reject" for v in counted),
                "reviewer": ", ".join(sorted({v["reviewer"] or "unknown" for v in counted}))
                or None,
                "revision": max(r["revision"] for r in rows),
            }
        )
    if not resolved:
        return pl.DataFrame(schema=RESOLVED)
    return pl.DataFrame(resolved, schema=RESOLVED).sort("pair_id", "lang")
