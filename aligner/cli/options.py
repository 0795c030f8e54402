"""Options several commands share, so each is spelled and explained the same way everywhere.

Every command that reads lexicons takes ``--lexicons``; ``--root``, the name some
commands used before, still works (``legacy_option_name`` maps it for the parser) but
is not shown in the help.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer


def lexicon_root(value: Path | None) -> Path | None:
    """Typer callback of --lexicons: a root that is missing or a file is refused by every
    command alike, before one command reads nothing from it and another fails mid-way."""
    from aligner.errors import ConfigError

    if value is None or value.is_dir():
        return value
    what = f"{value} is not a directory" if value.exists() else f"no such directory {value}"
    raise ConfigError(f"--lexicons: {what}")


LexiconsOption = Annotated[
    Path | None,
    typer.Option(
        "--lexicons",
        help="Lexicon root holding <lang>/<category>.toml (default: the bundled lexicons).",
        callback=lexicon_root,
    ),
]
ColumnsOption = Annotated[
    str | None,
    typer.Option(
        "--columns",
        help="The file's names for our columns, e.g. more=sent_more_hindi,less=sent_less_hindi "
        "(IndiBias); more/less stand for sent_more/sent_less, other columns by full name.",
    ),
]

_LEGACY_NAMES = {"root": "lexicons"}


def language_code(param: typer.CallbackParam, value: str | None) -> str | None:
    """Typer callback of every option or argument that names a language (--lang, --src,
    --tgt, ...): one check, aligner.plugins.check_language_code, for all of them."""
    from aligner.plugins import check_language_code

    if value is None:
        return None
    option = param.param_type_name == "option"
    return check_language_code(value, param.opts[0] if option else (param.name or "").upper())


def legacy_option_name(name: str) -> str:
    """Click's token normaliser: an old option name (without dashes) becomes the current one."""
    return _LEGACY_NAMES.get(name, name)

JudgeOption = Annotated[
    str | None,
    typer.Option("--judge", help="Stereotype judge: classifier (bundled, offline), llm (an "
                 "OpenAI-compatible endpoint) or none \\[default: classifier]."),
]
JudgeUrlOption = Annotated[
    str | None,
    typer.Option("--judge-url", help="Base URL of the LLM judge's OpenAI-compatible API, e.g. "
                 "http://127.0.0.1:8000/v1 (vLLM, llama.cpp server, Ollama); the key, if any, "
                 "is read from OPENAI_API_KEY."),
]
JudgeModelOption = Annotated[
    str | None, typer.Option("--judge-model", help="Model name the LLM judge's server serves.")
]
JudgePromptOption = Annotated[
    Path | None,
    typer.Option("--judge-prompt", help="Prompt template for the LLM judge (copy "
                 "aligner/screen/prompts/stereotype.md and edit it)."),
]
