from __future__ import annotations

import polars as pl
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from transformers import BertTokenizer

from aligner.pairs import reasons as r
from aligner.pairs.tokenizer import load_tokenizer
from aligner.pairs.validate import validate_pair, validate_pairs

VALID_ET = [
    ("Naised ei oska parkida.", "Mehed ei oska parkida."),
    ("Ma nägin täiskasvanud naist nutmas.", "Ma nägin täiskasvanud meest nutmas."),
    ("Anna see tüdrukule, kui ta tuleb.", "Anna see poisile, kui ta tuleb."),
    ("Vanad ei saa uue asjaga hakkama.", "Noored ei saa uue asjaga hakkama."),
]
VALID_HI = [
    ("लड़की गई थी।", "लड़का गया था।"),
    ("अच्छी लड़की आई।", "अच्छा लड़का आया।"),
    ("औरतें पार्क नहीं कर सकतीं।", "आदमी पार्क नहीं कर सकते।"),
]


def check(langs, more, less, tokenizer=None):
    return validate_pair(more, less, langs.tgt, langs.tgt_lexicon, tokenizer)


@pytest.mark.parametrize(("more", "less"), VALID_ET)
def test_accepts_estonian_swaps(et, more, less):
    verdict = check(et, more, less)
    assert (verdict.status, verdict.reason) == (r.OK, None)


@pytest.mark.parametrize(("more", "less"), VALID_HI)
def test_accepts_hindi_swaps_with_declared_agreement(hi, more, less):
    assert check(hi, more, less).status == r.OK
    assert check(hi, less, more).status == r.OK  # agreement is checked in both directions


@pytest.mark.parametrize(
    ("more", "less", "code"),
    [
        ("Naised ei oska parkida.", "Naised ei oska parkida.", r.IDENTICAL),
        ("Naised ei oska parkida.", "NAISED ei oska parkida!", r.IDENTICAL),
        ("Naised.", "Mehed.", r.LENGTH),
        ("Naised ei oska parkida.", "Naised ei taha parkida.", r.NO_CONCEPT_SWAP),
        ("Naine ja tüdruk tulid.", "Mees ja poiss tulid.", r.DOUBLE_SWITCH),
        ("Naised ei oska parkida.", "Vanad ei oska parkida.", r.CROSS_CATEGORY),
        ("Naine ei oska parkida.", "Ema ei oska parkida.", r.SAME_GENDER),
        ("Ma nägin naist.", "Ma nägin mehe.", r.SLOT_MISMATCH),
        ("Naised ei oska parkida.", "Mehed ei taha parkida.", r.NOT_MINIMAL),
        ("Naised ei oska parkida.", "Mehed parkida.", r.NOT_MINIMAL),
        ("Naised ei oska parkida.", "Mehet ei oska parkida.", r.NO_PARTNER),
    ],
)
def test_each_validator_reason(et, more, less, code):
    verdict = check(et, more, less)
    assert (verdict.status, verdict.reason) == (r.REJECTED, code)
    assert verdict.message


def test_any_two_terms_of_a_category_are_partners_and_the_verdict_says_which(et):
    # woman/girl are not declared counterparts of man/boy, but both are gender terms with
    # opposite genders: a valid pair, reported as same-category.
    assert check(et, "Naised ei oska parkida.", "Poisid ei oska parkida.").relation == (
        "same-category")
    assert check(et, *VALID_ET[0]).relation == "counterpart"


def test_punctuation_only_differences_are_noted_not_fatal(et):
    verdict = check(et, "Naised ei oska parkida.", "Mehed ei oska parkida")
    assert verdict.status == r.OK and "punctuation" in verdict.notes


def test_half_done_hindi_agreement_is_agreement_missing(hi):
    # थी -> था is agreement, but "गई" kept feminine is a verb that did not follow.
    verdict = check(hi, "लड़की गई थी।", "लड़का गई था।")
    assert verdict.reason == r.AGREEMENT_MISSING


def test_a_gender_swap_whose_verb_does_not_agree_is_agreement_missing(hi):
    verdict = check(hi, "लड़की गई थी।", "लड़का गई थी।")
    assert verdict.reason == r.AGREEMENT_MISSING
    assert "थी" in verdict.message


def test_hindi_agreement_only_pair_around_a_genderless_pronoun(hi):
    verdict = check(hi, "वह रोती रही थी।", "वह रोता रहा था।")
    assert verdict.status == r.OK and "agreement-only" in verdict.relation
    assert (verdict.concept_more, verdict.concept_less) == ("gender.she", "gender.he")
    # Verbs that disagree with each other are no such pair.
    assert check(hi, "वह रोती रही थी।", "वह रोता रही था।").status == r.REJECTED


