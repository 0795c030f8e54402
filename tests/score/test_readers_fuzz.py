"""Every reader in aligner.score gives a result or a typed error, never another exception."""

from __future__ import annotations

import csv
import io
import json

from hypothesis import given
from hypothesis import strategies as st

from aligner.errors import CineAlignError
from aligner.score.cloze.inputs import read_cloze
from aligner.score.cloze.words import cloze_words
from aligner.score.pairs import read_pairs
from aligner.score.table import read_table
from aligner.score.vectors import read_vectors

text = st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=200)
raw = st.binary(max_size=300)


def _path(tmp_path_factory, name: str, data: bytes):
    path = tmp_path_factory.mktemp("fuzz") / name
    path.write_bytes(data)
    return path


@given(st.one_of(raw, text.map(str.encode)))
def test_any_bytes_as_a_csv_table(tmp_path_factory, data):
    try:
        table = read_table(_path(tmp_path_factory, "t.csv", data))
    except CineAlignError:
        return
    assert all(len(row) == len(table.header) for row in table.rows)
    assert len(set(table.header)) == len(table.header)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=10),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)
labels = st.sampled_from(["stereotype", "anti-stereotype", "unrelated", "other"])
items = st.fixed_dictionaries(
    {
        "id": st.text(max_size=6),
        "bias_type": st.text(max_size=6),
        "sentences": st.lists(
            st.fixed_dictionaries({"sentence": st.text(max_size=12), "gold_label": labels}),
            max_size=4,
        ),
    }
)


@given(
    st.one_of(
        json_values, st.lists(items, max_size=3).map(lambda i: {"data": {"intrasentence": i}})
    )
)
def test_any_json_as_stereoset(tmp_path_factory, value):
    path = _path(tmp_path_factory, "s.json", json.dumps(value).encode())
    try:
        frame = read_pairs(path)
    except CineAlignError:
        return
    assert frame.height > 0 and frame["sent_unrelated"].str.len_chars().min() > 0


@given(st.one_of(raw, text.map(str.encode)), st.sampled_from(["v.vec", "v.txt", "v.bin"]))
def test_any_bytes_as_word_vectors(tmp_path_factory, data, name):
    try:
        read_vectors(_path(tmp_path_factory, name, data), {"him", "her", "a"})
    except CineAlignError:
        return


word = st.text(st.characters(categories=["Ll"]), min_size=1, max_size=8)


@given(st.lists(word, min_size=1, max_size=6), st.integers(0, 6), word, word)
def test_the_slot_is_where_the_gender_sentences_differ(tmp_path_factory, words, at, one, two):
    at = min(at, len(words))
    if one == two:
        return
    sentences = [" ".join([*words[:at], pronoun, *words[at:]]) for pronoun in (one, two)]
    buffer = io.StringIO()
    csv.writer(buffer).writerows([["sent_m", "sent_w", "context"], [*sentences, "ctx"]])
    path = _path(tmp_path_factory, "GenderLex_verb.csv", buffer.getvalue().encode())
    try:
        rows = read_cloze([path])
    except CineAlignError:
        return  # e.g. the pronoun merges with a neighbour into one changed run
    for sentence, start, end, pronoun in rows.select(
        "sentence", "slot_start", "slot_end", "pronoun"
    ).iter_rows():
        slot = " ".join(w.text for w in cloze_words(sentence)[start:end])
        assert slot.lower() == pronoun
        assert pronoun in (one, two)
