"""Hindi paradigms follow the stem class (langs/hi_paradigms.py), exceptions listed."""

import pytest

from aligner.lexicon.load import read_lexicon
from aligner.plugins import get_plugin
from langs.hi_paradigms import ADJ_SLOTS, adjective_forms, noun_forms, paradigm_problems


def test_every_hindi_paradigm_follows_its_class_rule():
    lexicon, _ = read_lexicon("hi")
    plugin = get_plugin("hi")
    checked = [c for c in lexicon if c.available and c.pos != "phrase"]
    assert len(checked) > 400
    wrong = {c.id: found for c in checked if (found := plugin.form_problems(c))}
    assert wrong == {}


@pytest.mark.parametrize(
    ("lemma", "gender", "obl_sg", "dir_pl", "obl_pl", "voc_pl"),
    [
        ("लड़का", "m", "लड़के", "लड़के", "लड़कों", "लड़को"),
        ("पिता", "m", "पिता", "पिता", "पिताओं", "पिताओ"),
        ("धर्मपिता", "m", "धर्मपिता", "धर्मपिता", "धर्मपिताओं", "धर्मपिताओ"),
        ("आदमी", "m", "आदमी", "आदमी", "आदमियों", "आदमियो"),
        ("पति", "m", "पति", "पति", "पतियों", "पतियो"),
        ("साधु", "m", "साधु", "साधु", "साधुओं", "साधुओ"),
        ("मर्द", "m", "मर्द", "मर्द", "मर्दों", "मर्दो"),
        ("लड़की", "f", "लड़की", "लड़कियाँ", "लड़कियों", "लड़कियो"),
        ("बुढ़िया", "f", "बुढ़िया", "बुढ़ियाँ", "बुढ़ियों", "बुढ़ियो"),
        ("माता", "f", "माता", "माताएँ", "माताओं", "माताओ"),
        ("माँ", "f", "माँ", "माँएँ", "माँओं", "माँओ"),
        ("बुआ", "f", "बुआ", "बुआएँ", "बुआओं", "बुआओ"),  # a full vowel letter, not a sign
        ("बहू", "f", "बहू", "बहुएँ", "बहुओं", "बहुओ"),
        ("औरत", "f", "औरत", "औरतें", "औरतों", "औरतो"),
        ("सौतेली माँ", "f", "सौतेली माँ", "सौतेली माँएँ", "सौतेली माँओं", "सौतेली माँओ"),
        ("सौतेला बेटा", "m", "सौतेले बेटे", "सौतेले बेटे", "सौतेले बेटों", "सौतेले बेटो"),
        ("कोस्टा रिकाई", "m", "कोस्टा रिकाई", "कोस्टा रिकाई", "कोस्टा रिकाइयों", "कोस्टा रिकाइयो"),
    ],
)
def test_noun_classes(lemma, gender, obl_sg, dir_pl, obl_pl, voc_pl):
    forms = noun_forms(lemma, gender)
    assert forms["obl_sg"] == forms["voc_sg"] == (obl_sg,)
    assert (forms["dir_pl"], forms["obl_pl"], forms["voc_pl"]) == ((dir_pl,), (obl_pl,), (voc_pl,))


def test_adjectives_inflect_in_a_unless_listed():
    black = adjective_forms("काला")
    assert black["m_dir_sg"] == ("काला",) and black["m_obl_sg"] == ("काले",)
    assert black["f_dir_pl"] == ("काली",)
    for invariant in ("ज़िंदा", "सुंदर", "अमेरिकी"):
        assert {adjective_forms(invariant)[slot] for slot in ADJ_SLOTS} == {(invariant,)}


def test_a_malformed_plural_is_named():
    """माँें (issue 11): a vowel-final feminine takes -एँ, not -ें."""
    forms = {**noun_forms("माँ", "f"), "dir_pl": ("माँें",)}
    assert paradigm_problems(forms, "noun", "f") == ["dir_pl 'माँें' is not 'माँएँ'"]


def test_alternatives_each_follow_their_own_lemma():
    forms = {"dir_sg": ("आदमी", "मर्द"), "obl_pl": ("आदमियों", "मर्दों")}
    assert paradigm_problems(forms, "noun", "m") == []
    swapped = {"dir_sg": ("आदमी", "मर्द"), "obl_pl": ("मर्दों", "आदमियों")}
    assert len(paradigm_problems(swapped, "noun", "m")) == 2


@pytest.mark.parametrize("lemma", ["नागा", "असमिया", "ओड़िया"])
def test_names_of_peoples_keep_their_a(lemma):
    """नागा लोग, असमिया लोग: like a name, not like लड़का/लड़के."""
    forms = noun_forms(lemma, "m")
    assert forms["obl_sg"] == forms["dir_pl"] == (lemma,)


def test_places_and_surnames_are_uninflected_phrases_with_a_gender():
    """बिहार के लोग, हरियाणा से, शर्मा जी के: one form in every case; the gender is what a
    verb agrees with (दिल्ली गंदी है / पंजाब गंदा है)."""
    lexicon, _ = read_lexicon("hi")
    phrases = [c for c in lexicon if c.category in ("region", "caste") and c.pos == "phrase"]
    assert len(phrases) >= 60
    for concept in phrases:
        assert concept.gender in ("m", "f"), concept.id
        assert concept.forms["dir_sg"] == concept.forms["obl_sg"], concept.id
    assert lexicon["region.delhi"].gender == "f" and lexicon["region.punjab"].gender == "m"


def test_group_nouns_of_hindis_own_categories_come_from_the_paradigm():
    """Caste and region nouns were written as lemma + gender; `expand` wrote the rest."""
    lexicon, _ = read_lexicon("hi")
    nouns = [c for c in lexicon if c.category in ("region", "caste") and c.pos == "noun"]
    assert len(nouns) >= 40
    for concept in nouns:
        first = concept.forms["dir_sg"][0]
        assert concept.forms["obl_pl"][0] == noun_forms(first, concept.gender)["obl_pl"][0]
