import polars as pl

from aligner.score.batching import BatchedEvaluator
from aligner.score.lm import load_lm
from aligner.score.metrics import get_metric
from aligner.score.resume import ScoreCache
from aligner.score.scorer import score_frame


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
