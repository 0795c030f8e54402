"""The guidelines panel: the team's Markdown file in the build's folder, or the shipped one.

Reviewers judge alike only if they read the same instructions where they decide, so the
page shows them beside every pair. The Markdown is rendered with raw HTML switched off:
a guidelines file cannot put scripts into the page.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

NAME = "guidelines.md"
DEFAULT = Path(str(files("aligner.serve") / "static" / NAME))


def guidelines_path(folder: Path) -> Path:
    """``folder``'s guidelines.md when the team wrote one, else the default shipped here."""
    own = folder / NAME
    return own if own.is_file() else DEFAULT


def render_guidelines(folder: Path) -> dict:
    """The guidelines as HTML, and the file they came from."""
    from markdown_it import MarkdownIt

    path = guidelines_path(folder)
    text = path.read_text(encoding="utf-8")
    return {
        "html": MarkdownIt("commonmark", {"html": False}).render(text),
        "source": str(path),
        "default": path == DEFAULT,
    }
