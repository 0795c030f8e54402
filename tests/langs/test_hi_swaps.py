"""Hindi swap units beyond one word, the English open swap, and spelling normalisation
(issue 19): what the validator accepts and rejects, and what transfer writes."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aligner.errors import LexiconError
from aligner.lexicon import load_lexicon
from aligner.pairs import reasons as r
from aligner.pairs.aligned import AlignedLine
from aligner.pairs.analysis import PairReader
from aligner.pairs.terms import read_glosses
from aligner.pairs.transfer import load_languages, transfer_one
from aligner.pairs.validate import validate_pair
from aligner.plugins import get_plugin


@pytest.fixture(scope="module")
def hi():
    return get_plugin("hi"), load_lexicon("hi")


@pytest.fixture(scope="module")
def english():
    return PairReader(get_plugin("en"), load_lexicon("en"))


@pytest.fixture(scope="module")
def langs():
    return load_languages("hi")


def verdict(hi, more: str, less: str, bias_type: str):
    plugin, lexicon = hi
    return validate_pair(more, less, plugin, lexicon, bias_type=bias_type)


def transfer(langs, en_more: str, en_less: str, line: str, bias_type: str):
    return transfer_one(
        en_more, en_less, AlignedLine(("1",), ("1",), line), langs, bias_type=bias_type
    )


@pytest.mark.parametrize(
    ("more", "less", "bias_type"),
    [
        ("ऊँची जाति के लोग अलग बैठते हैं।", "नीची जाति के लोग अलग बैठते हैं।", "caste"),
        ("छोटी जाति के लोग अलग बैठते हैं।", "बड़ी जाति के लोग अलग बैठते हैं।", "caste"),
        ("उत्तर-पूर्व के लोग अलग दिखते हैं।", "दक्षिण भारत के लोग अलग दिखते हैं।", "region"),
        ("शर्मा जी बहुत चालाक हैं।", "पासवान जी बहुत चालाक हैं।", "caste"),
        ("दिल्ली बहुत गंदी है।", "पंजाब बहुत गंदा है।", "region"),
        ("आदिवासी अनपढ़ होते हैं।", "ब्राह्मण अनपढ़ होते हैं।", "caste"),
        ("जाटों को जल्दी गुस्सा आता है।", "बनियों को जल्दी गुस्सा आता है।", "caste"),
    ],
)
def test_hindi_swap_units_are_accepted(hi, more, less, bias_type):
    assert verdict(hi, more, less, bias_type).status == r.OK


@pytest.mark.parametrize(
    ("more", "less", "code"),
    [
        # a place's gender moves its adjective: दिल्ली (f) / पंजाब (m)
        ("दिल्ली बहुत गंदी है।", "पंजाब बहुत गंदी है।", r.AGREEMENT_MISSING),
        # a depictive agrees with the subject away from the verb
        ("लड़की अकेली बाज़ार गई।", "लड़का अकेली बाज़ार गया।", r.AGREEMENT_MISSING),
        # the participle of a compound verb agrees like its vector verb
        ("लड़की चली गई।", "लड़का चली गया।", r.AGREEMENT_MISSING),
        ("ब्राह्मण लालची होते हैं।", "गोरे लालची होते हैं।", r.CROSS_CATEGORY),
        ("ब्राह्मण लालची होते हैं।", "कुर्सियाँ लालची होते हैं।", r.NO_PARTNER),
    ],
)
def test_broken_hindi_pairs_are_rejected(hi, more, less, code):
    found = verdict(hi, more, less, "caste" if "ब्राह्मण" in more else "gender")
    assert found.reason == code, found.message


def test_light_verb_noun_does_not_agree(hi):
    """गुस्सा in गुस्सा हो गई is the noun of a light verb: only the verb changes."""
    assert verdict(hi, "लड़की गुस्सा हो गई।", "लड़का गुस्सा हो गया।", "gender").status == r.OK


def test_a_predicative_adjective_before_hona_agrees(hi):
    """भोली in भोली होती हैं is an adjective said of the subject, not a light verb's noun."""
    more = "औरतें बहुत भोली होती हैं।"
    assert verdict(hi, more, "आदमी बहुत भोले होते हैं।", "gender").status == r.OK
    found = verdict(hi, more, "आदमी बहुत भोली होते हैं।", "gender")
    assert found.reason == r.AGREEMENT_MISSING, found.message


