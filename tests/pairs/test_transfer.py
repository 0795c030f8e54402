from __future__ import annotations

import polars as pl
import pytest

from aligner.frames import PAIRS
from aligner.pairs import reasons as r
from aligner.pairs.aligned import AlignedLine
from aligner.pairs.transfer import swap_line, transfer_one, transfer_pairs


def line(text: str, confidence: float | None = None) -> AlignedLine:
    return AlignedLine(("1",), ("1",), text, confidence=confidence)


@pytest.mark.parametrize(
    ("english", "target", "swapped", "slot"),
    [
        (("Women can't park.", "Men can't park."),
         "Naised ei oska parkida.", "Mehed ei oska parkida.", "pl_n"),
        (("I saw a grown woman cry.", "I saw a grown man cry."),
         "Ma nägin täiskasvanud naist nutmas.", "Ma nägin täiskasvanud meest nutmas.", "sg_p"),
        (("Give it to the girl.", "Give it to the boy."),
         "Anna see tüdrukule.", "Anna see poisile.", "sg_all"),
        (("He works with women.", "He works with men."),
         "Ta töötab naistega.", "Ta töötab meestega.", "pl_kom"),
        (("The old ones never cope.", "The young ones never cope."),
         "Vanad ei saa hakkama.", "Noored ei saa hakkama.", "pl_n"),
    ],
)
def test_estonian_swap_keeps_case_number_and_capitals(et, english, target, swapped, slot):
    outcome = transfer_one(*english, line(target), et)
    assert (outcome.reason, outcome.natural, outcome.swapped, outcome.slot) == (
        None, target, swapped, slot)


def test_hindi_verb_agreement_follows_the_new_gender(hi):
    outcome = transfer_one("The girl left.", "The boy left.", line("लड़की गई थी।"), hi)
    assert (outcome.reason, outcome.swapped) == (None, "लड़का गया था।")


def test_hindi_adjective_agreement_follows_the_new_gender(hi):
    outcome = transfer_one("A good girl came.", "A good boy came.", line("अच्छी लड़की आई।"), hi)
    assert (outcome.reason, outcome.swapped) == (None, "अच्छा लड़का आया।")


def test_the_natural_line_is_kept_byte_for_byte(hi):
    # चंद्रबिंदु is folded for matching only; the subtitle's own spelling stays.
    outcome = transfer_one("Girls left.", "Boys left.", line("लड़कियाँ गईं।"), hi)
    assert outcome.natural == "लड़कियाँ गईं।"


@pytest.mark.parametrize(
    ("english", "target", "confidence", "code"),
    [
        (("Let her do it.", "Let him do it."), "Lase tal teha.", None, r.GENDERLESS_PRONOUN),
        (("By noon she'll cry.", "By noon he'll cry."), "Ta nutab.", None, r.GENDERLESS_PRONOUN),
        (("Women can't park.", "Men can't park."), "Nad ei oska parkida.", None,
         r.CONCEPT_NOT_IN_TARGET_LINE),
        (("A Jewish accountant.", "A Buddhist accountant."), "Juudist raamatupidaja.", None,
         r.NO_TARGET_EQUIVALENT),
        (("The woman told the woman.", "The man told the woman."),
         "Naine ütles naisele.", None, r.AMBIGUOUS_MATCH),
        (("Women can't park.", "Men can't park."), "Naised ei oska parkida.", 0.2,
         r.LOW_ALIGNMENT_CONFIDENCE),
        (("We can't park.", "They can't park."), "Me ei oska parkida.", None,
         r.ENGLISH_NOT_A_SWAP),
    ],
)
def test_each_transfer_reason(et, english, target, confidence, code):
    outcome = transfer_one(*english, line(target, confidence), et, min_confidence=0.5)
    assert outcome.reason == code
    assert outcome.natural is None and outcome.message


def test_unresolved_agreement_is_a_reason_not_a_guess(hi):
    # A coordinated subject: the verb agrees with both nouns, the rule cannot decide.
    outcome = transfer_one("The girl and the man left.", "The boy and the man left.",
                           line("लड़की और आदमी गए।"), hi)
    assert outcome.reason == r.AGREEMENT_UNRESOLVED


def test_unaligned_cue(et):
    outcome = transfer_one("Women can't park.", "Men can't park.", None, et, cue_id="7")
    assert outcome.reason == r.NOT_ALIGNED and "7" in outcome.message


SEEDS = pl.DataFrame({
    "pair_id": ["f-01", "f-02", "f-03"],
    "sent_more": ["Women can't park.", "I saw a grown woman cry.", "Let her do it."],
    "sent_less": ["Men can't park.", "I saw a grown man cry.", "Let him do it."],
    "stereo_antistereo": ["stereo", "antistereo", "stereo"],
    "bias_type": ["gender"] * 3,
    "film": ["f"] * 3,
    "cue_id": ["3", "8", "9"],
    "start_ms": [1000, 5000, 6000],
    "orig_side": ["more", "less", "more"],
})


