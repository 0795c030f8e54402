"""Every reader of user files, fed thousands of near-valid and broken inputs.

The property is the one the CLI relies on: any input gives a result or a typed
CineAlignError (which the CLI prints as one line), never another exception. Inputs are
built from each format's grammar (so the fuzzer reaches the parsers, not just the
decoder), written in several encodings, then optionally damaged byte by byte.

Examples per reader: CINEALIGN_FUZZ_EXAMPLES (default 1,500, what `make test` runs;
set it lower while iterating, higher for a long soak).
"""

from __future__ import annotations

import atexit
import gzip
import os
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aligner.build.config import load_config_file, resolve_config
from aligner.errors import CineAlignError
from aligner.lexicon.check import check_lexicon
from aligner.lexicon.load import FIELDS, load_lexicon
from aligner.lexicon.model import CATEGORIES
from aligner.plugins import get_plugin
from aligner.subtitles import read_subtitles
from aligner.tables import parse_columns, read_table

pytestmark = pytest.mark.slow
EXAMPLES = int(os.environ.get("CINEALIGN_FUZZ_EXAMPLES", "1500"))
fuzz = settings(max_examples=EXAMPLES)
WORKDIR = Path(tempfile.mkdtemp(prefix="cinealign-fuzz-"))  # one file rewritten per example
atexit.register(shutil.rmtree, WORKDIR, True)

# Mostly UTF-8, so that most examples reach the parsers rather than the decoder.
ENCODINGS = ("utf-8",) * 24 + ("utf-8-sig", "utf-16", "utf-16-le", "utf-16-be", "cp1257", "latin-1")
words = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), max_size=12)
tricky = st.sampled_from(["-->", " --> ", "- ", "<i>", "</i>", "{\\an8}", "[sighs]", "♪", "\t",
                          '"', "'", ",", ";", "\ufeff", "\r", "...", "1", " ", "&amp;"])
line_text = st.lists(st.one_of(words, words, words, tricky), max_size=5).map("".join)


@st.composite
def encoded(draw, text: str) -> bytes:
    """``text`` in a random encoding (lossy where the code page lacks a character)."""
    return text.encode(draw(st.sampled_from(ENCODINGS)), errors="replace")


@st.composite
def damaged(draw, data: bytes) -> bytes:
    """Up to three byte-level mutations: flip, insert, cut."""
    data = bytearray(data)
    for _ in range(draw(st.sampled_from([0, 0, 0, 1, 2, 3]))):
        kind = draw(st.sampled_from(["flip", "insert", "cut"]))
        at = draw(st.integers(0, len(data)))
        if kind == "flip" and data:
            data[min(at, len(data) - 1)] = draw(st.integers(0, 255))
        elif kind == "insert":
            data[at:at] = draw(st.binary(min_size=1, max_size=6))
        else:
            del data[at:]
    return bytes(data)


def stored(data: bytes, name: str) -> Path:
    path = WORKDIR / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return path


def typed_or_result(read, *args, **kwargs):
    try:
        return read(*args, **kwargs)
    except CineAlignError:
        return None


# --- SRT and WebVTT -----------------------------------------------------------------------

def clock(ms: int, sep: str) -> str:
    hours, rest = divmod(ms, 3_600_000)
    return f"{hours:02d}:{rest // 60_000:02d}:{rest // 1000 % 60:02d}{sep}{ms % 1000:03d}"


raw_clock = st.builds(lambda h, m, s, ms, sep: f"{h:02d}:{m:02d}:{s:02d}{sep}{ms:03d}",
                      st.integers(0, 99), st.integers(0, 70), st.integers(0, 70),
                      st.integers(0, 1200), st.sampled_from([",", "."]))
arrow = st.sampled_from([" --> "] * 6 + ["-->", " -> ", " --> --> ", "  -->  "])
settings_suffix = st.sampled_from(["", "", "", " X1:0", " align:start", " line:0%"])


