"""The Spanish worked example of docs/new-language.md, cut out of the page and run, so
the guide cannot drift from what CineAlign accepts."""

import re
import shutil
import types
from pathlib import Path

import pytest

from aligner.lexicon.load import load_lexicon
from aligner.pairs.validate import validate_pair

ROOT = Path(__file__).resolve().parents[2]
GUIDE = (ROOT / "docs" / "new-language.md").read_text(encoding="utf-8")


def block(first_line: str) -> str:
    """The fenced block of the guide whose first line is ``first_line``."""
    found = re.search(r"```\w+\n(" + re.escape(first_line) + r"\n.*?)```", GUIDE, re.S)
    assert found, f"no block starting {first_line!r} in the guide"
    return found.group(1)


@pytest.fixture(scope="module")
def spanish(tmp_path_factory):
    module = types.ModuleType("guide_es")
    exec(compile(block("# langs/es.py"), "docs/new-language.md", "exec"), module.__dict__)
    root = tmp_path_factory.mktemp("lexicons")
    shutil.copytree(ROOT / "lexicons" / "en", root / "en")
    (root / "es").mkdir()
    (root / "es" / "gender.toml").write_text(block("# lexicons/es/gender.toml"), encoding="utf-8")
    return module.plugin, load_lexicon("es", root)


def test_the_guides_pair_is_valid(spanish):
    plugin, lexicon = spanish
    verdict = validate_pair(
        "La mujer alta llegó tarde.", "El hombre alto llegó tarde.", plugin, lexicon
    )
    assert (verdict.status, verdict.relation) == ("ok", "counterpart")


def test_the_guides_missing_agreement_is_rejected(spanish):
    plugin, lexicon = spanish
    verdict = validate_pair(
        "La mujer alta llegó tarde.", "El hombre alta llegó tarde.", plugin, lexicon
    )
    assert verdict.reason == "agreement-missing"


def test_the_plural_keeps_its_gender_marking(spanish):
    plugin, lexicon = spanish
    verdict = validate_pair(
        "Las mujeres altas llegaron.", "Los hombres altos llegaron.", plugin, lexicon
    )
    assert verdict.status == "ok", verdict.message
