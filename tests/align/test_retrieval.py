import random

import polars as pl

from aligner.align.retrieval import retrieve


def _pool(frame: pl.DataFrame, seed: int) -> pl.DataFrame:
    """The lines shuffled, without times: a sentence pool, not a film."""
    order = list(range(frame.height))
    random.Random(seed).shuffle(order)
    return frame[order].with_columns(
        pl.int_range(pl.len()).alias("idx"),
        pl.lit(None, pl.Int64).alias("start_ms"),
        pl.lit(None, pl.Int64).alias("end_ms"),
    )


def _pools(film):
    """English and Estonian pools of the film's 1-1 units (a repeated line only once)."""
    en, et, gold = film
    ones = [(src[0], tgt[0]) for src, tgt in gold if len(src) == 1 and len(tgt) == 1]
    unique = {en["text"][s]: (s, t) for s, t in ones}.values()
    right = {en["cue_id"][s]: et["cue_id"][t] for s, t in unique}
    src = _pool(en.filter(pl.col("cue_id").is_in(list(right))), 1)
    tgt = _pool(et.filter(pl.col("cue_id").is_in(list(right.values()))), 2)
    return src, tgt, right


def test_retrieval_finds_translations_in_a_shuffled_pool(film, encoder):
    src, tgt, right = _pools(film)
    result = retrieve(src, tgt, encoder)
    linked = result.filter(pl.col("status") == "aligned")
    assert linked.height >= 0.7 * src.height
    for cue_id, lines in zip(linked["src_cue_id"], linked["tgt_lines"].to_list(), strict=True):
        assert lines == [right[cue_id]]
    baseline = retrieve(src, tgt, encoder, threshold=0.0, mutual=False)
    assert (baseline["status"] == "aligned").all()  # the plain margin answers every line


def test_a_line_whose_partner_is_missing_is_left_unaligned(film, encoder):
    src, tgt, _ = _pools(film)
    tgt = tgt.filter(pl.col("text") != "Kus on majaka võti?")
    result = retrieve(src, tgt, encoder).filter(
        pl.col("src_text") == "Where is the key to the lighthouse?"
    )
    assert result["status"].to_list() == ["unaligned"]
    assert result["reason"].item() in {"below-threshold", "not-mutual-best"}


def test_cli_retrieval_mode_links_two_plain_text_pools(tmp_path, units):
    from typer.testing import CliRunner

    from aligner.cli.main import app

    pairs = [(en[0], et[0]) for en, et in units if len(en) == 1 and len(et) == 1][:10]
    pairs = list({en: (en, et) for en, et in pairs}.values())
    english = [en for en, _ in pairs]
    estonian = [et for _, et in pairs][::-1]  # another order, another file name
    (tmp_path / "pool.en.txt").write_text("\n".join(english) + "\n", encoding="utf-8")
    (tmp_path / "list.et.txt").write_text("\n".join(estonian) + "\n", encoding="utf-8")
    out = tmp_path / "links.parquet"
    result = CliRunner().invoke(
        app,
        ["align", str(tmp_path / "pool.en.txt"), str(tmp_path / "list.et.txt"), "--mode",
         "retrieval", "--encoder", "e5-small", "--cache-dir", str(tmp_path / "cache"),
         "--out", str(out)],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    links = pl.read_parquet(out).filter(pl.col("status") == "aligned")
    assert links.height >= len(pairs) - 2
    right = dict(pairs)
    assert all(right[en] == et for en, et in zip(links["src_text"], links["tgt_text"], strict=True))
