"""The labelled prototypes: package data that linguists can extend or replace.

aligner/score/data/components.toml holds, per component, example sentences with
their gender words in [brackets]; ``--prototypes FILE`` names another file of the
same shape (a different language, a finer taxonomy of the same four components).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from aligner.errors import ConfigError
from aligner.score.components.taxonomy import COMPONENTS
from aligner.tomlio import decode_error_line

PACKAGE_DATA = ("aligner.score", "data/components.toml")


@dataclass(frozen=True)
class Prototype:
    component: str
    text: str  # as written, with [brackets]


def load_prototypes(path: str | Path | None = None) -> list[Prototype]:
    """Every example of every component; each of the four needs at least one."""
    if path is None:
        package, name = PACKAGE_DATA
        source = resources.files(package).joinpath(name)
        label = name
    else:
        source, label = Path(path), str(path)
    try:
        text = source.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise ConfigError(f"cannot read prototypes ({err})", label) from err
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise ConfigError(f"not TOML: {err}", label, decode_error_line(err, text)) from err
    unknown = sorted(set(data) - set(COMPONENTS))
    if unknown:
        raise ConfigError(f"unknown component(s) {', '.join(unknown)}", label)
    prototypes = []
    for component in COMPONENTS:
        examples = data.get(component, {}).get("examples", [])
        if not examples or not all(isinstance(e, str) and e.strip() for e in examples):
            raise ConfigError(f"[{component}] needs a non-empty list of examples", label)
        prototypes += [Prototype(component, example) for example in examples]
    return prototypes
