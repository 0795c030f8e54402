"""Small fixture lexicons (tests/pairs/lexicons) so pair tests do not move with the real data."""

from __future__ import annotations

from pathlib import Path

import pytest

from aligner.pairs.transfer import Languages, load_languages

LEXICONS = Path(__file__).resolve().parent / "lexicons"


@pytest.fixture(scope="session")
def et() -> Languages:
    return load_languages("et", LEXICONS)


@pytest.fixture(scope="session")
def hi() -> Languages:
    return load_languages("hi", LEXICONS)


@pytest.fixture(scope="session")
def en(et: Languages) -> Languages:
    """English as the language under test: the fixture English plugin and lexicon."""
    return Languages(et.en, et.en_lexicon, et.en, et.en_lexicon)
