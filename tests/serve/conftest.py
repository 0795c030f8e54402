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
from contextlib import contextmanager
from pathlib import Path

import polars as pl
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


# What the screen stage might say of a few of the sample's English lines; the other pairs
# stay unscored, as a seed build leaves them. (stereotype, direction, judge, rationale)
SCREENED = {
    "the_long_road-11": (0.91, "stereotype", "classifier",
                         "likely stereotype about 'Old people' (0.91): a claim about 'Old "
                         "people' as a group ('Old people … drive')"),
    "harbour_lights-05": (0.88, "stereotype", "classifier",
                          "likely stereotype about 'wife' (0.88): what a wife does, said of "
                          "wives in general ('The wife stays ashore … always')"),
    "the_long_road-07": (0.84, "stereotype", "llm",
                         "Generalises that women do not understand car mechanics."),
    "the_long_road-12": (0.47, "anti-stereotype", "classifier",
                         "possible anti-stereotype about 'old folks' (0.47): old people "
                         "shown good with computers"),
    "harbour_lights-14": (0.08, "none", "classifier",
                          "no stereotype (0.08): 'She' is one person, not a group"),
}


@pytest.fixture
def screened_dir(build_dir) -> Path:
    """The build copy with the SCREENED verdicts in its review.jsonl, which keeps its film
    order: the page must put the best-scored line first by itself."""
    from aligner.pairs.review import SCREENING

    path = build_dir / "review.jsonl"
    review = pl.read_ndjson(path, infer_schema_length=None)
    verdicts = pl.DataFrame(
        [(pair_id, *verdict) for pair_id, verdict in SCREENED.items()],
        schema={"pair_id": pl.Utf8, "stereotype": pl.Float64, "direction": pl.Utf8,
                "judge": pl.Utf8, "rationale": pl.Utf8}, orient="row")
    review = review.drop(*SCREENING, strict=False).join(verdicts, on="pair_id", how="left")
    review.sort("film", "start_ms").write_ndjson(path)
    return build_dir


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextmanager
def serving(out: Path) -> Iterator[str]:
    """`align review serve` on ``out``, as the command runs it, in a thread."""
    import uvicorn

    from aligner.serve.app import HOST, create_app
    from aligner.serve.queue import ReviewQueue

    port = free_port()
    config = uvicorn.Config(create_app(ReviewQueue.open(out), "ilse"), host=HOST,
                            port=port, log_level="warning")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "server did not start"
        time.sleep(0.02)
    try:
        yield f"http://{HOST}:{port}/"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


@pytest.fixture
def page_url(build_dir) -> Iterator[str]:
    """The page over the sample build as built from seed pairs: nothing screened."""
    with serving(build_dir) as url:
        yield url


@pytest.fixture
def screened_url(screened_dir) -> Iterator[str]:
    """The page over the sample build with some lines screened."""
    with serving(screened_dir) as url:
        yield url


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
def page(browser, screened_url):
    """The review page over the screened sample build, loaded and showing its first pair."""
    tab = browser.new_page()
    tab.goto(screened_url)
    tab.wait_for_selector("body[data-ready=true]")
    return tab
