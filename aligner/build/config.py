"""Build settings: one frozen record, filled from a TOML file and then from flags.

Flags win over the file, the file wins over the defaults. Every setting that changes
a stage's output is part of that stage's cache key (see ``store.py``), so editing the
config re-runs exactly the stages it affects. Every value is checked (type, range,
known category, existing path) as it is read, so a typo fails in the first second
with the flag or the config line that holds it, not after hours of alignment.
"""

from __future__ import annotations

import difflib
import tomllib
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any

from aligner.errors import ConfigError
from aligner.lexicon.model import CATEGORIES
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
    lexicons: Path | None = None
    allow_empty: bool = False
    show_progress: bool = True
    release: Path | None = None  # an OPUS OpenSubtitles release (see build/release.py)
    engine: str = "local"  # where films run: local cores or ray (see build/engine.py)
    jobs: int | None = None  # films at once on the local engine [default: the cores]
    device: str = "cpu"  # torch device of the encoder
    judge: str = "classifier"  # stereotype judge of the screen stage (aligner/screen/judges.py)
    judge_url: str | None = None  # the llm judge's OpenAI-compatible endpoint
    judge_model: str | None = None
    judge_prompt: Path | None = None
    min_stereotype: float = 0.0  # proposals from lines the judge scores lower are dropped

    @property
    def work_dir(self) -> Path:
        return self.work if self.work is not None else self.out / "work"

    def settings(self) -> dict[str, Any]:
        """The settings as plain JSON values, for cache keys and the manifest."""
        # None of these changes what a stage writes.
        skip = {"show_progress", "out", "work", "allow_empty", "engine", "jobs", "judge_url"}
        return {
            f.name: _plain(getattr(self, f.name)) for f in fields(self) if f.name not in skip
        }


_PATHS = {"src_subs", "tgt_subs", "pairs", "out", "work", "stanza_dir", "lexicons", "release",
          "judge_prompt"}
_DIRECTORIES = {"src_subs", "tgt_subs", "stanza_dir", "lexicons", "release"}
_OUTPUTS = {"out", "work"}
_TEXTS = {"src", "tgt", "encoder", "score_model", "device", "judge_url", "judge_model"}
_FLAGS = {"show_progress", "allow_empty"}


def _plain(value: Any) -> Any:
    if isinstance(value, Path):
        return str(value)
    if isinstance(value, tuple):
        return list(value)
    return value


def load_config_file(path: Path) -> dict[str, Any]:
    """Read a ``[build]`` table (or top-level keys) from TOML; errors name file and line."""
    text = _read(path)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise ConfigError(f"malformed TOML: {err}", path, decode_error_line(err, text)) from err
    table = data.get("build", data)
    if not isinstance(table, dict):
        raise ConfigError("build must be a [build] table", path, _line_of(path, "build"))
    known = {f.name for f in fields(BuildConfig)}
    unknown = sorted(set(table) - known)
    if unknown:
        raise ConfigError(
            f"unknown setting(s) {', '.join(unknown)}; known: {', '.join(sorted(known))}",
            path,
            _line_of(path, unknown[0]),
        )
    settings = {}
    for key, value in table.items():
        value = _coerce(key, value, path.parent)
        problem = setting_problem(key, value)
        if problem:
            raise ConfigError(f"{key}: {problem}", path, _line_of(path, key))
        settings[key] = value
    return settings


def _read(path: Path) -> str:
    try:
        return path.read_bytes().decode("utf-8-sig")  # Notepad saves UTF-8 with a BOM
    except FileNotFoundError as err:
        raise ConfigError("config file not found", path) from err
    except OSError as err:
        raise ConfigError(f"cannot read the config file: {err.strerror}", path) from err
    except UnicodeDecodeError as err:
        raise ConfigError("config file is not UTF-8 text (TOML must be)", path) from err


def _coerce(key: str, value: Any, base: Path) -> Any:
    """TOML's types as BuildConfig's: strings to paths, lists to tuples; others stay wrong.

    Relative paths in a config file are relative to the file, as users expect.
    """
    if key in _PATHS and isinstance(value, str) and value:
        return (base / value).resolve()
    if key == "categories" and isinstance(value, list):
        return tuple(value)
    return value


