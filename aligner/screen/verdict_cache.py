"""The LLM judge's verdicts on disk, so a rerun asks the server only for new lines."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict
from pathlib import Path

from aligner.io import as_output_error
from aligner.screen.judge import Judgement, ScreenLine
from aligner.screen.replies import verdict_from

CACHE_FILE = "llm-judge.jsonl"

Save = Callable[[str, ScreenLine, Judgement], None]


class VerdictCache:
    """Verdicts already given, one JSON line each in ``directory/llm-judge.jsonl``.

    The key is the SHA-256 of the model name and the rendered messages, that is of the
    line, its neighbours, its mentions and the prompt template: exactly what the server
    is asked, less the URL (the same model served elsewhere answers the same). Each
    verdict is appended and flushed as it arrives, so a killed run loses at most the
    line being written; a half-written or unreadable line is skipped and asked again.
    """

    def __init__(self, directory: Path):
        self.path = directory / CACHE_FILE

    @contextmanager
    def opened(self) -> Iterator[tuple[dict[str, Judgement], Save]]:
        """The verdicts on disk, and the function that appends one more."""
        with as_output_error(self.path):
            self.path.parent.mkdir(parents=True, exist_ok=True)
            handle = self.path.open("a+", encoding="utf-8", errors="replace")
        with handle:
            handle.seek(0)
            text = handle.read()
            if text and not text.endswith("\n"):
                handle.write("\n")  # keep a killed run's half line apart from the next record

            def save(key: str, line: ScreenLine, verdict: Judgement) -> None:
                record = {"key": key, "text": line.text, "verdict": asdict(verdict)}
                with as_output_error(self.path):
                    handle.write(json.dumps(record, ensure_ascii=False) + "\n")
                    handle.flush()

            yield _read_records(text), save


def _read_records(text: str) -> dict[str, Judgement]:
    known: dict[str, Judgement] = {}
    for row in text.splitlines():
        try:
            record = json.loads(row)
            known[record["key"]] = verdict_from(record["verdict"])
        except (ValueError, KeyError, TypeError):
            continue
    return known


@contextmanager
def no_cache() -> Iterator[tuple[dict[str, Judgement], Save]]:
    yield {}, lambda key, line, verdict: None
