"""The ``llm`` judge: any OpenAI-compatible chat endpoint scores keyword lines.

People screen with whatever model they can run or rent (vLLM, a llama.cpp server,
Ollama, a hosted API), so the judge speaks only the one request they all accept:
``POST {base_url}/chat/completions``, temperature 0, through the standard library.
What the model is asked lives in a text template (``DEFAULT_PROMPT``) that users copy
and edit. Every reply is checked against the :class:`Judgement` fields before it is
believed, because a model that drifts from the JSON asked for would otherwise fill the
screen with guesses. Verdicts are cached on disk, one JSON line each, so a rerun (or a
run resumed after a kill) asks the server only for lines it has not judged yet.
"""

from __future__ import annotations

import hashlib
import http.client
import json
import re
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor, as_completed
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from aligner.embed.base import progress_bar
from aligner.errors import ConfigError, JudgeError
from aligner.io import as_output_error
from aligner.lexicon.model import CATEGORIES
from aligner.screen.judge import DIRECTIONS, Judgement, ScreenLine

DEFAULT_PROMPT = Path(__file__).resolve().parent / "prompts" / "stereotype.md"
CACHE_FILE = "llm-judge.jsonl"
PLACEHOLDERS: tuple[str, ...] = ("text", "prev_text", "next_text", "mentions")
_SECTIONS = ("# system", "# user")
_PLACEHOLDER = re.compile(r"\{([A-Za-z_]\w*)\}")
_NOTHING = "(none)"  # how an absent neighbour or an empty mention list reads in the prompt
_MESSAGE_CHARS = 300  # enough of a server's error body or a bad reply to recognise it

Messages = list[dict[str, str]]
Save = Callable[[str, ScreenLine, Judgement], None]


# --- the prompt template --------------------------------------------------------------


@dataclass(frozen=True)
class PromptTemplate:
    """A system part and a user part with placeholders, read from a file users edit.

    The file is Markdown: a line ``# system`` opens the system message, a line ``# user``
    the user message, and anything before the first of them is a note for whoever edits
    the file, never sent. Placeholders are plain words in braces (``{text}``); other
    braces (the JSON shape the reply must take) are left alone, so no escaping is needed.
    """

    path: Path
    system: str
    user: str

    @classmethod
    def load(cls, path: Path) -> PromptTemplate:
        """Read and check ``path``; every problem is a JudgeError naming the file and line."""
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError as err:
            raise JudgeError("the prompt template is not UTF-8 text", path) from err
        except OSError as err:
            raise JudgeError(f"cannot read the prompt template: {err.strerror}", path) from err
        parts: dict[str, list[str]] = {}
        current: list[str] | None = None
        used: set[str] = set()
        for number, line in enumerate(text.splitlines(), start=1):
            marker = line.strip().lower()
            if marker in _SECTIONS:
                if marker in parts:
                    raise JudgeError(f"a second {marker!r} line: a template has one of each",
                                     path, number)
                current = parts[marker] = []
                continue
            if current is None:
                continue  # the editor's note above the first part
            for name in _PLACEHOLDER.findall(line):
                if name not in PLACEHOLDERS:
                    raise JudgeError(f"unknown placeholder {{{name}}}: a template may use "
                                     f"{_listed(PLACEHOLDERS)}", path, number)
                used.add(name)
            current.append(line)
        for marker in _SECTIONS:
            if marker not in parts:
                raise JudgeError(f"no {marker!r} line: a template has a '# system' part and a "
                                 f"'# user' part, each opened by that line (see {DEFAULT_PROMPT})",
                                 path)
        missing = [name for name in PLACEHOLDERS if name not in used]
        if missing:
            raise JudgeError(f"the template never uses {_listed(missing)}: the judge would not "
                             f"see that part of the line (each of {_listed(PLACEHOLDERS)} must "
                             "appear at least once)", path)
        system, user = ("\n".join(parts[marker]).strip() for marker in _SECTIONS)
        return cls(path, system, user)

    def render(self, line: ScreenLine) -> Messages:
        """The chat messages for one line; placeholders are filled in one pass, so a
        subtitle that happens to contain ``{text}`` is sent as written."""
        values = {
            "text": line.text,
            "prev_text": line.prev_text or _NOTHING,
            "next_text": line.next_text or _NOTHING,
            "mentions": "\n".join(f"- {m.surface} ({m.category}: {m.concept})"
                                  for m in line.mentions) or _NOTHING,
        }

        def fill(part: str) -> str:
            return _PLACEHOLDER.sub(lambda found: values[found.group(1)], part)

        return [{"role": "system", "content": fill(self.system)},
                {"role": "user", "content": fill(self.user)}]


