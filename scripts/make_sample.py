"""Render the bundled sample corpus (sample/) from the hand-written film scripts.

The translations live in sample/script/<film>.toml, written by people. Everything a real
release adds on top (timing, file formats, encodings, offsets, drift, tags, SDH, wrapping)
is rendered by the sample_corpus package, deterministically, so the gold files are exact by
construction and the whole corpus rebuilds byte for byte:

    python scripts/make_sample.py [--scripts sample/script] [--out sample]

sample/script/FORMAT.md documents the script format; sample/README.md the outputs.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from sample_corpus.output import build

from aligner.errors import CineAlignError

REPO_ROOT = Path(__file__).resolve().parent.parent


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Render the sample corpus from film scripts.")
    parser.add_argument("--scripts", type=Path, default=REPO_ROOT / "sample" / "script")
    parser.add_argument("--out", type=Path, default=REPO_ROOT / "sample")
    args = parser.parse_args(argv)
    try:
        print(build(args.scripts, args.out))
    except CineAlignError as err:
        print(f"make_sample: {err}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
