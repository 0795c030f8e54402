"""`align lang new`: a working plugin module and a lexicon directory, never overwriting."""

import importlib.util
import shutil
from pathlib import Path

from typer.testing import CliRunner

from aligner.cli.main import app
from aligner.plugins import LanguagePlugin

REPO = Path(__file__).resolve().parents[2]


def test_new_language_scaffold(tmp_path):
    (tmp_path / "langs").mkdir()
    shutil.copy(REPO / "langs" / "_template.py", tmp_path / "langs" / "_template.py")
    runner = CliRunner()
    result = runner.invoke(app, ["lang", "new", "fi", "--name", "Finnish", "--repo", str(tmp_path)])
    assert result.exit_code == 0, result.output
    spec = importlib.util.spec_from_file_location("fi_plugin", tmp_path / "langs" / "fi.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert isinstance(module.plugin, LanguagePlugin)
    assert module.plugin.code == "fi" and module.plugin.name == "Finnish"
    assert [t.text for t in module.plugin.tokenize("Naiset ja miehet.")] == [
        "Naiset", "ja", "miehet", "."]
    assert (tmp_path / "lexicons" / "fi" / "README.md").is_file()
    again = runner.invoke(app, ["lang", "new", "fi", "--repo", str(tmp_path)])
    assert again.exit_code != 0


def test_bad_code_is_refused(tmp_path):
    result = CliRunner().invoke(app, ["lang", "new", "Finnish", "--repo", str(tmp_path)])
    assert result.exit_code != 0
