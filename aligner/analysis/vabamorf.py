"""Estonian morphology through estnltk's Vabamorf, called directly.

estnltk's default text pipeline asks nltk to download a sentence tokenizer; the
Vabamorf functions below need nothing from the network.

Lexicon forms come from here in both directions: ``synthesize_slots`` writes a
paradigm from a lemma, and ``form_problems`` reads every form back, so a form a
linguist typed is held to the same standard as a generated one.
"""

from __future__ import annotations

from functools import cache

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
# A lemma Vabamorf's dictionary lacks is inflected like a known word with the same
# derivational ending: left to guess, Vabamorf inflects kiribatilane as if -ne were
# an adjective ending (gen. *kiribatilane, pl. *kiribatilaned instead of
# kiribatilase, kiribatilased). Every demonym is a -lane word.
MODELS: dict[str, str] = {"lane": "soomlane"}


def _morf():
    return require("estnltk.vabamorf.morf", "et", "Estonian morphology")


@cache
def known(word: str) -> bool:
    """Whether Vabamorf's dictionary has ``word`` (as opposed to guessing at it)."""
    analyser = _morf().Vabamorf.instance()
    found = analyser.analyze([word], disambiguate=False, guess=False, propername=False)
    return bool(found[0]["analysis"])


def _model(lemma: str) -> tuple[str, str] | None:
    """(model word, the part of the lemma that replaces the model's stem)."""
    for ending, model in MODELS.items():
        if lemma.endswith(ending) and not known(lemma):
            return model, lemma[: len(lemma) - len(ending)]
    return None


def _raw_slots(lemma: str, pos: str) -> dict[str, list[str]]:
    synthesize = _morf().synthesize
    tag = _POS.get(pos, "")
    # The English part of speech is only a hint: "white" is an adjective, valgenahaline a noun.
    if tag and not synthesize(lemma, "sg n", tag):
        tag = ""
    forms: dict[str, list[str]] = {}
    for slot in SLOTS:
        number, case = slot.split("_")
        found = list(synthesize(lemma, f"{number} {case}", tag))
        if slot == "sg_ill":
            found += synthesize(lemma, "adt", tag)
        # Vabamorf repeats some forms, and proper names come back in both cases.
        unique = list({f.lower(): f for f in reversed(found)}.values())[::-1]
        if unique:
            forms[slot] = unique
    return forms


def natural_order(forms: dict[str, list[str]]) -> dict[str, tuple[str, ...]]:
    """Variants with the usual one first, by the grammar's own rule.

    Vabamorf lists the genitive and partitive plural the way the dictionary (ÕS)
    does, ordinary form first (poiste before poisside, poisse before poissisid,
    vanu before vanasid). The other plural cases are built on the genitive plural
    in today's usage (poiste -> poistelt, kristlaste -> kristlastelt) while the
    i-plural (kristlasilt, vanult) is bookish, so forms built on the first genitive
    plural go first. A corpus, when one is given to ``align lexicon expand
    --counts``, overrides this order.
    """
    genitive = forms.get("pl_g", [""])[0]
    ordered: dict[str, tuple[str, ...]] = {}
    for slot, found in forms.items():
        if slot.startswith("pl_") and slot not in ("pl_n", "pl_g", "pl_p") and genitive:
            found = sorted(found, key=lambda form: not form.startswith(genitive))
        ordered[slot] = tuple(found)
    return ordered


def synthesize_slots(lemma: str, pos: str = "noun") -> dict[str, tuple[str, ...]]:
    """Every case and number form of ``lemma``, usual variant first; short illatives join sg_ill.

    A slot Vabamorf cannot fill (a plural-only noun's singular) is left out, for a
    reviewer to notice.
    """
    model = _model(lemma)
    if model is None:
        return natural_order(_raw_slots(lemma, pos))
    word, stem = model
    model_stem = word[: len(word) - len(lemma) + len(stem)]
    grafted = {
        slot: [stem + form[len(model_stem) :] for form in found]
        for slot, found in _raw_slots(word, pos).items()
    }
    return natural_order(grafted)


