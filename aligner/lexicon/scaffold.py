"""``align lang new``: the files a new language starts from.

The plugin comes from ``langs/_template.py`` (``$code``/``$name`` placeholders, so the
template itself stays importable Python); the lexicon directory gets a README that
points the linguist at ``lexicons/README.md``. Existing files are never overwritten.
"""

from __future__ import annotations

import re
from pathlib import Path
from string import Template

from aligner.errors import ConfigError
from aligner.io import write_text

_CODE = re.compile(r"^[a-z]{2,3}$")


def scaffold(code: str, name: str, repo: Path) -> list[Path]:
    """Write ``langs/<code>.py`` and ``lexicons/<code>/README.md`` under ``repo``."""
    if not _CODE.match(code):
        raise ConfigError(f"language code {code!r} must be 2-3 lower-case letters (ISO 639)")
    template = repo / "langs" / "_template.py"
    if not template.is_file():
        raise ConfigError("no langs/_template.py here; run from the CineAlign checkout", repo)
    plugin = repo / "langs" / f"{code}.py"
    lexicon = repo / "lexicons" / code / "README.md"
    existing = [str(p) for p in (plugin, lexicon) if p.exists()]
    if existing:
        raise ConfigError(f"{', '.join(existing)} already exist; not overwriting")
    values = {"code": code, "name": name}
    write_text(plugin, Template(template.read_text(encoding="utf-8")).substitute(values))
    write_text(lexicon, f"# {name} lexicon\n\nOne `<category>.toml` per CrowS-Pairs category; "
               "the schema is in ../README.md. Start with\n`align lexicon coverage --tgt "
               f"{code}` to see which English concepts need an entry.\n")
    return [plugin, lexicon]