def _listed(names: Sequence[str]) -> str:
    return ", ".join(f"{{{name}}}" for name in names)


# --- reading a reply -----------------------------------------------------------------


class _Retry(Exception):
    """One failed try that another try may cure; ``message`` is what the user reads if
    none does, ``wait`` whether to back off first (an overloaded server needs the
    pause, a malformed reply does not)."""

    def __init__(self, message: str, wait: bool):
        super().__init__(message)
        self.message = message
        self.wait = wait


class _BadVerdict(ValueError):
    """A verdict object that breaks the reply contract; the text says which field and how."""


def _verdict_from(data: Any) -> Judgement:
    """Check one verdict object field by field; out-of-range scores are refused, not
    clamped, since a model that answers 1.7 has not understood the question."""
    if not isinstance(data, dict):
        raise _BadVerdict(f"expected a JSON object, got {type(data).__name__}")
    missing = [f for f in ("stereotype", "category", "target", "direction", "rationale")
               if f not in data]
    if missing:
        raise _BadVerdict(f"missing field(s) {', '.join(missing)}")
    score, category, target = data["stereotype"], data["category"], data["target"]
    direction, rationale = data["direction"], data["rationale"]
    problems = []
    if isinstance(score, bool) or not isinstance(score, int | float) or not 0 <= score <= 1:
        problems.append(f"stereotype must be a number from 0 to 1, got {score!r}")
    if category is not None and category not in CATEGORIES:
        problems.append(f"category must be one of {', '.join(CATEGORIES)} or null, "
                        f"got {category!r}")
    if target is not None and not isinstance(target, str):
        problems.append(f"target must be a string or null, got {target!r}")
    if direction not in DIRECTIONS:
        problems.append(f"direction must be one of {', '.join(DIRECTIONS)}, got {direction!r}")
    if not isinstance(rationale, str):
        problems.append(f"rationale must be a string, got {rationale!r}")
    if problems:
        raise _BadVerdict("; ".join(problems))
    return Judgement(float(score), category, target, direction, rationale.strip())


def _first_object(content: str) -> Any:
    """The first JSON object in the text: models wrap the answer in a ```json fence or a
    sentence of their own, which costs nothing to look past."""
    decoder = json.JSONDecoder()
    for brace in re.finditer(r"\{", content):
        try:
            return decoder.raw_decode(content, brace.start())[0]
        except json.JSONDecodeError:
            continue
    raise _BadVerdict("no JSON object in the reply")


def _verdict_in(response: bytes, line: ScreenLine, tries: int) -> Judgement:
    """The verdict inside a chat-completion response, or a retry naming the line."""
    content = ""
    try:
        content = json.loads(response)["choices"][0]["message"]["content"]
        if not isinstance(content, str):
            raise _BadVerdict("the reply has no message content")
        return _verdict_from(_first_object(content))
    except (ValueError, KeyError, IndexError, TypeError) as err:
        # json.JSONDecodeError and _BadVerdict are ValueErrors; the rest mean a response
        # that is not a chat completion at all.
        problem = str(err) if isinstance(err, _BadVerdict) else "not a chat-completion response"
        shown = content or response.decode("utf-8", "replace")
        raise _Retry(f"the LLM judge gave no valid verdict for the line {line.text!r} "
                     f"({tries} tries): {problem}; last reply: {shown[:_MESSAGE_CHARS]!r}",
                     wait=False) from err


