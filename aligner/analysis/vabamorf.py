"""Estonian morphology through estnltk's Vabamorf, called directly.

estnltk's default text pipeline asks nltk to download a sentence tokenizer; the
Vabamorf functions below need nothing from the network.
"""

from __future__ import annotations

from aligner.errors import require

# The 14 cases in Vabamorf's codes, in grammar-book order.
CASES: tuple[str, ...] = (
    "n",
    "g",
    "p",
    "ill",
    "in",
    "el",
    "all",
    "ad",
    "abl",
    "tr",
    "ter",
    "es",
    "ab",
    "kom",
)
SLOTS: tuple[str, ...] = tuple(f"{number}_{case}" for number in ("sg", "pl") for case in CASES)
_POS = {"noun": "S", "adj": "A"}


def _morf():
    return require("estnltk.vabamorf.morf", "et", "Estonian morphology")


def synthesize_slots(lemma: str, pos: str = "noun") -> dict[str, tuple[str, ...]]:
    """Every case and number form Vabamorf generates for ``lemma``; short illatives join sg_ill.

    A slot Vabamorf cannot fill (a plural-only noun's singular) is left out, for a
    reviewer to notice.
    """
    synthesize = _morf().synthesize

    tag = _POS.get(pos, "")
    # The English part of speech is only a hint: "white" is an adjective, valgenahaline a noun.
    if tag and not synthesize(lemma, "sg n", tag):
        tag = ""
    forms: dict[str, tuple[str, ...]] = {}
    for slot in SLOTS:
        number, case = slot.split("_")
        found = list(synthesize(lemma, f"{number} {case}", tag))
        if slot == "sg_ill":
            found += synthesize(lemma, "adt", tag)
        if found:
            # Vabamorf repeats some forms, and proper names come back in both cases.
            unique = list({f.lower(): f for f in reversed(found)}.values())[::-1]
            if number == "pl":
                # Variants in one order for every concept, so that alternatives stay
                # parallel across counterparts: the de-plural (kristlastelt) before the
                # i-plural (kristlasilt), i.e. the longer form first.
                unique.sort(key=len, reverse=True)
            forms[slot] = tuple(unique)
    return forms


def analyse_forms(words: list[str]) -> list[set[str]]:
    """For each word, the ``<num>_<case>`` slots Vabamorf reads it as, after disambiguation."""
    result = _morf().Vabamorf.instance().analyze(words, disambiguate=True, guess=True)
    slots: list[set[str]] = []
    for item in result:
        found = set()
        for analysis in item["analysis"]:
            parts = analysis["form"].split()
            if len(parts) == 2 and parts[0] in ("sg", "pl") and parts[1] in CASES:
                found.add(f"{parts[0]}_{parts[1]}")
        slots.append(found)
    return slots
