import numpy as np

from aligner.embed import CachedEncoder, cached_encoder, default_cache_dir
from aligner.embed.e5 import E5Encoder

TEXTS = ["Where were you last night?", "Kus sa eile öösel olid?", "Jah.", "Jah."]


def test_vectors_are_unit_float32_rows(tmp_path):
    vectors = cached_encoder("e5-small", cache_dir=tmp_path, show_progress=False).encode(TEXTS)
    assert vectors.shape == (4, 384) and vectors.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)


def test_duplicates_embedded_once_and_rerun_hits_the_disk_cache(tmp_path):
    first = CachedEncoder(E5Encoder(show_progress=False), tmp_path)
    vectors = first.encode(TEXTS)
    assert first.embedded == 3  # "Jah." twice, embedded once
    np.testing.assert_array_equal(vectors[2], vectors[3])

    again = CachedEncoder(E5Encoder(show_progress=False), tmp_path)  # as a new run would
    np.testing.assert_array_equal(again.encode(TEXTS[::-1]), vectors[::-1])
    assert again.embedded == 0 and again.served_from_cache == 4
    assert again.encoder._engine is None  # every text cached: the model never loaded
    assert (tmp_path / "embeddings.sqlite").is_file()


def test_cache_dir_comes_from_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("CINEALIGN_CACHE", str(tmp_path / "mine"))
    assert default_cache_dir() == tmp_path / "mine"


def test_empty_input_gives_an_empty_matrix(tmp_path):
    encoder = cached_encoder("e5-small", cache_dir=tmp_path, show_progress=False)
    assert encoder.encode([]).shape == (0, 384)
