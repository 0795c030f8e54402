"""`align lang new`: a working plugin found without reinstalling, never overwriting."""

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

import langs
from aligner import plugins
from aligner.cli.main import app
from aligner.errors import ConfigError
from aligner.lexicon.check import check_lexicon
from aligner.lexicon.scaffold import next_step, scaffold
from aligner.plugins import LanguagePlugin, get_plugin

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def checkout(tmp_path, monkeypatch):
    """A second langs/ directory on the package path, as a checkout's own langs/ is."""
    (tmp_path / "langs").mkdir()
    shutil.copy(REPO / "langs" / "_template.py", tmp_path / "langs" / "_template.py")
    monkeypatch.setattr(langs, "__path__", [*langs.__path__, str(tmp_path / "langs")])
    plugins._registered.cache_clear()
    yield tmp_path
    plugins._registered.cache_clear()


def test_new_language_is_found_without_reinstalling(checkout):
    runner = CliRunner()
    result = runner.invoke(app, ["lang", "new", "fi", "--name", "Finnish", "--repo", str(checkout)])
    assert result.exit_code == 0, result.output
    assert "install this checkout" in result.output  # tmp is not the checkout CineAlign runs
    plugins._registered.cache_clear()
    plugin = get_plugin("fi")
    assert isinstance(plugin, LanguagePlugin)
    assert plugin.code == "fi" and plugin.name == "Finnish"
    assert [t.text for t in plugin.tokenize("Naiset ja miehet.")] == ["Naiset", "ja", "miehet", "."]
    assert (checkout / "lexicons" / "fi" / "README.md").is_file()
    (checkout / "lexicons" / "en").mkdir()
    (checkout / "lexicons" / "en" / "age.toml").write_text(
        '[old]\ncounterparts = []\nsg = "old"\n', encoding="utf-8"
    )
    (checkout / "lexicons" / "fi" / "age.toml").write_text('[old]\nsg = "vanha"\n', "utf-8")
    found = check_lexicon("fi", root=checkout / "lexicons")
    assert [p for p in found if p.severity == "error"] == []
    again = runner.invoke(app, ["lang", "new", "fi", "--repo", str(checkout)])
    assert again.exit_code != 0


def test_next_step_is_one_command_in_the_running_checkout():
    assert next_step("fi", REPO).startswith("next: align lexicon coverage --tgt fi ")


@pytest.mark.parametrize("code", ["Finnish", "fi\n", "f", "fi-FI", "../x", ""])
def test_bad_code_is_refused(tmp_path, code):
    with pytest.raises(ConfigError, match="language code"):
        scaffold(code, "Finnish", tmp_path)


@pytest.mark.parametrize("name", ['Fi"nnish', "Finnish\n", "Fin{name}", "", "  ", "4"])
def test_bad_name_is_refused(tmp_path, name):
    with pytest.raises(ConfigError, match="language name"):
        scaffold("fi", name, tmp_path)


def test_module_without_plugin_is_a_clear_error(checkout):
    (checkout / "langs" / "zz.py").write_text("x = 1\n", encoding="utf-8")
    plugins._registered.cache_clear()
    with pytest.raises(plugins.UnknownLanguageError, match="defines no `plugin`"):
        get_plugin("zz")
