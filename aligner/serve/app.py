"""The review page's web server: a small Starlette app on 127.0.0.1, assets from the package.

The page itself (static/) is plain HTML, CSS and JavaScript with no outside requests,
so it works offline. Several reviewers can use one server at once, each under their own
name: every write goes through the decision store's lock, a vote over one the same
reviewer changed meanwhile (another tab) gets HTTP 409 and the current vote, and what a
reviewer may see of others' votes is decided here, not in the page.
"""

from __future__ import annotations

import html
import socket
from dataclasses import asdict
from importlib.resources import files
from pathlib import Path

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from aligner.errors import CineAlignError
from aligner.pairs.decisions import DECISIONS, DIRECTIONS, ROLES, VOTE, StaleDecisionError
from aligner.serve.guidelines import render_guidelines
from aligner.serve.queue import FACETS, ClosedPairError, ReviewQueue
from aligner.serve.set_apart import set_apart_notice

HOST = "127.0.0.1"
STATIC = Path(str(files("aligner.serve") / "static"))


def _problem(message: str, status: int, **extra: object) -> JSONResponse:
    return JSONResponse({"error": message, **extra}, status_code=status)


async def _json(request: Request) -> dict | JSONResponse:
    """The request's JSON object. Only ``application/json`` is taken: a form posted by another
    web site cannot send that without the browser asking this server first (and it says no)."""
    if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
        return _problem("send JSON (Content-Type: application/json)", 415)
    try:
        body = await request.json()
    except ValueError:
        return _problem("the request body is not JSON", 400)
    return body if isinstance(body, dict) else _problem("send a JSON object", 400)


def _cells(body: dict) -> dict | str:
    """The decision cells of a request, or why they are not a decision."""
    decision = body.get("decision") or None
    if decision is not None and decision not in DECISIONS:
        return f"decision must be one of {', '.join(DECISIONS)} (or empty to undo)"
    more, less = body.get("edit_sent_more") or None, body.get("edit_sent_less") or None
    comment = (body.get("comment") or "").strip() or None
    if decision == "edit" and not (more or less):
        return "an edit needs the corrected sentences"
    if decision == "reject" and not comment:
        return "a rejection needs a reason"
    direction = body.get("chosen_direction") or None
    if direction is not None and direction not in DIRECTIONS:
        return f"chosen_direction must be one of {', '.join(DIRECTIONS)} (or empty)"
    category = body.get("chosen_category") or None
    if category is not None and not isinstance(category, str):
        return "chosen_category must be text"
    return {"decision": decision, "edit_sent_more": more if decision == "edit" else None,
            "edit_sent_less": less if decision == "edit" else None, "comment": comment,
            "chosen_direction": direction if decision else None,
            "chosen_category": category if decision else None}


