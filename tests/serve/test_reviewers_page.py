"""Two reviewers and an adjudicator on one review page server, in a real browser: votes kept
apart, others' votes hidden until one has voted, an open pair settled, the guidelines
beside the pair, and the agreement figures in the rebuilt report."""

from __future__ import annotations

import polars as pl
import pytest
from playwright.sync_api import expect
from typer.testing import CliRunner

from aligner.cli.main import app
from aligner.pairs.consensus import Rules, resolve, write_rules
from aligner.pairs.decisions import read_store

from .conftest import REPO, build_args, serving

pytestmark = pytest.mark.slow

SCREENSHOT = REPO / "out" / "review" / "reviewers.png"
PAIR = "the_long_road-11"


@pytest.fixture
def two_reviewers_dir(screened_dir):
    """The screened sample build, each pair wanting two reviewers."""
    write_rules(screened_dir / "decisions.csv", Rules(per_pair=2))
    return screened_dir


def open_as(browser, url: str, reviewer: str):
    tab = browser.new_page()
    tab.goto(f"{url}?reviewer={reviewer}#{PAIR}/et")
    tab.wait_for_selector("body[data-ready=true]")
    expect(tab.locator("#pair h2")).to_have_text(PAIR)
    return tab


def test_two_reviewers_vote_blind_and_an_adjudicator_settles_the_split(browser, two_reviewers_dir):
    with serving(two_reviewers_dir) as url:
        ilse, jaan = open_as(browser, url, "ilse"), open_as(browser, url, "jaan")
        ilse.select_option("#chosen-category", "age")
        ilse.click("#accept")  # the pair leaves her queue; the next one is shown
        expect(ilse.locator(f'#pairs .item[data-pair="{PAIR}"]')).to_have_count(0)
        ilse.click("#view-voted")
        expect(ilse.locator(f'#pairs .item[data-pair="{PAIR}"] .place')).to_have_text("voted")

        # jaan's tab opened before ilse voted; reopened, it still shows nothing of her vote.
        jaan.reload()
        jaan.wait_for_selector("body[data-ready=true]")
        expect(jaan.locator("#votes-hidden")).to_have_text(
            "Others' votes are hidden until you vote."
        )
        expect(jaan.locator("#toggle-votes")).to_have_count(0)
        expect(jaan.locator("#review-status")).to_have_text("proposed")
        jaan.click("#reject")
        jaan.fill("#reject-reason", "about one old man, not old people")
        jaan.press("#reject-reason", "Enter")
        jaan.click("#view-all")
        jaan.click(f'#pairs .item[data-pair="{PAIR}"]')
        expect(jaan.locator("#consensus")).to_contain_text("no majority: 1 accept, 1 reject")
        expect(jaan.locator("#vote-list")).to_have_count(0)  # behind the toggle
        jaan.keyboard.press("v")
        expect(jaan.locator("#vote-list")).to_have_text("ilse: accept · stereo · age")

        kadri = open_as(browser, url, "kadri")  # the link's pair: on the adjudication queue
        expect(kadri.locator("#views [aria-pressed=true]")).to_have_text("Adjudicate (1)")
        expect(kadri.locator("#pairs .item")).to_have_count(1)
        kadri.click(f'#pairs .item[data-pair="{PAIR}"]')
        kadri.click("#guidelines-button")
        expect(kadri.locator("#guidelines h1")).to_have_text("Reviewing minimal pairs")
        kadri.click("#toggle-votes")
        SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
        kadri.set_viewport_size({"width": 1500, "height": 1100})
        kadri.screenshot(path=str(SCREENSHOT))
        kadri.fill("#settle-reason", "a claim about one man")
        kadri.click("#settle-reject")
        expect(kadri.locator("#pairs .item")).to_have_count(0)  # the adjudication queue is empty

    store = read_store(two_reviewers_dir / "decisions.csv")
    assert store.select("reviewer", "decision", "role").rows() == [
        ("ilse", "accept", "vote"),
        ("jaan", "reject", "vote"),
        ("kadri", "reject", "adjudication"),
    ]
    assert store["chosen_category"].to_list()[:2] == ["age", "age"]
    settled = resolve(store).row(0, named=True)
    assert (settled["consensus"], settled["decision"]) == ("adjudicated", "reject")


# Two reviewers on four pairs: ilse accept accept reject reject, jaan accept reject reject
# reject; by hand (tests/review/test_agreement.py) alpha = 8/15, Fleiss' kappa = 7/15.
PLANTED = {
    "harbour_lights-01": ("accept", "accept"),
    "harbour_lights-02": ("accept", "reject"),
    "harbour_lights-03": ("reject", "reject"),
    "harbour_lights-04": ("reject", "reject"),
}


