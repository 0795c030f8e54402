"""English plugin: whole-word matching through the lexicon, pronouns kept apart."""

import pytest

from aligner.lexicon import load_lexicon
from aligner.plugins import LanguagePlugin, get_plugin
from langs.en import plural, possessive


@pytest.fixture(scope="module")
def en():
    return get_plugin("en"), load_lexicon("en")


def found(en, text):
    plugin, lexicon = en
    return [
        (m.concept, m.slot, m.surface) for m in plugin.match_forms(plugin.tokenize(text), lexicon)
    ]


def test_plugin_satisfies_protocol():
    for code in ("en", "et", "hi"):
        assert isinstance(get_plugin(code), LanguagePlugin)


def test_no_man_inside_manager(en):
    assert found(en, "The manager's assistant is a man.") == [
        ("gender.manager", "sg_poss", "manager's"),
        ("gender.man", "sg", "man"),
    ]
    assert all(c != "gender.man" for c, _, _ in found(en, "A mansion, a manly manner"))


def test_plural_and_possessive_slots_from_the_lexicon(en):
    assert found(en, "Women's rights, the girls' room and a woman's word.") == [
        ("gender.woman", "pl_poss", "Women's"),
        ("gender.girl", "pl_poss", "girls'"),
        ("gender.woman", "sg_poss", "woman's"),
    ]


def test_multiword_forms_match_longest_first(en):
    assert found(en, "An African American family") == [
        ("race-color.african_american", "sg", "African American")
    ]
    assert found(en, "a middle aged man")[0][0] == "age.middle_aged"


def test_curly_apostrophe_and_case(en):
    assert found(en, "WOMEN\u2019S football") == [("gender.woman", "pl_poss", "WOMEN\u2019S")]


def test_pronouns_are_concepts_whose_slot_is_read_from_context(en):
    assert found(en, "She said he would call her.") == [
        ("gender.she", "nom", "She"), ("gender.he", "nom", "he"), ("gender.she", "acc", "her")]
    assert found(en, "He took her book, not his.") == [
        ("gender.he", "nom", "He"), ("gender.she", "gen", "her"), ("gender.he", "poss", "his")]


def test_group_adjective_with_a_plain_head_noun_is_one_plural_term(en):
    assert found(en, "White people are loud.") == [("race-color.white", "pl", "White people")]
    # "American" after a non-race word is a nationality of its own.
    assert [c for c, _, _ in found(en, "a poor American woman")] == [
        "socioeconomic.poor", "nationality.american", "gender.woman"]


def test_man_and_woman_compounds_split_off_their_head(en):
    plugin, _ = en
    parts = plugin.compound_parts(plugin.tokenize("The spearman's aim"))
    assert [t.text for t in parts[1]] == ["spear", "man's"]
    assert [t.text for t in parts[0]] == ["The"]
    assert [len(p) for p in plugin.compound_parts(plugin.tokenize("German human woman"))] == [
        1, 1, 1]


def test_sentence_split_and_token_spans():
    plugin = get_plugin("en")
    assert plugin.split_sentences("Get in. We're late!") == ["Get in.", "We're late!"]
    text = "Don't go, girls."
    for token in plugin.tokenize(text):
        assert text[token.start : token.end] == token.text


@pytest.mark.parametrize(
    ("singular", "expected"),
    [
        ("woman", "women"),
        ("chairman", "chairmen"),
        ("German", "Germans"),
        ("church", "churches"),
        ("baby", "babies"),
        ("boy", "boys"),
    ],
)
def test_plural(singular, expected):
    assert plural(singular) == expected


def test_possessive():
    assert possessive("boys") == "boys'" and possessive("men") == "men's"


@pytest.mark.parametrize(
    ("text", "concept", "counterpart", "expected"),
    [
        ("Is the doctor a child?", "age.child", "age.adult", "Is the doctor an adult?"),
        ("An old man drove.", "age.old", "age.young", "A young man drove."),
        ("She is a woman.", "gender.woman", "gender.man", "She is a man."),
    ],
)
def test_indefinite_article_agrees_with_the_swapped_word(en, text, concept, counterpart, expected):
    from aligner.analysis.text import match_case
    from aligner.pairs.analysis import apply_edits
    from aligner.pairs.terms import char_span as span
    from aligner.plugins import Edit

    plugin, lexicon = en
    tokens = plugin.tokenize(text)
    match = next(m for m in plugin.match_forms(tokens, lexicon) if m.concept == concept)
    new = lexicon[counterpart]
    start, end = span(tokens, match)
    swap = Edit(start, end, match.surface, match_case(match.surface, new.form(match.slot)), "swap")
    edits = [e for e in plugin.agreement_edits(text, tokens, match, new, lexicon)
             if e.kind == "agreement"]  # pronouns only *may* follow (see the optional test)
    assert apply_edits(text, [swap, *edits]) == expected


def test_pronouns_of_the_old_gender_may_follow_a_gender_swap(en):
    plugin, lexicon = en
    text = "She said her mother was a woman."
    tokens = plugin.tokenize(text)
    match = next(m for m in plugin.match_forms(tokens, lexicon) if m.concept == "gender.woman")
    optional = [(e.old, e.new, e.options) for e in plugin.agreement_edits(
        text, tokens, match, lexicon["gender.man"], lexicon) if e.kind == "optional"]
    assert optional == [("She", "He", ()), ("her", "his", ("him",))]  # "her" read as gen first


@pytest.mark.parametrize(
    ("word", "article"),
    [("adult", "an"), ("young", "a"), ("European", "a"), ("university", "a"), ("hour", "an"),
     ("Indian", "an"), ("elderly", "an"), ("one-eyed", "a"), ("onerous", "an"),
     ("honest", "an")],
)
def test_indefinite_article(word, article):
    from langs.en import indefinite_article

    assert indefinite_article(word) == article
