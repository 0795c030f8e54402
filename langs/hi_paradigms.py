"""Hindi noun and adjective paradigms from the stem class, with the exceptions listed.

A Hindi noun inflects by its gender and final letter (the *class*); the lexicon
gives the direct singular and the gender, and everything else follows:

| class | dir sg | obl sg | dir pl | obl pl | voc pl |
|---|---|---|---|---|---|
| m -ा (inflecting) | लड़का | लड़के | लड़के | लड़कों | लड़को |
| m -ा listed in ``UNINFLECTED_MASCULINE`` (or ending in one) | पिता | पिता | पिता | पिताओं | पिताओ |
| m -ी / -ई | आदमी | आदमी | आदमी | आदमियों | आदमियो |
| m -ु / -ू / -ऊ | साधु | साधु | साधु | साधुओं | साधुओ |
| m other | मर्द | मर्द | मर्द | मर्दों | मर्दो |
| f -ी / -ई / -ि | लड़की | लड़की | लड़कियाँ | लड़कियों | लड़कियो |
| f -िया | बुढ़िया | बुढ़िया | बुढ़ियाँ | बुढ़ियों | बुढ़ियो |
| f -ा / -ो / nasal vowel | माता, माँ | माता | माताएँ, माँएँ | माताओं, माँओं | माताओ |
| f -ू / -ऊ | बहू | बहू | बहुएँ | बहुओं | बहुओ |
| f other | औरत | औरत | औरतें | औरतों | औरतो |

The vocative singular is the oblique singular; the vocative plural is the oblique
plural without its nasal. A multi-word entry inflects its last word (बाल्टिक जर्मन), and
an -ा adjective before a masculine noun agrees with it (सौतेला बेटा, सौतेले बेटों).
Adjectives ending in -ा inflect (काला काले काली) unless listed in
``INVARIANT_ADJECTIVES``; all others (सुंदर, अमेरिकी) have one form.
"""

from __future__ import annotations

from collections.abc import Callable

NOUN_SLOTS = ("dir_sg", "obl_sg", "voc_sg", "dir_pl", "obl_pl", "voc_pl")
ADJ_SLOTS = tuple(f"{g}_{c}_{n}" for g in ("m", "f") for n in ("sg", "pl") for c in ("dir", "obl"))

# Masculine nouns in -ा that keep -ा before a postposition and in the plural: kinship
# and honorific words and Sanskrit agent nouns (पिता जी के, राजाओं, नेताओं).
UNINFLECTED_MASCULINE = frozenset(
    {
        "पिता", "राजा", "चाचा", "मामा", "दादा", "नाना", "काका", "ताऊ", "फूफा", "मौसा",
        "जीजा", "अब्बा", "देवता", "नेता", "अभिनेता", "दाता", "योद्धा", "विक्रेता", "श्रोता",
        "वक्ता", "कर्ता", "महात्मा", "आत्मा", "युवा", "प्रवक्ता", "अध्येता", "विजेता", "मुखिया",
        "लाला", "बाबा", "पापा", "दरोगा", "मियाँ",
        # foreign names that keep their spelling: रोमा (Roma), तोरा (Torah), हनुक्का
        "रोमा", "तोरा", "हनुक्का",
        # names of peoples that keep -ा before a postposition and in the plural (नागा लोग)
        "नागा", "असमिया", "ओड़िया", "कन्नड़िगा",
    }
)
# Adjectives in -ा that never change (ज़िंदा लोग, ज़्यादा औरतें).
INVARIANT_ADJECTIVES = frozenset({"ज़िंदा", "ज़्यादा", "ताज़ा", "बढ़िया", "घटिया", "युवा"})

# -ा adjectives that agree with the noun after them inside an entry (सौतेला बेटा ->
# सौतेले बेटों). Listed, because a name before a noun also ends in -ा and never changes
# (कोस्टा रिकाई, ईसा मसीह).
AGREEING_ADJECTIVES = frozenset(
    {
        "सौतेला", "बड़ा", "छोटा", "बूढ़ा", "अच्छा", "बुरा", "काला", "गोरा", "मोटा", "पतला",
        "लंबा", "नया", "पुराना", "अकेला", "सगा", "चचेरा", "ममेरा", "फुफेरा", "मौसेरा",
        "गूँगा", "अंधा", "बहरा", "लँगड़ा", "पिछड़ा", "अगड़ा", "ऊँचा", "नीचा",
    }
)

_NASALS = ("ँ", "ं")
# A word may end in a full vowel letter rather than a vowel sign (बुआ): it takes -ओं / -एँ whole.
_VOWELS = ("आ", "ओ", "औ")


def _split(lemma: str) -> tuple[str, str]:
    """(everything before the last word, the last word): only the last word inflects."""
    cut = lemma.rfind(" ") + 1
    return lemma[:cut], lemma[cut:]