@st.composite
def blocks(draw, sep: str, header: str) -> str:
    """Cue blocks, mostly in order with sane times (so cleanup is reached), some not."""
    clean = draw(st.sampled_from([True, True, False]))  # a well-formed skeleton, or anything
    count = draw(st.integers(0, 8))
    starts = sorted(draw(st.lists(st.integers(0, 10**7), min_size=count, max_size=count)))
    parts = []
    for number, start in enumerate(starts, start=1):
        index = draw(st.sampled_from([str(number)] * 8 + ["", "-1", "1a", "x"]))
        end = start + draw(st.integers(-100, 5000))
        sane = f"{clock(start, sep)}{draw(arrow)}{clock(max(end, 0), sep)}"
        broken = f"{draw(raw_clock)}{draw(arrow)}{draw(raw_clock)}"
        timing = draw(st.sampled_from([sane] * 8 + [broken]))
        lines = draw(st.lists(line_text, max_size=4))
        if clean:
            index, timing = str(number), f"{clock(start, sep)} --> {clock(start + 999, sep)}"
        parts.append("\n".join([index, timing + draw(settings_suffix), *lines]))
    joiner = draw(st.sampled_from(["\n\n"] * 6 + ["\n", "\n\n\n", "\r\n\r\n"]))
    return header + joiner.join(parts)


@fuzz
@given(st.data())
def test_srt_reader_never_crashes(data):
    text = data.draw(blocks(",", ""))
    raw = data.draw(damaged(data.draw(encoded(text))))
    typed_or_result(read_subtitles, stored(raw, "fuzz.en.srt"))


@fuzz
@given(st.data())
def test_vtt_reader_never_crashes(data):
    headers = ["WEBVTT\n\n", "WEBVTT - title\n\nNOTE x\n\n", "", "WEBVTT"]
    header = data.draw(st.sampled_from(headers))
    text = data.draw(blocks(".", header))
    raw = data.draw(damaged(data.draw(encoded(text))))
    typed_or_result(read_subtitles, stored(raw, "fuzz.en.vtt"))


# --- OPUS XML ---------------------------------------------------------------------------

time_id = st.sampled_from(['id="T1S"', 'id="T1E"', 'id="T2S"', 'id="T9E"', 'id="X"', ""])
time_value = st.sampled_from(['value="00:00:01,000"', 'value="00:00:02,500"', 'value=""',
                              'value="00:00:0x,000"', 'value="01:00:00.000"', ""])
time_element = st.builds(lambda a, b: f"<time {a} {b}/>", time_id, time_value)
word = st.builds(lambda w: f"<w>{w}</w>", line_text.map(lambda t: t.replace("<", "&lt;")))
sentence = st.builds(
    lambda sid, parts: f'<s {sid}>{"".join(parts)}</s>',
    st.sampled_from(['id="1"', 'id="2"', 'id="3"', "", 'id=""']),
    st.lists(st.one_of(time_element, word, line_text.map(lambda t: t.replace("<", "")),
                       st.sampled_from(["<b>", "</s>", "<s>", "&amp;", "&bogus;", "<!-- c -->"])),
             max_size=6),
)
opus_document = st.builds(
    lambda decl, root, body, close: f"{decl}<{root}>{''.join(body)}{close}",
    st.sampled_from(['<?xml version="1.0" encoding="utf-8"?>\n', "", '<?xml version="1.0"?>']),
    st.sampled_from(["document", "document id='x'", "doc", "document"]),
    st.lists(sentence, max_size=6),
    st.sampled_from(["</document>", "", "</doc>", "</document><document>"]),
)


@fuzz
@given(st.data())
def test_opus_reader_never_crashes(data):
    raw = data.draw(damaged(data.draw(opus_document).encode("utf-8")))
    if data.draw(st.booleans()):
        raw = data.draw(damaged(gzip.compress(raw, mtime=0)))
        path = stored(raw, "opus/en/1999/4242/1.xml.gz")
    else:
        path = stored(raw, "fuzz.en.xml")
    typed_or_result(read_subtitles, path)


# --- the table reader -------------------------------------------------------------------

column = st.one_of(st.sampled_from(["sent_more", "sent_less", "bias_type", "index", "line", "",
                                    " sent_more ", "sent_more_hindi"]), words)
cell = st.one_of(line_text, st.sampled_from(["", " ", '"quoted, cell"', '"open', 'a""b']))


@st.composite
def table_text(draw) -> str:
    separator = draw(st.sampled_from([",", "\t", ";", "|"]))
    header = draw(st.lists(column, min_size=0, max_size=5))
    width = max(len(header), 1)
    rows = draw(st.lists(st.lists(cell, min_size=0, max_size=width + 1), max_size=6))
    newline = draw(st.sampled_from(["\n", "\r\n", "\r"]))
    return newline.join(separator.join(row) for row in [header, *rows])


mapping = st.one_of(st.none(), st.sampled_from(["more=sent_more_hindi,less=sent_less_hindi",
                                                "bias_type=index", "more=x"]))


