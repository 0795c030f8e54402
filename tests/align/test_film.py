import polars as pl
import pytest

from aligner.align import AlignParams, align_film, align_lines


def _links(alignment: pl.DataFrame, tgt: pl.DataFrame) -> set[tuple[tuple[int, ...], tuple]]:
    """(source rows, target rows) of each link, from the ALIGNMENT frame."""
    aligned = alignment.filter(pl.col("status") == "aligned")
    by_target: dict[tuple, set[int]] = {}
    for src_idx, tgt_idx in zip(aligned["src_idx"], aligned["tgt_idx"].to_list(), strict=True):
        by_target.setdefault(tuple(tgt_idx), set()).add(src_idx)
    return {(tuple(sorted(src)), tgt_rows) for tgt_rows, src in by_target.items()}


def _gold(gold) -> set[tuple[tuple[int, ...], tuple[int, ...]]]:
    return {(tuple(src), tuple(tgt)) for src, tgt in gold}


@pytest.mark.parametrize(
    "planted",
    [{}, {"offset_ms": 12_300}, {"offset_ms": -4_000, "drift": 25 / 23.976}],
    ids=["in-sync", "offset", "offset+drift"],
)
def test_full_film_finds_every_link_including_merges(make_film, encoder, planted):
    en, et, gold = make_film(**planted)
    alignment = align_film(en, et, encoder)
    assert alignment.height == en.height
    assert _links(alignment, et) == _gold(gold)


def test_plain_text_falls_back_to_order_and_similarity(make_film, encoder):
    en, et, gold = make_film(timed=False)
    alignment = align_film(en, et, encoder)
    assert alignment["time_delta_ms"].null_count() == alignment.height
    found, expected = _links(alignment, et), _gold(gold)
    # Without times a 2-1 link and its better half can tie; no link may be wrong.
    assert len(expected - found) <= 1
    for src, tgt in found:
        assert any(set(src) <= set(s) and set(tgt) <= set(t) for s, t in expected)


def test_split_and_merged_lines_become_1_2_and_2_1_links(film, encoder):
    en, et, _ = film
    alignment = align_film(en, et, encoder)
    split = alignment.filter(pl.col("src_text").str.starts_with("Get in"))
    assert split["link"].to_list() == ["1-2"]
    assert split["tgt_cue_ids"].to_list() == [["5", "6"]]
    merged = alignment.filter(pl.col("src_text").str.starts_with("Same engine"))
    assert merged["link"].to_list() == ["2-1"]
    assert merged["src_cue_ids"].to_list() == [["6", "7"]]


def test_selected_lines_only_align_the_lines_asked_about(make_film, encoder):
    en, et, gold = make_film(offset_ms=12_300, drift=25 / 23.976)
    rows = [2, 9, 14]
    alignment = align_lines(en, et, rows, encoder)
    assert alignment["src_idx"].to_list() == rows
    expected = {src[0]: tuple(tgt) for src, tgt in gold if len(src) == 1}
    for src_idx, tgt_idx in zip(alignment["src_idx"], alignment["tgt_idx"].to_list(), strict=True):
        assert tuple(tgt_idx) == expected[src_idx]


def test_a_line_without_translation_stays_unaligned(film, encoder):
    en, et, _ = film
    lonely = et.filter(pl.col("text") != "Aitäh.").with_columns(pl.int_range(pl.len()).alias("idx"))
    alignment = align_film(en, lonely, encoder)
    thanks = alignment.filter(pl.col("src_text") == "Thank you.")
    assert thanks["status"].to_list() == ["unaligned"]
    assert thanks["reason"].item() in {"below-threshold", "path-conflict"}


class _Recording:
    """The session's encoder, remembering every text it was asked to embed."""

    def __init__(self, encoder):
        self.id, self.dim, self._encoder = encoder.id, encoder.dim, encoder
        self.texts: set[str] = set()

    def encode(self, texts):
        self.texts.update(texts)
        return self._encoder.encode(texts)


def _slow(frame: pl.DataFrame) -> pl.DataFrame:
    """Ten times longer lines and gaps: a film long enough for windows to cover only part."""
    return frame.with_columns(pl.col("start_ms") * 10, pl.col("end_ms") * 10)


