"""Random cues written by the srt and webvtt-py writers come back unchanged."""

from datetime import timedelta

import srt
import webvtt
from hypothesis import given
from hypothesis import strategies as st
from webvtt.models import Caption

from aligner.subtitles.srt import parse_srt
from aligner.subtitles.timing import check_sequence
from aligner.subtitles.vtt import parse_vtt

# Cue text as subtitles have it, minus what each format reserves: "<", ">" and "&"
# are markup in WebVTT and "-->" is the timing arrow in both.
_ALPHABET = st.sampled_from(
    list("abcdefghijklmnopqrstuvwxyzABCXYZ0123456789 .,!?'\"-():;õäöüšžकमल।")
)
_LINE = st.text(_ALPHABET, min_size=1, max_size=30).map(str.strip).filter(bool)
_CUE = st.tuples(
    st.integers(0, 20_000),  # gap after the previous cue
    st.integers(1, 8_000),  # duration
    st.lists(_LINE, min_size=1, max_size=3),
)


def _timed(cues):
    now, timed = 0, []
    for gap, duration, lines in cues:
        start = now + gap
        timed.append((start, start + duration, "\n".join(lines)))
        now = start + duration
    return timed


@given(st.lists(_CUE, min_size=1, max_size=15), st.integers(1, 500))
def test_srt_round_trip(cues, first_index):
    timed = _timed(cues)
    text = srt.compose(
        [
            srt.Subtitle(first_index + n, timedelta(milliseconds=a), timedelta(milliseconds=b), t)
            for n, (a, b, t) in enumerate(timed)
        ],
        reindex=False,
    )
    parsed = parse_srt(text, "random.srt")
    check_sequence(parsed, "random.srt")
    assert [(c.start_ms, c.end_ms, c.text) for c in parsed] == timed
    assert [c.cue_id for c in parsed] == [str(first_index + n) for n in range(len(timed))]


def _stamp(ms: int) -> str:
    return f"{ms // 3_600_000:02d}:{ms // 60_000 % 60:02d}:{ms // 1000 % 60:02d}.{ms % 1000:03d}"


@given(st.lists(_CUE, min_size=1, max_size=15), st.lists(st.booleans(), min_size=15, max_size=15))
def test_vtt_round_trip(cues, named):
    timed = _timed(cues)
    ids = [f"cue{n}" if named[n] else None for n in range(len(timed))]
    captions = [
        Caption(_stamp(a), _stamp(b), t.split("\n"), identifier=ids[n])
        for n, (a, b, t) in enumerate(timed)
    ]
    parsed = parse_vtt(webvtt.WebVTT(captions=captions).content, "random.vtt")
    check_sequence(parsed, "random.vtt")
    assert [(c.start_ms, c.end_ms, c.text) for c in parsed] == timed
    assert [c.cue_id for c in parsed] == [i or str(n) for n, i in enumerate(ids, start=1)]
