"""Where packaged data lives.

Lexicons ship inside the wheel as the ``lexicons`` package, so they are found through
importlib.resources whether CineAlign is installed editable, from a wheel or run
from a checkout.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path


def lexicon_root() -> Path:
    """Directory holding ``<lang>/<category>.toml`` lexicon files."""
    return Path(str(resources.files("lexicons")))


def lexicon_dir(lang: str) -> Path:
    return lexicon_root() / lang
