"""The stanza adapter on real stanza Documents read from CoNLL-U, and Hindi agreement by tree."""

import pytest
from stanza.utils.conll import CoNLL

from aligner.analysis.stanza_adapter import from_stanza, load_pipeline
from aligner.errors import ModelUnavailableError
from aligner.lexicon import load_lexicon
from aligner.plugins import Edit, get_plugin

# "राम की बेटी घर गई थी ।" — the girl is the subject; की marks her possessor.
HINDI = """\
# text = राम की बेटी घर गई थी।
1	राम	राम	PROPN	_	_	3	nmod	_	_
2	की	का	ADP	_	Case=Gen|Gender=Fem	1	case	_	_
3	बेटी	बेटी	NOUN	_	Gender=Fem|Number=Sing	5	nsubj	_	_
4	घर	घर	NOUN	_	_	5	obl	_	_
5	गई	जा	VERB	_	Gender=Fem	0	root	_	_
6	थी	था	AUX	_	Gender=Fem	5	aux	_	SpaceAfter=No
7	।	।	PUNCT	_	_	5	punct	_	_

"""
TEXT = "राम की बेटी घर गई थी।"


def test_conversion_keeps_tree_and_spans():
    parse = from_stanza(CoNLL.conll2doc(input_str=HINDI), TEXT)
    (sentence,) = parse.sentences
    assert [w.text for w in sentence.words] == ["राम", "की", "बेटी", "घर", "गई", "थी", "।"]
    for word in sentence.words:
        assert TEXT[word.start : word.end] == word.text
    girl = sentence.word(3)
    assert girl.deprel == "nsubj" and girl.feats["Gender"] == "Fem"
    assert [w.text for w in sentence.children(sentence.word(5), "aux")] == ["थी"]
    assert parse.find(TEXT.index("बेटी"), TEXT.index("बेटी") + 4)[1].id == 3


def test_hindi_agreement_follows_the_tree():
    plugin, lexicon = get_plugin("hi"), load_lexicon("hi")
    parse = from_stanza(CoNLL.conll2doc(input_str=HINDI), TEXT)
    tokens = plugin.tokenize(TEXT)
    match = plugin.match_forms(tokens, lexicon)[0]
    edits = plugin.agreement_edits(TEXT, tokens, match, lexicon["gender.son"], lexicon, parse=parse)
    assert sorted((e.old, e.new) for e in edits) == [("की", "का"), ("गई", "गया"), ("थी", "था")]
    assert all(isinstance(e, Edit) and e.kind == "agreement" for e in edits)


def test_tree_ignores_a_verb_the_noun_is_not_subject_of():
    conll = HINDI.replace("5\tnsubj", "5\tobj")
    plugin, lexicon = get_plugin("hi"), load_lexicon("hi")
    parse = from_stanza(CoNLL.conll2doc(input_str=conll), TEXT)
    tokens = plugin.tokenize(TEXT)
    match = plugin.match_forms(tokens, lexicon)[0]
    edits = plugin.agreement_edits(TEXT, tokens, match, lexicon["gender.son"], lexicon, parse=parse)
    assert [(e.old, e.new) for e in edits] == [("की", "का")]


def test_missing_models_are_a_clear_error(tmp_path):
    with pytest.raises(ModelUnavailableError, match="stanza.download"):
        load_pipeline("hi", tmp_path)
