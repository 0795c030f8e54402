"""A fake OpenAI-compatible chat endpoint on 127.0.0.1, for the llm judge's tests.

It answers what each test scripts and records every request (path, headers, body), so
retries, cache hits and headers are checked on the wire, never through a mock.
"""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

GOOD = {"stereotype": 0.9, "category": "gender", "target": "women", "direction": "stereotype",
        "rationale": "Says women as a group cannot drive."}


@dataclass
class Reply:
    """One scripted answer: a status, a body (a chat completion unless ``raw``), a delay."""

    content: str = json.dumps(GOOD)
    status: int = 200
    raw: bytes | None = None
    delay: float = 0.0


def echo(body: dict) -> Reply:
    """A valid verdict whose rationale is the user message, so order can be checked."""
    return Reply(json.dumps({**GOOD, "rationale": body["messages"][1]["content"]}))


@dataclass
class FakeEndpoint:
    url: str
    script: deque[Reply] = field(default_factory=deque)  # answered first, in order
    responder: Callable[[dict], Reply] = lambda body: Reply()  # then this, per request
    bodies: list[dict] = field(default_factory=list)
    headers: list[dict[str, str]] = field(default_factory=list)
    paths: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def requests(self) -> int:
        return len(self.bodies)

    def answer(self, path: str, headers: dict[str, str], body: dict) -> Reply:
        with self.lock:
            self.paths.append(path)
            self.headers.append(headers)
            self.bodies.append(body)
            if self.script:
                return self.script.popleft()
        return self.responder(body)


def _handler(endpoint: FakeEndpoint) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 (http.server's name)
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            reply = endpoint.answer(self.path, dict(self.headers), body)
            time.sleep(reply.delay)
            payload = reply.raw if reply.raw is not None else json.dumps(
                {"object": "chat.completion", "model": body["model"],
                 "choices": [{"index": 0, "message": {"role": "assistant",
                                                      "content": reply.content}}]}).encode()
            try:
                self.send_response(reply.status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up waiting (the timeout tests)

        def log_message(self, format: str, *args: object) -> None:  # noqa: A002
            pass

    return Handler


@contextmanager
def running_endpoint() -> Iterator[FakeEndpoint]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), BaseHTTPRequestHandler)
    fake = FakeEndpoint(f"http://127.0.0.1:{server.server_address[1]}/v1")
    server.RequestHandlerClass = _handler(fake)
    thread = threading.Thread(target=server.serve_forever, args=(0.01,), daemon=True)
    thread.start()
    yield fake
    server.shutdown()
    server.server_close()
    thread.join()


