"""Fixtures of the screening tests."""

from collections.abc import Iterator

import pytest
from fake_llm_server import FakeEndpoint, running_endpoint


@pytest.fixture
def endpoint() -> Iterator[FakeEndpoint]:
    """A fake OpenAI-compatible endpoint on 127.0.0.1, stopped after the test."""
    with running_endpoint() as fake:
        yield fake
