"""ClozeGender: cloze probabilities against a one-prefix-per-forward reference, CGS, KL,
inputs, and the command end to end on a tiny GPT-2."""

from __future__ import annotations

import json
import math

import numpy as np
import polars as pl
import pytest
import torch
from typer.testing import CliRunner

from aligner.cli.main import app
from aligner.errors import ConfigError, InputFormatError
from aligner.score.batching import BatchedEvaluator
from aligner.score.cloze.inputs import read_cloze
from aligner.score.cloze.probability import cloze_probabilities, encode_cloze
from aligner.score.cloze.score import ClozeSettings, score_rows
from aligner.score.cloze.summary import kl_divergence, parse_targets, ratios
from aligner.score.cloze.words import cloze_words, is_punctuation
from aligner.score.lm import load_lm
from aligner.score.vectors import StaticVectors

TOLERANCE = 1e-4
GENDERLEX = (
    "sent_m,sent_w,context,HB\n"
    "The nurse mixed drinks for him,The nurse mixed drinks for her,mixed,W\n"
    "The doctor is rude to him,The doctor is rude to her,rude,M\n"
    "Poor people are lazy and he can't drive.,Poor people are lazy and she can't drive.,drive,M\n"
)
WINOBIAS = (
    "sent_m,sent_w,context,prounoun_m,prounoun_w,HB\n"
    "He is a nurse who was rude.,She is a nurse who was rude.,nurse,he,she,W\n"
    "The men said he can drive.,The men said she can drive.,drive,he,she,M\n"
)


def _write(tmp_path, name: str, text: str):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def naive_word_logprobs(lm, sentence: str) -> tuple[list[str], dict[int, float]]:
    """Every token scored from its own prefix alone, one forward pass each; summed per word.

    A token belongs to the first word it overlaps.
    """
    encoding = lm.tokenizer(sentence, return_offsets_mapping=True, add_special_tokens=True)
    ids = [lm.bos_id, *encoding["input_ids"]]
    offsets = [(0, 0), *encoding["offset_mapping"]]
    words = cloze_words(sentence)
    sums: dict[int, float] = {}
    for t in range(1, len(ids)):
        start, end = offsets[t]
        owners = [i for i, w in enumerate(words) if w.start < end and start < w.end]
        # a token of only a space ("Ġ" before an unmerged word) is part of the next word,
        # as in the GenderLex script's stem/continuation split
        owners = owners or [i for i, w in enumerate(words) if w.start >= end][:1]
        if not owners:
            continue
        with torch.inference_mode():
            logits = lm.model(input_ids=torch.tensor([ids[:t]])).logits[0, -1]
        logprob = logits.float().log_softmax(-1)[ids[t]].item()
        sums[owners[0]] = sums.get(owners[0], 0.0) + logprob
    return [w.text for w in words], sums


def naive_cloze(lm, sentence: str, slot: tuple[int, int]) -> tuple[float, float]:
    texts, sums = naive_word_logprobs(lm, sentence)
    last = sum(sums[w] for w in range(*slot))
    kept = [math.exp(sums[w]) for w in range(1, len(texts)) if not is_punctuation(texts[w])]
    return last, float(np.mean(kept))


def test_cloze_last_and_all_equal_the_naive_reference(tiny_gpt2, tmp_path):
    lm = load_lm(str(tiny_gpt2), device="cpu")
    rows = read_cloze([_write(tmp_path, "GenderLex_verb.csv", GENDERLEX)])
    slots = list(zip(rows["slot_start"], rows["slot_end"], strict=True))
    sentences = encode_cloze(lm, rows["sentence"].to_list(), slots)
    last, every = cloze_probabilities(sentences, BatchedEvaluator(lm, token_budget=40))
    for i, (sentence, slot) in enumerate(zip(rows["sentence"], slots, strict=True)):
        reference_last, reference_all = naive_cloze(lm, sentence, slot)
        assert last[i] == pytest.approx(reference_last, abs=TOLERANCE)
        assert math.exp(last[i]) == pytest.approx(math.exp(reference_last), abs=TOLERANCE)
        assert every[i] == pytest.approx(reference_all, abs=TOLERANCE)


