"""Reason codes for every pair that is not carried over or not accepted.

One table for transfer and validator alike, so a reviewer, the gold file and the
benchmark report all speak the same short codes; the message template says, in
words a linguist understands, what to look at.
"""

from __future__ import annotations

from dataclasses import dataclass, field

OK = "ok"
REJECTED = "rejected"
REVIEW = "review"  # transfer made a pair a linguist must confirm (a stand-in)

# Transfer: why an English pair gave no target pair.
GENDERLESS_PRONOUN = "genderless-pronoun"
CONCEPT_NOT_IN_TARGET_LINE = "concept-not-in-target-line"
NO_TARGET_EQUIVALENT = "no-target-equivalent"
AMBIGUOUS_MATCH = "ambiguous-match"
AGREEMENT_UNRESOLVED = "agreement-unresolved"
LOW_ALIGNMENT_CONFIDENCE = "low-alignment-confidence"
NOT_ALIGNED = "not-aligned"
ENGLISH_NOT_A_SWAP = "english-not-a-swap"
STAND_IN = "stand-in"

# Proposals: why a keyword line gave no English pair (aligner/pairs/mentions.py).
TWO_PEOPLE = "two-people"
SEVERAL_TERMS = "several-terms"
NO_COUNTERPART = "no-counterpart"

# Validator: why a pair is not a clean minimal pair.
IDENTICAL = "identical"
NO_CONCEPT_SWAP = "no-concept-swap"
DOUBLE_SWITCH = "double-switch"
MIXED_SWAPS = "mixed-swaps"
CROSS_CATEGORY = "cross-category"
SAME_GENDER = "same-gender"
NAME_AND_TERM = "name-and-term"
NAMES_ALIKE = "names-alike"
NO_PARTNER = "no-partner"
NOT_A_GROUP_TERM = "not-a-group-term"
SLOT_MISMATCH = "slot-mismatch"
AGREEMENT_MISSING = "agreement-missing"
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
               "the English pair swaps {words}; in this {language} line nothing marks "
               "the pronoun's gender"),
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
        Reason(STAND_IN,
               "the aligned {language} line has no form of {concept}; {surface} ({found}) "
               "was swapped in its place: check that it means the same here"),
        Reason(TWO_PEOPLE,
               "the line mentions people of both genders ({words}); a pair swaps one person"),
        Reason(SEVERAL_TERMS,
               "the line names {terms}; a pair swaps one person or group"),
        Reason(NO_COUNTERPART, "{concept} has no counterpart in the lexicon to swap it for"),
        Reason(IDENTICAL, "the two sentences are the same ({detail})"),
        Reason(NO_CONCEPT_SWAP,
               "no bias term (lexicon word or listed name) is swapped; the difference is {words}"),
        Reason(DOUBLE_SWITCH, "{count} terms are swapped ({swaps}); a pair swaps one term "
                              "(every mention of it the same way)"),
        Reason(MIXED_SWAPS, "the swaps go different ways ({swaps}): a pair changes one "
                            "person or group, every mention of it the same way"),
        Reason(CROSS_CATEGORY,
               "{more} ({more_category}) and {less} ({less_category}) are in different "
               "bias categories"),
        Reason(SAME_GENDER,
               "{more} and {less} have the same gender ({gender}); a gender pair swaps "
               "opposite genders"),
        Reason(NAME_AND_TERM,
               "{more} and {less}: a person name is swapped with a group word"),
        Reason(NAMES_ALIKE,
               "the names {more} and {less} belong to the same groups in names.toml"),
        Reason(NO_PARTNER,
               "{term} is not swapped with another bias term; the difference is {words}"),
        Reason(NOT_A_GROUP_TERM,
               "'{word}' {why}: a bias pair sets '{term}' against another group or, "
               "outside gender, against a description of people"),
        Reason(SLOT_MISMATCH,
               "{more} ({more_slot}) and {less} ({less_slot}) differ in case or number"),
        Reason(AGREEMENT_MISSING,
               "words that agree with the swapped term were not changed with it: {words}"),
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


@dataclass(frozen=True)
class Problem:
    """Why a pair is not valid (or not carried over): a reason code and its message details."""

    code: str
    details: dict[str, object] = field(default_factory=dict)

    def message(self) -> str:
        return message(self.code, **self.details)
