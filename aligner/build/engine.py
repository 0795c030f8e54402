"""Where the per-film stages of a build run: local processes (default) or Ray tasks.

Films are independent once paired, so a build maps one function over them. ``local``
runs them on this machine's cores, one process per film at a time (torch and the
encoders hold the GIL in places, and a crash in one film stays in its process);
``ray`` submits the same function as Ray tasks, to the cluster ``RAY_ADDRESS`` names
or to a Ray instance started on this machine. Each worker computes with one thread
per core it was given; vectors do not depend on the thread count or on which film
embedded a text first, so both engines write identical outputs. Results come back in
the order of ``jobs``, whatever order the films finish in.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from multiprocessing import get_context
from typing import TypeVar

from rich.progress import Progress

from aligner.errors import ConfigError

ENGINES = ("local", "ray")
Job = TypeVar("Job")
Result = TypeVar("Result")


def _limit_threads(threads: int) -> None:
    """Worker start-up: one compute thread per core this worker may use."""
    os.environ["OMP_NUM_THREADS"] = str(threads)
    import torch

    torch.set_num_threads(threads)


def map_films(
    work: Callable[[Job], Result],
    jobs: Sequence[Job],
    *,
    engine: str = "local",
    workers: int | None = None,
    description: str = "films",
    show_progress: bool = True,
) -> list[Result]:
    """``work(job)`` for every job, on ``engine``, with one progress bar over the films."""
    if engine not in ENGINES:
        raise ConfigError(f"--engine must be one of {', '.join(ENGINES)}, not {engine!r}")
    if workers is not None and workers < 1:
        raise ConfigError(f"--jobs must be at least 1, not {workers}")
    with Progress(disable=not show_progress, transient=True) as progress:
        task = progress.add_task(description, total=len(jobs))

        def advance() -> None:
            progress.advance(task)

        if engine == "ray":
            return _on_ray(work, jobs, advance)
        return _on_local_cores(work, jobs, workers or os.cpu_count() or 1, advance)


def _on_local_cores(work, jobs, workers: int, advance) -> list:
    workers = min(workers, len(jobs))
    if workers <= 1:
        results = []
        for job in jobs:
            results.append(work(job))
            advance()
        return results
    cores = os.cpu_count() or 1
    results: list = [None] * len(jobs)
    # spawn, not fork: a forked copy of a process that has started OpenMP threads hangs.
    with ProcessPoolExecutor(
        workers,
        mp_context=get_context("spawn"),
        initializer=_limit_threads,
        initargs=(max(1, cores // workers),),
    ) as pool:
        futures = {pool.submit(work, job): index for index, job in enumerate(jobs)}
        for future in as_completed(futures):
            results[futures[future]] = future.result()
            advance()
    return results


def _on_ray(work, jobs, advance) -> list:
    try:
        import ray
    except ImportError as err:
        raise ConfigError("--engine ray needs Ray: pip install 'cinealign[ray]'") from err
    if not ray.is_initialized():
        # Joins the cluster at RAY_ADDRESS when set, else starts Ray on this machine.
        ray.init(include_dashboard=False, log_to_driver=False, configure_logging=False)
    remote = ray.remote(num_cpus=1)(work)
    pending = {remote.remote(job): index for index, job in enumerate(jobs)}
    results: list = [None] * len(jobs)
    while pending:
        done, _ = ray.wait(list(pending), num_returns=1)
        for ref in done:
            results[pending.pop(ref)] = ray.get(ref)
            advance()
    return results
