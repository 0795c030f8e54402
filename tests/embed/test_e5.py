import numpy as np

from aligner.embed.e5 import E5Encoder


def test_a_lone_text_gets_the_vector_it_gets_inside_a_batch():
    encoder = E5Encoder(show_progress=False)
    alone = encoder.encode(["Where is the key to the lighthouse?"])
    batched = encoder.encode(["Where is the key to the lighthouse?", "Kus on majaka võti?"])
    assert alone.shape == (1, encoder.dim)
    assert np.array_equal(alone[0], batched[0])
    assert np.isclose(np.linalg.norm(alone[0]), 1.0)
