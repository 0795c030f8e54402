from aligner.subtitles import read_subtitles


def test_plain_text_lines_are_untimed_cues_numbered_by_line(fixtures):
    frame = read_subtitles(fixtures / "plain.et.txt")
    assert frame.select("cue_id", "start_ms", "end_ms", "text", "line").rows() == [
        ("1", None, None, "Kus sa eile öösel olid?", 1),
        ("3", None, None, "Šokolaad ja žürii.", 3),
    ]


def test_tsv_reads_ids_and_both_time_notations(fixtures):
    frame = read_subtitles(fixtures / "lines.en.tsv")
    assert frame.select("cue_id", "start_ms", "end_ms", "text", "line").rows() == [
        ("a1", 1000, 2000, "Hello there.", 2),
        ("a2", 3000, 4000, "Goodbye.", 3),
    ]


def test_tsv_without_times_is_untimed_and_keeps_one_line_per_row(tmp_path):
    """A list of sentences is not a subtitle track: a trailing comma continues nothing."""
    path = tmp_path / "notes.en.tsv"
    path.write_text("text\nWhen in Rome,\ndo as they do.\nDone.\n", encoding="utf-8")
    frame = read_subtitles(path)
    assert frame.select("cue_id", "start_ms", "text").rows() == [
        ("1", None, "When in Rome,"),
        ("2", None, "do as they do."),
        ("3", None, "Done."),
    ]
