"""Reason codes for every pair that is not carried over or not accepted.

One table for transfer and validator alike, so a reviewer, the gold file and the
benchmark report all speak the same short codes; the message template says, in
words a linguist understands, what to look at.
"""

from __future__ import annotations

from dataclasses import dataclass

OK = "ok"
REJECTED = "rejected"

# Transfer: why an English pair gave no target pair.
GENDERLESS_PRONOUN = "genderless-pronoun"
CONCEPT_NOT_IN_TARGET_LINE = "concept-not-in-target-line"
NO_TARGET_EQUIVALENT = "no-target-equivalent"
AMBIGUOUS_MATCH = "ambiguous-match"
AGREEMENT_UNRESOLVED = "agreement-unresolved"
LOW_ALIGNMENT_CONFIDENCE = "low-alignment-confidence"
NOT_ALIGNED = "not-aligned"
ENGLISH_NOT_A_SWAP = "english-not-a-swap"

# Validator: why a pair is not a clean minimal pair.
IDENTICAL = "identical"
NO_CONCEPT_SWAP = "no-concept-swap"
DOUBLE_SWITCH = "double-switch"
NOT_COUNTERPARTS = "not-counterparts"
SLOT_MISMATCH = "slot-mismatch"
NOT_MINIMAL = "not-minimal"
TOKENIZER_COLLAPSE = "tokenizer-collapse"
LENGTH = "length"


@dataclass(frozen=True)
class Reason:
    code: str
    template: str

    def message(self, **details: object) -> str:
        return self.template.format(**details)


REASONS: dict[str, Reason] = {
    reason.code: reason
    for reason in (
        Reason(GENDERLESS_PRONOUN,
               "the English pair differs only in {words}; {language} pronouns do not mark gender"),
        Reason(CONCEPT_NOT_IN_TARGET_LINE,
               "the aligned {language} line has no form of {concept}"),
        Reason(NO_TARGET_EQUIVALENT, "{language} has no form of {concept} for this: {detail}"),
        Reason(AMBIGUOUS_MATCH,
               "{concept} occurs {count} times in the aligned line; which one to swap is unclear"),
        Reason(AGREEMENT_UNRESOLVED, "agreement with the swapped word is unclear: {detail}"),
        Reason(LOW_ALIGNMENT_CONFIDENCE,
               "alignment confidence {confidence:.2f} is below {threshold:.2f}"),
        Reason(NOT_ALIGNED, "English cue {cue_id} has no aligned {language} line"),
        Reason(ENGLISH_NOT_A_SWAP, "the English pair is not one concept swap: {detail}"),
        Reason(IDENTICAL, "the two sentences are the same"),
        Reason(NO_CONCEPT_SWAP, "no lexicon concept is swapped; the difference is {words}"),
        Reason(DOUBLE_SWITCH, "{count} concepts are swapped ({swaps}); a pair swaps exactly one"),
        Reason(NOT_COUNTERPARTS, "{more} and {less} are not counterparts in the same category"),
        Reason(SLOT_MISMATCH,
               "{more} ({more_slot}) and {less} ({less_slot}) differ in case or number"),
        Reason(NOT_MINIMAL,
               "words other than the swap and its agreement differ: {words}"),
        Reason(TOKENIZER_COLLAPSE,
               "{tokenizer} tokenizes both sentences identically ({tokens})"),
        Reason(LENGTH, "{detail}"),
    )
}


def message(code: str, **details: object) -> str:
    """The human message for ``code``; a missing detail is a bug in the caller."""
    return REASONS[code].message(**details)
