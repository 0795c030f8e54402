"""One option name, --lexicons, on every command that reads lexicons; --root still works."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from aligner.cli.main import app
from aligner.resources import lexicon_root

runner = CliRunner(env={"COLUMNS": "200"})
READS_LEXICONS = [
    ["lexicon", "check"], ["lexicon", "expand"], ["lexicon", "coverage"], ["lexicon", "stats"],
    ["lexicon", "show"], ["extract"], ["validate"], ["transfer"], ["review", "apply"],
    ["review", "serve"], ["build"],
]


@pytest.mark.parametrize("command", READS_LEXICONS, ids=" ".join)
def test_every_lexicon_command_takes_lexicons_and_hides_root(command):
    result = runner.invoke(app, [*command, "--help"])
    assert result.exit_code == 0
    assert "--lexicons" in result.stdout
    assert "--root" not in result.stdout


@pytest.mark.parametrize("spelling", ["--lexicons", "--root", "--root={}"])
def test_old_name_is_an_alias(spelling):
    root = str(lexicon_root())
    option = [spelling.format(root)] if "{}" in spelling else [spelling, root]
    result = runner.invoke(app, ["lexicon", "stats", "--lang", "et", *option])
    assert result.exit_code == 0, result.output
    assert "gender" in result.stdout


def test_alias_reaches_the_lexicons_it_names(tmp_path):
    result = runner.invoke(app, ["lexicon", "stats", "--lang", "et", "--root", str(tmp_path)])
    # an empty root has no et lexicon: the alias was honoured
    assert str(result.exception) == f"{tmp_path / 'et'}: no lexicon for 'et'"
