"""U/M sets on tokens and on words, and the word ties they rest on."""

import pytest
from tokenizers import Tokenizer, models, pre_tokenizers
from transformers import AutoTokenizer, PreTrainedTokenizerFast

from aligner.score.encode import encode_sentences
from aligner.score.metrics import get_metric
from aligner.score.parts import split_pair
from aligner.score.words import split_words


@pytest.fixture(scope="module")
def tokenizer(tiny_bert):
    return AutoTokenizer.from_pretrained(str(tiny_bert))


def _pair(tokenizer, more: str, less: str, units: str):
    a, b = encode_sentences(tokenizer, [more, less], split_words)
    return split_pair(a, b, units)


def _tokens(tokenizer, parts, which: str) -> list[str]:
    ids = parts.sentence.ids
    return [tokenizer.convert_ids_to_tokens(ids[p]) for p in getattr(parts, which)]


def test_token_units_count_the_shared_subword_of_a_swapped_word(tokenizer):
    more, _ = _pair(tokenizer, "naiste töö on raske.", "meeste töö on raske.", "token")
    assert _tokens(tokenizer, more, "modified") == ["nais"]
    assert "##te" in _tokens(tokenizer, more, "shared")


def test_word_units_keep_the_whole_swapped_word_modified(tokenizer):
    more, less = _pair(tokenizer, "naiste töö on raske.", "meeste töö on raske.", "word")
    assert _tokens(tokenizer, more, "modified") == ["nais", "##te"]
    assert _tokens(tokenizer, less, "modified") == ["mees", "##te"]
    assert _tokens(tokenizer, more, "shared") == ["töö", "on", "raske", "."]


def test_special_tokens_are_neither_shared_nor_modified(tokenizer):
    more, _ = _pair(tokenizer, "He is a nurse.", "She is a nurse.", "word")
    assert 0 not in more.shared + more.modified
    assert len(more.shared) + len(more.modified) == len(more.sentence) - 2


def test_inserted_words_are_modified_on_one_side_only(tokenizer):
    more, less = _pair(tokenizer, "Poor people are lazy.", "People are lazy.", "word")
    assert _tokens(tokenizer, more, "modified") == ["poor"]
    assert less.modified == ()


def test_word_l2r_masks_the_later_pieces_of_the_same_word(tokenizer):
    more, _ = _pair(tokenizer, "The women mixed drinks.", "The men mixed drinks.", "word")
    ids = more.sentence.ids
    masks = {
        tokenizer.convert_ids_to_tokens(ids[c.targets[0]]): [
            tokenizer.convert_ids_to_tokens(ids[p]) for p in c.masked
        ]
        for c in get_metric("cps", "word-l2r").copies(more)
    }
    assert masks["mix"] == ["mix", "##ed"]
    assert masks["##ed"] == ["##ed"]
    assert masks["the"] == ["the"]


def test_lone_sentencepiece_space_token_joins_the_next_word():
    vocab = {"<unk>": 0, "▁": 1, "(": 2, "b": 3, "▁a": 4, "a": 5, ")": 6}
    backend = Tokenizer(models.BPE(vocab=vocab, merges=[("▁", "a")], unk_token="<unk>"))
    backend.pre_tokenizer = pre_tokenizers.Metaspace()
    tokenizer = PreTrainedTokenizerFast(tokenizer_object=backend, unk_token="<unk>")
    (sentence,) = encode_sentences(tokenizer, ["a (b)"], split_words)
    assert tokenizer.convert_ids_to_tokens(list(sentence.ids)) == ["▁a", "▁", "(", "b", ")"]
    assert sentence.words == ((0,), (1,), (1,), (2,), (3,))


def test_bos_is_prepended_for_causal_models_and_never_scored(tiny_gpt2):
    tokenizer = AutoTokenizer.from_pretrained(str(tiny_gpt2))
    (sentence,) = encode_sentences(
        tokenizer, ["He is a nurse."], split_words, tokenizer.bos_token_id
    )
    assert sentence.ids[0] == tokenizer.bos_token_id
    assert sentence.scorable[0] is False and all(sentence.scorable[1:])
