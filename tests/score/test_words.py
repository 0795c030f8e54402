from hypothesis import given
from hypothesis import strategies as st

from aligner.score.words import split_words, word_splitter


def _texts(text: str) -> list[str]:
    return [token.text for token in split_words(text)]


def test_english_punctuation_is_split_off():
    assert _texts("Girls don't last a week.") == [
        "Girls",
        "don",
        "'",
        "t",
        "last",
        "a",
        "week",
        ".",
    ]


def test_estonian_letters_stay_in_words():
    assert _texts("Naiste töö on õudne, ütles ta.") == [
        "Naiste", "töö", "on", "õudne", ",", "ütles", "ta", ".",
    ]  # fmt: skip


def test_devanagari_vowel_signs_and_virama_stay_in_words():
    # "महिलाएं" carries vowel signs, "क्या" a virama: both would split under Python's \w.
    assert _texts("क्या महिलाएं गाड़ी चला सकती हैं।") == [
        "क्या", "महिलाएं", "गाड़ी", "चला", "सकती", "हैं", "।",
    ]  # fmt: skip


def test_without_language_the_builtin_split_is_used():
    assert word_splitter(None) is split_words


@given(st.text(alphabet=st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=40))
def test_spans_index_the_text_and_cover_every_non_space_character(text):
    tokens = split_words(text)
    for token in tokens:
        assert text[token.start : token.end] == token.text
        assert token.text and not any(ch.isspace() for ch in token.text)
    assert "".join(t.text for t in tokens) == "".join(ch for ch in text if not ch.isspace())