def test_a_slot_of_a_contraction_and_mid_sentence(tiny_gpt2, tmp_path):
    """WinoBias-style: the pronoun opens the sentence or sits in the middle."""
    lm = load_lm(str(tiny_gpt2), device="cpu")
    rows = read_cloze([_write(tmp_path, "winobias_occ.csv", WINOBIAS)])
    assert rows["pronoun"].to_list() == ["he", "she", "he", "she"]
    slots = list(zip(rows["slot_start"], rows["slot_end"], strict=True))
    assert slots[0] == (0, 1) and slots[2] == (3, 4)
    last, _ = cloze_probabilities(
        encode_cloze(lm, rows["sentence"].to_list(), slots), BatchedEvaluator(lm)
    )
    for i in range(rows.height):
        assert last[i] == pytest.approx(
            naive_cloze(lm, rows["sentence"][i], slots[i])[0], abs=TOLERANCE
        )


def test_cgs_is_p_to_the_one_minus_sim_and_oov_keeps_p(tiny_gpt2, tmp_path):
    lm = load_lm(str(tiny_gpt2), device="cpu")
    rows = read_cloze([_write(tmp_path, "GenderLex_verb.csv", GENDERLEX)])
    table = {
        "him": np.array([1.0, 0.0]),
        "her": np.array([0.0, 1.0]),
        "mixed": np.array([0.6, 0.8]),
        "rude": np.array([0.8, 0.6]),
    }
    vectors = StaticVectors("toy", table)  # "drive" has no vector
    scored = score_rows(rows, lm, ClozeSettings(cloze="last"), vectors)
    sims = scored["sim"].to_list()
    assert sims[:4] == pytest.approx([0.6, 0.8, 0.8, 0.6])
    assert math.isnan(sims[4]) and math.isnan(sims[5])
    p, cgs = scored["probability"].to_numpy(), scored["cgs"].to_numpy()
    expected = p ** (1 - np.nan_to_num(np.array(sims), nan=0.0))
    np.testing.assert_allclose(cgs, expected, rtol=1e-12)
    assert cgs[4] == p[4]


def test_kl_and_ratios_equal_a_hand_computation():
    scores = np.array([[0.2, 0.1], [0.1, 0.3], [0.4, 0.4], [0.3, 0.2]])
    p = scores[:, 0] / scores[:, 0].sum()
    q = scores[:, 1] / scores[:, 1].sum()
    naive = float(sum(a * math.log(a / b) for a, b in zip(p, q, strict=True)))
    assert kl_divergence(scores[:, 0], scores[:, 1]) == pytest.approx(naive, abs=1e-12)
    result = ratios(scores, ["m", "w"], ["m", "w", None, "w"])
    assert result.ties == 1
    assert result.to == {"m": pytest.approx(2 / 3), "w": pytest.approx(1 / 3)}
    assert result.human_match == pytest.approx(2 / 3)  # m right, w right, w wrong
    assert result.mean_share["m"] == pytest.approx(np.mean(scores[:, 0] / scores.sum(1)))