def test_agreement_figures_reach_the_report_and_the_agreement_command(browser, two_reviewers_dir):
    with serving(two_reviewers_dir) as url:
        for who, index in (("ilse", 0), ("jaan", 1)):
            tab = browser.new_page()
            tab.goto(f"{url}?reviewer={who}&queue=all")
            tab.wait_for_selector("body[data-ready=true]")
            for pair_id, votes in PLANTED.items():
                tab.fill("#search", pair_id)
                tab.click(f'#pairs .item[data-pair="{pair_id}"]')
                expect(tab.locator("#pair h2")).to_have_text(pair_id)
                if votes[index] == "accept":
                    tab.click("#accept")
                else:
                    tab.click("#reject")
                    tab.fill("#reject-reason", "planted")
                    tab.press("#reject-reason", "Enter")
                expect(tab.locator(f'#pairs .item[data-pair="{pair_id}"] .place')).to_have_text(
                    "voted" if who == "ilse" else "adjudicate" if len(set(votes)) > 1 else "voted"
                )
    result = CliRunner().invoke(app, build_args(two_reviewers_dir))
    assert result.exit_code == 0, result.output
    report = (two_reviewers_dir / "report.md").read_text(encoding="utf-8")
    assert "### Reviewer agreement" in report
    assert "| decision | all | all | 4 | 8 | 2 | 0.75 | 0.533 (" in report
    assert "| 0.467 (" in report  # Fleiss' kappa, 7/15
    assert "| reject | settled | applied | 2 | harbour_lights-03, harbour_lights-04 |" in report
    assert "left out: in the adjudication queue | 1 | harbour_lights-02 |" in report
    dataset = pl.read_csv(two_reviewers_dir / "et_cinebias.csv")
    ids = set(dataset["pair_id"])
    assert "harbour_lights-01" in ids and not ids & {
        "harbour_lights-02",
        "harbour_lights-03",
        "harbour_lights-04",
    }
    agreed = CliRunner().invoke(
        app, ["review", "agreement", str(two_reviewers_dir), "--resamples", "200"]
    )
    assert agreed.exit_code == 0, agreed.output
    assert "| decision | all | all | 4 | 8 | 2 | 0.75 | 0.533 (" in agreed.output
    table = pl.read_csv(two_reviewers_dir / "agreement.csv")
    overall = table.filter((pl.col("variable") == "decision") & (pl.col("scope") == "all"))
    assert overall["alpha"][0] == pytest.approx(8 / 15)
    assert overall["kappa"][0] == pytest.approx(7 / 15)


def test_a_reviewer_opens_on_their_own_queue_and_the_chosen_view_survives_a_reload(
        browser, two_reviewers_dir):
    with serving(two_reviewers_dir) as url:
        tab = browser.new_page()
        tab.goto(url)  # no name in the address or this browser: the server's default, asked
        tab.wait_for_selector("body[data-ready=true]")
        expect(tab.locator("#reviewer-prompt")).to_have_text("Not ilse? Type your name.")
        expect(tab.locator("#views [aria-pressed=true]")).to_have_text("To vote (42)")
        expect(tab.locator("#pair h2")).to_have_text(PAIR)  # the best-screened pair first
        tab.keyboard.press("a")
        expect(tab.locator("#pair h2")).to_have_text("harbour_lights-05")
        expect(tab.locator("#view-to-vote")).to_have_text("To vote (41)")

        tab.click("#view-all")
        expect(tab.locator("#pairs .item")).to_have_count(42)
        tab.reload()
        tab.wait_for_selector("body[data-ready=true]")
        expect(tab.locator("#views [aria-pressed=true]")).to_have_text("All pairs (42)")
        expect(tab.locator("#pair h2")).to_have_text("harbour_lights-05")

        tab.fill("#reviewer", "jaan")
        tab.press("#reviewer", "Enter")  # another reviewer: their queue, whatever was shown
        expect(tab.locator("#views [aria-pressed=true]")).to_have_text("To vote (42)")
        expect(tab.locator("#reviewer-prompt")).to_be_hidden()
        expect(tab.locator("#pairs .item").first).to_have_attribute("data-pair", PAIR)
        tab.goto(f"{url}?queue=voted")  # a view chosen in the address; the name remembered
        tab.wait_for_selector("body[data-ready=true]")
        expect(tab.locator("#views [aria-pressed=true]")).to_have_text("Voted (0)")
        expect(tab.locator("#pairs .empty")).to_have_text("No pairs match.")
        expect(tab.locator("#reviewer")).to_have_value("jaan")