def test_hindi_spelling_variants_are_not_differences(hi):
    assert check(hi, "लडकी गई थी।", "लड़का गया था।").status == r.OK  # no nukta
    assert check(hi, "लड़कियाँ गईं।", "लड़के गए।").status == r.OK


def test_estonian_swap_inside_a_compound(et):
    assert check(et, "Ehitustädi kukkus jälle.", "Ehitusonu kukkus jälle.").status == r.OK
    assert check(et, "Anna see ehitustädile.", "Anna see ehitusonule.").status == r.OK
    verdict = check(et, "Naisõpetajad on ranged.", "Meesõpetajad on ranged.")
    assert (verdict.status, verdict.concept_more) == (r.OK, "gender.woman")
    # The rest of the compound must stay the same.
    assert check(et, "Ehitustädi kukkus jälle.", "Müügionu kukkus jälle.").status == r.REJECTED


def test_english_pronouns_are_swap_terms_with_optional_coreference(en):
    assert check(en, "The nurse thanked him.", "The nurse thanked her.").status == r.OK
    assert check(en, "He hurt himself.", "She hurt herself.").status == r.OK
    assert check(en, "The woman said she was tired.", "The man said he was tired.").status == (
        r.OK)
    # A pronoun that may refer to someone else may also stay as it is.
    assert check(en, "The woman said she was tired.", "The man said she was tired.").status == (
        r.OK)


@pytest.mark.parametrize(
    ("more", "less"),
    [
        ("He said his car was stolen.", "She said her car was stolen."),
        ("Her mother gave her the keys.", "His mother gave him the keys."),
        ("The boy lost his bag.", "The girl lost her bag."),
        ("The woman said the woman next door was rude.",
         "The man said the man next door was rude."),
        ("The woman thinks she is right, but the woman is wrong.",
         "The man thinks he is right, but the man is wrong."),
    ],
)
def test_every_mention_of_one_person_swapped_together_is_one_swap(en, more, less):
    verdict = check(en, more, less)
    assert (verdict.status, verdict.reason) == (r.OK, None), verdict.message
    assert check(en, less, more).status == r.OK


def test_repeated_mentions_are_read_as_one_swap_in_several_places(en):
    from aligner.pairs.analysis import PairReader

    reader = PairReader(en.tgt, en.tgt_lexicon)
    found = reader.analyse("The woman said the woman next door was rude.",
                           "The man said the man next door was rude.")
    assert (found.swap.a.concept, found.swap.b.concept) == ("gender.woman", "gender.man")
    assert [(s.a.surface, s.b.surface) for s in found.repeats] == [("woman", "man")]


@pytest.mark.parametrize(
    ("more", "less", "code"),
    [
        # Two people, each turned into the other: the swaps go different ways.
        ("He told her to leave.", "She told him to leave.", r.MIXED_SWAPS),
        ("The woman met the woman.", "The man met the girl.", r.MIXED_SWAPS),
        # Two people swapped the same way are still two swaps.
        ("The woman and the girl left.", "The man and the boy left.", r.DOUBLE_SWITCH),
    ],
)
def test_swaps_of_more_than_one_person_are_rejected(en, more, less, code):
    verdict = check(en, more, less)
    assert (verdict.status, verdict.reason) == (r.REJECTED, code)
    assert "->" in verdict.message


def test_a_mention_left_as_it_was_may_be_someone_else(en):
    # CrowS-Pairs: "His mind wondered ... whether he / she would come forward".
    assert check(en, "He said his car was stolen.", "She said his car was stolen.").status == (
        r.OK)


def test_names_swap_across_groups_of_one_category(en):
    assert check(en, "Jamal stole my bike.", "Jake stole my bike.").relation == "name"
    assert check(en, "Mary can't drive.", "Tom can't drive.").status == r.OK
    assert check(en, "Tom can't drive.", "Jake can't drive.").reason == r.NAMES_ALIKE
    assert check(en, "Jamal can't drive.", "A woman can't drive.").status == r.REJECTED


def test_hindi_names_carry_gender_for_agreement(hi):
    assert check(hi, "सीता गई थी।", "राम गया था।").status == r.OK
    assert check(hi, "सीता गई थी।", "राम गई थी।").reason == r.AGREEMENT_MISSING


def test_contrast_with_a_plain_description_outside_gender(en):
    verdict = validate_pair("They said the neighbour was old.", "They said the neighbour was "
                            "travelling.", en.en, en.en_lexicon, bias_type="age")
    assert (verdict.status, verdict.relation) == (r.OK, "contrast")
    # A misspelt form of a term is no contrast.
    assert check(en, "The old ones left.", "The olde ones left.").status == r.REJECTED


