"""The review queue behind the page: the build's pairs joined with the decision store.

The pairs come from ``review.jsonl`` (written by ``align build`` and ``align review
export``: every pair with the lines around it); decisions are re-read from the store on
every request, since ``align review apply`` or another tab may have written it since.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import polars as pl

from aligner.errors import InputFormatError
from aligner.pairs.decisions import DECIDED, Change, Proposal, decide, read_store
from aligner.pairs.review import Validators, clock
from aligner.serve.highlight import marked_pair
from aligner.serve.screening import default_order, ordered, scored, screening

FACETS = ("status", "bias_type", "film", "reason")
SEARCHED = ("pair_id", "film", "sent_more", "sent_less", "src_sent_more", "src_sent_less",
            "tgt_line", "comment")
REVIEWER_REJECTED = "rejected by reviewer"


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
    """Where a pair stands, and why: a linguist's current decision first, else the machine's.

    A decision taken on text the pair no longer has, an edit the validator rejects, or
    an accept of a pair the validator rejects all need another look.
    """
    machine_ok = row.get("status") in (None, "ok") and row.get("verdict") == "ok"
    machine_reason = row.get("reason") if row.get("status") not in (None, "ok") else row.get(
        "verdict_reason")
    if record is None or record["decision"] is None:
        return ("proposed", None) if machine_ok else ("rejected", machine_reason)
    if (record["sent_more"], record["sent_less"]) != (row["sent_more"], row["sent_less"]):
        return "needs-review", "text changed since the decision"
    decision = record["decision"]
    if decision == "reject":
        return "rejected", REVIEWER_REJECTED
    if decision == "edit":
        if record["edit_verdict"] == "ok":
            return "accepted", None
        return "needs-review", f"edit fails validation: {record['edit_verdict_reason']}"
    return ("accepted", None) if machine_ok else ("needs-review",
                                                  f"accepted, but {machine_reason}")


@dataclass
class ReviewQueue:
    """The pairs of one review queue, where they came from and where decisions go."""

    pairs: list[dict]
    source: Path
    store_path: Path
    validators: Validators

    @classmethod
    def open(cls, out: Path, decisions: Path | None = None,
             lexicons: Path | None = None) -> ReviewQueue:
        """The queue of a build directory (its review.jsonl) or of a review.jsonl itself."""
        source = out / "review.jsonl" if out.is_dir() else out
        if not source.exists():
            hint = ("run `align build` again (it writes review.jsonl)" if out.is_dir()
                    else "give a build directory or a review.jsonl")
            raise InputFormatError(f"no review queue here: {hint}", source)
        pairs = load_review(source).to_dicts()
        store = decisions or source.with_name("decisions.csv")
        read_store(store)  # a broken store is reported before the page opens
        validators = Validators(lexicons)
        for lang in sorted({row["lang"] for row in pairs} | {"en"}):
            validators.language(lang)  # lexicon errors stop here, not on the first click
        return cls(pairs, source, store, validators)

    def records(self) -> dict[tuple[str, str], dict]:
        store = read_store(self.store_path)
        return {(r["pair_id"], r["lang"]): r for r in store.iter_rows(named=True)}

    def find(self, pair_id: str, lang: str) -> dict:
        for row in self.pairs:
            if row["pair_id"] == pair_id and row["lang"] == lang:
                return row
        raise KeyError(f"{pair_id}/{lang}")

    def summaries(self, order: str) -> list[dict]:
        """One line per pair for the queue list, with its status and screening score, in
        ``order`` (aligner.serve.screening.ORDERS)."""
        records = self.records()
        items = []
        for row in ordered(self.pairs, order):
            record = records.get((row["pair_id"], row["lang"]))
            status, reason = review_status(row, record)
            decided = record is not None and record["decision"] is not None
            items.append({
                "pair_id": row["pair_id"], "lang": row["lang"], "film": row["film"],
                "bias_type": row["bias_type"], "status": status, "reason": reason,
                "sent_more": row["sent_more"], "sent_less": row["sent_less"],
                "src_sent_more": row["src_sent_more"], "src_sent_less": row["src_sent_less"],
                "tgt_line": row.get("tgt_line"),
                "stereotype": row.get("stereotype"), "direction": row.get("direction"),
                "comment": record["comment"] if decided else None,
                "decided": decided, "reviewer": record["reviewer"] if decided else None,
            })
        return items

    def listing(self, filters: dict[str, str], query: str = "", order: str = "") -> dict:
        """The pairs matching every filter and the search, in ``order`` (by default best
        screening score first, where the build screened its lines), with counts per facet
        value.

        A facet's counts apply the other facets' filters (not its own), so each count
        says how many pairs choosing that value would show.
        """
        order = order or default_order(self.pairs)
        items = self.summaries(order)
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
                "progress": self.progress(items), "order": order,
                "scored": scored(self.pairs)}

    def progress(self, items: list[dict]) -> dict:
        """Reviewed pairs, by reviewer, and decisions held for pairs this queue lacks."""
        decided = [i for i in items if i["decided"]]
        by_reviewer: dict[str, int] = {}
        for item in decided:
            name = item["reviewer"] or "unknown"
            by_reviewer[name] = by_reviewer.get(name, 0) + 1
        keys = {(row["pair_id"], row["lang"]) for row in self.pairs}
        orphans = sorted(f"{k[0]}/{k[1]}" for k, r in self.records().items()
                         if k not in keys and r["decision"] is not None)
        return {"reviewed": len(decided), "total": len(items), "by_reviewer": by_reviewer,
                "not_in_queue": orphans}

    def detail(self, pair_id: str, lang: str) -> dict:
        """Everything the pair view shows about one pair."""
        row = self.find(pair_id, lang)
        record = self.records().get((pair_id, lang))
        status, reason = review_status(row, record)
        english = self.validators.language("en")[0]
        target = self.validators.language(lang)[0]
        lines = [{**line, "start": clock(line["start_ms"]), "end": clock(line["end_ms"])}
                 for line in row.get("lines") or []]
        return {
            **{k: v for k, v in row.items() if k != "lines"},
            "review_status": status, "review_reason": reason,
            "src_marked": _marked(english, row["src_sent_more"], row["src_sent_less"]),
            "tgt_marked": _marked(target, row["sent_more"], row["sent_less"]),
            "lines": lines,
            "time_map": _time_map(lines, row.get("time_delta_ms"), lang),
            "concepts": self.concept_links(lang, row.get("concept"), row.get("counterpart")),
            "screening": screening(row),
            "decision": _public(record),
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
               reviewer: str) -> Change:
        """Store one decision through the lock; a stale one raises StaleDecisionError."""
        row = self.find(pair_id, lang)
        proposal = Proposal((pair_id, lang), (row["sent_more"], row["sent_less"]),
                            {k: cells.get(k) or None for k in DECIDED}, base_revision, reviewer)
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


def _public(record: dict | None) -> dict | None:
    if record is None:
        return None
    keys = (*DECIDED, "edit_verdict", "edit_verdict_reason", "edit_verdict_message",
            "revision", "reviewer", "decided_at", "sent_more", "sent_less")
    return {k: record[k] for k in keys}
