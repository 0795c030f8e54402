from aligner.subtitles.cleanup import clean_lines, sentences
from aligner.subtitles.cue import RawCue


def _cue(cue_id: str, text: str, start: int = 0) -> RawCue:
    return RawCue(cue_id, (cue_id,), start, start + 900, text, int(cue_id))


def _texts(*texts: str) -> list[tuple[str, str]]:
    cues = [_cue(str(n), text, 1000 * n) for n, text in enumerate(texts, 1)]
    return [(line.cue_id, line.text) for line in clean_lines(cues)]


def test_formatting_tags_and_ass_codes_go():
    assert _texts('{\\an8}<i>Run,</i> <b>now</b><font color="red">!</font>') == [("1", "Run, now!")]


def test_sdh_brackets_and_speaker_labels_go():
    assert _texts("[DOOR SLAMS] (sighs) MAN 2: Who's\nthere?") == [("1", "Who's there?")]


def test_sdh_spanning_lines_goes():
    assert _texts("[thunder\nrumbling] Get inside.") == [("1", "Get inside.")]


def test_cue_with_only_sdh_or_music_yields_nothing():
    assert _texts("[SIGN: HOTEL]", "♪ la la ♪", "# sung in a legacy\ncode page #", "Hi.") == [
        ("4", "Hi.")
    ]


def test_music_line_goes_speech_line_stays():
    assert _texts("♪ la la ♪\nStop singing.") == [("1", "Stop singing.")]


def test_two_speakers_become_two_lines():
    assert _texts("- Are you coming?\n- In a minute.") == [
        ("1#1", "Are you coming?"),
        ("1#2", "In a minute."),
    ]


def test_first_speaker_without_dash_and_wrapped_turns():
    assert _texts("Are you\ncoming?\n- In a\nminute.") == [
        ("1#1", "Are you coming?"),
        ("1#2", "In a minute."),
    ]


def test_lone_dash_is_dropped_without_a_split():
    assert _texts("- [laughs]\n- Sure.") == [("1", "Sure.")]


def test_ellipsis_pair_is_removed_at_the_seam():
    assert _texts("I never told her...", "...that I was leaving.") == [
        ("1+2", "I never told her that I was leaving.")
    ]


def test_unicode_ellipsis_and_three_cues():
    assert _texts("Ma ei…", "…öelnud talle,", "et lahkun.") == [
        ("1+2+3", "Ma ei öelnud talle, et lahkun.")
    ]


def test_trailing_ellipsis_without_continuation_is_a_pause_that_stays():
    assert _texts("I thought...", "Never mind.") == [("1+2", "I thought... Never mind.")]


def test_turns_of_one_cue_never_join_each_other():
    assert _texts("- Wait...\n- What?") == [("1#1", "Wait..."), ("1#2", "What?")]


def test_last_turn_continues_into_the_next_cue():
    lines = clean_lines(
        [_cue("1", "- Stop.\n- I was going to,", 0), _cue("2", "but I forgot.", 1000)]
    )
    assert [(line.cue_id, line.cue_ids, line.text) for line in lines] == [
        ("1#1", ("1",), "Stop."),
        ("1#2+2", ("1", "2"), "I was going to, but I forgot."),
    ]
    assert (lines[1].start_ms, lines[1].end_ms) == (0, 1900)


def test_joined_line_keeps_both_raw_texts_and_the_first_line_number():
    (line,) = clean_lines(
        [_cue("3", "<i>When I was young,</i>"), _cue("4", "we lived here.", 1000)]
    )
    assert line.raw_text == "<i>When I was young,</i>\nwe lived here."
    assert line.line == 3


def test_text_is_nfc():
    decomposed = "o\u0303htu"  # õ as o + combining tilde
    assert _texts(decomposed) == [("1", "õhtu")]


def test_sentences():
    assert sentences("Go home. Now! Really?") == ["Go home.", "Now!", "Really?"]
    assert sentences("Mr. Smith waited... and waited.") == ["Mr. Smith waited... and waited."]
    assert sentences("मैं घर जा रहा हूँ। तुम आओ।") == ["मैं घर जा रहा हूँ।", "तुम आओ।"]
    assert sentences('He said "Go." Then he left.') == ['He said "Go."', "Then he left."]


def test_split_sentences_numbers_the_pieces():
    lines = clean_lines([_cue("5", "Go home. Now.")], split_sentences=True)
    assert [(line.cue_id, line.cue_ids, line.text) for line in lines] == [
        ("5.1", ("5",), "Go home."),
        ("5.2", ("5",), "Now."),
    ]
