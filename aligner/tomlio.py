"""TOML decode errors with their line number.

Python's tomllib reports the position only inside the message ("... (at line 3,
column 11)"), so every reader of user TOML (lexicons, build configs) takes the line
from there to point the user at it.
"""

from __future__ import annotations

import re
import tomllib

_AT_LINE = re.compile(r"at line (\d+)")


def decode_error_line(err: tomllib.TOMLDecodeError, text: str | None = None) -> int | None:
    """The line tomllib names; an error "at end of document" is on the last line of ``text``."""
    found = _AT_LINE.search(str(err))
    if found:
        return int(found.group(1))
    return len(text.splitlines()) if text is not None else None
