"""TOML decode errors with their line number.

Python's tomllib reports the position only inside the message ("... (at line 3,
column 11)"), so every reader of user TOML (lexicons, build configs) takes the line
from there to point the user at it.
"""

from __future__ import annotations

import re
import tomllib

_AT_LINE = re.compile(r"at line (\d+)")


def decode_error_line(err: tomllib.TOMLDecodeError) -> int | None:
    found = _AT_LINE.search(str(err))
    return int(found.group(1)) if found else None