def _inflects(word: str, gender: str) -> bool:
    """Masculine -ा nouns inflect unless listed, also as the last part of a compound
    (धर्मपिता, राजनेता like पिता, नेता)."""
    listed = any(word.endswith(uninflected) for uninflected in UNINFLECTED_MASCULINE)
    return gender == "m" and word.endswith("ा") and not listed


def _oblique_plural(word: str, gender: str) -> str:
    if _inflects(word, gender) or word.endswith("िया"):
        return word[:-1] + "ों"
    if word.endswith(("ी", "ि")):
        return word[:-1] + "ियों"
    if word.endswith("ई"):  # ईसाई -> ईसाइयों
        return word[:-1] + "इयों"
    if word.endswith("ू"):
        return word[:-1] + "ुओं"
    if word.endswith("ऊ"):
        return word[:-1] + "उओं"
    if word.endswith(("ा", "ु", "ो", "ए", "े", "ौ", *_VOWELS, *_NASALS)):  # पिताओं, बुआओं, माँओं
        return word + "ओं"
    return word + "ों"


def _direct_plural(word: str, gender: str) -> str:
    if gender == "m":
        return word[:-1] + "े" if _inflects(word, gender) else word
    if word.endswith("िया"):
        return word + "ँ"
    if word.endswith(("ी", "ि")):
        return word[:-1] + "ियाँ"
    if word.endswith("ई"):
        return word[:-1] + "इयाँ"
    if word.endswith("ू"):
        return word[:-1] + "ुएँ"
    if word.endswith("ऊ"):
        return word[:-1] + "उएँ"
    if word.endswith(("ा", "ु", "ो", "ौ", *_VOWELS, *_NASALS)):  # माताएँ, बुआएँ, माँएँ
        return word + "एँ"
    return word + "ें"


def _agreeing_prefix(prefix: str, gender: str) -> str:
    """The words before a masculine noun with their -ा adjectives in the -े form that
    every slot but the direct singular takes (सौतेला बेटा, सौतेले बेटे, सौतेले बेटों)."""
    if gender != "m":
        return prefix  # feminine agreement is -ी in every slot, as written
    words = [word[:-1] + "े" if word in AGREEING_ADJECTIVES else word for word in prefix.split()]
    return " ".join(words) + " " if words else ""


def noun_forms(lemma: str, gender: str) -> dict[str, tuple[str, ...]]:
    """The paradigm of a noun of ``gender`` from its direct singular (table above)."""
    prefix, word = _split(lemma)
    oblique_sg = word[:-1] + "े" if _inflects(word, gender) else word
    oblique_pl = _oblique_plural(word, gender)
    forms = {
        "dir_sg": word,
        "obl_sg": oblique_sg,
        "voc_sg": oblique_sg,
        "dir_pl": _direct_plural(word, gender),
        "obl_pl": oblique_pl,
        "voc_pl": oblique_pl[:-1],  # the vocative plural drops the nasal: लड़को
    }
    agreeing = _agreeing_prefix(prefix, gender)
    return {
        slot: ((prefix if slot == "dir_sg" else agreeing) + form,) for slot, form in forms.items()
    }


def adjective_forms(lemma: str) -> dict[str, tuple[str, ...]]:
    """-ा adjectives inflect (काला काले काली); listed ones and all others do not."""
    prefix, word = _split(lemma)
    if not word.endswith("ा") or word in INVARIANT_ADJECTIVES:
        return {slot: (lemma,) for slot in ADJ_SLOTS}
    stem = word[:-1]
    endings = {slot: "ी" if slot.startswith("f") else "ा" if slot == "m_dir_sg" else "े"
               for slot in ADJ_SLOTS}
    return {slot: (prefix + stem + ending,) for slot, ending in endings.items()}


def paradigm_problems(
    forms: dict[str, tuple[str, ...]],
    pos: str,
    gender: str | None,
    fold: Callable[[str], str] = str,
) -> list[str]:
    """Forms that differ from their class's paradigm, alternative by alternative.

    The k-th form of every slot belongs to the paradigm of the k-th direct singular
    (आदमी/पुरुष/मर्द each with its own plural), or of the masculine direct singular
    for adjectives. ``fold`` compares spellings as matching does (मां = माँ).
    """
    base_slot = "m_dir_sg" if pos == "adj" else "dir_sg"
    if base_slot not in forms or (pos != "adj" and gender not in ("m", "f")):
        return []
    problems = []
    for index, lemma in enumerate(forms[base_slot]):
        expected = adjective_forms(lemma) if pos == "adj" else noun_forms(lemma, gender or "m")
        for slot, found in forms.items():
            if slot not in expected or index >= len(found):
                continue
            if fold(found[index]) != fold(expected[slot][0]):
                problems.append(f"{slot} {found[index]!r} is not {expected[slot][0]!r}")
    return problems
