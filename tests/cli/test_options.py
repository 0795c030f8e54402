"""One option name, --lexicons, on every command that reads lexicons; --root still works."""

from __future__ import annotations

import pytest
import typer
from typer.testing import CliRunner

from aligner.cli.main import app
from aligner.errors import ConfigError
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


# Every option or argument that names a language, as (command, option); build's --src/--tgt
# are build settings, checked with the config file's (tests/build/test_guards.py covers it).
LANGUAGE_OPTIONS = [
    (["ingest", "x.srt"], "--lang"), (["align", "a.srt", "b.srt", "--out", "a.parquet"],
                                      "--src-lang"),
    (["align", "a.srt", "b.srt", "--out", "a.parquet"], "--tgt-lang"),
    (["extract", "c.parquet"], "--lang"), (["validate", "p.csv"], "--lang"),
    (["transfer", "s.csv", "--aligned", "a.csv", "--out", "o.csv"], "--lang"),
    (["score", "p.csv"], "--lang"), (["lexicon", "check"], "--lang"),
    (["lexicon", "expand"], "--lang"), (["lexicon", "coverage", "--tgt", "et"], "--src"),
    (["lexicon", "coverage"], "--tgt"), (["lexicon", "pairs"], "--lang"),
    (["lexicon", "stats"], "--lang"), (["lexicon", "show", "gender.woman"], "--lang"),
    (["lang", "new"], "CODE"), (["lang", "show"], "CODE"),
]


@pytest.mark.parametrize(("command", "option"), LANGUAGE_OPTIONS,
                         ids=[f"{' '.join(c[:2])} {o}" for c, o in LANGUAGE_OPTIONS])
@pytest.mark.parametrize("code", ["../x", "ET", "e t", ""])
def test_every_language_option_refuses_what_is_not_a_language_code(command, option, code):
    """Issue 21: `align ingest --lang ../x` was accepted. One check serves every command,
    before any file is read (none of the files named here exists)."""
    given = [*command, code] if option == "CODE" else [*command, option, code]
    result = runner.invoke(app, given)
    assert isinstance(result.exception, ConfigError), result.output
    assert str(result.exception) == (f"{option}: {code!r} is not a language code (2-3 "
                                     "lower-case letters, ISO 639, e.g. et)")


def test_no_language_option_goes_unchecked():
    """A new command's --lang gets the check too, or this test names it."""
    checked = {(" ".join(c[:2] if c[0] in ("lexicon", "lang") else c[:1]), o)
               for c, o in LANGUAGE_OPTIONS}
    found = set()
    for name, command in typer.main.get_command(app).commands.items():
        for sub, leaf in getattr(command, "commands", {"": command}).items():
            for param in leaf.params:
                words = {*param.opts, (param.name or "").upper()}
                for option in words & {"--lang", "--src", "--tgt", "--src-lang", "--tgt-lang",
                                       "CODE"}:
                    found.add((f"{name} {sub}".strip(), option))
    assert found - {("build", "--src"), ("build", "--tgt")} == checked


def test_build_refuses_a_language_code_from_its_config_file_at_file_and_line(tmp_path):
    config = tmp_path / "build.toml"
    config.write_text(f'[build]\nsrc_subs = "{tmp_path}"\ntgt = "../x"\n', encoding="utf-8")
    result = runner.invoke(app, ["build", "--config", str(config)])
    assert str(result.exception) == (f"{config}:3: tgt: '../x' is not a language code (2-3 "
                                     "lower-case letters, ISO 639, e.g. et)")


def test_help_texts_keep_their_square_brackets_and_state_the_accepted_codes():
    """Rich markup ate "[category]" from `lexicon coverage --help`; `lang new --help` said
    ISO 639-1 while the check takes any 2-3 letter ISO 639 code."""
    coverage = runner.invoke(app, ["lexicon", "coverage", "--help"])
    assert "one word a line with [category] sections" in " ".join(coverage.stdout.split())
    new = runner.invoke(app, ["lang", "new", "--help"])
    assert "ISO 639 code: 2-3 lower-case letters" in new.stdout
    assert "639-1" not in new.stdout


@pytest.mark.parametrize(("command", "shown"), [
    (["build"], "Source language [default: en]"),
    (["build"], "Output directory [default: out]"),
    (["review", "serve"], "[default: your login name]"),
    (["review", "agreement"], "[default: decisions.csv in OUT]"),
])
def test_defaults_written_in_help_texts_are_shown(command, shown):
    """A "[default: …]" written into a help text is rich markup unless escaped, and vanished."""
    page = runner.invoke(app, [*command, "--help"], terminal_width=200)
    assert shown in " ".join(page.stdout.split())