def test_transfer_pairs_frame_puts_the_natural_line_on_its_english_side(et):
    aligned = pl.DataFrame({
        "film": ["f", "f", "f"],
        "src_cue_ids": [["3"], ["8"], ["9"]],
        "tgt_cue_ids": [["2", "3"], ["7"], ["8"]],
        "tgt_text": ["Naised ei oska parkida.", "Ma nägin täiskasvanud meest nutmas.",
                     "Lase tal teha."],
        "cosine": [0.9, 0.8, 0.7],
        "margin": [1.2, 1.1, 1.0],
        "confidence": [0.95, 0.9, 0.85],
    })
    out = transfer_pairs(SEEDS, aligned, "et", langs=et)
    assert out.schema == pl.Schema(PAIRS)
    rows = {row["pair_id"]: row for row in out.iter_rows(named=True)}
    assert rows["f-01"]["sent_more"] == "Naised ei oska parkida."
    assert rows["f-01"]["tgt_cue_ids"] == "2 3" and rows["f-01"]["cosine"] == 0.9
    # The English original is sent_less, so the Estonian subtitle line is too.
    assert rows["f-02"]["sent_less"] == "Ma nägin täiskasvanud meest nutmas."
    assert rows["f-02"]["sent_more"] == "Ma nägin täiskasvanud naist nutmas."
    assert (rows["f-03"]["status"], rows["f-03"]["reason"]) == (r.REJECTED, r.GENDERLESS_PRONOUN)
    assert rows["f-03"]["src_sent_more"] == "Let her do it."


def test_side_is_read_from_the_aligned_english_text_when_the_seed_does_not_say(et):
    seeds = SEEDS.drop("orig_side").slice(1, 1)
    aligned = pl.DataFrame({
        "film": ["f"], "src_cue_ids": [["8"]], "tgt_cue_ids": [["7"]],
        "src_text": ["I saw a grown man cry."],
        "tgt_text": ["Ma nägin täiskasvanud meest nutmas."],
    })
    row = transfer_pairs(seeds, aligned, "et", langs=et).row(0, named=True)
    assert (row["orig_side"], row["sent_less"]) == ("less", "Ma nägin täiskasvanud meest nutmas.")


def test_a_same_category_word_of_the_translation_stands_in_for_the_english_concept(et):
    # "wife" is translated "naine" (woman); woman's one counterpart, man, is swapped in.
    outcome = transfer_one("The wife stays ashore.", "The husband stays ashore.",
                           line("Naine jääb kaldale."), et)
    assert (outcome.reason, outcome.swapped) == (None, "Mees jääb kaldale.")
    assert (outcome.concept, outcome.counterpart) == ("gender.woman", "gender.man")


REPEATED = ("The woman said the woman next door was rude.",
            "The man said the man next door was rude.")


def test_an_english_pair_that_swaps_every_mention_swaps_every_mention_in_the_target(et, hi):
    outcome = transfer_one(*REPEATED, line("Naine ütles, et naine on ebaviisakas."), et)
    assert (outcome.reason, outcome.swapped) == (None, "Mees ütles, et mees on ebaviisakas.")
    # Each mention brings its own agreement: only the second is the subject of थकी थी.
    outcome = transfer_one(*REPEATED, line("औरत ने कहा कि औरत थकी थी।"), hi)
    assert (outcome.reason, outcome.swapped) == (None, "आदमी ने कहा कि आदमी थका था।")


def test_a_stand_in_also_takes_every_mention(hi):
    outcome = transfer_one(*REPEATED, line("लड़की ने कहा कि लड़की थकी थी।"), hi)
    assert (outcome.reason, outcome.swapped) == (r.STAND_IN, "लड़के ने कहा कि लड़का थका था।")


def test_two_mentions_for_an_english_pair_of_one_swap_stay_ambiguous(et):
    outcome = transfer_one("The woman said she was tired.", "The man said he was tired.",
                           line("Naine ütles, et naine on väsinud."), et)
    assert outcome.reason == r.AMBIGUOUS_MATCH


@pytest.mark.parametrize(
    ("text", "concept", "counterpart", "swapped"),
    [
        ("He said his car was stolen.", "gender.he", "gender.she",
         "She said her car was stolen."),
        # "her" before a noun is his, elsewhere him; the mother is someone else.
        ("Her mother gave her the keys.", "gender.she", "gender.he",
         "His mother gave him the keys."),
        ("He hurt himself, so he left.", "gender.he", "gender.she",
         "She hurt herself, so she left."),
    ],
)
def test_swap_line_swaps_every_coreferent_pronoun_by_its_role(en, text, concept, counterpart,
                                                             swapped):
    outcome = swap_line(text, concept, counterpart, en, every=True)
    assert (outcome.reason, outcome.natural, outcome.swapped) == (None, text, swapped)
    assert swap_line(text, concept, counterpart, en).reason == r.AMBIGUOUS_MATCH