def test_selected_lines_survive_a_first_guess_that_is_off(make_film, encoder):
    en, et, gold = make_film(offset_ms=12_300, drift=25 / 23.976)
    en, et = _slow(en), _slow(et)
    # The target release opens with a credit 40 s before the first line and lacks the
    # last unit (40 s), so laying first line onto first line and last onto last puts
    # every line ~40 s early: the windows have to widen before the fit settles.
    credit = et.head(1).with_columns(
        pl.lit("Tõlkinud CineAlign").alias("text"),
        pl.col("start_ms") - 40_000,
        pl.col("end_ms") - 40_000,
        pl.col("idx") - 1,
        pl.lit("0").alias("cue_id"),
        pl.lit(["0"]).alias("cue_ids"),
    )
    et = pl.concat([credit, et.filter(~pl.col("idx").is_in(gold[-1][1]))])
    recording = _Recording(encoder)
    rows = [7, 9, 14]
    alignment = align_lines(en, et, rows, recording, AlignParams(anchor_sample=6))
    expected = {src[0]: tuple(tgt) for src, tgt in gold if len(src) == 1}
    assert alignment["tgt_idx"].to_list() == [list(expected[row]) for row in rows]


def test_selected_lines_fit_time_without_embedding_the_whole_target_film(make_film, encoder):
    en, et, gold = make_film(offset_ms=12_300, drift=25 / 23.976)
    en, et = _slow(en), _slow(et)
    recording = _Recording(encoder)
    rows = [9, 14]
    alignment = align_lines(en, et, rows, recording, AlignParams(anchor_sample=4))
    expected = {src[0]: tuple(tgt) for src, tgt in gold if len(src) == 1}
    assert alignment["tgt_idx"].to_list() == [list(expected[row]) for row in rows]
    assert len(set(et["text"]) & recording.texts) < et.height / 2


def test_only_merges_that_can_win_are_embedded(film, encoder):
    en, et, _ = film
    guessing, everything = _Recording(encoder), _Recording(encoder)
    chosen = align_film(en, et, guessing)
    every = align_film(en, et, everything, AlignParams(merge_slack=float("inf")))
    assert chosen.drop("score", "second_gap", "confidence").equals(
        every.drop("score", "second_gap", "confidence")
    )
    spans = {text for text in guessing.texts if text not in set(en["text"]) | set(et["text"])}
    all_spans = {t for t in everything.texts if t not in set(en["text"]) | set(et["text"])}
    assert len(spans) < len(all_spans) / 2
    assert "Get in, we're late for the ferry to the island." in guessing.texts
    assert "Istu sisse. Me jääme saare praamist hiljaks." in spans  # the 1-2 link's target


def test_selected_lines_embed_only_neighbours_whose_times_allow_a_merge(film, encoder):
    en, et, _ = film
    recording = _Recording(encoder)
    align_lines(en, et, [5, 14], recording, AlignParams(anchor_sample=4))
    # "My father had a boat like this." and the next line share one Estonian line...
    assert "Same engine, same noise." in recording.texts
    assert "My father had a boat like this. Same engine, same noise." in recording.texts
    # ...whereas the line after row 14 starts a second after it ends, its own unit.
    assert "Where is the key to the lighthouse?" not in recording.texts


def test_the_refit_inside_the_window_takes_most_lines_as_anchors(make_film, encoder):
    """e5's crowded cosines let few lines reach the first pass's margin; inside the first
    fit's window any mutual best that beats its neighbourhood is a safe anchor."""
    en, et, _ = make_film(offset_ms=12_300, drift=25 / 23.976)
    strict = AlignParams(window_anchor_margin=AlignParams().anchor_margin)
    few = align_film(en, et, encoder, strict)["time_anchors"][0]
    fitted = align_film(en, et, encoder)
    assert fitted["time_anchors"][0] >= max(few + 4, 0.7 * en.height)
    assert abs(fitted["time_drift"][0] - 25 / 23.976) < 1e-4
    assert abs(fitted["time_offset_ms"][0] - 12_300) < 50
