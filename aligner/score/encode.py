"""Sentences as the model sees them: token ids tied to the words they spell.

Every metric needs the same three facts about a token: its id, whether it may be
scored at all (special tokens never are), and which words of the sentence it
overlaps. The word tie is what lets U/M sets and the PLL-word-l2r mask work on
words while the model works on subwords.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from aligner.plugins import Token
from aligner.score.words import WordSplitter


@dataclass(frozen=True)
class EncodedSentence:
    """Token ids with, per token, whether it is scorable and the word indices it overlaps."""

    ids: tuple[int, ...]
    scorable: tuple[bool, ...]
    words: tuple[tuple[int, ...], ...]
    word_texts: tuple[str, ...]

    def __len__(self) -> int:
        return len(self.ids)

    def positions(self) -> list[int]:
        return [i for i, ok in enumerate(self.scorable) if ok]


def encode_sentences(
    tokenizer, texts: Sequence[str], split: WordSplitter, bos_id: int | None = None
) -> list[EncodedSentence]:
    """Tokenize ``texts`` in one call; ``bos_id`` is prepended when the tokenizer leaves it out.

    Causal LMs need a leading BOS so that the first word is predicted from something.
    """
    batch = tokenizer(
        list(texts),
        add_special_tokens=True,
        return_offsets_mapping=True,
        return_special_tokens_mask=True,
    )
    encoded = []
    for i, text in enumerate(texts):
        ids = list(batch["input_ids"][i])
        special = [bool(s) for s in batch["special_tokens_mask"][i]]
        offsets = [tuple(o) for o in batch["offset_mapping"][i]]
        if bos_id is not None and (not ids or ids[0] != bos_id):
            ids, special, offsets = [bos_id, *ids], [True, *special], [(0, 0), *offsets]
        words = split(text)
        encoded.append(
            EncodedSentence(
                ids=tuple(ids),
                scorable=tuple(not s for s in special),
                words=_token_words(offsets, special, words),
                word_texts=tuple(w.text for w in words),
            )
        )
    return encoded


def _token_words(
    offsets: list[tuple[int, int]], special: list[bool], words: list[Token]
) -> tuple[tuple[int, ...], ...]:
    """Word indices each token overlaps.

    A token that covers only whitespace (SentencePiece's lone "▁") belongs to the
    word that the next token starts, or to the previous word at the end.
    """
    found: list[tuple[int, ...]] = []
    for (start, end), is_special in zip(offsets, special, strict=True):
        if is_special:
            found.append(())
            continue
        found.append(
            tuple(w for w, word in enumerate(words) if word.start < end and start < word.end)
        )
    resolved = list(found)
    for i in range(len(resolved) - 1, -1, -1):
        if not special[i] and not resolved[i] and i + 1 < len(resolved) and resolved[i + 1]:
            resolved[i] = resolved[i + 1][:1]
    for i in range(1, len(resolved)):
        if not special[i] and not resolved[i] and resolved[i - 1]:
            resolved[i] = resolved[i - 1][-1:]
    return tuple(resolved)
