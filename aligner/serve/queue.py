"""The review queue behind the page: the build's pairs joined with the decision store.

The pairs come from ``review.jsonl`` (written by ``align build`` and ``align review
export``: every pair with the lines around it); decisions are re-read from the store on
every request, since ``align review apply`` or another tab may have written it since.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from pathlib import Path

import polars as pl

from aligner.errors import CineAlignError, InputFormatError
from aligner.pairs.consensus import (
    ADJUDICATED,
    OPEN,
    PENDING,
    Rules,
    read_rules,
    resolve,
    write_rules,
)
from aligner.pairs.decisions import (
    ADJUDICATION,
    VOTE,
    VOTED,
    Change,
    Proposal,
    decide,
    latest_votes,
    orphaned,
    read_store,
)
from aligner.pairs.review import Validators, clock
from aligner.serve.highlight import marked_pair
from aligner.serve.screening import default_order, ordered, scored, screening

FACETS = ("queue", "status", "bias_type", "film", "reason")
SEARCHED = ("pair_id", "film", "sent_more", "sent_less", "src_sent_more", "src_sent_less",
            "tgt_line", "comment")
REVIEWER_REJECTED = "rejected by reviewer"
# Where a pair stands for the reviewer looking at it (the ``queue`` facet).
TO_VOTE, HAS_VOTED, TO_ADJUDICATE, FULL = "to vote", "voted", "adjudicate", "enough votes"



def load_review(path: Path) -> pl.DataFrame:
    """``review.jsonl`` as a frame; an unreadable file is one clear error."""
    try:
        return pl.read_ndjson(path, infer_schema_length=None)
    except (OSError, pl.exceptions.PolarsError) as err:
        raise InputFormatError(f"not a review queue written by align build or align review "
                               f"export: {err}", path) from err


def pair_keys(path: Path) -> set[tuple[str, str]]:
    """(pair_id, lang) of the pairs that exist: from a review.jsonl, a build directory or a
    pairs CSV."""
    from aligner.pairs.io import read_csv_rows

    path = path / "review.jsonl" if path.is_dir() else path
    if path.suffix == ".jsonl":
        frame = load_review(path)
    else:
        frame = read_csv_rows(path, required=("pair_id", "lang"))
    return set(frame.select("pair_id", "lang").iter_rows())


def review_status(row: dict, record: dict | None) -> tuple[str, str | None]:
    """Where a pair stands, and why: what the reviewers decided first, else the machine's.

    ``record`` is the pair's resolved decision (aligner.pairs.consensus). A pair the votes
    leave open is to adjudicate; one short of agreeing votes is pending. A decision taken
    on text the pair no longer has, an edit the validator rejects, or an accept of a pair
    the validator rejects all need another look.
    """
    machine_ok = row.get("status") in (None, "ok") and row.get("verdict") == "ok"
    machine_reason = row.get("reason") if row.get("status") not in (None, "ok") else row.get(
        "verdict_reason")
    if record is None:
        return ("proposed", None) if machine_ok else ("rejected", machine_reason)
    if (record["sent_more"], record["sent_less"]) != (row["sent_more"], row["sent_less"]):
        return "needs-review", "text changed since the decision"
    if record["consensus"] in (OPEN, PENDING):
        return record["consensus"], record["why"]
    decision = record["decision"]
    if decision == "reject":
        return "rejected", REVIEWER_REJECTED
    if decision == "edit":
        if record["edit_verdict"] == "ok":
            return "accepted", None
        return "needs-review", "edit fails validation"
    return ("accepted", None) if machine_ok else ("needs-review",
                                                  f"accepted, but {machine_reason}")


@dataclass(frozen=True)
class Standing:
    """One moment of the store, as one reviewer may see it."""

    votes: dict[tuple[str, str], list[dict]]  # each reviewer's standing vote per pair
    resolved: dict[tuple[str, str], dict]  # what the votes decided (consensus)
    orphans: list[str]


@dataclass
class ReviewQueue:
    """The pairs of one review queue, where they came from, where votes go and the rules
    that assign pairs to reviewers and decide them."""

    pairs: list[dict]
    source: Path
    store_path: Path
    validators: Validators
    rules: Rules = field(default_factory=Rules)

    @classmethod
    def open(cls, out: Path, decisions: Path | None = None, lexicons: Path | None = None,
             rules: Rules | None = None) -> ReviewQueue:
        """The queue of a build directory (its review.jsonl) or of a review.jsonl itself;
        ``rules`` are saved beside the store (the rules saved there are used without)."""
        source = out / "review.jsonl" if out.is_dir() else out
        if not source.exists():
            hint = ("run `align build` again (it writes review.jsonl)" if out.is_dir()
                    else "give a build directory or a review.jsonl")
            raise InputFormatError(f"no review queue here: {hint}", source)
        pairs = load_review(source).to_dicts()
        store = decisions or source.with_name("decisions.csv")
        read_store(store)  # a broken store is reported before the page opens
        if rules is not None:
            write_rules(store, rules)
        validators = Validators(lexicons)
        for lang in sorted({row["lang"] for row in pairs} | {"en"}):
            validators.language(lang)  # lexicon errors stop here, not on the first click
        return cls(pairs, source, store, validators, rules or read_rules(store))

    def standing(self) -> Standing:
        """The store as it is now: re-read on every request, since ``align review apply``,
        another reviewer or another tab may have written it since."""
        store = read_store(self.store_path)
        votes: dict[tuple[str, str], list[dict]] = {}
        for vote in latest_votes(store).iter_rows(named=True):
            votes.setdefault((vote["pair_id"], vote["lang"]), []).append(vote)
        resolved = {(r["pair_id"], r["lang"]): r
                    for r in resolve(store, self.rules.min_votes).iter_rows(named=True)}
        keys = {(row["pair_id"], row["lang"]) for row in self.pairs}
        return Standing(votes, resolved, orphaned(store, keys))

    def find(self, pair_id: str, lang: str) -> dict:
        for row in self.pairs:
            if row["pair_id"] == pair_id and row["lang"] == lang:
                return row
        raise KeyError(f"{pair_id}/{lang}")

    def place(self, key: tuple[str, str], now: Standing, reviewer: str) -> str:
        """Where a pair stands for ``reviewer``: still wanting their vote, voted on by them,
        left open by all the votes it wanted (or settled by adjudication), or with as many
        reviewers as the rules want. A split vote still short of reviewers waits for the
        next vote rather than for an adjudicator."""
        record = now.resolved.get(key)
        voters = {v["reviewer"] for v in now.votes.get(key, []) if v["role"] == VOTE
                  and v["decision"] is not None}
        enough = len(voters) >= self.rules.wanted(*key)
        consensus = record["consensus"] if record is not None else None
        if consensus == OPEN and enough:
            return TO_ADJUDICATE
        if reviewer in voters:
            return HAS_VOTED
        return FULL if enough or consensus == ADJUDICATED else TO_VOTE

    def landing(self, reviewer: str, wanted: tuple[str, str] | None = None) -> str:
        """The view (a ``queue`` facet value; "" for all pairs) the page opens on for
        ``reviewer``: the one holding the pair a link names; else the pairs still wanting
        their vote, best-screened first, since that is their work. Someone who has settled
        pairs before is the adjudicator and opens on the adjudication queue while it has
        pairs; a reviewer with nothing left to vote on goes there too, or sees everything.
        Without a name nobody's queue is known: all pairs."""
        if not reviewer:
            return ""
        now = self.standing()
        keys = [(row["pair_id"], row["lang"]) for row in self.pairs]
        if wanted in keys:
            return self.place(wanted, now, reviewer)
        places = {self.place(key, now, reviewer) for key in keys}
        adjudicator = any(v["role"] == ADJUDICATION and v["reviewer"] == reviewer
                          for votes in now.votes.values() for v in votes)
        preferred = (TO_ADJUDICATE, TO_VOTE) if adjudicator else (TO_VOTE, TO_ADJUDICATE)
        return next((view for view in preferred if view in places), "")

    def summaries(self, order: str, reviewer: str, now: Standing) -> list[dict]:
        """One line per pair for the queue list, in ``order`` (aligner.serve.screening.
        ORDERS). A pair still wanting the reviewer's vote shows the machine's status only:
        nobody sees how others voted before voting."""
        items = []
        for row in ordered(self.pairs, order):
            key = (row["pair_id"], row["lang"])
            place = self.place(key, now, reviewer)
            record = now.resolved.get(key) if place != TO_VOTE else None
            status, reason = _status(row, record, place)
            mine = _own(now, key, reviewer)
            items.append({
                "pair_id": row["pair_id"], "lang": row["lang"], "film": row["film"],
                "bias_type": row["bias_type"], "status": status, "reason": reason,
                "queue": place, "sent_more": row["sent_more"], "sent_less": row["sent_less"],
                "src_sent_more": row["src_sent_more"], "src_sent_less": row["src_sent_less"],
                "tgt_line": row.get("tgt_line"),
                "stereotype": row.get("stereotype"), "direction": row.get("direction"),
                "comment": mine["comment"] if mine else None, "decided": mine is not None,
            })
        return items

    def listing(self, filters: dict[str, str], query: str = "", order: str = "",
                reviewer: str = "") -> dict:
        """The pairs matching every filter and the search, in ``order`` (by default best
        screening score first, where the build screened its lines), with counts per facet
        value, as ``reviewer`` may see them.

        A facet's counts apply the other facets' filters (not its own), so each count
        says how many pairs choosing that value would show.
        """
        order = order or default_order(self.pairs)
        now = self.standing()
        items = self.summaries(order, reviewer, now)
        needle = query.casefold().strip()
        searched = [i for i in items if not needle or any(
            needle in (i.get(f) or "").casefold() for f in SEARCHED)]

        def passes(item: dict, skip: str | None = None) -> bool:
            return all(item.get(f) == v for f, v in filters.items() if f != skip and v)

        facets = {}
        for facet in FACETS:
            counts: dict[str, int] = {}
            for item in searched:
                if passes(item, skip=facet):
                    value = item.get(facet) or "none"
                    counts[value] = counts.get(value, 0) + 1
            facets[facet] = counts
        shown = [i for i in searched if passes(i)]
        return {"items": shown, "facets": facets, "total": len(items),
                "progress": self.progress(items, now), "order": order,
                "scored": scored(self.pairs), "rules": asdict(self.rules)}

    def progress(self, items: list[dict], now: Standing) -> dict:
        """Votes by reviewer, what is left for this reviewer and for adjudication, and
        votes held for pairs this queue lacks."""
        by_reviewer: dict[str, int] = {}
        for votes in now.votes.values():
            for vote in votes:
                if vote["role"] == VOTE and vote["decision"] is not None:
                    name = vote["reviewer"] or "unknown"
                    by_reviewer[name] = by_reviewer.get(name, 0) + 1
        places = [item["queue"] for item in items]
        return {"reviewed": sum(item["decided"] for item in items), "total": len(items),
                "to_vote": places.count(TO_VOTE), "to_adjudicate": places.count(TO_ADJUDICATE),
                "by_reviewer": dict(sorted(by_reviewer.items())),
                "not_in_queue": now.orphans}

    def detail(self, pair_id: str, lang: str, reviewer: str) -> dict:
        """Everything the pair view shows about one pair to ``reviewer``: their own vote,
        and others' votes and the consensus only once the pair no longer wants their vote."""
        row = self.find(pair_id, lang)
        key = (pair_id, lang)
        now = self.standing()
        place = self.place(key, now, reviewer)
        revealed = place != TO_VOTE
        record = now.resolved.get(key) if revealed else None
        status, reason = _status(row, record, place)
        english = self.validators.language("en")[0]
        target = self.validators.language(lang)[0]
        lines = [{**line, "start": clock(line["start_ms"]), "end": clock(line["end_ms"])}
                 for line in row.get("lines") or []]
        others = [v for v in now.votes.get(key, []) if v["decision"] is not None
                  and not (v["reviewer"] == reviewer and v["role"] == VOTE)]
        ruling = _own(now, key, None, ADJUDICATION)
        return {
            **{k: v for k, v in row.items() if k != "lines"},
            "review_status": status, "review_reason": reason, "queue": place,
            "src_marked": _marked(english, row["src_sent_more"], row["src_sent_less"]),
            "tgt_marked": _marked(target, row["sent_more"], row["sent_less"]),
            "lines": lines,
            "time_map": _time_map(lines, row.get("time_delta_ms"), lang),
            "concepts": self.concept_links(lang, row.get("concept"), row.get("counterpart")),
            "screening": screening(row),
            "decision": _public(_own(now, key, reviewer)),
            "revealed": revealed,
            "consensus": _consensus(record) if revealed else None,
            "votes": [_public(v) for v in others] if revealed else None,
            "ruling": _public(ruling),
        }
    def concept_links(self, lang: str, *concepts: str | None) -> list[dict]:
        """The lexicon entries of a pair's concepts, English and target, with file and line."""
        links = []
        for concept in dict.fromkeys(c for c in concepts if c):
            for language in dict.fromkeys(("en", lang)):
                lexicon = self.validators.language(language)[1]
                if concept in lexicon and lexicon[concept].source:
                    entry = lexicon[concept]
                    name = Path(entry.source).name
                    links.append({"concept": concept, "lang": language, "file": name,
                                  "line": entry.line,
                                  "url": f"/lexicon/{language}/{name}#L{entry.line}"})
        return links

    def lexicon_file(self, lang: str, name: str) -> Path:
        """A lexicon file the loaded lexicons were read from (nothing else is served)."""
        lexicon = self.validators.language(lang)[1]
        for concept in lexicon:
            if concept.source and Path(concept.source).name == name:
                return Path(concept.source)
        raise KeyError(f"{lang}/{name}")

    def check(self, lang: str, more: str, less: str) -> dict:
        """The validator's verdict on typed sentences, with the differing words marked."""
        verdict = self.validators(lang, more, less)
        plugin = self.validators.language(lang)[0]
        return {"status": verdict.status, "reason": verdict.reason, "message": verdict.message,
                "marked": _marked(plugin, more, less),
                "concepts": self.concept_links(lang, verdict.concept_more, verdict.concept_less)}

    def decide(self, pair_id: str, lang: str, cells: dict, base_revision: int | None,
               reviewer: str, role: str = VOTE) -> Change:
        """Store one vote (or, in the adjudication role, the decision that settles an open
        pair) through the lock; a stale one raises StaleDecisionError.

        A reviewer who has not voted on a pair with all its reviewers, or on one already
        left open, is refused: they have seen the others' votes, so theirs would not be an
        independent judgement."""
        row = self.find(pair_id, lang)
        key = (pair_id, lang)
        now = self.standing()
        place = self.place(key, now, reviewer)
        if role == VOTE and place in (FULL, TO_ADJUDICATE) and not _own(now, key, reviewer):
            raise ClosedPairError(f"{pair_id}/{lang} has the votes it needs ({place}); "
                                  + ("adjudicate it instead" if place == TO_ADJUDICATE
                                     else "choose a pair still to vote on"))
        if role == ADJUDICATION and place != TO_ADJUDICATE and key not in _ruled(now):
            raise ClosedPairError(f"{pair_id}/{lang} is not in the adjudication queue")
        proposal = Proposal(key, (row["sent_more"], row["sent_less"]),
                            {k: cells.get(k) or None for k in VOTED}, base_revision, reviewer,
                            role)
        return decide(self.store_path, proposal, self.validators)


