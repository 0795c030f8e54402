"""Hindi: gender agreement of verbs, adjectives and genitives when a noun is swapped."""

import pytest

from aligner.lexicon import load_lexicon
from aligner.plugins import AgreementUnresolved, Edit, get_plugin


@pytest.fixture(scope="module")
def hi():
    return get_plugin("hi"), load_lexicon("hi")


def swap(hi, text: str, new_concept: str, parse=None) -> str:
    """Swap the first form of the concept's category for ``new_concept``, with agreement."""
    plugin, lexicon = hi
    tokens = plugin.tokenize(text)
    new = lexicon[new_concept]
    match = next(
        m
        for m in plugin.match_forms(tokens, lexicon)
        if lexicon[m.concept].category == new.category
    )
    forms = [plugin.fold(f) for f in lexicon[match.concept].forms[match.slot]]
    index = forms.index(plugin.fold(match.surface))
    alternatives = new.forms[match.slot]
    start, end = tokens[match.first].start, tokens[match.last - 1].end
    edits = [
        Edit(
            start,
            end,
            text[start:end],
            alternatives[index] if index < len(alternatives) else alternatives[0],
            "swap",
        )
    ]
    edits += plugin.agreement_edits(text, tokens, match, new, lexicon, parse=parse)
    for edit in sorted(edits, key=lambda e: e.start, reverse=True):
        assert text[edit.start : edit.end] == edit.old
        text = text[: edit.start] + edit.new + text[edit.end :]
    return text


@pytest.mark.parametrize(
    ("text", "new", "expected"),
    [
        ("लड़की गई।", "gender.boy", "लड़का गया।"),
        ("अच्छी लड़की", "gender.boy", "अच्छा लड़का"),
        ("लड़का घर गया था।", "gender.girl", "लड़की घर गई थी।"),
        (
            "लड़कियाँ ट्रॉलर पर एक हफ़्ता भी नहीं टिकतीं।",
            "gender.boy",
            "लड़के ट्रॉलर पर एक हफ़्ता भी नहीं टिकते।",
        ),
        (
            "पत्नी किनारे पर रहती है और घर गरम रखती है। यही रीत रही है।",
            "gender.husband",
            "पति किनारे पर रहता है और घर गरम रखता है। यही रीत रही है।",
        ),
        ("तुम्हारे पापा पूरी रस्म में रोते रहे थे।", "gender.mother", "तुम्हारी मम्मी पूरी रस्म में रोती रही थीं।"),
        ("एक अच्छे-ख़ासे आदमी को रोते देखा।", "gender.woman", "एक अच्छी-ख़ासी औरत को रोते देखा।"),
        ("राम की बेटी आई।", "gender.son", "राम का बेटा आया।"),
        ("लड़कियाँ जाती हैं।", "gender.boy", "लड़के जाते हैं।"),
        ("जवान डॉक्टरों से बात करना बेकार है।", "age.old", "बूढ़े डॉक्टरों से बात करना बेकार है।"),
    ],
)
def test_swaps_with_agreement(hi, text, new, expected):
    assert swap(hi, text, new) == expected


@pytest.mark.parametrize(
    ("one", "one_concept", "other", "other_concept"),
    [
        # A feminine plural verb group without an auxiliary ends in -ीं; the object
        # हफ़्ता looks like a participle but is not part of the verb group.
        (
            "लड़कियाँ ट्रॉलर पर एक हफ़्ता भी नहीं टिकतीं।",
            "gender.girl",
            "लड़के ट्रॉलर पर एक हफ़्ता भी नहीं टिकते।",
            "gender.boy",
        ),
        # With the plural auxiliary हैं the participle stays -ती.
        ("लड़कियाँ जाती हैं।", "gender.girl", "लड़के जाते हैं।", "gender.boy"),
        # Honorific plural: a singular noun whose verb group is plural.
        (
            "तुम्हारी मम्मी पूरी रस्म में रोती रही थीं।",
            "gender.mother",
            "तुम्हारे पापा पूरी रस्म में रोते रहे थे।",
            "gender.father",
        ),
        # A singular verb group keeps the singular.
        ("माँ घर गई थी।", "gender.mother", "पिता घर गया था।", "gender.father"),
    ],
    ids=["plural-without-auxiliary", "plural-with-hain", "honorific-plural", "singular"],
)
def test_agreement_works_in_both_directions(hi, one, one_concept, other, other_concept):
    assert swap(hi, one, other_concept) == other
    assert swap(hi, other, one_concept) == one


def test_oblique_noun_leaves_the_verb_alone(hi):
    assert swap(hi, "लड़की को किताब मिली।", "gender.boy") == "लड़के को किताब मिली।"


def test_same_gender_needs_no_edits(hi):
    assert swap(hi, "मुसलमान नहीं आते।", "religion.christian") == "ईसाई नहीं आते।"


def test_coordinated_subject_is_unresolved(hi):
    with pytest.raises(AgreementUnresolved):
        swap(hi, "लड़की और उसका भाई गए।", "gender.boy")


def test_normalisation_of_nukta_and_chandrabindu(hi):
    plugin, lexicon = hi
    assert plugin.normalize("माँ") == plugin.normalize("मां")
    assert plugin.fold("लडकी") == plugin.fold("लड़की")
    tokens = plugin.tokenize("लडकियां आईं")
    assert plugin.match_forms(tokens, lexicon)[0].concept == "gender.girl"


@pytest.mark.parametrize(
    ("more", "less"),
    [
        ("लड़की बहुत अच्छा गाती है।", "लड़का बहुत अच्छा गाता है।"),  # अच्छा: an adverb, stays
        ("लड़की अकेली बैठी थी।", "लड़का अकेला बैठा था।"),  # अकेली: agrees before a participle
        ("माँ हमेशा थकी रहती हैं।", "पिता हमेशा थके रहते हैं।"),  # before a state verb
        ("वह अकेला नहीं रह सकता।", "वह अकेली नहीं रह सकती।"),  # across नहीं and a modal root
        ("औरत गाड़ी नहीं चला सकती।", "आदमी गाड़ी नहीं चला सकता।"),  # चला: a root, not a participle
        ("वह बहुत जल्दी गुस्सा हो जाता है।", "वह बहुत जल्दी गुस्सा हो जाती है।"),  # noun before हो
    ],
)
def test_verb_group_rules_on_real_sentences(hi, more, less):
    from aligner.pairs.validate import validate_pair

    plugin, lexicon = hi
    verdict = validate_pair(more, less, plugin, lexicon)
    assert verdict.status == "ok", verdict.message
