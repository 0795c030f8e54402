"""Russian, the guide's worked example: gendered adjectives, possessives and past verbs
follow a swapped noun, through the same transfer and validator as every language."""

from pathlib import Path

import polars as pl
import pytest
from typer.testing import CliRunner

from aligner.cli.main import app
from aligner.lexicon.load import read_lexicon
from aligner.lexicon.model import Concept
from aligner.pairs.aligned import AlignedLine
from aligner.pairs.transfer import load_languages, transfer_one
from aligner.pairs.validate import validate_pair
from aligner.plugins import get_plugin

EXAMPLE = Path(__file__).resolve().parent / "ru_example"


@pytest.fixture(scope="module")
def ru():
    return load_languages("ru")


@pytest.mark.parametrize(
    ("english", "natural", "swapped"),
    [
        (("My older sister is tired.", "My older brother is tired."),
         "Моя старшая сестра устала.", "Мой старший брат устал."),
        (("The bride was emotional.", "The groom was emotional."),
         "Невеста была очень эмоциональна.", "Жених был очень эмоционален."),
        (("I saw my older sister.", "I saw my older brother."),
         "Я видел мою старшую сестру.", "Я видел моего старшего брата."),
        (("My sister has no car.", "My brother has no car."),
         "У моей сестры нет машины.", "У моего брата нет машины."),
        (("I gave it to my little sister.", "I gave it to my little brother."),
         "Я отдал это моей младшей сестре.", "Я отдал это моему младшему брату."),
        (("The poor widow cried.", "The poor widower cried."),
         "Бедная вдова плакала, а мы молчали.", "Бедный вдовец плакал, а мы молчали."),
        (("My sisters are tired.", "My brothers are tired."),
         "Мои сёстры устали от этого города.", "Мои братья устали от этого города."),
        (("The mother was happy.", "The father was happy."),
         "Мать стала счастливой.", "Отец стал счастливым."),
        (("He was tired.", "She was tired."), "Он устал.", "Она устала."),
    ],
)
def test_agreement_follows_the_new_gender_and_the_pair_is_valid(ru, english, natural, swapped):
    outcome = transfer_one(*english, AlignedLine(("1",), ("1",), natural), ru)
    assert (outcome.reason, outcome.natural, outcome.swapped) == (None, natural, swapped)
    verdict = validate_pair(natural, swapped, ru.tgt, ru.tgt_lexicon)
    assert verdict.status == "ok", verdict.message


def test_a_pronoun_swap_without_its_verb_is_agreement_missing(ru):
    verdict = validate_pair("Он устал.", "Она устал.", ru.tgt, ru.tgt_lexicon)
    assert verdict.reason == "agreement-missing"


def test_a_word_of_another_noun_is_left_alone(ru):
    """этого belongs to города, not to the subject: only the subject's words change."""
    outcome = transfer_one("My sister is tired of this town.", "My brother is tired of this town.",
                           AlignedLine(("1",), ("1",), "Сестра устала от этого города."), ru)
    assert outcome.swapped == "Брат устал от этого города."


def test_every_russian_form_reads_back_as_its_lemma_and_slot():
    lexicon, _ = read_lexicon("ru")
    plugin = get_plugin("ru")
    assert len(lexicon) >= 20
    assert {c.id: p for c in lexicon if (p := plugin.form_problems(c))} == {}


def test_paradigms_come_from_pymorphy3():
    sister = Concept("gender.sister", "gender", "ru", (), lemma="сестра", gender="f")
    paradigm = get_plugin("ru").expand(sister)
    assert paradigm["sg_accs"] == ("сестру",) and paradigm["pl_gent"] == ("сестёр",)
    assert get_plugin("ru").form_problems(
        Concept("gender.sister", "gender", "ru", (), {"sg_accs": ("сестра",)}, lemma="сестра")
    ) == ["sg_accs 'сестра' reads as сестра sg_nomn"]


@pytest.mark.slow
def test_build_from_a_small_subtitle_pair(tmp_path, monkeypatch):
    """The guide's last step: `align build` on two tiny films gives valid Russian pairs."""
    monkeypatch.setenv("CINEALIGN_CACHE", str(tmp_path / "cache"))
    out = tmp_path / "out"
    result = CliRunner().invoke(app, [
        "build", "--src", "en", "--tgt", "ru", "--src-subs", str(EXAMPLE),
        "--pairs", str(EXAMPLE / "seeds.csv"), "--encoder", "e5-small", "--out", str(out),
        "--no-progress",
    ])
    assert result.exit_code == 0, result.output
    pairs = pl.read_csv(out / "ru_cinebias.csv").select("sent_more", "sent_less", "verdict")
    assert pairs.rows() == [
        ("Моя старшая сестра устала от этого города.",
         "Мой старший брат устал от этого города.", "ok"),
        ("Невеста была слишком эмоциональна, чтобы вести машину.",
         "Жених был слишком эмоционален, чтобы вести машину.", "ok"),
    ]
