"""Small fixture lexicons (tests/pairs/lexicons) so pair tests do not move with the real data."""

from __future__ import annotations

from pathlib import Path

import pytest

from aligner.lexicon.load import load_lexicon
from aligner.pairs.transfer import Languages, load_languages
from aligner.pairs.validate import validate_pair
from aligner.plugins import get_plugin

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


@pytest.fixture(scope="session")
def english():
    """``validate_pair`` with the real English plugin and lexicon: for rules that read the
    lexicon's own entries (tests/pairs/test_articles.py, test_contrast_rules.py)."""
    plugin, lexicon = get_plugin("en"), load_lexicon("en")

    def check(more: str, less: str, bias_type: str | None = None):
        return validate_pair(more, less, plugin, lexicon, bias_type=bias_type)

    return check