def test_inputs_take_type_and_variant_from_the_file_name(tmp_path):
    rows = read_cloze(
        [
            _write(tmp_path, "GenderLex_verb.csv", GENDERLEX),
            _write(tmp_path, "GenderLex_noun_someone.csv", GENDERLEX),
        ]
    )
    pairs = set(zip(rows["variant"], rows["context_type"], strict=True))
    assert pairs == {("GenderLex", "verb"), ("GenderLex_someone", "noun")}
    assert rows["human"].to_list()[:2] == ["w", "w"]
    assert rows["pronoun"].to_list()[:2] == ["him", "her"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("sent_m,sent_w,context\nHe ran to him,She ran to her,ran\n", "exactly one place"),
        ("sent_m,sent_w,context\nsame,same,ran\n", "exactly one place"),
        ("sent_m,sent_w,context,HB\na him,a her,x,N\n", "HB 'N' is not one of the groups"),
        ("sent_m,context\na him,x\n", "sent_m, sent_w"),
        ("sent_m,sent_w\na him,a her\n", "missing column context"),
        ("sent_m,sent_w,context\na him,a her,\n", "empty sentence or context"),
    ],
)
def test_input_errors_name_file_and_line(tmp_path, text, message):
    with pytest.raises(InputFormatError, match=message) as caught:
        read_cloze([_write(tmp_path, "x_verb.csv", text)])
    assert str(caught.value).startswith(str(tmp_path / "x_verb.csv") + ":")


def test_weat_targets_option():
    assert parse_targets("m=he,him;w=she") == {"m": ("he", "him"), "w": ("she",)}
    with pytest.raises(ConfigError, match="GROUP=word"):
        parse_targets("m=")


def _vectors_file(tmp_path):
    words = {
        "him": [1.0, 0.1, 0.0],
        "he": [0.9, 0.2, 0.1],
        "his": [0.8, 0.1, 0.2],
        "himself": [0.9, 0.0, 0.1],
        "her": [0.1, 1.0, 0.0],
        "she": [0.2, 0.9, 0.1],
        "hers": [0.1, 0.8, 0.2],
        "herself": [0.0, 0.9, 0.1],
        "mixed": [0.3, 0.6, 0.5],
        "rude": [0.7, 0.2, 0.4],
        "drive": [0.6, 0.1, 0.7],
    }
    path = tmp_path / "toy.vec"
    lines = [f"{len(words)} 3"] + [f"{w} " + " ".join(map(str, v)) for w, v in words.items()]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_cloze_gender_command_end_to_end(tiny_gpt2, tmp_path):
    verb = _write(tmp_path, "GenderLex_verb.csv", GENDERLEX)
    noun = _write(tmp_path, "GenderLex_noun.csv", GENDERLEX.replace(",mixed,", ",drinks,"))
    out = tmp_path / "out"
    args = ["score", str(verb), str(noun), "--metric", "cloze-gender", "--model", str(tiny_gpt2)]
    args += ["--vectors", str(_vectors_file(tmp_path)), "--out", str(out), "--pairs-format", "csv"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    report = json.loads((out / "report.json").read_text())
    assert report["primary_metric"] == "to_m" and report["metric"] == "cloze-gender"
    assert "|metric:cloze-gender|cloze:last|vectors:toy.vec#" in report["signature"]
    groups = {(g["variant"], g["context_type"]): g for g in report["groups"]}
    assert set(groups) == {("GenderLex", "verb"), ("GenderLex", "noun")}
    assert groups[("GenderLex", "noun")]["oov"] == 1  # "drinks" has no vector
    verb_group = groups[("GenderLex", "verb")]
    assert verb_group["oov"] == 0 and verb_group["weat"]["targets"] == [4, 4]
    scored = pl.read_csv(out / "scores.csv")
    assert scored.height == 12
    assert (out / "cloze.png").read_bytes().startswith(b"\x89PNG")
    assert "| GenderLex | verb | 3 |" in (out / "report.md").read_text()
    again = CliRunner().invoke(app, args)  # resumed from the cache: same numbers
    assert again.exit_code == 0
    assert json.loads((out / "report.json").read_text())["groups"] == report["groups"]


def test_cloze_gender_refuses_a_masked_model(tiny_bert, tmp_path):
    verb = _write(tmp_path, "GenderLex_verb.csv", GENDERLEX)
    args = ["score", str(verb), "--metric", "cloze-gender", "--model", str(tiny_bert)]
    result = CliRunner().invoke(
        app, [*args, "--vectors", str(_vectors_file(tmp_path)), "--out", str(tmp_path / "o")]
    )
    assert result.exit_code != 0 and "causal LM" in str(result.exception)
