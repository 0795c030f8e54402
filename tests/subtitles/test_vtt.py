from aligner.subtitles import read_subtitles
from aligner.subtitles.vtt import parse_vtt


def test_identifiers_else_ordinals_and_lines(fixtures):
    cues = parse_vtt((fixtures / "night.en.vtt").read_text(encoding="utf-8"), "night.en.vtt")
    assert [(c.cue_id, c.start_ms, c.end_ms, c.line) for c in cues] == [
        ("c1", 1000, 2000, 5),
        ("2", 3000, 4000, 9),
        ("c3", 5000, 6500, 13),
    ]


def test_voice_and_class_tags_and_entities_are_cleaned(fixtures):
    frame = read_subtitles(fixtures / "night.en.vtt")
    assert frame.select("cue_id", "text").rows() == [
        ("c1", "Where were you & why?"),
        ("2#1", "Out."),
        ("2#2", "Out where?"),
        ("c3", "Nowhere."),
    ]
