"""Atomic output: a reader (or a resumed run) never sees a half-written file.

A write that fails for a reason the user can fix (a full disk, a file-size limit, no
permission, a file where a directory should be) becomes one OutputError naming the
file. polars reports such failures as text ("File too large (os error 27)"), not as
an OSError with an errno, so the code is read from the message too; and where the text
has lost it (a disk that fills while polars writes a Parquet footer is "Invalid thrift:
transport error"), one more write to the same file says what the disk says.
"""

from __future__ import annotations

import os
import re
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from aligner.errors import OutputError

_OS_ERROR = re.compile(r"os error (\d+)")


@contextmanager
def atomic_path(path: str | Path) -> Iterator[Path]:
    """A temporary path beside ``path``; on success it replaces ``path``, on error it is removed."""
    path = Path(path)
    with as_output_error(path):
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    os.close(handle)
    temporary = Path(name)
    try:
        with as_output_error(path, temporary):
            yield temporary
            # mkstemp makes the file private (0600); outputs are ordinary readable files.
            os.chmod(temporary, 0o644)
            os.replace(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)


@contextmanager
def as_output_error(path: Path, written: Path | None = None) -> Iterator[None]:
    """Failures that carry an OS error code become one OutputError naming ``path``; a
    writer's error without one is diagnosed by writing to ``written`` (the file it was
    writing), when given."""
    try:
        yield
    except Exception as err:
        code = getattr(err, "errno", None)
        found = _OS_ERROR.search(str(err)) if code is None else None
        code = int(found.group(1)) if found else code
        if code is None and written is not None and _from_polars(err):
            code = _write_error(written)
        if code is None:
            raise
        raise OutputError(f"cannot write: {os.strerror(code)}", path) from err


def _from_polars(err: Exception) -> bool:
    """polars wraps the OS errors of its writers in its own exceptions (imported lazily)."""
    return type(err).__module__.startswith("polars")


def _write_error(path: Path) -> int | None:
    """The OS error a further write to ``path`` meets now (ENOSPC on a full disk, EFBIG over
    ulimit -f), or None when it succeeds: the writer then failed for another reason."""
    try:
        with path.open("ab") as handle:
            handle.write(bytes(1 << 16))  # more than a block: a full disk refuses it
            handle.flush()
            os.fsync(handle.fileno())
    except OSError as err:
        return err.errno
    return None


def write_text(path: str | Path, text: str) -> None:
    with atomic_path(path) as temporary:
        temporary.write_text(text, encoding="utf-8")


def write_bytes(path: str | Path, data: bytes) -> None:
    with atomic_path(path) as temporary:
        temporary.write_bytes(data)
