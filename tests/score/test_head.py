"""The gathered head gives the same logits as the full head, across architectures."""

import pytest
import torch
from transformers import (
    BertConfig,
    BertForMaskedLM,
    DistilBertConfig,
    DistilBertForMaskedLM,
    GPT2Config,
    GPT2LMHeadModel,
    ModernBertConfig,
    ModernBertForMaskedLM,
    XLMRobertaConfig,
    XLMRobertaForMaskedLM,
)

from aligner.errors import ConfigError
from aligner.score.head import head_module, head_rows

SMALL = {"vocab_size": 97}
ENCODER = {**SMALL, "hidden_size": 16, "num_hidden_layers": 1, "num_attention_heads": 2,
           "intermediate_size": 32}  # fmt: skip
SPECIAL_IDS = {"pad_token_id": 0, "bos_token_id": 1, "eos_token_id": 2, "cls_token_id": 1,
               "sep_token_id": 2}  # fmt: skip


def _bert():
    return BertForMaskedLM(BertConfig(**ENCODER))


def _xlmr():
    return XLMRobertaForMaskedLM(XLMRobertaConfig(**ENCODER))


def _distilbert():
    return DistilBertForMaskedLM(
        DistilBertConfig(**SMALL, dim=16, n_layers=1, n_heads=2, hidden_dim=32)
    )


def _modernbert():
    return ModernBertForMaskedLM(ModernBertConfig(**ENCODER, **SPECIAL_IDS))


def _gpt2():
    return GPT2LMHeadModel(GPT2Config(**SMALL, n_embd=16, n_layer=1, n_head=2))


@pytest.mark.parametrize(
    ("build", "head_name"),
    [
        (_bert, "cls"),
        (_xlmr, "lm_head"),
        (_distilbert, "vocab_projector"),
        (_modernbert, "decoder"),
        (_gpt2, "lm_head"),
    ],  # fmt: skip
)
def test_gathered_rows_equal_full_logits(build, head_name):
    torch.manual_seed(3)
    model = build().eval()
    assert head_module(model) is getattr(model, head_name)
    ids = torch.randint(5, 97, (3, 9))
    keep = torch.ones_like(ids)
    keep[1, 6:] = 0
    rows = torch.tensor([0, 4, 9 + 2, 9 + 5, 18 + 8])
    with torch.inference_mode():
        full = model(input_ids=ids, attention_mask=keep).logits.reshape(-1, 97)[rows]
        with head_rows(model, rows):
            gathered = model(input_ids=ids, attention_mask=keep).logits
    assert gathered.shape == (5, 97)
    torch.testing.assert_close(gathered, full, rtol=0, atol=1e-5)


def test_hook_is_removed_afterwards():
    model = _bert().eval()
    ids = torch.randint(5, 97, (1, 4))
    with torch.inference_mode(), head_rows(model, torch.tensor([1])):
        pass
    assert model(input_ids=ids).logits.shape == (1, 4, 97)


def test_model_without_head_is_a_config_error():
    from transformers import BertModel

    with pytest.raises(ConfigError, match="output embeddings"):
        head_module(BertModel(BertConfig(**ENCODER)))
