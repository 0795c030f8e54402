"""A dependency parser given to transfer and validator reaches the plugin's agreement rule.

The parser here returns real stanza Documents read from CoNLL-U (no models offline).
With a tree in which the girl is the verb's object, not its subject, the Hindi rule
leaves the verb alone, while the word window (no parser) would change it.
"""

from dataclasses import replace

from stanza.utils.conll import CoNLL

from aligner.analysis.stanza_adapter import from_stanza
from aligner.pairs.transfer import load_languages, swap_line
from aligner.pairs.validate import validate_pair

TEXT = "राम की बेटी घर गई थी।"
SWAPPED = "राम का बेटा घर गई थी।"
TREE = """\
# text = {text}
1	राम	राम	PROPN	_	_	3	nmod	_	_
2	{gen}	का	ADP	_	Case=Gen	1	case	_	_
3	{noun}	{noun}	NOUN	_	Number=Sing	5	obj	_	_
4	घर	घर	NOUN	_	_	5	obl	_	_
5	गई	जा	VERB	_	Gender=Fem	0	root	_	_
6	थी	था	AUX	_	Gender=Fem	5	aux	_	SpaceAfter=No
7	।	।	PUNCT	_	_	5	punct	_	_

"""
TREES = {
    TEXT: TREE.format(text=TEXT, gen="की", noun="बेटी"),
    SWAPPED: TREE.format(text=SWAPPED, gen="का", noun="बेटा"),
}


def parser(text: str):
    return from_stanza(CoNLL.conll2doc(input_str=TREES[text]), text)


def test_transfer_and_validator_follow_the_parse():
    window = load_languages("hi")
    tree = replace(window, parser=parser)
    by_window = swap_line(TEXT, "gender.daughter", "gender.son", window).swapped
    by_tree = swap_line(TEXT, "gender.daughter", "gender.son", tree).swapped
    assert by_window == "राम का बेटा घर गया था।"
    assert by_tree == SWAPPED
    assert validate_pair(TEXT, by_tree, tree.tgt, tree.tgt_lexicon, parser=parser).status == "ok"
    assert validate_pair(TEXT, by_tree, window.tgt, window.tgt_lexicon).status == "rejected"
