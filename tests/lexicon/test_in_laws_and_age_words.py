"""The concepts added for the Hindi word list (issue 23): in-laws (gender), a little girl and
an old woman (age), Zoroastrians (religion). Each swaps with its counterpart in the bundled
English, Hindi and Estonian lexicons, and the words English says with two concepts stay
swappable one word at a time."""

from __future__ import annotations

import pytest

from aligner.lexicon import load_lexicon
from aligner.pairs.validate import validate_pair
from aligner.plugins import get_plugin

PAIRS = [
    ("en", "Her mother-in-law was cruel.", "Her father-in-law was cruel.", "gender",
     "gender.mother_in_law", "gender.father_in_law"),
    ("en", "His sister-in-law cooks.", "His brother-in-law cooks.", "gender",
     "gender.sister_in_law", "gender.brother_in_law"),
    ("en", "The little girl couldn't use the phone.", "The old woman couldn't use the phone.",
     "age", "age.little_girl", "age.old_woman"),
    ("en", "The old woman is a burden.", "The young woman is a burden.", "age",
     "age.old", "age.young"),
    ("en", "The old woman was sitting alone.", "The old man was sitting alone.", "gender",
     "gender.woman", "gender.man"),
    ("en", "The Parsis were kind.", "The Hindus were kind.", "religion",
     "religion.zoroastrian", "religion.hindu"),
    ("hi", "सास बहुत सख़्त है।", "ससुर बहुत सख़्त है।", "gender",
     "gender.mother_in_law", "gender.father_in_law"),
    ("hi", "बहू रसोई में थी।", "दामाद रसोई में था।", "gender",
     "gender.daughter_in_law", "gender.son_in_law"),
    ("hi", "ननद ने खाना बनाया।", "देवर ने खाना बनाया।", "gender",
     "gender.sister_in_law", "gender.brother_in_law"),
    ("hi", "बच्ची फ़ोन नहीं चला सकी।", "बुढ़िया फ़ोन नहीं चला सकी।", "age",
     "age.little_girl", "age.old_woman"),
    ("hi", "पारसी लोग मेहनती होते हैं।", "हिंदू लोग मेहनती होते हैं।", "religion",
     "religion.zoroastrian", "religion.hindu"),
    ("et", "Ämm on range.", "Äi on range.", "gender",
     "gender.mother_in_law", "gender.father_in_law"),
    ("et", "Minia oli köögis.", "Väimees oli köögis.", "gender",
     "gender.daughter_in_law", "gender.son_in_law"),
    ("et", "Vennanaine tuli.", "Õemees tuli.", "gender",
     "gender.sister_in_law", "gender.brother_in_law"),
    ("et", "Tüdrukuke ei oska telefoni kasutada.", "Vanaeit ei oska telefoni kasutada.", "age",
     "age.little_girl", "age.old_woman"),
]


@pytest.mark.parametrize(("lang", "more", "less", "bias", "concept_more", "concept_less"), PAIRS)
def test_the_new_concepts_swap_with_their_counterparts(lang, more, less, bias, concept_more,
                                                       concept_less):
    verdict = validate_pair(more, less, get_plugin(lang), load_lexicon(lang), bias_type=bias)
    assert verdict.status == "ok", verdict.message
    assert (verdict.concept_more, verdict.concept_less) == (concept_more, concept_less)
    assert verdict.relation == "counterpart"
