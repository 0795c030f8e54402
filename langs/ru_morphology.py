"""Russian paradigms and analyses through pymorphy3 (OpenCorpora's dictionary).

Slots name the case with pymorphy3's own case tags: nouns ``sg_nomn`` ... ``pl_loct``,
adjectives ``m_nomn`` ... ``pl_loct`` (masculine, feminine, neuter, plural x six cases).
A paradigm keeps the dictionary's first form of each slot, leaving out forms the
dictionary marks as informal, archaic or a variant (братий, сестрою): the first form
is the one written into a swapped sentence.
"""

from __future__ import annotations

from functools import cache

from aligner.errors import require

CASES = ("nomn", "gent", "datv", "accs", "ablt", "loct")
NOUN_SLOTS = tuple(f"{number}_{case}" for number in ("sg", "pl") for case in CASES)
ADJ_SLOTS = tuple(f"{kind}_{case}" for kind in ("m", "f", "n", "pl") for case in CASES)
_GENDERS = {"m": "masc", "f": "femn", "n": "neut"}
_MARKED = {"Infr", "Arch", "Dist", "V-oy", "V-ey", "V-ej", "V-be", "V-en", "Erro", "Slng"}


@cache
def analyser():
    morph = require("pymorphy3", "ru", "Russian morphology")
    return morph.MorphAnalyzer()


def slot_of(tag) -> str | None:
    """The slot a pymorphy3 tag fills, or None (a verb, an unmarked form)."""
    if tag.case not in CASES:
        return None
    if tag.POS == "NOUN":
        return f"{'pl' if tag.number == 'plur' else 'sg'}_{tag.case}"
    if tag.POS in ("ADJF", "PRTF"):
        if tag.number == "plur":
            return f"pl_{tag.case}"
        kind = {value: key for key, value in _GENDERS.items()}.get(tag.gender)
        return f"{kind}_{tag.case}" if kind else None
    return None


def _lexeme(lemma: str, pos: str):
    wanted = ("ADJF",) if pos == "adj" else ("NOUN",)
    parses = [p for p in analyser().parse(lemma) if p.tag.POS in wanted]
    exact = [p for p in parses if p.normal_form == lemma.lower()]
    return (exact or parses)[0].lexeme if (exact or parses) else []


def paradigm(lemma: str, pos: str = "noun") -> dict[str, tuple[str, ...]]:
    """Every slot of ``lemma`` filled with the dictionary's first unmarked form."""
    forms: dict[str, tuple[str, ...]] = {}
    for form in _lexeme(lemma, pos):
        slot = slot_of(form.tag)
        if slot is None or slot in forms or form.tag.grammemes & _MARKED:
            continue
        # Adjectives list masculine accusative twice (animate = genitive, inanimate =
        # nominative); a person's adjective takes the animate one.
        if slot == "m_accs" and "inan" in form.tag.grammemes:
            continue
        forms[slot] = (form.word,)
    return forms


def form_problems(lemmas: tuple[str, ...], forms: dict[str, tuple[str, ...]]) -> list[str]:
    """Forms that pymorphy3 does not read as one of ``lemmas`` in their slot."""
    wanted = {lemma.lower() for lemma in lemmas}
    problems = []
    for slot, found in forms.items():
        for form in found:
            read = {(p.normal_form, slot_of(p.tag)) for p in analyser().parse(form)}
            if not any((lemma, slot) in read for lemma in wanted):
                got = ", ".join(sorted(f"{n} {s}" for n, s in read if s)[:3]) or "nothing"
                problems.append(f"{slot} {form!r} reads as {got}")
    return problems


def gender_name(gender: str) -> str:
    return _GENDERS[gender]


def regender(parse, gender: str) -> str | None:
    """``parse``'s word in another gender, all else kept (устала -> устал, мою -> моего).

    A person's masculine accusative attribute is the animate one (моего брата, not
    мой брат as an object); the feminine has no such distinction.
    """
    target = _GENDERS[gender]
    if parse.tag.POS not in ("ADJF", "PRTF"):
        found = parse.inflect({target})
        return found.word if found is not None else None
    for form in parse.lexeme:
        tag = form.tag
        if (tag.POS == parse.tag.POS and tag.gender == target and tag.number == "sing"
                and tag.case == parse.tag.case and not tag.grammemes & _MARKED
                and not (tag.case == "accs" and "inan" in tag.grammemes)):
            return form.word
    return None