def setting_problem(key: str, value: Any) -> str | None:
    """Why ``value`` cannot be the setting ``key``, or None when it can."""
    if key in _PATHS:
        return _path_problem(key, value)
    if key in _TEXTS:
        if not isinstance(value, str) or not value.strip():
            return "must be a non-empty string"
        if key in ("src", "tgt"):
            from aligner.plugins import language_code_problem

            return language_code_problem(value)
        return _model_dir_problem(value) if key == "score_model" else None
    if key in _FLAGS:
        return None if isinstance(value, bool) else "must be true or false"
    if key in ("min_confidence", "min_stereotype"):
        if isinstance(value, bool) or not isinstance(value, int | float):
            return f"must be a number from 0 to 1, not {value!r}"
        what = "a confidence" if key == "min_confidence" else "a stereotype score"
        return None if 0 <= value <= 1 else f"must be from 0 to 1 ({what}), not {value}"
    if key == "judge":
        from aligner.screen.judges import JUDGES

        return None if value in JUDGES else f"must be one of {', '.join(JUDGES)}, not {value!r}"
    if key == "categories":
        return _categories_problem(value)
    if key == "engine":
        return None if value in ("local", "ray") else f"must be local or ray, not {value!r}"
    if key == "jobs":
        valid = isinstance(value, int) and not isinstance(value, bool) and value >= 1
        return None if valid else f"must be a whole number of films, at least 1, not {value!r}"
    return None


def _path_problem(key: str, value: Any) -> str | None:
    if not isinstance(value, Path):
        return "must be a path (a non-empty string)"
    if key in _DIRECTORIES and not value.is_dir():
        return f"{value} is not a directory" if value.exists() else f"no such directory {value}"
    if key in ("pairs", "judge_prompt") and not value.is_file():
        return f"no such file {value}"
    if key in _OUTPUTS and value.exists() and not value.is_dir():
        return f"{value} is a file; name a directory"
    return None


def _model_dir_problem(name: str) -> str | None:
    """A model named by path must be a directory; a Hub name is checked when it loads."""
    path = Path(name).expanduser()
    if (path.exists() or name.startswith(("/", ".", "~"))) and not path.is_dir():
        return f"no model directory {name}"
    return None


def _categories_problem(value: Any) -> str | None:
    if not isinstance(value, tuple) or not all(isinstance(item, str) for item in value):
        return "must be a list of category names"
    for item in value:
        if item not in CATEGORIES:
            close = difflib.get_close_matches(item, CATEGORIES, n=1)
            guess = f" (did you mean {close[0]}?)" if close else ""
            return f"unknown category {item!r}{guess}; categories: {', '.join(CATEGORIES)}"
    return None


def _line_of(path: Path, key: str) -> int | None:
    for number, text in enumerate(path.read_text(encoding="utf-8-sig").splitlines(), start=1):
        if text.strip().startswith(f"{key}") and "=" in text:
            return number
    return None


def resolve_config(file_settings: dict[str, Any], flags: dict[str, Any]) -> BuildConfig:
    """Defaults < config file < flags given on the command line (None means not given)."""
    given = {key: value for key, value in flags.items() if value is not None}
    for key, value in given.items():
        problem = setting_problem(key, value)
        if problem:
            flag = "--category" if key == "categories" else "--" + key.replace("_", "-")
            raise ConfigError(f"{flag}: {problem}")
    config = replace(BuildConfig(), **file_settings)
    config = replace(config, **given)
    if config.judge == "llm" and not (config.judge_url and config.judge_model):
        raise ConfigError("--judge llm needs --judge-url and --judge-model")
    if config.judge == "none" and config.min_stereotype > 0:
        raise ConfigError("--min-stereotype needs a judge (--judge classifier or llm)")
    if config.src_subs is None and config.release is None:
        raise ConfigError(
            "no source subtitles: give --src-subs DIR or --release DIR (or src_subs in --config)"
        )
    return config
