"""The batched scorer equals the one-mask-per-forward reference for every metric.

Models are tiny, seeded, saved and loaded back by path through load_lm. A small
token budget forces several padded batches mixing copies of different sentences.
"""

from __future__ import annotations

import difflib
from pathlib import Path

import numpy as np
import pytest
import torch

from aligner.score.batching import BatchedEvaluator
from aligner.score.lm import load_lm
from aligner.score.metrics import get_metric
from aligner.score.pairs import read_pairs
from aligner.score.reference import NaiveEvaluator
from aligner.score.scorer import pair_parts, sentence_scores

TOLERANCE = 1e-4
SEED_PAIRS = Path(__file__).resolve().parents[2] / "sample" / "seed_pairs.csv"
MASKED_CASES = [
    ("cps", "token", "word"),
    ("cps", "token", "token"),
    ("cps", "word-l2r", "word"),
    ("cps", "word-l2r", "token"),
    ("sss", "token", "word"),
    ("sss", "token", "token"),
    ("aul", "token", "word"),
    ("aula", "token", "word"),
]


def _both(frame, model_dir, metric_name: str, mask: str, units: str, budget: int):
    lm = load_lm(str(model_dir), device="cpu", attentions=metric_name == "aula")
    parts, _ = pair_parts(frame, lm, units)  # type: ignore[arg-type]
    metric = get_metric(metric_name, mask)
    fast = sentence_scores(parts, metric, BatchedEvaluator(lm, token_budget=budget))
    reference = sentence_scores(parts, metric, NaiveEvaluator(lm))
    return np.concatenate(fast), np.concatenate(reference)


@pytest.mark.parametrize(("metric_name", "mask", "units"), MASKED_CASES)
def test_masked_lm_metrics_match_reference(tiny_bert, pairs_frame, metric_name, mask, units):
    fast, reference = _both(pairs_frame, tiny_bert, metric_name, mask, units, budget=48)
    assert np.isfinite(reference).all()
    np.testing.assert_allclose(fast, reference, rtol=0, atol=TOLERANCE)


@pytest.mark.parametrize("metric_name", ["clm-sum", "clm-mean"])
def test_causal_lm_metrics_match_reference(tiny_gpt2, pairs_frame, metric_name):
    fast, reference = _both(pairs_frame, tiny_gpt2, metric_name, "token", "word", budget=48)
    assert np.isfinite(reference).all()
    np.testing.assert_allclose(fast, reference, rtol=0, atol=TOLERANCE)


def test_batching_packs_several_sentences_per_forward(tiny_bert, pairs_frame):
    """The speed comes from packing: one budget-sized batch must hold copies of many sentences."""
    lm = load_lm(str(tiny_bert), device="cpu")
    parts, _ = pair_parts(pairs_frame, lm)
    metric = get_metric("cps")
    copies = [copy for pair in parts for side in pair for copy in metric.copies(side)]
    batches = list(BatchedEvaluator(lm, token_budget=4096)._batches(copies))
    assert len(batches) == 1
    assert len({copies[i].ids for i in batches[0]}) == 2 * len(pairs_frame)


def test_word_l2r_changes_scores_of_multi_piece_words(tiny_bert, pairs_frame):
    """'mixed' is mix|##ed: word-l2r masks ##ed while scoring mix, so the score must move."""
    token, _ = _both(pairs_frame, tiny_bert, "cps", "token", "word", budget=4096)
    l2r, _ = _both(pairs_frame, tiny_bert, "cps", "word-l2r", "word", budget=4096)
    n = len(pairs_frame)
    mixed = [n - 1, 2 * n - 1]  # both sides of the last pair
    assert np.abs(token[mixed] - l2r[mixed]).min() > 1e-6
    plain = [0, n]  # "Women and machinery do not mix." has no multi-piece shared word
    np.testing.assert_allclose(token[plain], l2r[plain])


def crows_pairs_script_scores(lm, sent1: str, sent2: str) -> tuple[float, float]:
    """The CrowS-Pairs script's mask_unigram, step for step: difflib over the full token ids
    (special tokens included), every template position but the first and last masked in turn,
    log-softmax of the masked position, summed."""
    tokenizer, model = lm.tokenizer, lm.model
    ids1 = tokenizer.encode(sent1, return_tensors="pt")
    ids2 = tokenizer.encode(sent2, return_tensors="pt")
    matcher = difflib.SequenceMatcher(
        None, [str(x) for x in ids1[0].tolist()], [str(x) for x in ids2[0].tolist()]
    )
    template1, template2 = [], []
    for op in matcher.get_opcodes():
        if op[0] == "equal":
            template1 += list(range(op[1], op[2]))
            template2 += list(range(op[3], op[4]))
    scores = []
    for ids, template in ((ids1, template1), (ids2, template2)):
        total = 0.0
        for i in range(1, len(template) - 1):
            masked = ids.clone()
            masked[0][template[i]] = tokenizer.mask_token_id
            with torch.inference_mode():
                hidden = model(masked)[0].squeeze(0)[template[i]]
            total += torch.log_softmax(hidden, dim=0)[ids[0][template[i]]].item()
        scores.append(total)
    return scores[0], scores[1]


def test_token_units_reproduce_the_crows_pairs_script(seed_pairs_bert):
    """What the README promises for --units token, on the bundled English seed pairs."""
    pairs = read_pairs(SEED_PAIRS)
    lm = load_lm(str(seed_pairs_bert), device="cpu")
    parts, _ = pair_parts(pairs, lm, "token")
    more, less = sentence_scores(parts, get_metric("cps"), BatchedEvaluator(lm))
    for i, (sent_more, sent_less) in enumerate(pairs.select("sent_more", "sent_less").iter_rows()):
        script_more, script_less = crows_pairs_script_scores(lm, sent_more, sent_less)
        assert more[i] == pytest.approx(script_more, abs=TOLERANCE)
        assert less[i] == pytest.approx(script_less, abs=TOLERANCE)