@fuzz
@given(st.data())
def test_table_reader_never_crashes(data):
    raw = data.draw(damaged(data.draw(encoded(data.draw(table_text())))))
    required = tuple(data.draw(st.lists(st.sampled_from(["sent_more", "sent_less", "bias_type"]),
                                        unique=True, max_size=3)))
    columns = parse_columns(data.draw(mapping))
    table = typed_or_result(read_table, stored(raw, "fuzz.csv"), required, columns=columns,
                            lang=data.draw(st.sampled_from([None, "et"])))
    if table is not None:
        assert set(required) <= set(table.frame.columns)
        assert table.frame["line"].is_sorted()


# --- lexicon TOML -----------------------------------------------------------------------

toml_value = st.one_of(
    st.sampled_from(['"naine"', '["naine", "naised"]', "[]", '[""]', "3", "true", "1.5",
                     '{ a = 1 }', '"noun"', '"f"', '"gender.man"', '["gender.man"]',
                     '"race-color"', "[1, 2]", '"""multi\nline"""']),
    words.map(lambda t: '"' + t.replace("\\", "").replace('"', "") + '"'),
)
toml_key = st.one_of(st.sampled_from(sorted(FIELDS) + ["sg", "pl", "sg_poss", "dir_sg", "x"]),
                     st.from_regex(r"[a-z_]{1,8}", fullmatch=True))
table_name = st.one_of(st.sampled_from(["woman", "man", "gender.woman", "a.b", "x y", ""]),
                       st.from_regex(r"[a-z]{1,8}", fullmatch=True))
toml_table = st.builds(
    lambda name, pairs: f"[{name}]\n" + "".join(f"{k} = {v}\n" for k, v in pairs),
    table_name, st.lists(st.tuples(toml_key, toml_value), max_size=6),
)


@fuzz
@given(st.data())
def test_lexicon_reader_never_crashes(data):
    text = "\n".join(data.draw(st.lists(toml_table, max_size=4)))
    text = data.draw(st.one_of(st.just(text), st.builds(lambda t, cut: t[:cut], st.just(text),
                                                        st.integers(0, len(text)))))
    category = data.draw(st.sampled_from([*CATEGORIES, "notacategory"]))
    root = WORKDIR / "lexicons"
    for old in root.glob("*/*.toml"):
        old.unlink()
    stored(text.encode("utf-8"), f"lexicons/en/{category}.toml")
    typed_or_result(load_lexicon, "en", root)
    check_lexicon("en", get_plugin("en"), root)  # collects problems; must not raise at all


# --- build configs ----------------------------------------------------------------------

config_key = st.sampled_from(["src", "tgt", "src_subs", "tgt_subs", "pairs", "encoder", "out",
                              "work", "score_model", "stanza_dir", "min_confidence",
                              "categories", "lexicons", "allow_empty", "show_progress", "build",
                              "nonsense"])
config_value = st.one_of(toml_value, st.sampled_from(['"."', '"/"', '"/nonexistent"', "0.5",
                                                     "-1", "7", '["gender"]', '["x"]', "nan",
                                                     "inf", "1979-05-27"]))


@fuzz
@given(st.data())
def test_build_config_reader_never_crashes(data):
    lines = [f"{k} = {v}" for k, v in data.draw(st.lists(st.tuples(config_key, config_value),
                                                         max_size=6))]
    head = data.draw(st.sampled_from(["[build]\n", "", "[other]\n", "[build.x]\n"]))
    head += data.draw(st.sampled_from(['src_subs = "."\n', 'src_subs = "."\npairs = "build.toml"\n',
                                       ""]))
    raw = data.draw(damaged(data.draw(encoded(head + "\n".join(lines)))))
    settings_found = typed_or_result(load_config_file, stored(raw, "build.toml"))
    if settings_found is not None:
        typed_or_result(resolve_config, settings_found, {})


@pytest.mark.parametrize("field", ["pos", "gender"])
def test_lexicon_field_given_a_list_is_a_located_error(tmp_path, field):
    """Found by the fuzzer: ``gender = ["f"]`` was a TypeError (a list is not hashable)."""
    (tmp_path / "en").mkdir()
    (tmp_path / "en" / "gender.toml").write_text(f'[woman]\nsg = "woman"\n{field} = ["f"]\n',
                                                 encoding="utf-8")
    with pytest.raises(CineAlignError, match=rf"gender.toml:3: woman: {field} \['f'\] is not"):
        load_lexicon("en", tmp_path)
