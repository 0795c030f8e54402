"""One build at a time per output directory.

Two builds writing one ``--out`` would interleave the dataset, review sheet and
manifest of different runs. The lock is an ``flock`` on ``OUT/.build.lock``: the
kernel drops it when its process ends, however it ends (kill -9 included), so a
crashed build never leaves a stale lock behind. The file keeps the holder's pid and
start time to tell the second user who is writing.
"""

from __future__ import annotations

import fcntl
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from aligner.errors import OutputError
from aligner.io import as_output_error

LOCK_NAME = ".build.lock"


@contextmanager
def build_lock(out: Path) -> Iterator[None]:
    """Hold the lock of ``out`` while the body runs; a held lock is an OutputError."""
    path = Path(out) / LOCK_NAME
    with as_output_error(path):
        path.parent.mkdir(parents=True, exist_ok=True)
        handle = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)  # unbuffered: nothing to flush
    try:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError as err:
            holder = os.pread(handle, 200, 0).decode("utf-8", "replace").strip()
            raise OutputError(
                f"another align build ({holder or 'another process'}) is writing to this "
                "directory; wait for it to finish or give another --out",
                out,
            ) from err
        with as_output_error(path):
            os.ftruncate(handle, 0)
            note = f"pid {os.getpid()}, started {time.strftime('%Y-%m-%d %H:%M:%S')}"
            os.pwrite(handle, note.encode("utf-8"), 0)
        yield
    finally:
        os.close(handle)  # releases the lock
