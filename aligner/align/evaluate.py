"""Link precision, recall and F1 of an alignment against gold, strict and lax.

Links are compared as sets of raw cue ids, so how a reader split or joined lines does
not matter, only which cues were linked. Predicted rows that share a cue are merged
into one link first: an aligner that maps two source lines to the same target line
has made one 2-1 link, and is scored for exactly that, once.

Gold links that share a line of the prediction are merged too: when the reader joined
cues of two gold links into one line (a continuation "...", an OPUS cue of two
sentences), no aligner working on those lines can link them apart.

Finer links that exactly tile a gold link (two 1-1 links where gold has one 2-2 unit)
are counted as that one gold link: the aligner made the same cut, more finely.

Strict: a link counts when its source and target id sets equal a gold link's.
Lax: a link counts when it overlaps a gold link on both sides.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import polars as pl

from aligner.errors import InputFormatError

Link = tuple[frozenset[str], frozenset[str]]
GOLD_COLUMNS = ("film", "tgt_lang", "src_cue_ids", "tgt_cue_ids")


def read_gold(path: str | Path) -> pl.DataFrame:
    """Gold alignment CSV (film, tgt_lang, src_cue_ids, tgt_cue_ids; space-separated ids)."""
    try:
        gold = pl.read_csv(path, infer_schema=False)
    except (OSError, pl.exceptions.PolarsError) as err:
        raise InputFormatError(f"cannot read gold alignment CSV: {err}", path=path) from err
    missing = [column for column in GOLD_COLUMNS if column not in gold.columns]
    if missing:
        raise InputFormatError(f"gold alignment lacks columns {missing}", path=path, line=1)
    return gold.with_columns(
        pl.col("src_cue_ids").fill_null("").str.split(" "),
        pl.col("tgt_cue_ids").fill_null("").str.split(" "),
    )


def merge_links(links: Iterable[Link]) -> list[Link]:
    """Union links that share a source or a target cue id (connected components)."""
    parent: dict[str, str] = {}

    def find(node: str) -> str:
        while parent.setdefault(node, node) != node:
            parent[node] = parent[parent[node]]
            node = parent[node]
        return node

    for src, tgt in links:
        nodes = [f"s:{one}" for one in src] + [f"t:{one}" for one in tgt]
        for node in nodes[1:]:
            parent[find(node)] = find(nodes[0])
    groups: dict[str, tuple[set[str], set[str]]] = {}
    for node in list(parent):
        side, one = node.split(":", 1)
        group = groups.setdefault(find(node), (set(), set()))
        group[0 if side == "s" else 1].add(one)
    return [(frozenset(src), frozenset(tgt)) for src, tgt in groups.values() if src and tgt]


def coarsen(predicted: list[Link], gold: list[Link]) -> list[Link]:
    """Replace predicted links that together exactly tile one gold link by that link."""
    result = list(predicted)
    for gold_src, gold_tgt in gold:
        inside = [p for p in result if p[0] <= gold_src and p[1] <= gold_tgt]
        if len(inside) < 2:
            continue
        union = (
            frozenset().union(*(p[0] for p in inside)),
            frozenset().union(*(p[1] for p in inside)),
        )
        if union == (gold_src, gold_tgt):
            result = [p for p in result if p not in inside] + [union]
    return result


def _ids(values: Iterable[str] | None) -> frozenset[str]:
    return frozenset(one for one in (values or ()) if one)


def _prf(hits_pred: int, n_pred: int, hits_gold: int, n_gold: int) -> tuple[float, float, float]:
    precision = hits_pred / n_pred if n_pred else 0.0
    recall = hits_gold / n_gold if n_gold else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return precision, recall, f1


def score_links(predicted: list[Link], gold: list[Link]) -> dict[str, float]:
    """Strict and lax precision/recall/F1 of ``predicted`` against ``gold``."""
    exact = set(gold)
    strict_pred = sum(link in exact for link in predicted)
    strict_gold = len(exact & set(predicted))

    def overlaps(a: Link, b: Link) -> bool:
        return bool(a[0] & b[0]) and bool(a[1] & b[1])

    lax_pred = sum(any(overlaps(p, g) for g in gold) for p in predicted)
    lax_gold = sum(any(overlaps(g, p) for p in predicted) for g in gold)
    p_s, r_s, f_s = _prf(strict_pred, len(predicted), strict_gold, len(gold))
    p_l, r_l, f_l = _prf(lax_pred, len(predicted), lax_gold, len(gold))
    return {
        "primary_metric": "f1_strict",
        "f1_strict": f_s,
        "precision_strict": p_s,
        "recall_strict": r_s,
        "f1_lax": f_l,
        "precision_lax": p_l,
        "recall_lax": r_l,
        "n_predicted": len(predicted),
        "n_gold": len(gold),
    }


def _group_links(pred: pl.DataFrame, gold: pl.DataFrame, film: str, lang: str):
    rows = pred.filter((pl.col("film") == film) & (pl.col("tgt_lang") == lang))
    asked = {one for ids in rows["src_cue_ids"].to_list() for one in ids}
    aligned = rows.filter(pl.col("status") == "aligned")
    predicted = merge_links(
        (_ids(src), _ids(tgt))
        for src, tgt in zip(
            aligned["src_cue_ids"].to_list(), aligned["tgt_cue_ids"].to_list(), strict=True
        )
    )
    golden = gold.filter((pl.col("film") == film) & (pl.col("tgt_lang") == lang))
    gold_links = [
        (_ids(src), _ids(tgt))
        for src, tgt in zip(
            golden["src_cue_ids"].to_list(), golden["tgt_cue_ids"].to_list(), strict=True
        )
        if asked & set(src)  # in selected-lines mode only the lines asked about count
    ]
    empty: frozenset[str] = frozenset()
    lines = [(_ids(line.split("+")), empty) for line in rows["src_cue_id"].to_list()]
    lines += [
        (empty, _ids(line.split("+"))) for group in rows["tgt_lines"].to_list() for line in group
    ]
    gold_links = merge_links(gold_links + lines)
    return coarsen(predicted, gold_links), gold_links


def evaluate_alignment(pred: pl.DataFrame, gold: pl.DataFrame) -> pl.DataFrame:
    """One row of scores per (film, tgt_lang) in ``pred``, then an "ALL" row (micro-averaged)."""
    rows = []
    everything: tuple[list[Link], list[Link]] = ([], [])
    groups = pred.select("film", "tgt_lang").unique().sort("film", "tgt_lang").iter_rows()
    for film, lang in groups:
        predicted, gold_links = _group_links(pred, gold, film, lang)
        rows.append({"film": film, "tgt_lang": lang, **score_links(predicted, gold_links)})
        # Prefix ids per group so links of different films never merge or match.
        everything[0].extend(_tag(predicted, film, lang))
        everything[1].extend(_tag(gold_links, film, lang))
    rows.append({"film": "ALL", "tgt_lang": "ALL", **score_links(*everything)})
    return pl.DataFrame(rows)


def _tag(links: list[Link], film: str, lang: str) -> list[Link]:
    tag = f"{film}/{lang}/"
    return [
        (frozenset(tag + one for one in src), frozenset(tag + one for one in tgt))
        for src, tgt in links
    ]
