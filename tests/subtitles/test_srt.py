from aligner.subtitles import read_subtitles
from aligner.subtitles.srt import parse_srt


def test_cues_keep_index_times_and_start_line():
    cues = parse_srt(
        "7\n00:00:01,000 --> 00:00:02,500\nHi\nthere\n\n9\n01:02:03,004 --> 01:02:04,000\nYo\n",
        "x.srt",
    )
    assert [(c.cue_id, c.start_ms, c.end_ms, c.text, c.line) for c in cues] == [
        ("7", 1000, 2500, "Hi\nthere", 1),
        ("9", 3723004, 3724000, "Yo", 6),
    ]


def test_fixture_is_cleaned_turned_and_joined(fixtures):
    frame = read_subtitles(fixtures / "harbour.en.srt")
    assert frame["film"].unique().to_list() == ["harbour"]
    assert frame["lang"].unique().to_list() == ["en"]
    assert frame["idx"].to_list() == list(range(5))
    assert frame.select("cue_id", "cue_ids", "start_ms", "end_ms", "text").rows() == [
        ("1#1", ["1"], 1000, 2500, "Are you coming?"),
        ("1#2", ["1"], 1000, 2500, "In a minute."),
        ("2+3", ["2", "3"], 3000, 6000, "I never told her that I was leaving."),
        ("6+7", ["6", "7"], 11000, 13000, "When I was young, we lived here. Mr. Smith came by."),
        ("8+9", ["8", "9"], 14000, 16500, "I thought... Never mind."),
    ]
    assert frame["line"].to_list() == [1, 1, 6, 22, 31]
    assert frame["raw_text"][0] == "<i>- Are you coming?</i>\n- JOHN: In a minute. [sighs]"
    assert frame["source"].unique().to_list() == [str(fixtures / "harbour.en.srt")]


def test_sentence_splitting_keeps_titles_whole(fixtures):
    frame = read_subtitles(fixtures / "harbour.en.srt", split_sentences=True)
    split = frame.filter(frame["cue_id"].str.starts_with("6+7"))
    assert split.select("cue_id", "text").rows() == [
        ("6+7.1", "When I was young, we lived here."),
        ("6+7.2", "Mr. Smith came by."),
    ]
    assert split["start_ms"].to_list() == [11000, 11000]


def test_crlf_legacy_codepage_is_detected_for_estonian(fixtures):
    frame = read_subtitles(fixtures / "legacy.et.srt")
    assert frame["text"].to_list() == [
        "Õhtu on külm, šokolaad ja žürii.",
        "Ma ei öelnud talle kunagi.",
    ]
    assert frame["line"].to_list() == [1, 5]


def test_byte_order_mark_is_not_part_of_the_first_id(fixtures):
    frame = read_subtitles(fixtures / "bom.en.srt")
    assert frame.select("cue_id", "text").rows() == [("1", "With a byte order mark.")]


def test_overrides_beat_the_file_name(fixtures):
    frame = read_subtitles(fixtures / "bom.en.srt", lang="et", film="other")
    assert frame.select("film", "lang").rows() == [("other", "et")]