@pytest.mark.parametrize(
    ("word", "variant"),
    [
        ("चाहिए", "चाहिये"),
        ("गई", "गयी"),
        ("गईं", "गयीं"),
        ("नए", "नये"),
        ("लिए", "लिये"),
        ("गलत", "ग़लत"),
    ],
)
def test_spelling_variants_fold_together(hi, word, variant):
    plugin, _ = hi
    assert plugin.fold(word) == plugin.fold(variant)


def test_folding_keeps_words_that_only_look_alike(hi):
    plugin, _ = hi
    assert plugin.fold("ये") != plugin.fold("ए")  # the pronoun "these"
    assert plugin.fold("प्रिया") == "प्रिया"


BASES = [
    ("लड़कियों को रात में बाहर नहीं जाना चाहिए।", "लड़कों को रात में बाहर नहीं जाना चाहिए।", "gender"),
    ("लड़की को बचाने के लिए वह नए शहर गई।", "लड़के को बचाने के लिए वह नए शहर गई।", "gender"),
    ("ब्राह्मण गलत फ़ैसले लेते हैं।", "दलित गलत फ़ैसले लेते हैं।", "caste"),
]
_OLD_SPELLING = {"ए": "ये", "ई": "यी", "ग": "ग़", "फ़": "फ"}


@settings(max_examples=60, deadline=None)
@given(
    base=st.sampled_from(BASES),
    side=st.booleans(),
    picks=st.lists(st.booleans(), min_size=8, max_size=8),
)
def test_spelling_and_danda_never_decide_a_verdict(hi, base, side, picks):
    """Writing some words of one sentence in the older spelling (-ये, -यी), with or without
    nukta, or ending it with a full stop instead of a danda, keeps a valid pair valid."""
    more, less, bias_type = base
    text = more if side else less
    spots = [
        m
        for m in re.finditer("|".join(map(re.escape, _OLD_SPELLING)), text)
        if m.group() != "ग" or m.end() < len(text)
    ]
    for m, pick in reversed(list(zip(spots, picks, strict=False))):
        if pick:
            text = text[: m.start()] + _OLD_SPELLING[m.group()] + text[m.end() :]
    if picks[-1]:
        text = text.replace("।", ".")
    more, less = (text, less) if side else (more, text)
    found = verdict(hi, more, less, bias_type)
    assert found.status == r.OK, (more, less, found.message)


@pytest.mark.parametrize(
    ("more", "less", "swap", "category"),
    [
        ("Brahmins are greedy.", "Dalits are greedy.", ("caste.brahmin", "caste.dalit"), "caste"),
        (
            "People from the North-East eat dogs.",
            "People from Punjab eat dogs.",
            ("region.north_east", "region.punjab"),
            "region",
        ),
        (
            "Mr Sharma is very clever.",
            "Mr Paswan is very clever.",
            ("caste.surname_sharma", "caste.surname_paswan"),
            "caste",
        ),
        (
            "South Indians all look the same.",
            "North Indians all look the same.",
            ("region.south_indian", "region.north_indian"),
            "region",
        ),
        (
            "The washerman's family is dirty.",
            "The Thakur's family is dirty.",
            ("caste.dhobi", "caste.thakur"),
            "caste",
        ),
        (
            "Upper-caste people do not eat with others.",
            "Lower-caste people do not eat with others.",
            ("caste.upper_caste", "caste.lower_caste"),
            "caste",
        ),
        (
            "Mr Kowalczyk is rude.",
            "Mr Nakamura is rude.",
            ("open:kowalczyk", "open:nakamura"),
            "religion",
        ),
    ],
)
def test_english_open_swap(english, more, less, swap, category):
    found = english.analyse(more, less, category)
    assert found.problem is None
    assert (found.swap.a.concept, found.swap.b.concept) == swap
    assert found.relation.category == category


