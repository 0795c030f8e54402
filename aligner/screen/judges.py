"""Stereotype judges by name, as ``--judge`` spells them."""

from __future__ import annotations

import os
from pathlib import Path

from aligner.errors import ConfigError
from aligner.screen.judge import Judge

JUDGES: tuple[str, ...] = ("classifier", "llm", "none")


def load_judge(
    name: str,
    *,
    url: str | None = None,
    model: str | None = None,
    prompt: Path | None = None,
    weights: Path | None = None,
    cache_dir: Path | None = None,
    show_progress: bool = True,
) -> Judge | None:
    """The judge ``name``; None for ``none`` (lines are screened for people only).

    The LLM's API key, when the endpoint needs one, is read from ``OPENAI_API_KEY`` so
    it never lands in a config file or a manifest.
    """
    if prompt is not None and not prompt.is_file():
        raise ConfigError(f"--judge-prompt: no such file {prompt}")
    if name == "none":
        return None
    if name == "classifier":
        from aligner.screen.classifier import WEIGHTS, ClassifierJudge

        return ClassifierJudge(weights or WEIGHTS)
    if name == "llm":
        if not url or not model:
            raise ConfigError("--judge llm needs --judge-url (e.g. http://127.0.0.1:8000/v1) "
                              "and --judge-model (the model name the server serves)")
        from aligner.screen.llm import LLMJudge

        return LLMJudge(url, model, prompt=prompt, api_key=os.environ.get("OPENAI_API_KEY"),
                        cache_dir=cache_dir, show_progress=show_progress)
    raise ConfigError(f"--judge {name!r}: known judges are {', '.join(JUDGES)}")
