"""Hindi gender agreement as rule tables: which words agree, and how they re-inflect.

Verbs, auxiliaries, inflecting adjectives and the genitive postposition agree in
gender and number with a noun: लड़की गई थी / लड़का गया था, अच्छी लड़की / अच्छा लड़का,
राम की बेटी / राम का बेटा. Three ending classes cover them:

- A (consonant stems): -ा m.sg, -े m.pl/oblique, -ी f, -ीं f.pl at the end of a verb
  group (था थे थी थीं, जाता, सकता, रहा, अच्छा, उसका, -वाला).
- B (vowel stems, perfectives): -या/-आ m.sg, -ए m.pl, -ई f, -ईं f.pl (गया, आया, हुआ).
- C (ि+या perfectives): -िया, -िए, -ी, -ीं (किया, दिया, लिया).

Which words agree is decided by a window (see ``langs/hi.py``) or a dependency parse.
"""

from __future__ import annotations

# Closed classes of words that agree; open-class verbs are recognised by their endings.
GENITIVES = frozenset({"का", "की", "के"})
POSSESSIVE_STEMS = (
    "मेर",
    "तेर",
    "हमार",
    "तुम्हार",
    "अपन",
    "उसक",
    "इसक",
    "उनक",
    "इनक",
    "आपक",
    "किसक",
    "जिसक",
    "किनक",
    "जिनक",
)
ADJECTIVE_STEMS = (
    "अच्छ", "बुर", "बड़", "छोट", "काल", "गोर", "बूढ़", "मोट", "पतल", "लंब", "पुरान", "सार",
    "ऐस", "वैस", "कैस", "जैस", "पहल", "दूसर", "तीसर", "प्यार", "सीध", "गंद", "भोल", "अकेल",
    "नंग", "अंध", "लंगड़", "तगड़", "ऊँच", "नीच", "कुंवार", "कुँवार", "गूंग", "बहर", "बेचार",
    "नन्ह", "पील", "भूर", "ख़ास", "खास",
)  # fmt: skip
PERFECTIVES_B = ("ग", "आ", "हु", "सो", "रो", "खो", "बैठ", "पाय", "खा")
PERFECTIVES_C = ("क", "द", "ल", "प")  # किया दिया लिया पिया
INTENSIFIERS = frozenset(
    {
        "बहुत",
        "काफ़ी",
        "काफी",
        "सबसे",
        "बेहद",
        "ज़्यादा",
        "ज्यादा",
        "इतनी",
        "इतना",
        "बड़ी",
        "कितनी",
        "कितना",
        "कम",
        "भी",
        "ही",
    }
)
POSTPOSITIONS = frozenset({"ने", "को", "से", "में", "पर", "तक", "का", "की", "के", "वाला", "वाली", "वाले"})
# A verb group ends at punctuation or a subordinating word. और and पर are not boundaries
# (और often joins two predicates of one subject; पर is also "on"): a subject pronoun
# stops the window instead.
CLAUSE_BOUNDARIES = frozenset(
    {"।", ".", ",", "?", "!", ";", ":", "कि", "लेकिन", "मगर", "क्योंकि", "जो", "तो", "—", "…"}
)
SUBJECT_PRONOUNS = frozenset({"मैं", "तुम", "तू", "हम", "आप", "वह", "वो", "वे", "यह", "ये"})
MASCULINE_ENDINGS = ("ा", "े", "या", "ए", "आ")
FEMININE_ENDINGS = ("ी", "ीं", "ई", "ईं")
NON_FINAL_AFTER = frozenset({"हैं", "हो", "होंगी", "होंगे"})
# Ungendered auxiliaries that show the plural of the verb group (होंगे shows it by its ending).
PLURAL_AUXILIARIES = frozenset({"हैं", "होंगी"})
# Join two predicates of one subject; each predicate has its own verb group.
COORDINATORS = frozenset({"और", "या", "व"})
# Words that may stand between the agreeing words of a verb group without ending it.
INSIDE_VERB_GROUP = frozenset({"है", "हैं", "हो", "हूँ", "हूं", "नहीं", "न", "मत"})

