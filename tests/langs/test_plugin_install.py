"""A plugin says what installs its packages; no message names an extra that does not exist."""

import re
import tomllib
from pathlib import Path
from types import SimpleNamespace

import pytest

from aligner.errors import MissingExtraError
from aligner.plugins import available_languages, get_plugin, install_hint, require

PYPROJECT = tomllib.loads((Path(__file__).resolve().parents[2] / "pyproject.toml").read_text())
EXTRAS = PYPROJECT["project"]["optional-dependencies"]


@pytest.mark.parametrize("code", available_languages())
def test_a_shipped_plugin_names_an_extra_that_exists(code):
    hint = install_hint(get_plugin(code))
    if hint is None:
        return  # nothing to install (English)
    extra = re.fullmatch(r"cinealign\[(\w+)\]", hint)
    assert extra and extra.group(1) in EXTRAS, f"{code}: {hint}"


def test_a_parser_package_is_in_the_plugins_extra():
    spec = get_plugin("fr").parser
    assert spec.install in EXTRAS["fr"]


def test_require_names_the_plugins_own_install():
    plugin = SimpleNamespace(code="xx", install="cinealign-xx[morph]")
    with pytest.raises(MissingExtraError, match=r"pip install 'cinealign-xx\[morph\]'"):
        require(plugin, "no_such_module_for_cinealign", "Xx morphology")
    assert require(plugin, "json", "Xx morphology").dumps([]) == "[]"


def test_without_a_declaration_only_an_extra_that_exists_is_named():
    assert install_hint(SimpleNamespace(code="et")) == "cinealign[et]"
    assert install_hint(SimpleNamespace(code="xx")) is None
    with pytest.raises(MissingExtraError, match="declares no `install`"):
        require(SimpleNamespace(code="xx"), "no_such_module_for_cinealign", "Xx morphology")