# --- the verdict cache ---------------------------------------------------------------


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
            known[record["key"]] = _verdict_from(record["verdict"])
        except (ValueError, KeyError, TypeError):
            continue
    return known


@contextmanager
def _no_cache() -> Iterator[tuple[dict[str, Judgement], Save]]:
    yield {}, lambda key, line, verdict: None


# --- the judge -----------------------------------------------------------------------


class LLMJudge:
    """A stereotype judge behind an OpenAI-compatible ``/chat/completions`` endpoint.

    Each line gets at most ``1 + retries`` requests. Connection errors, timeouts, HTTP
    429 and 5xx are retried after an exponential backoff (``backoff`` seconds, doubled
    each time); a reply that is not the JSON verdict asked for is retried at once;
    any other HTTP 4xx (a wrong key, an unknown model) fails at once with the server's
    message. A line still without a valid verdict stops the whole batch with a
    JudgeError naming that line: a screen with silent holes would make the lines it
    missed look judged harmless. Verdicts given before the failure stay in the cache,
    so the rerun asks only for the rest. ``cache_dir=None`` keeps nothing on disk.
    """

    name = "llm"

    def __init__(
        self,
        base_url: str,
        model: str,
        prompt: Path | None = None,
        api_key: str | None = None,
        timeout: float = 60.0,
        retries: int = 3,
        cache_dir: Path | None = None,
        workers: int = 4,
        backoff: float = 0.5,
        show_progress: bool = True,
    ):
        if retries < 0 or workers < 1 or timeout <= 0 or backoff < 0:
            raise ConfigError(f"LLM judge: retries ({retries}) and backoff ({backoff}) must not "
                              f"be negative, workers ({workers}) and timeout ({timeout}) must "
                              "be positive")
        self.base_url = base_url.rstrip("/")
        self.model = model
        self.template = PromptTemplate.load(prompt or DEFAULT_PROMPT)
        self.api_key = api_key
        self.timeout = timeout
        self.retries = retries
        self.cache = VerdictCache(cache_dir) if cache_dir is not None else None
        self.workers = workers
        self.backoff = backoff
        self.show_progress = show_progress

    def digest(self) -> str:
        """Model and the parts of the template that are sent; not the URL, and not the
        template's note to editors, since neither changes a verdict."""
        payload = json.dumps({"model": self.model, "system": self.template.system,
                              "user": self.template.user}, sort_keys=True, ensure_ascii=False)
        return hashlib.sha256(payload.encode("utf-8")).hexdigest()

    def judge(self, lines: Sequence[ScreenLine]) -> list[Judgement]:
        """One judgement per line, in order; cached lines and repeats are not re-asked."""
        asks = [self.template.render(line) for line in lines]
        keys = [self._key(messages) for messages in asks]
        cache = self.cache.opened() if self.cache else _no_cache()
        with cache as (known, save):
            todo: dict[str, tuple[ScreenLine, Messages]] = {}
            for key, line, messages in zip(keys, lines, asks, strict=True):
                if key not in known:
                    todo.setdefault(key, (line, messages))
            if todo:
                known.update(self._ask_all(todo, save))
        return [known[key] for key in keys]

    def _key(self, messages: Messages) -> str:
        payload = json.dumps({"model": self.model, "messages": messages}, ensure_ascii=False)
        return hashlib.sha256(payload.encode("utf-8")).hexdigest()

    def _ask_all(self, todo: dict[str, tuple[ScreenLine, Messages]],
                 save: Save) -> dict[str, Judgement]:
        """Ask in parallel; on the first failure stop queueing, keep (and cache) what the
        requests in flight bring back, then raise the earliest line's error."""
        found: dict[str, Judgement] = {}
        failures: list[tuple[int, BaseException]] = []
        with (progress_bar(f"Judging lines with {self.model}", len(todo),
                           self.show_progress) as advance,
              ThreadPoolExecutor(max_workers=self.workers) as pool):
            futures = {pool.submit(self._ask, line, messages): (order, key, line)
                       for order, (key, (line, messages)) in enumerate(todo.items())}
            for future in as_completed(futures):
                if future.cancelled():
                    continue
                order, key, line = futures[future]
                error = future.exception()
                if error is not None:
                    if not failures:
                        pool.shutdown(wait=False, cancel_futures=True)
                    failures.append((order, error))
                    continue
                found[key] = future.result()
                save(key, line, found[key])
                advance(1)
        if failures:
            raise min(failures, key=lambda failure: failure[0])[1]
        return found

    def _ask(self, line: ScreenLine, messages: Messages) -> Judgement:
        body = json.dumps({"model": self.model, "messages": messages, "temperature": 0})
        tries = self.retries + 1
        attempt = waits = 0
        while True:
            attempt += 1
            try:
                return _verdict_in(self._post(body.encode("utf-8"), tries), line, tries)
            except _Retry as failed:
                if attempt == tries:
                    raise JudgeError(failed.message) from failed
                if failed.wait:
                    time.sleep(self.backoff * 2**waits)
                    waits += 1

    def _post(self, body: bytes, tries: int) -> bytes:
        """One request; failures a later try may cure become a _Retry."""
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        request = urllib.request.Request(f"{self.base_url}/chat/completions", data=body,
                                         headers=headers, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                return response.read()
        except urllib.error.HTTPError as err:
            raise self._http_failure(err, tries) from err
        except TimeoutError as err:
            raise self._timed_out(tries) from err
        except urllib.error.URLError as err:
            if isinstance(err.reason, TimeoutError):
                raise self._timed_out(tries) from err
            raise self._unreachable(err.reason) from err
        except (ConnectionError, http.client.HTTPException) as err:  # dropped mid-answer
            raise self._unreachable(err) from err

    def _http_failure(self, err: urllib.error.HTTPError, tries: int) -> Exception:
        message = _server_message(err)
        if err.code == 429 or err.code >= 500:
            return _Retry(f"the LLM judge at {self.base_url} failed with HTTP {err.code} "
                          f"({tries} tries): {message}", wait=True)
        hint = "; check OPENAI_API_KEY" if err.code in (401, 403) else ""
        return JudgeError(f"the LLM judge at {self.base_url} refused the request with HTTP "
                          f"{err.code}: {message}{hint}")

    def _timed_out(self, tries: int) -> _Retry:
        return _Retry(f"the LLM judge at {self.base_url} did not answer within "
                      f"{self.timeout:g}s ({tries} tries): the model may be too slow for "
                      "this server, or the server overloaded", wait=True)

    def _unreachable(self, reason: object) -> _Retry:
        why = "connection refused" if isinstance(reason, ConnectionRefusedError) else str(reason)
        return _Retry(f"cannot reach the LLM judge at {self.base_url} ({why}): start the "
                      "server (vLLM, llama.cpp server, Ollama) or pass --judge-url", wait=True)


def _server_message(err: urllib.error.HTTPError) -> str:
    """The server's own words: OpenAI-style ``{"error": {"message": ...}}``, FastAPI's
    ``detail``, or the body as text."""
    body = err.read().decode("utf-8", "replace").strip()
    try:
        data = json.loads(body)
    except ValueError:
        data = None
    if isinstance(data, dict):
        inner = data.get("error")
        if isinstance(inner, dict):
            inner = inner.get("message")
        for said in (inner, data.get("message"), data.get("detail")):
            if isinstance(said, str) and said:
                return said[:_MESSAGE_CHARS]
    return body[:_MESSAGE_CHARS] or str(err.reason)