_A = ("ा", "े", "ी", "ीं")
_B = ("या", "ए", "ई", "ईं")
_C = ("िया", "िए", "ी", "ीं")


def _split(word: str, allow_c: bool) -> tuple[str, tuple[str, ...]] | None:
    """Stem and ending class of an agreeing word; None when it has no gendered ending."""
    if allow_c:
        for ending in _C:
            stem = word[: -len(ending)]
            if word.endswith(ending) and stem in PERFECTIVES_C:
                return stem, _C
    for ending in _B:
        stem = word[: -len(ending)]
        if word.endswith(ending) and stem and stem in PERFECTIVES_B:
            return stem, _B
    if word.endswith("आ") and word[:-1] in PERFECTIVES_B:  # हुआ
        return word[:-1], _B
    for ending in ("ीं", "ा", "े", "ी"):
        if word.endswith(ending) and len(word) > len(ending):
            return word[: -len(ending)], _A
    return None


def has_gender(word: str, gender: str) -> bool:
    """Whether ``word`` ends as a ``gender`` form; words already in the other gender agree
    with some other noun and are left alone."""
    return word.endswith(MASCULINE_ENDINGS if gender == "m" else FEMININE_ENDINGS)


def inflect(word: str, gender: str, slot: str, final: bool, verbal: bool) -> str | None:
    """``word`` re-inflected to agree with a ``gender`` noun in ``slot`` (dir_sg, obl_pl ...).

    Number comes from the word itself when it shows it (m -ा sg / -े pl, f -ीं pl), so
    honorific plurals survive (तुम्हारे पापा रोते थे -> तुम्हारी मम्मी रोती थीं); otherwise
    from the slot. ``final`` marks the last agreeing word of a verb group, which alone
    takes the feminine plural nasal (गई थीं, but जाती हैं). None: no gendered ending.
    """
    found = _split(word, allow_c=verbal)
    if found is None:
        return None
    stem, endings = found
    m_sg, m_pl, f, f_pl = endings
    if word.endswith((m_pl, f_pl)) and not word.endswith(m_sg):
        plural = True
    elif word.endswith(m_sg):
        plural = False
    else:
        plural = slot.endswith("_pl")
    oblique = slot.startswith("obl") or slot.startswith("voc")
    if gender == "m":
        if not plural and not (oblique and not verbal):
            return stem + ("आ" if endings is _B and stem.endswith(("ु", "ू")) else m_sg)
        return stem + m_pl
    if plural and final and verbal:
        return stem + f_pl
    return stem + f


def shows_plural(word: str, gender: str) -> bool:
    """Whether an agreeing word of ``gender`` is marked plural (m रोते गए किए, f थीं गईं)."""
    found = _split(word, allow_c=True)
    if found is None:
        return False
    m_sg, m_pl, _, f_pl = found[1]
    if gender == "m":
        return word.endswith(m_pl) and not word.endswith(m_sg)
    return word.endswith(f_pl)


def is_adjectival(word: str) -> bool:
    """Words before a noun that agree with it: genitives, possessives, inflecting adjectives."""
    if word in GENITIVES or word.endswith(("वाला", "वाली", "वाले")):
        return True
    found = _split(word, allow_c=False)
    return found is not None and found[0] in (*POSSESSIVE_STEMS, *ADJECTIVE_STEMS)


