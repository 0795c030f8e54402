import pytest

from aligner.errors import EncodingError
from aligner.subtitles.encoding import decode

ESTONIAN = "Šokolaad ja žürii on õhtul külas.\nÄra ütle, et Õie tuli."


@pytest.mark.parametrize("codepage", ["cp1257", "iso8859_13"])
def test_baltic_code_pages_decode_estonian_right(codepage):
    decoded = decode(ESTONIAN.encode(codepage), "a.et.srt", lang="et")
    assert decoded.text == ESTONIAN


def test_western_code_page_estonian_keeps_its_s_caron():
    # cp1252 writes š/ž at 0x9a/0x9e, which cp1257 lacks, so the hint must move on
    decoded = decode(ESTONIAN.encode("cp1252"), "a.et.srt", lang="et")
    assert (decoded.text, decoded.encoding) == (ESTONIAN, "cp1252")


def test_utf8_with_and_without_bom_and_crlf():
    assert decode(("\ufeff" + ESTONIAN).encode(), "a").text == ESTONIAN
    assert decode(ESTONIAN.replace("\n", "\r\n").encode(), "a").encoding == "utf-8"
    assert decode(ESTONIAN.replace("\n", "\r\n").encode(), "a").text == ESTONIAN


def test_utf16_with_bom():
    assert decode(ESTONIAN.encode("utf-16"), "a").text == ESTONIAN


def test_given_encoding_wins_over_detection():
    data = ESTONIAN.encode("cp1257")
    assert decode(data, "a", encoding="cp1257").text == ESTONIAN


def test_unknown_encoding_name():
    with pytest.raises(EncodingError, match="unknown encoding"):
        decode(b"abc", "a.srt", encoding="no-such-codec")


def test_detection_without_language_uses_charset_normalizer():
    text = "Привет, как дела? Всё хорошо, спасибо.\n" * 5
    assert decode(text.encode("cp1251"), "a.ru.srt").text == text
