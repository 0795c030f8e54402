from pathlib import Path

import pytest

from aligner.build.config import BuildConfig, load_config_file, resolve_config
from aligner.errors import ConfigError


def test_flags_win_over_file_and_file_over_defaults(tmp_path: Path):
    config_file = tmp_path / "build.toml"
    (tmp_path / "subs").mkdir()
    config_file.write_text('[build]\ntgt = "hi"\nencoder = "e5-small"\nsrc_subs = "subs"\n')
    settings = load_config_file(config_file)
    config = resolve_config(settings, {"encoder": "labse", "tgt": None})
    assert config.tgt == "hi"  # from the file
    assert config.encoder == "labse"  # the flag wins
    assert config.src == BuildConfig().src  # default
    assert config.src_subs == (tmp_path / "subs").resolve()  # relative to the config file


def test_malformed_toml_names_file_and_line(tmp_path: Path):
    config_file = tmp_path / "bad.toml"
    config_file.write_text('[build]\ntgt = "et"\nencoder = \n')
    with pytest.raises(ConfigError) as caught:
        load_config_file(config_file)
    assert caught.value.path == str(config_file)
    assert caught.value.line == 3


def test_unknown_setting_is_named_with_its_line(tmp_path: Path):
    config_file = tmp_path / "typo.toml"
    config_file.write_text('tgt = "et"\nencodr = "labse"\n')
    with pytest.raises(ConfigError, match="encodr") as caught:
        load_config_file(config_file)
    assert caught.value.line == 2


def test_source_subtitles_are_required():
    with pytest.raises(ConfigError, match="--src-subs"):
        resolve_config({}, {"tgt": "et"})
