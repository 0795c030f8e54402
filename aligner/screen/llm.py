"""The ``llm`` judge: any OpenAI-compatible chat endpoint scores keyword lines.

People screen with whatever model they can run or rent (vLLM, a llama.cpp server,
Ollama, a hosted API), so the judge speaks only the one request they all accept:
``POST {base_url}/chat/completions``, temperature 0, through the standard library.
What the model is asked lives in a text template (aligner/screen/prompt.py) that users
copy and edit; every reply is checked before it is believed (aligner/screen/replies.py);
verdicts are cached on disk (aligner/screen/verdict_cache.py), so a rerun, or a run
resumed after a kill, asks the server only for lines it has not judged yet.
"""

from __future__ import annotations

import hashlib
import http.client
import json
import time
import urllib.error
import urllib.request
from collections.abc import Sequence
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
from pathlib import Path

from aligner.embed.base import progress_bar
from aligner.errors import ConfigError, JudgeError
from aligner.screen.judge import Judgement, ScreenLine
from aligner.screen.prompt import DEFAULT_PROMPT, Messages, PromptTemplate
from aligner.screen.replies import MESSAGE_CHARS, Retry, verdict_in
from aligner.screen.verdict_cache import Save, VerdictCache, no_cache


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
        cache = self.cache.opened() if self.cache else no_cache()
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
            pending = set(futures)
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    order, key, line = futures[future]
                    error = future.exception()
                    if error is not None:
                        if not failures:  # stop queueing; the requests in flight finish
                            pending = {f for f in pending if not f.cancel()}
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
                return verdict_in(self._post(body.encode("utf-8"), tries), line, tries)
            except Retry as failed:
                if attempt == tries:
                    raise JudgeError(failed.message) from failed
                if failed.wait:
                    time.sleep(self.backoff * 2**waits)
                    waits += 1

    def _post(self, body: bytes, tries: int) -> bytes:
        """One request; failures a later try may cure become a Retry."""
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
            return Retry(f"the LLM judge at {self.base_url} failed with HTTP {err.code} "
                          f"({tries} tries): {message}", wait=True)
        hint = "; check OPENAI_API_KEY" if err.code in (401, 403) else ""
        return JudgeError(f"the LLM judge at {self.base_url} refused the request with HTTP "
                          f"{err.code}: {message}{hint}")

    def _timed_out(self, tries: int) -> Retry:
        return Retry(f"the LLM judge at {self.base_url} did not answer within "
                      f"{self.timeout:g}s ({tries} tries): the model may be too slow for "
                      "this server, or the server overloaded", wait=True)

    def _unreachable(self, reason: object) -> Retry:
        why = "connection refused" if isinstance(reason, ConnectionRefusedError) else str(reason)
        return Retry(f"cannot reach the LLM judge at {self.base_url} ({why}): start the "
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
                return said[:MESSAGE_CHARS]
    return body[:MESSAGE_CHARS] or str(err.reason)