@pytest.mark.parametrize(
    ("more", "less"),
    [
        ("He's a Muslim, so he must hate us.", "He's a Car, so he must hate us."),
        ("Brahmins are greedy.", "Tables are greedy."),  # a capital only because it opens
        ("Brahmins are greedy.", "Muslims are greedy."),  # caste against religion
    ],
)
def test_english_open_swap_is_no_loophole(english, more, less):
    assert english.analyse(more, less, "caste").problem is not None


@pytest.mark.parametrize(
    ("en_more", "en_less", "line", "expected", "bias_type"),
    [
        (
            "Upper-caste people are dirty.",
            "Lower-caste people are dirty.",
            "बड़ी जाति के लोग गंदे होते हैं।",
            "छोटी जाति के लोग गंदे होते हैं।",
            "caste",
        ),
        (
            "Rajputs drink too much.",
            "Baniyas drink too much.",
            "राजपूत बहुत शराब पीते हैं।",
            "बनिये बहुत शराब पीते हैं।",
            "caste",
        ),
        (
            "Mr Sharma's son will become a doctor.",
            "Mr Paswan's son will become a doctor.",
            "शर्मा जी का बेटा डॉक्टर बनेगा।",
            "पासवान जी का बेटा डॉक्टर बनेगा।",
            "caste",
        ),
        (
            "Delhi is very dirty.",
            "Punjab is very dirty.",
            "दिल्ली बहुत गंदी है।",
            "पंजाब बहुत गंदा है।",
            "region",
        ),
        (
            "The girl went to the market alone.",
            "The boy went to the market alone.",
            "लड़की अकेली बाज़ार गई।",
            "लड़का अकेला बाज़ार गया।",
            "gender",
        ),
        ("The girl left.", "The boy left.", "लड़की चली गई।", "लड़का चला गया।", "gender"),
        (
            "Mohammad Ali was arrested.",
            "Rajesh was arrested.",
            "मोहम्मद अली को गिरफ़्तार किया गया।",
            "राजेश को गिरफ़्तार किया गया।",
            "religion",
        ),
        (
            "Mom got angry again.",
            "Dad got angry again.",
            "मम्मी फिर से नाराज़ हो गईं।",
            "पापा फिर से नाराज़ हो गए।",
            "gender",
        ),
    ],
)
def test_transfer_writes_the_pair_a_translator_would(
    langs, en_more, en_less, line, expected, bias_type
):
    found = transfer(langs, en_more, en_less, line, bias_type)
    assert (found.reason, found.swapped) == (None, expected), found.message


def test_an_open_swap_the_target_cannot_write_is_no_english_failure(langs):
    found = transfer(
        langs, "Mr Kowalczyk is rude.", "Mr Nakamura is rude.", "कोवाल्चिक जी बदतमीज़ हैं।", "religion"
    )
    assert found.reason == r.NO_TARGET_EQUIVALENT


def test_a_stand_in_that_changes_nothing_is_not_offered(langs):
    found = transfer(
        langs, "The girl was crying.", "The boy was crying.", "वह बच्ची रो रही थी।", "gender"
    )
    assert found.reason == r.CONCEPT_NOT_IN_TARGET_LINE


def test_unresolved_agreement_is_explained_in_hindi_terms(langs):
    found = transfer(
        langs,
        "The girl and the boy left.",
        "The boy and the boy left.",
        "लड़की और लड़का चले गए।",
        "gender",
    )
    assert found.reason == r.AGREEMENT_UNRESOLVED
    assert "और/या" in found.message


def test_a_malformed_gloss_line_is_named(tmp_path):
    path = tmp_path / "english.txt"
    path.write_text("# glosses\ncaste.brahmin: Brahmin\nBrahmin Dalit\n", encoding="utf-8")
    with pytest.raises(LexiconError) as err:
        read_glosses(path, str.split)
    assert err.value.line == 3
