"""Options several commands share, so each is spelled and explained the same way everywhere.

Every command that reads lexicons takes ``--lexicons``; ``--root``, the name some
commands used before, still works (``legacy_option_name`` maps it for the parser) but
is not shown in the help.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

LexiconsOption = Annotated[
    Path | None,
    typer.Option(
        "--lexicons",
        help="Lexicon root holding <lang>/<category>.toml (default: the bundled lexicons).",
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


def legacy_option_name(name: str) -> str:
    """Click's token normaliser: an old option name (without dashes) becomes the current one."""
    return _LEGACY_NAMES.get(name, name)

JudgeOption = Annotated[
    str | None,
    typer.Option("--judge", help="Stereotype judge: classifier (bundled, offline), llm (an "
                 "OpenAI-compatible endpoint) or none [default: classifier]."),
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
