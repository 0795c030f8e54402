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
from aligner.plugins import check_language_code

# Letters, with single spaces, hyphens or apostrophes between words ("Old Church
# Slavonic", "Ga-Adangbe", "N'Ko"): the name is written into Python source and reports.
_NAME = re.compile(r"[^\W\d_]+(?:[ \-'][^\W\d_]+)*")


def scaffold(code: str, name: str, repo: Path) -> list[Path]:
    """Write ``langs/<code>.py`` and ``lexicons/<code>/README.md`` under ``repo``."""
    check_language_code(code)
    if not _NAME.fullmatch(name):
        raise ConfigError(
            f"language name {name!r} must be letters, with spaces, hyphens or apostrophes "
            "between words (e.g. Finnish)"
        )
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
               "the schema and a walk-through for a new language are in ../README.md. Start "
               f"with\n`align lexicon coverage --tgt {code}` to see which English concepts "
               "need an entry.\n")
    return [plugin, lexicon]


def next_step(code: str, repo: Path) -> str:
    """The command to run after scaffolding, or what keeps CineAlign from seeing the plugin.

    Plugins in langs/ are found without reinstalling, but only in the checkout
    CineAlign is installed from; a scaffold written elsewhere needs that said.
    """
    import langs

    imported = Path(langs.__file__).resolve().parent
    written = (repo / "langs").resolve()
    if imported != written:
        return (
            f"CineAlign imports plugins from {imported}, not {written}: install this checkout "
            f"(pip install -e {repo}) or scaffold there, then run "
            f"`align lexicon coverage --tgt {code}`"
        )
    return (
        f"next: align lexicon coverage --tgt {code}   (the English concepts lexicons/{code}/ "
        "needs; schema and a worked example in lexicons/README.md)"
    )