# Subjects that mark no gender themselves; the verbs after them do (वह रोता / वह रोती).
GENDERLESS_SUBJECTS = frozenset({"वह", "वो", "मैं", "तू", "तुम", "आप", "हम", "यह", "ये", "वे"})
# Light verbs: the word before them is a noun (चिंता करना, गुस्सा होना), not a participle.
_LIGHT_VERB_STEMS = ("कर", "किय", "हो", "हु")
_LIGHT_VERB_FORMS = frozenset({"की", "कीं", "किए", "किये"})
# Modals and completives: the word before them is a bare verb root (चला सकती, रह सकता).
_MODAL_STEMS = ("सक", "पा", "चुक")
# Auxiliaries of state: the gendered word before them is a participle or adjective that
# agrees with the subject (थकी रहती, बैठी थी, अकेली रहती, अकेला नहीं रह सकता).
# (Progressive रहा/रही/रहे follows a bare root: चला रही, not a participle.)
_STATIVE_STEMS = ("रहत", "रहन", "रहें", "रहेग", "हो")
_STATIVE_FORMS = frozenset({"रह", "था", "थी", "थे", "थीं", "है", "हैं", "हूँ", "हूं"})
# Participles that stay verbal before a light verb (रहा होगा, गया होता).
_AUXILIARY_STEMS = ("रह", "गय", "चुक", "सकत", "थ")


# Titles after a name or group word that make it one person (पंडित जी, ठाकुर साहब): a
# plural verb after them is the honorific plural.
TITLES = frozenset({"जी", "साहब", "साहिब", "बाबू"})
# Adjectives that describe the subject wherever they stand in its clause (depictives).
_DEPICTIVE_STEMS = frozenset({"अकेल"})


# Vector verbs of compound verbs in the perfective (चली गई, गिर पड़ा): the gendered word
# before them is the main verb's participle, which agrees like they do.
_VECTOR_FORMS = frozenset({
    "गया", "गई", "गए", "गईं", "गयी", "गये", "गयीं", "पड़ा", "पड़ी", "पड़े", "पड़ीं",
})


def is_vector(word: str) -> bool:
    return word in _VECTOR_FORMS


def is_depictive(word: str) -> bool:
    found = _split(word, allow_c=False)
    return found is not None and found[0] in _DEPICTIVE_STEMS


def is_light_verb(word: str) -> bool:
    return word in _LIGHT_VERB_FORMS or word.startswith(_LIGHT_VERB_STEMS)


def is_modal(word: str) -> bool:
    return word.startswith(_MODAL_STEMS)


def is_adverbial(word: str, following: str) -> bool:
    """An inflecting adjective right before an imperfective lexical verb (अच्छा गाती, बुरा
    बोलता) modifies the verb and keeps its form; before a state verb or a participle (अच्छी
    लगती, अकेली रहती, अकेली बैठी थी) it agrees."""
    found = _split(following, allow_c=False)
    imperfective = found is not None and found[1] is _A and found[0].endswith("त")
    return (is_adjectival(word) and word not in GENITIVES and imperfective
            and not is_stative(following) and not following.startswith("लग"))


def is_stative(word: str) -> bool:
    return word in _STATIVE_FORMS or word.startswith(_STATIVE_STEMS)


def is_auxiliary(word: str) -> bool:
    found = _split(word, allow_c=True)
    return found is not None and (found[1] is not _A or found[0] in _AUXILIARY_STEMS)


def agrees(word: str) -> bool:
    """Whether ``word`` ends as a gendered form at all (class A, B or C)."""
    return _split(word, allow_c=True) is not None


def is_verbal(word: str) -> bool:
    """Words after a subject that agree with it: participles, auxiliaries, futures, adjectives."""
    if is_adjectival(word) and word not in GENITIVES:
        return True
    found = _split(word, allow_c=True)
    if found is None:
        return False
    stem, endings = found
    if endings is not _A:
        return True
    return stem in _VERB_STEMS or stem.endswith(
        ("त", "ग", "ेग", "ोग", "ऊँग", "ूंग", "एग", "वाल")
    )


# Consonant-stem verbs whose perfective (बैठा बैठी) looks like an adjective; vector verbs
# of compound verbs (रो पड़ा, उठ बैठी) are among them.
_VERB_STEMS = frozenset({
    "थ", "रह", "सकत", "चुक", "गय", "जात", "हो", "हुआ", "पड़", "पड", "बैठ", "उठ", "थक", "डर",
    "रुक", "भाग", "मर", "गिर", "लेट", "खड़", "खड", "बच", "निकल", "पहुँच", "पहुंच", "लौट",
    "डाल", "फँस", "फंस", "हँस", "हंस",
})
