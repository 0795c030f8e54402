import polars as pl
import pytest

from aligner.errors import ConfigError, ModelUnavailableError
from aligner.score.batching import BatchedEvaluator
from aligner.score.lm import check_model_available, load_lm
from aligner.score.metrics import get_metric
from aligner.score.scorer import score_frame


def test_masked_and_causal_models_are_told_apart(tiny_bert, tiny_gpt2):
    assert load_lm(str(tiny_bert), device="cpu").kind == "masked"
    causal = load_lm(str(tiny_gpt2), device="cpu")
    assert causal.kind == "causal" and causal.bos_id is not None


def test_missing_hub_model_offline_is_one_clear_error(monkeypatch):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    with pytest.raises(ModelUnavailableError, match="hf download no-such-org/no-such-model"):
        load_lm("no-such-org/no-such-model")


def test_directory_without_a_model(tmp_path):
    with pytest.raises(ModelUnavailableError, match="not a model directory"):
        load_lm(str(tmp_path))


def test_unknown_dtype(tiny_bert):
    with pytest.raises(ConfigError, match="dtype"):
        load_lm(str(tiny_bert), dtype="float8")


def test_masked_metric_on_a_causal_model_is_refused(tiny_gpt2, pairs_frame):
    lm = load_lm(str(tiny_gpt2), device="cpu")
    with pytest.raises(ConfigError, match="clm-sum"):
        score_frame(pairs_frame, lm, get_metric("cps"), BatchedEvaluator(lm))


def test_sentence_longer_than_the_model_allows_is_skipped_with_a_note(tiny_bert, pairs_frame):
    lm = load_lm(str(tiny_bert), device="cpu")
    frame = pairs_frame.with_columns(
        sent_more=pl.when(pl.int_range(pl.len()) == 1)
        .then(pl.col("sent_more") + " and" * 70)
        .otherwise("sent_more")
    )
    scored = score_frame(frame, lm, get_metric("cps"), BatchedEvaluator(lm))
    assert scored["outcome"].to_list()[1] == "unscored"
    assert "exceeds the model's 64" in scored["note"][1]
    others = scored.filter(pl.int_range(pl.len()) != 1)
    assert others["note"].is_null().all() and (others["outcome"] != "unscored").all()


def test_mask_scheme_is_for_cps_only():
    with pytest.raises(ConfigError, match="cps metric only"):
        get_metric("aul", "word-l2r")


def test_model_check_reads_only_the_config(tiny_bert, tmp_path):
    check_model_available(str(tiny_bert))
    with pytest.raises(ModelUnavailableError, match="not a model directory"):
        check_model_available(str(tmp_path / "missing"))
