import numpy as np

from aligner.align.margin import neighbourhood, ratio_margin


def test_margin_beats_cosine_on_generic_short_lines(units, encoder):
    pairs = [(en[0], et[0]) for en, et in units if len(en) == 1 and len(et) == 1]
    english, estonian = [en for en, _ in pairs], [et for _, et in pairs]
    src, tgt = encoder.encode(english), encoder.encode(estonian)
    cosine = src @ tgt.T
    margin = ratio_margin(
        cosine, neighbourhood(src, tgt)[:, None], neighbourhood(tgt, src)[None, :]
    )
    truth = np.arange(len(pairs))
    # Identical lines ("Yes." twice) make either translation right.
    correct = lambda scores: np.mean(  # noqa: E731
        [estonian[scores[i].argmax()] == estonian[truth[i]] for i in truth]
    )
    assert correct(margin) > correct(cosine)
    lighthouse = english.index("Where is the key to the lighthouse?")
    assert estonian[cosine[lighthouse].argmax()] == "Jah."  # the generic hub wins on cosine
    assert estonian[margin[lighthouse].argmax()] == "Kus on majaka võti?"


def test_ratio_margin_is_cosine_over_mean_neighbourhood():
    assert ratio_margin(np.array([0.8]), np.array([0.6]), np.array([1.0]))[0] == 1.0
