"""Build settings: one frozen record, filled from a TOML file and then from flags.

Flags win over the file, the file wins over the defaults. Every setting that changes
a stage's output is part of that stage's cache key (see ``store.py``), so editing the
config re-runs exactly the stages it affects.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any

from aligner.errors import ConfigError
from aligner.tomlio import decode_error_line


@dataclass(frozen=True)
class BuildConfig:
    src: str = "en"
    tgt: str = "et"
    src_subs: Path | None = None
    tgt_subs: Path | None = None
    pairs: Path | None = None
    encoder: str = "labse"
    out: Path = Path("out")
    work: Path | None = None
    score_model: str | None = None
    stanza_dir: Path | None = None
    min_confidence: float = 0.5
    categories: tuple[str, ...] = ()
    show_progress: bool = True
    release: Path | None = None  # an OPUS OpenSubtitles release (see build/release.py)
    engine: str = "local"  # where films run: local cores or ray (see build/engine.py)
    jobs: int | None = None  # films at once on the local engine [default: the cores]
    device: str = "cpu"  # torch device of the encoder

    @property
    def work_dir(self) -> Path:
        return self.work if self.work is not None else self.out / "work"

    def settings(self) -> dict[str, Any]:
        """The settings as plain JSON values, for cache keys and the manifest."""
        skip = {"show_progress", "out", "work", "engine", "jobs"}  # outputs do not change
        return {
            f.name: _plain(getattr(self, f.name)) for f in fields(self) if f.name not in skip
        }


_PATHS = {"src_subs", "tgt_subs", "pairs", "out", "work", "stanza_dir", "release"}


def _plain(value: Any) -> Any:
    if isinstance(value, Path):
        return str(value)
    if isinstance(value, tuple):
        return list(value)
    return value


def load_config_file(path: Path) -> dict[str, Any]:
    """Read a ``[build]`` table (or top-level keys) from TOML; errors name file and line."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError as err:
        raise ConfigError("config file not found", path) from err
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise ConfigError(f"malformed TOML: {err}", path, decode_error_line(err, text)) from err
    table = data.get("build", data)
    known = {f.name for f in fields(BuildConfig)}
    unknown = sorted(set(table) - known)
    if unknown:
        raise ConfigError(
            f"unknown setting(s) {', '.join(unknown)}; known: {', '.join(sorted(known))}",
            path,
            _line_of(path, unknown[0]),
        )
    return {key: _coerce(key, value, path) for key, value in table.items()}


def _coerce(key: str, value: Any, path: Path) -> Any:
    if key in _PATHS:
        # Relative paths in a config file are relative to the file, as users expect.
        return (path.parent / str(value)).resolve()
    if key == "categories":
        if not isinstance(value, list):
            raise ConfigError("categories must be a list of strings", path, _line_of(path, key))
        return tuple(value)
    return value


def _line_of(path: Path, key: str) -> int | None:
    for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if text.strip().startswith(f"{key}") and "=" in text:
            return number
    return None


def resolve_config(file_settings: dict[str, Any], flags: dict[str, Any]) -> BuildConfig:
    """Defaults < config file < flags given on the command line (None means not given)."""
    given = {key: value for key, value in flags.items() if value is not None}
    config = replace(BuildConfig(), **file_settings)
    config = replace(config, **given)
    if config.src_subs is None and config.release is None:
        raise ConfigError(
            "no source subtitles: give --src-subs DIR or --release DIR (or src_subs in --config)"
        )
    return config
