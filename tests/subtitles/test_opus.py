import zipfile

from aligner.subtitles import read_subtitles
from aligner.subtitles.opus import detokenize, parse_opus


def test_sentences_are_grouped_into_cues_by_time_markers(fixtures):
    cues = parse_opus((fixtures / "4242.xml").read_bytes(), "4242.xml")
    assert [(c.cue_id, c.cue_ids, c.start_ms, c.end_ms, c.line) for c in cues] == [
        ("1+2", ("1", "2"), 1000, 2000, 3),
        ("3+4", ("3", "4"), 3000, 4000, 23),
        # one sentence spans two subtitle frames (T3E then T4S inside <s id="5">)
        ("5", ("5",), 5000, 7000, 37),
    ]


def test_speaker_turns_keep_their_own_sentence_ids(fixtures):
    frame = read_subtitles(fixtures / "4242.xml", lang="en")
    assert frame.select("cue_id", "cue_ids", "text").rows() == [
        ("1", ["1"], 'I don\'t know, "she" said.'),
        ("2", ["2"], "Who?!"),
        ("3+4", ["3", "4"], "Go home. Now."),
        ("5", ["5"], "It was late."),
    ]


def test_raw_documents_and_devanagari(fixtures):
    frame = read_subtitles(fixtures / "raw.hi.xml")
    assert frame.select("film", "lang", "cue_id", "text").rows() == [
        ("raw", "hi", "1", "मैं घर जा रहा हूँ।"),
        ("raw", "hi", "2", "तुम कहाँ थे?"),
    ]


def test_opus_folder_layout_gives_imdb_film_and_language(fixtures):
    frame = read_subtitles(fixtures / "opus_tree" / "en" / "1999" / "123456" / "789.xml.gz")
    assert frame.select("film", "lang").unique().rows() == [("123456", "en")]
    assert frame.height == 4


def test_zip_archive_reads_every_document(fixtures, tmp_path):
    archive = tmp_path / "en.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        zf.write(fixtures / "4242.xml", "OpenSubtitles/xml/en/2001/111/1.xml")
        zf.write(
            fixtures / "opus_tree/en/1999/123456/789.xml.gz",
            "OpenSubtitles/xml/en/1999/123456/789.xml.gz",
        )
        zf.writestr("README", "not a document")
    frame = read_subtitles(archive)
    assert frame.group_by("film", maintain_order=True).len().rows() == [("111", 4), ("123456", 4)]
    assert frame["source"].unique(maintain_order=True).to_list() == [
        f"{archive}!OpenSubtitles/xml/en/2001/111/1.xml",
        f"{archive}!OpenSubtitles/xml/en/1999/123456/789.xml.gz",
    ]
    assert frame.filter(frame["film"] == "123456")["idx"].to_list() == [0, 1, 2, 3]


def test_detokenize_spacing_rules():
    assert (
        detokenize(["-", "We", "'re", "late", ",", "are", "n't", "we", "?"])
        == "- We're late, aren't we?"
    )
    assert detokenize(["...", "that", "I", "left", "..."]) == "...that I left..."
    assert (
        detokenize(["He", "said", '"', "no", '"', "(", "twice", ")", "."])
        == 'He said "no" (twice).'
    )
    assert detokenize(["क्या", "तुम", "आओगे", "?", "हाँ", "।"]) == "क्या तुम आओगे? हाँ।"


def test_untimed_document_gives_one_untimed_line_per_sentence():
    data = (
        b'<document>\n<s id="1"><w>Hi</w><w>.</w></s>\n'
        b'<s id="2"><w>Bye</w><w>.</w></s>\n</document>'
    )
    cues = parse_opus(data, "untimed.xml")
    assert [(c.cue_id, c.start_ms, c.end_ms, c.text, c.line) for c in cues] == [
        ("1", None, None, "Hi.", 2),
        ("2", None, None, "Bye.", 3),
    ]