def _lemma_key(lemma: str) -> str:
    """Lemma spellings that name one word: compound marks, case, and the diminutive
    -kene that Vabamorf lemmatises as -ke (mehekene = meheke)."""
    key = lemma.replace("=", "").replace("_", "").lower()
    return key[:-4] + "ke" if key.endswith("kene") else key


def analyses(words: list[str]) -> list[set[tuple[str, str]]]:
    """Every (lemma, slot) Vabamorf's dictionary reads each word as, without context and
    without guessing (a guess accepts *kiribatilanet as well as kiribatilast); ``adt``
    is sg_ill."""
    analyser = _morf().Vabamorf.instance()
    result = analyser.analyze(words, disambiguate=False, guess=False, propername=False)
    read: list[set[tuple[str, str]]] = []
    for item in result:
        found = set()
        for analysis in item["analysis"]:
            lemma = _lemma_key(analysis["lemma"])
            if analysis["form"] == "adt":
                found.add((lemma, "sg_ill"))
            parts = analysis["form"].split()
            if len(parts) == 2 and parts[0] in ("sg", "pl") and parts[1] in CASES:
                found.add((lemma, f"{parts[0]}_{parts[1]}"))
        read.append(found)
    return read


def form_problems(
    lemmas: str | tuple[str, ...], forms: dict[str, tuple[str, ...]], pos: str = "noun"
) -> list[str]:
    """Forms that do not read back as one of ``lemmas`` in their slot.

    An entry may list variants of more than one word (poissmees and vanapoiss for
    bachelor); each form must belong to one of them. The last word of a form is
    checked against the last word of the lemma (poiss-sõbra, "vana mehe"). A form
    also passes when synthesis gives it for that lemma and slot: some forms the
    dictionary reads only as another word (isalikult, "fatherly", as the adverb),
    and a lemma the dictionary lacks (kiribatilane, buumer) has no analysis to read
    back, only its synthesis from a model word (``MODELS``) or Vabamorf's guess.
    """
    heads = [lemma.replace("-", " ").split()[-1] for lemma in (
        (lemmas,) if isinstance(lemmas, str) else lemmas)]
    keys = {_lemma_key(head) for head in heads}
    checked = [(slot, form) for slot, found in forms.items() if slot in SLOTS for form in found]
    words = [form.replace("-", " ").split()[-1] for _, form in checked]
    read = analyses(words)
    synthesized: list[dict[str, tuple[str, ...]]] | None = None
    problems = []
    for (slot, form), word, found in zip(checked, words, read, strict=True):
        if any((key, slot) in found for key in keys):
            continue
        if synthesized is None:
            synthesized = [synthesize_slots(head, pos) for head in heads]
        if any(word.lower() in (f.lower() for f in s.get(slot, ())) for s in synthesized):
            continue
        got = ", ".join(sorted(f"{lem} {s}" for lem, s in found)[:3]) or "nothing"
        problems.append(f"{slot} {form!r} reads as {got}")
    return problems


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


def noun_lemmas(words: list[str]) -> list[str | None]:
    """For each word, its lemma (a compound's parts joined by "-": müügi-mees) when every
    reading Vabamorf has for it is a common noun (S); None when one is an adjective
    (targad: the wise, or wise), a verb or a name. Read without disambiguation, since in
    context an adjective standing for people is often taken for a noun."""
    analyser = _morf().Vabamorf.instance()
    result = analyser.analyze(words, disambiguate=False, guess=True, propername=False)
    lemmas: list[str | None] = []
    for item in result:
        readings = item["analysis"]
        if not readings or any(analysis["partofspeech"] != "S" for analysis in readings):
            lemmas.append(None)
            continue
        lemma, parts = readings[0]["lemma"], readings[0]["root_tokens"]
        head = lemma[len("".join(parts[:-1])):]  # müügi|mehed: mees
        lemmas.append("-".join(_lemma_key(part) for part in [*parts[:-1], head]))
    return lemmas
