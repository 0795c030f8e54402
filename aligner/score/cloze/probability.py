"""Cloze probabilities of a causal LM: the slot given what precedes it, or every word.

ClozeLast (seed 002, §3) is P(slot | preceding words): the product of the slot
tokens' probabilities, each given the tokens before it; in GenderLex the slot is
the last word, and the same definition serves a slot anywhere. ClozeAll is the
mean over the sentence's words, the first and punctuation excepted, of
P(word | preceding words); a word of several tokens has the product of theirs.
Both come from one teacher-forced pass per sentence: the evaluator returns every
token's log-probability given its prefix.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from aligner.score.cloze.words import cloze_words, is_punctuation
from aligner.score.copies import Evaluator, MaskedCopy
from aligner.score.encode import EncodedSentence, encode_sentences
from aligner.score.lm import LanguageModel

CLOZE_MODES = ("last", "all")


@dataclass(frozen=True)
class ClozeSentence:
    """A sentence as tokens, each token's word, and the slot's word span."""

    encoded: EncodedSentence
    slot: tuple[int, int]

    def token_word(self) -> list[int | None]:
        """The first word each token overlaps; None for special and word-less tokens."""
        return [words[0] if words else None for words in self.encoded.words]


def encode_cloze(
    lm: LanguageModel, sentences: Sequence[str], slots: Sequence[tuple[int, int]]
) -> list[ClozeSentence]:
    encoded = encode_sentences(lm.tokenizer, list(sentences), cloze_words, lm.bos_id)
    return [ClozeSentence(e, slot) for e, slot in zip(encoded, slots, strict=True)]


def cloze_copies(sentence: ClozeSentence) -> MaskedCopy:
    """Every token after the first, scored from its prefix: one copy serves both modes."""
    targets = tuple(p for p in sentence.encoded.positions() if p > 0)
    return MaskedCopy(sentence.encoded.ids, (), targets)


def cloze_probabilities(
    sentences: Sequence[ClozeSentence], evaluator: Evaluator
) -> tuple[np.ndarray, np.ndarray]:
    """(log ClozeLast, ClozeAll) per sentence; NaN where there is nothing to score."""
    copies = [cloze_copies(s) for s in sentences]
    results = evaluator.evaluate(copies)
    last, every = [], []
    for sentence, copy, scores in zip(sentences, copies, results, strict=True):
        by_word = _word_logprobs(sentence, copy.targets, scores.logprobs)
        last.append(_slot_logprob(sentence, by_word))
        every.append(_mean_word_probability(sentence, by_word))
    return np.array(last, dtype=np.float64), np.array(every, dtype=np.float64)


def _word_logprobs(
    sentence: ClozeSentence, targets: Sequence[int], logprobs: np.ndarray
) -> dict[int, float]:
    """Summed token log-probabilities per word, for words whose every token was scored."""
    owner = sentence.token_word()
    scored = dict(zip(targets, logprobs, strict=True))
    sums: dict[int, float] = {}
    complete: dict[int, bool] = {}
    for position, word in enumerate(owner):
        if word is None:
            continue
        if position in scored:
            sums[word] = sums.get(word, 0.0) + float(scored[position])
            complete.setdefault(word, True)
        else:
            complete[word] = False
    return {word: total for word, total in sums.items() if complete[word]}


def _slot_logprob(sentence: ClozeSentence, by_word: dict[int, float]) -> float:
    start, end = sentence.slot
    words = range(start, end)
    if not all(w in by_word for w in words):
        return math.nan  # the slot opens the sentence and there is no BOS to predict it from
    return float(sum(by_word[w] for w in words))


def _mean_word_probability(sentence: ClozeSentence, by_word: dict[int, float]) -> float:
    texts = sentence.encoded.word_texts
    kept = [
        math.exp(by_word[w])
        for w in range(1, len(texts))
        if w in by_word and not is_punctuation(texts[w])
    ]
    return float(np.mean(kept)) if kept else math.nan
