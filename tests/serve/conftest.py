"""A sample build, the review page serving it, and a headless Chromium to drive it.

The browser is Debian's Chromium driven by Playwright (Playwright's own browser download
needs the internet); `make test` installs it. Without it the browser tests are skipped.
"""

from __future__ import annotations

import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from aligner.cli.main import app

REPO = Path(__file__).resolve().parents[2]
SAMPLE = REPO / "sample"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def build_args(out: Path) -> list[str]:
    return ["build", "--src", "en", "--tgt", "et", "--src-subs", str(SAMPLE / "films"),
            "--pairs", str(SAMPLE / "seed_pairs.csv"), "--encoder", "e5-small",
            "--out", str(out), "--no-progress"]


@pytest.fixture(scope="session")
def embedding_cache(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("embeddings")


@pytest.fixture(scope="session")
def sample_build(tmp_path_factory, embedding_cache) -> Path:
    """The Estonian benchmark of the bundled sample, built once with the bundled encoder."""
    out = tmp_path_factory.mktemp("sample-build") / "et"
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("CINEALIGN_CACHE", str(embedding_cache))
        result = CliRunner().invoke(app, build_args(out))
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture
def build_dir(sample_build, tmp_path, embedding_cache, monkeypatch) -> Path:
    """A private copy of the sample build (stage cache included), for one test to change."""
    monkeypatch.setenv("CINEALIGN_CACHE", str(embedding_cache))
    out = tmp_path / "et"
    shutil.copytree(sample_build, out)
    return out


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def page_url(build_dir) -> Iterator[str]:
    """`align review serve` on the build copy, as the command runs it, in a thread."""
    import uvicorn

    from aligner.serve.app import HOST, create_app
    from aligner.serve.queue import ReviewQueue

    port = free_port()
    config = uvicorn.Config(create_app(ReviewQueue.open(build_dir), "ilse"), host=HOST,
                            port=port, log_level="warning")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "server did not start"
        time.sleep(0.02)
    yield f"http://{HOST}:{port}/"
    server.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="module")
def chromium() -> Iterator[object]:
    if not CHROMIUM.exists():
        pytest.skip(f"no Chromium at {CHROMIUM}: `apt-get install chromium` (make test does "
                    "this as root) to run the browser tests")
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=15_000)  # the machine may be busy; a real failure still fails

    with sync_playwright() as playwright:
        yield playwright.chromium


@pytest.fixture
def browser(chromium, tmp_path) -> Iterator[object]:
    """A fresh headless Chromium profile per test; nothing is fetched from outside."""
    context = chromium.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=str(CHROMIUM), headless=True,
        args=CHROMIUM_ARGS, viewport={"width": 1366, "height": 900},
    )
    context.set_default_timeout(15_000)
    yield context
    context.close()


@pytest.fixture
def page(browser, page_url):
    """The review page, loaded and showing its first pair."""
    tab = browser.new_page()
    tab.goto(page_url)
    tab.wait_for_selector("body[data-ready=true]")
    return tab