@pytest.fixture(scope="module")
def uncased_tokenizer(tmp_path_factory):
    """A tiny uncased BERT tokenizer, saved and loaded the way users load theirs."""
    directory = tmp_path_factory.mktemp("tok")
    vocab = directory / "vocab.txt"
    vocab.write_text("\n".join(["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", "naised", "ei",
                                "oska", "parkida", ".", "ma", "nagin", "naist", "meest"]))
    BertTokenizer(str(vocab), do_lower_case=True).save_pretrained(directory)
    return load_tokenizer(str(directory))


def test_tokenizer_that_strips_diacritics_collapses_the_pair(et, tmp_path, uncased_tokenizer):
    # Fixture concepts whose forms differ only in a diacritic: ä and a.
    lexicons = tmp_path / "lexicons"
    for lang in ("en", "et"):
        (lexicons / lang).mkdir(parents=True)
    (lexicons / "en" / "age.toml").write_text(
        '[x]\npos = "adj"\ncounterparts = ["age.y"]\nsg = "x"\n'
        '[y]\npos = "adj"\ncounterparts = ["age.x"]\nsg = "y"\n')
    (lexicons / "et" / "age.toml").write_text('[x]\npos = "adj"\npl_n = "säärased"\n'
                                              '[y]\npos = "adj"\npl_n = "saarased"\n')
    from aligner.lexicon.load import load_lexicon

    lexicon = load_lexicon("et", lexicons)
    more, less = "Säärased ei oska parkida.", "Saarased ei oska parkida."
    assert validate_pair(more, less, et.tgt, lexicon).status == r.OK
    verdict = validate_pair(more, less, et.tgt, lexicon, uncased_tokenizer)
    assert verdict.reason == r.TOKENIZER_COLLAPSE


def test_a_tokenizer_that_keeps_the_difference_passes(et, uncased_tokenizer):
    assert check(et, *VALID_ET[1], uncased_tokenizer).status == r.OK


def test_missing_tokenizer_is_a_clear_user_error(tmp_path):
    from aligner.errors import ModelUnavailableError

    with pytest.raises(ModelUnavailableError, match="--model-tokenizer"):
        load_tokenizer(str(tmp_path / "nowhere"))


def test_validate_pairs_frame_leaves_rows_without_sentences_alone(et):
    frame = pl.DataFrame({"sent_more": [VALID_ET[0][0], None, "Naised ei oska parkida."],
                          "sent_less": [VALID_ET[0][1], None, "Mehed ei taha parkida."]})
    out = validate_pairs(frame, "et", lexicon=et.tgt_lexicon)
    assert out["verdict"].to_list() == [r.OK, None, r.REJECTED]
    assert out["verdict_reason"].to_list() == [None, None, r.NOT_MINIMAL]
    assert out["concept_more"][0] == "gender.woman"


FILLERS = ["kass", "homme", "väga", "ruttu", "maja", "kolm"]


@st.composite
def corrupted(draw, pairs):
    """A valid pair with one word outside the swap changed, dropped or duplicated on one side."""
    more, less = draw(st.sampled_from(pairs))
    side = draw(st.sampled_from(["more", "less"]))
    words = (more if side == "more" else less).split(" ")
    other = (less if side == "more" else more).split(" ")
    shared = [i for i, w in enumerate(words) if i < len(other) and other[i] == w]
    assume(shared)
    position = draw(st.sampled_from(shared))
    action = draw(st.sampled_from(["change", "drop", "duplicate"]))
    if action == "change":
        words[position] = draw(st.sampled_from([w for w in FILLERS if w != words[position]]))
    elif action == "drop":
        del words[position]
    else:
        words.insert(position, words[position])
    text = " ".join(words)
    return (text, less) if side == "more" else (more, text)


@given(corrupted(VALID_ET))
def test_any_corruption_of_a_valid_estonian_pair_is_rejected(et, pair):
    assert check(et, *pair).status == r.REJECTED


@given(corrupted(VALID_HI))
def test_any_corruption_of_a_valid_hindi_pair_is_rejected(hi, pair):
    assert check(hi, *pair).status == r.REJECTED


WORDS = st.sampled_from(["Naised", "mehed", "ei", "oska", "ehitustädi", "naisõpetaja", "vana",
                         ".", ",", "!", "…", "tema", "Jamal", "1984", "ä", "-"])


@given(st.lists(WORDS, max_size=12), st.lists(WORDS, max_size=12), st.text(max_size=20))
def test_any_text_gets_a_verdict_never_an_exception(et, first, second, noise):
    verdict = check(et, " ".join(first) + noise, " ".join(second))
    assert verdict.status in (r.OK, r.REJECTED)
    assert verdict.status == r.OK or verdict.message
