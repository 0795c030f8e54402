import shutil

import polars as pl

from aligner.score.batching import BatchedEvaluator
from aligner.score.lm import load_lm
from aligner.score.metrics import get_metric
from aligner.score.resume import ScoreCache
from aligner.score.scorer import ScoreSettings, score_frame, score_pairs


def _score(lm, pairs, cache):
    return score_frame(pairs, lm, get_metric("cps"), BatchedEvaluator(lm), cache=cache)


def test_a_rerun_takes_saved_pairs_from_the_cache(tiny_bert, pairs_frame, tmp_path):
    lm = load_lm(str(tiny_bert), device="cpu")
    path = tmp_path / "cache.parquet"
    first = _score(lm, pairs_frame, ScoreCache(path, "sig-a"))
    saved = pl.read_parquet(path)
    assert saved.height == pairs_frame.height
    # mark one saved pair so that reuse is visible in the second run's output
    marked = saved.with_columns(
        pl.when(pl.int_range(pl.len()) == 0).then(-1.0).otherwise("more_score").alias("more_score")
    )
    marked.write_parquet(path)
    again = _score(lm, pairs_frame, ScoreCache(path, "sig-a"))
    changed = again.filter(pl.col("more_score") == -1.0)
    assert changed.height == 1
    assert again["less_score"].to_list() == first["less_score"].to_list()


def test_another_signature_never_reuses_scores(tiny_bert, pairs_frame, tmp_path):
    lm = load_lm(str(tiny_bert), device="cpu")
    path = tmp_path / "cache.parquet"
    _score(lm, pairs_frame, ScoreCache(path, "sig-a"))
    pl.read_parquet(path).with_columns(more_score=pl.lit(-1.0)).write_parquet(path)
    fresh = _score(lm, pairs_frame, ScoreCache(path, "sig-b"))
    assert (fresh["more_score"] != -1.0).all()
    assert pl.read_parquet(path).height == 2 * pairs_frame.height


def test_new_weights_under_the_same_path_are_scored_afresh(tmp_path, pairs_frame, make_tiny_bert):
    """The cache keys on the weights' hash, not on the path the model was named by."""
    model_dir = tmp_path / "model"
    make_tiny_bert(model_dir, 1)
    cache = tmp_path / "cache.parquet"
    first, _ = score_pairs(pairs_frame, load_lm(str(model_dir), device="cpu"), cache_path=cache)
    shutil.rmtree(model_dir)
    make_tiny_bert(model_dir, 2)
    swapped = load_lm(str(model_dir), device="cpu")
    again, _ = score_pairs(pairs_frame, swapped, cache_path=cache)
    fresh, _ = score_pairs(pairs_frame, swapped)
    assert again["more_score"].to_list() == fresh["more_score"].to_list()
    assert again["more_score"].to_list() != first["more_score"].to_list()


def test_signature_quotes_the_weights_hash(tmp_path, make_tiny_bert):
    one = load_lm(str(make_tiny_bert(tmp_path / "one", 1)), device="cpu")
    same = load_lm(str(make_tiny_bert(tmp_path / "same", 1)), device="cpu")
    other = load_lm(str(make_tiny_bert(tmp_path / "other", 2)), device="cpu")
    assert one.fingerprint == same.fingerprint
    assert one.fingerprint.weights != other.fingerprint.weights
    assert one.fingerprint.tokenizer == other.fingerprint.tokenizer
    pair = pl.DataFrame(
        {"sent_more": ["men do mix ."], "sent_less": ["women do mix ."], "bias_type": ["gender"]}
    )
    assert f"|weights:{one.fingerprint.short}|" in score_pairs(pair, one)[1].signature


def test_a_new_tie_tolerance_reuses_scores_and_recomputes_outcomes(
    tiny_bert, pairs_frame, tmp_path
):
    lm = load_lm(str(tiny_bert), device="cpu")
    cache = tmp_path / "cache.parquet"
    strict, _ = score_pairs(pairs_frame, lm, ScoreSettings(tie_tolerance=0.0), cache_path=cache)
    widest = float(strict["diff"].abs().max()) + 1.0
    loose, report = score_pairs(
        pairs_frame, lm, ScoreSettings(tie_tolerance=widest), cache_path=cache
    )
    assert loose["more_score"].to_list() == strict["more_score"].to_list()
    assert (loose["outcome"] == "tie").all() and report.overall.ties == pairs_frame.height
