"""Stage keys follow the plugin's own code: its module and the modules of its package it uses."""

from __future__ import annotations

import sys
from importlib.metadata import EntryPoint

import pytest

from aligner.build import digests
from aligner.plugins import ENTRY_POINT_GROUP


@pytest.fixture
def package(tmp_path, monkeypatch):
    root = tmp_path / "fakeplug"
    root.mkdir()
    files = {
        "__init__.py": "",
        "xx.py": "import re\nfrom fakeplug import xx_rules\nfrom . import helper\n"
                 "from fakeplug.base import Base\nplugin = Base()\n",
        "xx_rules.py": "SUFFIXES = ('a', 'b')\n",
        "helper.py": "from .deep import thing\n",
        "deep.py": "thing = 1\n",
        "base.py": "class Base:\n    pass\n",
        "other.py": "UNRELATED = 1\n",
    }
    for name, text in files.items():
        (root / name).write_text(text, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    point = EntryPoint(name="xx", value="fakeplug.xx:plugin", group=ENTRY_POINT_GROUP)
    monkeypatch.setattr(digests, "entry_points",
                        lambda group, name: [point] if name == "xx" else [])
    yield root
    for module in [m for m in sys.modules if m.startswith("fakeplug")]:
        del sys.modules[module]


def test_plugin_digest_follows_its_own_imports(package):
    found = digests.plugin_digests(("xx",))
    assert set(found) == {"fakeplug", "fakeplug.xx", "fakeplug.xx_rules", "fakeplug.helper",
                          "fakeplug.deep", "fakeplug.base"}


def test_editing_a_rule_module_changes_the_digest_and_a_stranger_does_not(package):
    before = digests.plugin_digests(("xx",))
    (package / "other.py").write_text("UNRELATED = 2\n", encoding="utf-8")
    assert digests.plugin_digests(("xx",)) == before
    (package / "xx_rules.py").write_text("SUFFIXES = ('a', 'c')\n", encoding="utf-8")
    after = digests.plugin_digests(("xx",))
    assert after["fakeplug.xx_rules"] != before["fakeplug.xx_rules"]
    assert {k: v for k, v in after.items() if k != "fakeplug.xx_rules"} == {
        k: v for k, v in before.items() if k != "fakeplug.xx_rules"}


def test_real_plugins_and_lexicon_root(tmp_path):
    found = digests.plugin_digests(("en", "hi"))
    assert {"langs.en", "langs.hi", "langs.hi_rules", "langs.base"} <= set(found)
    assert "langs.et" not in found
    (tmp_path / "et").mkdir()
    (tmp_path / "et" / "gender.toml").write_text("[woman]\n", encoding="utf-8")
    assert list(digests.lexicon_digests(("et",), tmp_path)) == ["et/gender.toml"]
