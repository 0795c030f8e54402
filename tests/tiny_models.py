"""Tiny seeded language models saved to disk, for tests that load models by path.

No weights can be downloaded here, so tests build BERT and GPT-2 models of a few
thousand parameters, save them with save_pretrained and load them back through the
same code path a user's local model directory takes.
"""

from __future__ import annotations

from pathlib import Path

import torch
from tokenizers import Tokenizer, models, normalizers, pre_tokenizers, trainers
from transformers import (
    BertConfig,
    BertForMaskedLM,
    BertTokenizer,
    GPT2Config,
    GPT2LMHeadModel,
    PreTrainedTokenizerFast,
)

SPECIAL = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]


def bert(directory: Path, seed: int, vocabulary: list[str]) -> Path:
    """A 2-layer BertForMaskedLM with a WordPiece vocabulary; ``vocabulary`` starts with SPECIAL."""
    directory.mkdir(parents=True)
    vocab = directory / "vocab.txt"
    vocab.write_text("\n".join(vocabulary) + "\n", encoding="utf-8")
    tokenizer = BertTokenizer(str(vocab), do_lower_case=True, strip_accents=False)
    torch.manual_seed(seed)
    config = BertConfig(
        vocab_size=len(vocabulary),
        hidden_size=32,
        num_hidden_layers=2,
        num_attention_heads=4,
        intermediate_size=64,
        max_position_embeddings=64,
    )
    BertForMaskedLM(config).save_pretrained(directory)
    tokenizer.save_pretrained(directory)
    return directory


def gpt2(directory: Path, seed: int, texts: list[str]) -> Path:
    """A 2-layer GPT-2 with a byte-level BPE learnt from ``texts``."""
    directory.mkdir(parents=True)
    bpe = Tokenizer(models.BPE(unk_token="<unk>"))
    bpe.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    trainer = trainers.BpeTrainer(
        vocab_size=300,
        special_tokens=["<|endoftext|>", "<unk>"],
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
    )
    bpe.train_from_iterator(texts, trainer)
    tokenizer = PreTrainedTokenizerFast(
        tokenizer_object=bpe, bos_token="<|endoftext|>", eos_token="<|endoftext|>"
    )
    torch.manual_seed(seed)
    config = GPT2Config(
        vocab_size=bpe.get_vocab_size(), n_embd=32, n_layer=2, n_head=4, n_positions=64
    )
    GPT2LMHeadModel(config).save_pretrained(directory)
    tokenizer.save_pretrained(directory)
    return directory


def wordpiece_vocabulary(texts: list[str], size: int) -> list[str]:
    backend = Tokenizer(models.WordPiece(unk_token="[UNK]"))
    backend.normalizer = normalizers.BertNormalizer(lowercase=True, strip_accents=False)
    backend.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    backend.train_from_iterator(
        texts, trainers.WordPieceTrainer(vocab_size=size, special_tokens=SPECIAL)
    )
    return [token for token, _ in sorted(backend.get_vocab().items(), key=lambda item: item[1])]
