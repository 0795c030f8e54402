"""Errors a user can cause, each carrying the file and line it is about.

The CLI turns any :class:`CineAlignError` into one readable line and a non-zero
exit; anything else is a bug and keeps its traceback.
"""

from __future__ import annotations

from pathlib import Path


class CineAlignError(Exception):
    """A problem with the user's input or setup, not with CineAlign itself."""

    def __init__(self, reason: str, path: str | Path | None = None, line: int | None = None):
        self.reason = reason
        self.path = str(path) if path is not None else None
        self.line = line
        super().__init__(self.location_prefix() + reason)

    def location_prefix(self) -> str:
        if self.path is None:
            return ""
        if self.line is None:
            return f"{self.path}: "
        return f"{self.path}:{self.line}: "


class InputFormatError(CineAlignError):
    """A file that cannot be read as the format it claims to be."""


class EncodingError(InputFormatError):
    """Bytes that cannot be decoded in the detected or given encoding."""


class TimestampError(InputFormatError):
    """Malformed, overlapping or negative-duration subtitle timing."""


class LexiconError(CineAlignError):
    """A lexicon TOML file that breaks the schema documented in lexicons/README.md."""


class UnknownLanguageError(CineAlignError):
    """No language plugin is registered for the requested code."""


class ModelUnavailableError(CineAlignError):
    """A model could not be loaded (offline, wrong name, missing local directory)."""


class ConfigError(CineAlignError):
    """A malformed configuration file or an invalid combination of options."""


class OutputError(CineAlignError):
    """An output that cannot be written: a full disk, no permission, a file in the way."""


class JudgeError(CineAlignError):
    """A stereotype judge that cannot answer: an endpoint down, a reply that is not JSON."""


class MissingExtraError(CineAlignError):
    """A language needs an optional package that is not installed."""


def require(module: str, extra: str, purpose: str):
    """Import an optional dependency, or say in one line which extra installs it."""
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError as err:
        package = module.split(".")[0]
        raise MissingExtraError(
            f"{purpose} needs the {package!r} package: pip install 'cinealign[{extra}]'"
        ) from err


class InputNote(UserWarning):
    """Something read but left out (an all-empty row): not an error, but the user is told."""
