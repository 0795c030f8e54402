"""Every country in CLDR (through babel) has a nationality, in English, Estonian and Hindi."""

import pytest
from babel import Locale

from aligner.lexicon import load_lexicon

# CLDR territory codes that are not ISO 3166-1 countries (regions, unions, test locales).
NOT_COUNTRIES = {"AC", "CP", "CQ", "DG", "EA", "EU", "EZ", "IC", "QO", "TA", "UN", "XA", "XB", "ZZ"}
# Countries without a nationality word, and why.
NO_NATIONALITY = {
    "AQ": "Antarctica has no permanent population",
    "GS": "South Georgia and the South Sandwich Islands have no permanent population",
    "VA": "Vatican citizenship is held by office (clergy, Swiss Guard); there is no demonym",
}


def cldr_countries() -> set[str]:
    return {c for c in Locale("en").territories if len(c) == 2 and c.isalpha()} - NOT_COUNTRIES


def test_every_cldr_country_has_an_english_nationality():
    english = load_lexicon("en")
    claimed = {code for c in english.by_category("nationality") for code in c.countries}
    assert len(cldr_countries()) >= 249
    assert cldr_countries() - claimed == set(NO_NATIONALITY)
    assert claimed - cldr_countries() == set()


@pytest.mark.parametrize("lang", ["et", "hi"])
def test_every_country_nationality_has_a_target_entry(lang):
    english, target = load_lexicon("en"), load_lexicon(lang)
    with_country = [c.id for c in english.by_category("nationality") if c.countries]
    assert [cid for cid in with_country if cid not in target] == []
    covered = sum(target[cid].available for cid in with_country)
    assert covered / len(with_country) >= 0.95


def test_issue_examples_are_there():
    english = load_lexicon("en")
    for concept, word in [("pakistani", "Pakistanis"), ("turkish", "Turks"),
                          ("ukrainian", "Ukrainians"), ("taiwanese", "Taiwanese"),
                          ("somali", "Somalis"), ("yemeni", "Yemenis"),
                          ("palestinian", "Palestinians")]:
        assert word in english[f"nationality.{concept}"].forms["pl"]
    assert english["nationality.welsh"].form("sg") == "Welsh"