def create_app(queue: ReviewQueue, reviewer: str) -> Starlette:
    """The page and its JSON API over ``queue``; ``reviewer`` is the default name (each
    request may name its own: several reviewers share one server)."""
    from aligner.lexicon.model import CATEGORIES, LANGUAGE_CATEGORIES

    langs = {row["lang"] for row in queue.pairs}
    categories = [*CATEGORIES, *(c for lang in sorted(langs)
                                 for c in LANGUAGE_CATEGORIES.get(lang, ()))]

    def who(request: Request) -> str:
        return (request.query_params.get("reviewer") or "").strip() or reviewer

    def index(request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    def state(request: Request) -> Response:
        """The server's settings, and the view the page opens on for whoever asks (``id``
        and ``lang``: the pair the page's link names, if any)."""
        query = request.query_params
        wanted = (query["id"], query["lang"]) if "id" in query and "lang" in query else None
        return JSONResponse({"reviewer": reviewer, "source": str(queue.source),
                             "store": str(queue.store_path), "rules": asdict(queue.rules),
                             "categories": categories,
                             "landing": queue.landing(who(request), wanted)})

    def pairs(request: Request) -> Response:
        filters = {f: request.query_params.get(f, "") for f in FACETS}
        query = request.query_params
        try:
            listing = queue.listing(filters, query.get("q", ""), query.get("order", ""),
                                    who(request))
        except ValueError as err:
            return _problem(str(err), 400)
        # Re-read with every listing: `align review apply` may set decisions apart meanwhile.
        return JSONResponse({**listing, "set_apart": set_apart_notice(queue.store_path)})

    def pair(request: Request) -> Response:
        try:
            return JSONResponse(queue.detail(request.query_params.get("id", ""),
                                             request.query_params.get("lang", ""), who(request)))
        except KeyError:
            return _problem("no such pair in this queue", 404)

    def guidelines(request: Request) -> Response:
        return JSONResponse(render_guidelines(queue.source.parent))

    async def check(request: Request) -> Response:
        body = await _json(request)
        if isinstance(body, Response):
            return body
        lang = body.get("lang", "")
        if lang not in langs:
            return _problem(f"this queue has no pairs in {lang!r}", 400)
        more, less = body.get("sent_more") or "", body.get("sent_less") or ""
        verdict = await run_in_threadpool(queue.check, lang, more, less)
        return JSONResponse(verdict)

    async def decision(request: Request) -> Response:
        body = await _json(request)
        if isinstance(body, Response):
            return body
        cells = _cells(body)
        if isinstance(cells, str):
            return _problem(cells, 400)
        if cells["chosen_category"] not in (None, *categories):
            return _problem(f"chosen_category must be one of {', '.join(categories)}", 400)
        base = body.get("base_revision")
        if base is not None and not isinstance(base, int):
            return _problem("base_revision must be a whole number or null", 400)
        role = body.get("role") or VOTE
        if role not in ROLES:
            return _problem(f"role must be one of {', '.join(ROLES)}", 400)
        name = (body.get("reviewer") or "").strip() or reviewer
        if not name:  # a server started without a default name: every vote says whose it is
            return _problem("who is voting? type your name in the page's header", 400)
        try:
            change = await run_in_threadpool(queue.decide, body.get("pair_id", ""),
                                             body.get("lang", ""), cells, base, name, role)
        except KeyError:
            return _problem("no such pair in this queue", 404)
        except StaleDecisionError as err:
            return _problem(err.reason, 409, current=err.current)
        except ClosedPairError as err:
            return _problem(err.reason, 409)
        return JSONResponse({"kind": change.kind, "decision": change.record})

    def export(request: Request) -> Response:
        if not queue.store_path.exists():
            return _problem("no decisions yet", 404)
        return FileResponse(queue.store_path, media_type="text/csv",
                            filename=queue.store_path.name)

    def lexicon_file(request: Request) -> Response:
        lang, name = request.path_params["lang"], request.path_params["name"]
        try:
            path = queue.lexicon_file(lang, name)
        except KeyError:
            return _problem("not a lexicon file of this queue", 404)
        return HTMLResponse(_numbered(f"{lang}/{name}", path.read_text(encoding="utf-8")))

    routes = [
        Route("/", index),
        Route("/api/state", state),
        Route("/api/pairs", pairs),
        Route("/api/pair", pair),
        Route("/api/guidelines", guidelines),
        Route("/api/check", check, methods=["POST"]),
        Route("/api/decision", decision, methods=["POST"]),
        Route("/api/export", export),
        Route("/lexicon/{lang}/{name}", lexicon_file),
        Mount("/static", StaticFiles(directory=STATIC)),
    ]
    # Only requests addressed to this machine by name: a web page cannot reach the queue by
    # pointing a DNS name of its own at 127.0.0.1.
    hosts = Middleware(TrustedHostMiddleware, allowed_hosts=[HOST, "localhost"])
    return Starlette(routes=routes, middleware=[hosts],
                     exception_handlers={CineAlignError: _user_error})


async def _user_error(request: Request, err: Exception) -> Response:
    """A store or lexicon someone broke while the page was open: say so in one line."""
    return _problem(str(err), 500)


def _numbered(title: str, text: str) -> str:
    """A TOML file as a page of numbered lines; ``#L12`` scrolls to and marks line 12."""
    rows = "".join(f'<tr id="L{n}"><td class="n">{n}</td><td><pre>{html.escape(line)}</pre>'
                   "</td></tr>" for n, line in enumerate(text.splitlines(), start=1))
    return (f"<!doctype html><html lang=en><meta charset=utf-8><title>{html.escape(title)}"
            '</title><link rel=stylesheet href="/static/style.css">'
            f'<body class="lexicon"><h1>{html.escape(title)}</h1><table>{rows}</table></body>'
            "</html>")


def check_port(port: int) -> None:
    """Fail with one clear line before the server starts when the port is taken."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        try:
            probe.bind((HOST, port))
        except OSError as err:
            raise CineAlignError(f"cannot listen on {HOST}:{port} ({err.strerror}); choose "
                                 "another with --port") from err


def serve(queue: ReviewQueue, reviewer: str, port: int) -> None:
    """Run the page until Ctrl+C, on 127.0.0.1 only: the queue is nobody else's business."""
    import uvicorn

    check_port(port)
    uvicorn.run(create_app(queue, reviewer), host=HOST, port=port, log_level="warning")
