"""aligner.io: a write that fails for a reason the user can fix is one OutputError naming
the file, even when the writer's own error has lost the OS error code (issue 21: a build
into a fresh --out on a nearly full disk was a polars traceback from a worker)."""

from __future__ import annotations

import subprocess
import sys

import polars as pl
import pytest

from aligner.io import atomic_path

# What polars raised when the disk filled while it wrote a stage's Parquet footer: no errno.
LOST = "parquet: File out of specification: Invalid thrift: transport error"
FULL = f"""
import resource, sys
from pathlib import Path
import polars as pl
from aligner.errors import OutputError
from aligner.io import atomic_path
resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))  # ulimit -f: a disk that is full
try:
    with atomic_path(Path(sys.argv[1])) as temporary:
        temporary.write_bytes(bytes(4096))  # the writer filled what there was
        raise pl.exceptions.ComputeError({LOST!r})
except OutputError as err:
    print(err)
"""


def test_a_full_disk_the_writer_does_not_name_is_found_and_named(tmp_path):
    target = tmp_path / "work" / "stage.parquet"
    done = subprocess.run([sys.executable, "-c", FULL, str(target)], capture_output=True,
                          text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"{target}: cannot write: File too large"
    assert list(target.parent.iterdir()) == []  # nothing half-written left behind


def test_a_writer_error_with_room_to_write_is_not_called_a_full_disk(tmp_path):
    target = tmp_path / "stage.parquet"
    with (pytest.raises(pl.exceptions.ComputeError, match="Invalid thrift"),
          atomic_path(target) as temporary):
        temporary.write_bytes(b"PAR1")
        raise pl.exceptions.ComputeError(LOST)
    assert list(tmp_path.iterdir()) == []