def _marked(plugin, more: str | None, less: str | None) -> dict | None:
    if not more or not less:
        return None
    a, b = marked_pair(plugin, more, less)
    return {"more": a, "less": b}


def _time_map(lines: list[dict], delta: int | None, lang: str) -> dict | None:
    """Source start, where the film's time map puts it in the target, and the target start."""
    source = next((x for x in lines if x["role"] == "line" and x["lang"] != lang), None)
    target = next((x for x in lines if x["role"] == "line" and x["lang"] == lang), None)
    if source is None or target is None or target["start_ms"] is None or delta is None:
        return None
    return {"source": source["start"], "mapped": clock(max(0, target["start_ms"] + delta)),
            "target": target["start"], "delta_ms": delta}


def _status(row: dict, record: dict | None, place: str) -> tuple[str, str | None]:
    """review_status, where a split vote still waiting for reviewers is ``split``: nobody
    needs to adjudicate it yet."""
    status, reason = review_status(row, record)
    return ("split", reason) if status == OPEN and place != TO_ADJUDICATE else (status, reason)


class ClosedPairError(CineAlignError):
    """A vote on a pair that takes no more votes, or a ruling on one nobody needs to settle."""


def _own(now: Standing, key: tuple[str, str], reviewer: str | None,
         role: str = VOTE) -> dict | None:
    """``reviewer``'s standing vote on the pair; for ``adjudication``, the latest ruling
    (whoever made it), unless it was withdrawn."""
    rows = [v for v in now.votes.get(key, []) if v["role"] == role
            and (role == ADJUDICATION or v["reviewer"] == reviewer)]
    latest = max(rows, key=lambda v: v["revision"], default=None)
    return latest if latest is not None and latest["decision"] is not None else None


def _ruled(now: Standing) -> set[tuple[str, str]]:
    return {key for key in now.votes if _own(now, key, None, ADJUDICATION) is not None}


def _consensus(record: dict | None) -> dict | None:
    if record is None:
        return None
    keys = ("consensus", "why", "decision", "votes", "accepts", "rejects")
    return {k: record[k] for k in keys}


def _public(record: dict | None) -> dict | None:
    if record is None:
        return None
    keys = (*VOTED, "edit_verdict", "edit_verdict_reason", "edit_verdict_message",
            "revision", "reviewer", "decided_at", "sent_more", "sent_less", "role")
    return {k: record[k] for k in keys}
