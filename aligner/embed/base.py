"""The one contract every sentence encoder meets.

Alignment only needs comparable unit vectors, so an encoder is anything with a stable
``id`` (it keys the on-disk cache: two encoders with the same id must give the same
vectors) and an ``encode`` that returns L2-normalised float32 rows.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Protocol, runtime_checkable

import numpy as np
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn


@runtime_checkable
class Encoder(Protocol):
    """Maps sentences to L2-normalised float32 vectors, shape (n, dim)."""

    id: str
    dim: int

    def encode(self, texts: Sequence[str]) -> np.ndarray: ...


def normalise(vectors: np.ndarray) -> np.ndarray:
    """Unit-length float32 rows; models disagree on whether they normalise themselves."""
    vectors = np.asarray(vectors, dtype=np.float32)
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    return vectors / np.maximum(norms, 1e-12)


@contextmanager
def progress_bar(description: str, total: int, show: bool) -> Iterator[Callable[[int], None]]:
    """A transient bar for ``total`` texts; yields the function that moves it on."""
    with Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        transient=True,
        disable=not show,
    ) as progress:
        task = progress.add_task(description, total=total)
        yield lambda done: progress.advance(task, done)


def _batches(texts: Sequence[str], size: int) -> Iterator[Sequence[str]]:
    for start in range(0, len(texts), size):
        yield texts[start : start + size]


def encode_in_batches(
    texts: Sequence[str],
    embed_batch: Callable[[Sequence[str]], np.ndarray],
    *,
    dim: int,
    batch_size: int,
    description: str,
    show_progress: bool = True,
) -> np.ndarray:
    """Run ``embed_batch`` over ``texts`` with a progress bar, longest texts first.

    Sorting by length keeps each batch's padding small (as sentence-transformers does);
    the rows come back in the caller's order.
    """
    order = sorted(range(len(texts)), key=lambda i: -len(texts[i]))
    ordered = [texts[i] for i in order]
    chunks: list[np.ndarray] = []
    with progress_bar(description, len(texts), show_progress) as advance:
        for batch in _batches(ordered, batch_size):
            chunks.append(normalise(embed_batch(batch)))
            advance(len(batch))
    if not chunks:
        return np.zeros((0, dim), dtype=np.float32)
    stacked = np.concatenate(chunks)
    result = np.empty_like(stacked)
    result[order] = stacked
    return result
