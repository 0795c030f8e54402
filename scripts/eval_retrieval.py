"""Retrieval mode on a shuffled pool: precision at 1 against the plain margin baseline.

The dev pool is every 1-1 gold link of the sample films (``sample/gold``): English
lines on one side, their Estonian (or Hindi) translations on the other, shuffled, with
no times: what OPUS sentence pairs or a Tatoeba list look like. Both methods run in
this one process on the same vectors:

- plain margin: every English line takes its ratio-margin-best target line;
- retrieval mode: the same, kept only for mutual-best pairs whose margin clears the
  threshold (``aligner/align/retrieval.py``).

P@1 is the share of the links made that are right; recall the share of the pool linked.

    python scripts/eval_retrieval.py [--encoder e5-small] [--tgt et --tgt hi] [--threshold 1.0]
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

import polars as pl
from rich.console import Console
from rich.table import Table

from aligner.align.retrieval import retrieve
from aligner.embed import cached_encoder
from aligner.frames import CUES, conform

SAMPLE = Path(__file__).resolve().parent.parent / "sample"


def dev_pool(lang: str, seed: int = 12) -> tuple[pl.DataFrame, pl.DataFrame, dict[str, str]]:
    """(English lines, shuffled target lines, English id -> right target id)."""
    gold = pl.read_csv(SAMPLE / "gold" / "alignment.csv", infer_schema=False).filter(
        (pl.col("tgt_lang") == lang)
        & ~pl.col("src_cue_ids").str.contains(" ")
        & ~pl.col("tgt_cue_ids").str.contains(" ")
    )
    cues = pl.read_csv(SAMPLE / "gold" / "cues.csv", infer_schema=False)
    text = {(r["film"], r["lang"], r["cue_id"]): r["text"] for r in cues.iter_rows(named=True)}
    pairs = [
        (f"{r['film']}/{r['src_cue_ids']}", text[r["film"], "en", r["src_cue_ids"]],
         f"{r['film']}/{r['tgt_cue_ids']}", text[r["film"], lang, r["tgt_cue_ids"]])
        for r in gold.iter_rows(named=True)
    ]  # fmt: skip
    targets = [(tgt_id, tgt_text) for _, _, tgt_id, tgt_text in pairs]
    random.Random(seed).shuffle(targets)
    src = _frame([(i, t) for i, t, _, _ in pairs], "en")
    tgt = _frame(targets, lang)
    return src, tgt, {src_id: tgt_id for src_id, _, tgt_id, _ in pairs}


def _frame(lines: list[tuple[str, str]], lang: str) -> pl.DataFrame:
    return conform(
        pl.DataFrame(
            {
                "film": ["pool"] * len(lines), "lang": [lang] * len(lines),
                "idx": list(range(len(lines))), "cue_id": [i for i, _ in lines],
                "cue_ids": [[i] for i, _ in lines], "start_ms": [None] * len(lines),
                "end_ms": [None] * len(lines), "text": [t for _, t in lines],
                "raw_text": [t for _, t in lines], "source": ["dev pool"] * len(lines),
                "line": list(range(1, len(lines) + 1)),
            },
            schema_overrides={"start_ms": pl.Int64, "end_ms": pl.Int64},
        ),
        CUES,
    )  # fmt: skip


def precision_recall(result: pl.DataFrame, right: dict[str, str]) -> tuple[float, float, int]:
    linked = result.filter(pl.col("status") == "aligned")
    hits = sum(
        right[src] == tgt[0]
        for src, tgt in zip(linked["src_cue_id"], linked["tgt_lines"].to_list(), strict=True)
    )
    return hits / max(linked.height, 1), hits / max(result.height, 1), linked.height


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--encoder", default="e5-small")
    parser.add_argument("--tgt", action="append", help="default: et and hi")
    parser.add_argument("--threshold", type=float, default=1.0)
    parser.add_argument("--cache-dir", type=Path)
    args = parser.parse_args()
    encoder = cached_encoder(args.encoder, cache_dir=args.cache_dir)
    table = Table("target", "pool", "method", "links", "P@1", "recall", title=args.encoder)
    for lang in args.tgt or ["et", "hi"]:
        src, tgt, right = dev_pool(lang)
        methods = {
            "plain margin": retrieve(src, tgt, encoder, threshold=0.0, mutual=False),
            f"retrieval (mutual, margin >= {args.threshold})": retrieve(
                src, tgt, encoder, threshold=args.threshold
            ),
        }
        for name, result in methods.items():
            precision, recall, links = precision_recall(result, right)
            table.add_row(
                lang, str(src.height), name, str(links), f"{precision:.3f}", f"{recall:.3f}"
            )
    Console().print(table)


if __name__ == "__main__":
    main()
