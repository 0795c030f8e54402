import pytest
from typer.testing import CliRunner

from aligner.cli.main import app
from aligner.embed import load_encoder
from aligner.errors import ConfigError, ModelUnavailableError


def test_missing_local_model_dir_names_the_offline_alternative(tmp_path):
    with pytest.raises(ModelUnavailableError) as caught:
        load_encoder(str(tmp_path / "no-such-model"), show_progress=False)
    assert "--encoder e5-small" in str(caught.value)
    assert caught.value.path == str(tmp_path / "no-such-model")


def test_uncached_hub_model_fails_fast_when_offline(monkeypatch):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    with pytest.raises(ModelUnavailableError, match="e5-small"):
        load_encoder("labse", show_progress=False)


def _align(tmp_path, *options: str):
    cues = tmp_path / "film.en.srt"
    cues.write_text("1\n00:00:01,000 --> 00:00:02,000\nHello.\n", encoding="utf-8")
    command = ["align", str(cues), str(cues), "--src-lang", "en", "--tgt-lang", "en"]
    return CliRunner().invoke(app, [*command, "--cache-dir", str(tmp_path / "cache"), *options])


def test_cli_reports_an_unloadable_model_as_a_user_error(tmp_path):
    result = _align(tmp_path, "--encoder", str(tmp_path / "missing"))
    assert isinstance(result.exception, ModelUnavailableError)


def test_cli_refuses_a_precision_it_does_not_know(tmp_path):
    result = _align(tmp_path, "--encoder", "e5-small", "--precision", "fp16")
    assert isinstance(result.exception, ConfigError)
    assert "--precision must be one of fp32, bf16, int8" in str(result.exception)
