"""The review page in a real browser (headless Chromium) on the sample build.

Each test reviews pairs the way a linguist would, then reads the decision store, and
the first runs `align build` again to see the decisions reach the benchmark.
"""

from __future__ import annotations

import polars as pl
import pytest
from playwright.sync_api import expect
from typer.testing import CliRunner

from aligner.cli.main import app
from aligner.pairs.decisions import read_store, set_apart

from .conftest import REPO, SCREENED, build_args

pytestmark = pytest.mark.slow

SCREENSHOT = REPO / "out" / "review" / "pair_view.png"


def open_pair(page, pair_id: str) -> None:
    page.fill("#search", pair_id)
    page.click(f'#pairs .item[data-pair="{pair_id}"]')
    expect(page.locator("#pair h2")).to_have_text(pair_id)


def badge(tab, pair_id: str):
    return tab.locator(f'#pairs .item[data-pair="{pair_id}"] .badge')


def queue(tab, count: int) -> list[str]:
    """The pair ids of the queue, once it shows ``count`` of them."""
    items = tab.locator("#pairs .item")
    expect(items).to_have_count(count)
    return items.evaluate_all("items => items.map((item) => item.dataset.pair)")


def decisions(build_dir) -> dict[str, dict]:
    store = read_store(build_dir / "decisions.csv", must_exist=True)
    return {row["pair_id"]: row for row in store.iter_rows(named=True)}


def test_decisions_made_in_the_page_reach_the_store_and_the_next_build(page, build_dir):
    open_pair(page, "harbour_lights-01")
    page.click("#accept")
    expect(page.locator("#review-status")).to_have_text("accepted")

    open_pair(page, "harbour_lights-02")
    page.click("#reject")
    page.fill("#reject-reason", "trawler talk, not a stereotype")
    page.click("#reject-form button")
    expect(page.locator("#review-status")).to_have_text("rejected")

    # The machine found no concept in this line; the linguist writes the pair by hand.
    open_pair(page, "harbour_lights-11")
    expect(page.locator("#verdict")).to_have_text("not validated")
    page.click("#edit")
    page.fill("#edit-more", "Selline blondiin ei pea seal ühtki talve vastu.")
    page.fill("#edit-less", "Selline brünett ei pea seal ühtki talve vastu.")
    expect(page.locator("#live-verdict")).to_contain_text("validator: ok")
    expect(page.locator("#live-verdict mark").first).to_have_text("blondiin")
    page.click("#edit-form button")
    expect(page.locator("#review-status")).to_have_text("accepted")

    # An edit that breaks the pair: the verdict changes as one types.
    open_pair(page, "harbour_lights-05")
    page.click("#edit")
    expect(page.locator("#live-verdict")).to_contain_text("validator: ok")
    page.fill("#edit-less", "Mees jääb kaldale ja hoiab kodu soojas. Nii on alati olnud ka.")
    expect(page.locator("#live-verdict")).to_contain_text("rejected: not-minimal")
    SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size({"width": 1366, "height": 1260})
    page.screenshot(path=str(SCREENSHOT))
    page.click("#edit-form button")
    expect(page.locator("#review-status")).to_have_text("needs-review")
    expect(page.locator("#progress")).to_contain_text("Reviewed 4 of 42 · ilse 4")

    stored = decisions(build_dir)
    assert {k: (v["decision"], v["reviewer"], v["revision"]) for k, v in stored.items()} == {
        "harbour_lights-01": ("accept", "ilse", 1),
        "harbour_lights-02": ("reject", "ilse", 1),
        "harbour_lights-11": ("edit", "ilse", 1),
        "harbour_lights-05": ("edit", "ilse", 1),
    }
    assert stored["harbour_lights-02"]["comment"] == "trawler talk, not a stereotype"
    assert stored["harbour_lights-11"]["edit_verdict"] == "ok"
    assert stored["harbour_lights-05"]["edit_verdict_reason"] == "not-minimal"

    before = pl.read_csv(build_dir / "et_cinebias.csv")
    result = CliRunner().invoke(app, build_args(build_dir))  # finds OUT/decisions.csv itself
    assert result.exit_code == 0, result.output
    after = pl.read_csv(build_dir / "et_cinebias.csv")
    ids = set(after["pair_id"])
    assert "harbour_lights-01" in ids  # accepted
    assert "harbour_lights-02" not in ids  # rejected
    assert "harbour_lights-05" not in ids  # its edit does not validate: left out
    repaired = after.filter(pl.col("pair_id") == "harbour_lights-11").row(0, named=True)
    assert (repaired["sent_more"], repaired["verdict"]) == (
        "Selline blondiin ei pea seal ühtki talve vastu.", "ok")
    assert after.height == before.height - 2 + 1
    report = (build_dir / "report.md").read_text(encoding="utf-8")
    assert ("| edit | settled | edit fails validation: pair left out | 1 | harbour_lights-05 |"
            in report)


def test_a_write_over_a_decision_changed_elsewhere_is_refused(browser, page_url, build_dir):
    first, second = browser.new_page(), browser.new_page()
    for tab in (first, second):
        tab.goto(page_url + "?queue=all#harbour_lights-03/et")
        expect(tab.locator("#pair h2")).to_have_text("harbour_lights-03")

    first.click("#accept")
    expect(badge(first, "harbour_lights-03")).to_have_text("accepted")
    second.click("#reject")  # this tab still shows the pair undecided
    second.fill("#reject-reason", "not a stereotype")
    second.press("#reject-reason", "Enter")
    expect(second.locator("#message")).to_contain_text(
        "not saved: your vote on harbour_lights-03/et was changed since you opened it")
    expect(second.locator("#stored-decision")).to_contain_text("accept by ilse")
    assert decisions(build_dir)["harbour_lights-03"]["decision"] == "accept"

    # Having seen the decision, the second tab may change it; the first one now may not.
    second.click("#reject")
    second.fill("#reject-reason", "not a stereotype")
    second.press("#reject-reason", "Enter")
    expect(badge(second, "harbour_lights-03")).to_have_text("rejected")
    first.click("#undo")
    expect(first.locator("#message")).to_contain_text("undo refused: not saved")
    assert decisions(build_dir)["harbour_lights-03"]["revision"] == 2

    # The sheet the build wrote before any of this is stale for that pair too.
    sheet = pl.read_csv(build_dir / "review.csv", infer_schema_length=0).with_columns(
        decision=pl.when(pl.col("pair_id") == "harbour_lights-03").then(pl.lit("accept")))
    sheet.write_csv(build_dir / "review.csv")
    result = CliRunner().invoke(app, ["review", "apply", str(build_dir / "review.csv"),
                                      "--decisions", str(build_dir / "decisions.csv"),
                                      "--reviewer", "ilse"])
    assert result.exit_code == 0, result.output
    assert "1 conflicts" in result.output and "harbour_lights-03/et: stored reject" in result.output
    assert decisions(build_dir)["harbour_lights-03"]["decision"] == "reject"


def test_the_page_works_from_the_keyboard_alone(page, build_dir):
    keys = page.keyboard
    keys.press("/")
    keys.type("night_shift")
    keys.press("Enter")
    expect(page.locator("#pair h2")).to_have_text("night_shift-01")
    keys.press("j")
    keys.press("j")
    keys.press("a")  # at once: it accepts the pair j moved to, then goes on to the next
    expect(page.locator("#pair h2")).to_have_text("night_shift-04")
    keys.press("r")
    keys.type("too literal")
    keys.press("Enter")
    expect(page.locator("#pair h2")).to_have_text("night_shift-05")

    keys.press("e")
    keys.press("Tab")  # from the first sentence to the second
    keys.press("End")
    keys.type(" ka")
    expect(page.locator("#live-verdict")).to_contain_text("rejected: not-minimal")
    keys.press("Enter")
    expect(page.locator("#pair h2")).to_have_text("night_shift-06")
    keys.press("u")  # undo the edit: back on that pair, undecided
    expect(page.locator("#pair h2")).to_have_text("night_shift-05")
    expect(page.locator("#stored-decision")).to_have_text("no decision yet")

    for _ in range(40):  # Tab reaches the buttons; Enter presses them
        keys.press("Tab")
        if page.evaluate("document.activeElement.id") == "accept":
            break
    keys.press("Enter")
    expect(page.locator("#pair h2")).to_have_text("night_shift-06")

    keys.press("?")
    expect(page.locator("#help")).to_be_visible()
    keys.press("Escape")
    expect(page.locator("#help")).to_be_hidden()

    stored = decisions(build_dir)
    assert {k: v["decision"] for k, v in stored.items()} == {
        "night_shift-03": "accept", "night_shift-04": "reject", "night_shift-05": "accept"}
    assert stored["night_shift-04"]["comment"] == "too literal"
    assert stored["night_shift-05"]["revision"] == 3  # edit, undo, accept: three rows
    store = read_store(build_dir / "decisions.csv")
    assert store.filter(pl.col("pair_id") == "night_shift-05")["decision"].to_list() == [
        "edit", None, "accept"]


def test_the_queue_starts_with_the_best_scored_line_and_says_why(page):
    by_score = sorted(SCREENED, key=lambda pair_id: -SCREENED[pair_id][0])
    assert queue(page, 42)[:len(by_score)] == by_score
    first = page.locator("#pairs .item").first
    expect(first.locator(".score")).to_have_text("0.91")
    expect(first.locator(".direction")).to_have_text("stereotype")
    expect(page.locator("#pair h2")).to_have_text("the_long_road-11")  # opened first
    expect(page.locator("#screening")).to_contain_text(
        "score 0.91 · stereotype · judge: classifier")
    expect(page.locator("#screening .rationale")).to_have_text(SCREENED["the_long_road-11"][3])
    unmarked = page.locator('#pairs .item[data-pair="harbour_lights-14"]')
    expect(unmarked.locator(".score")).to_have_text("0.08")
    expect(unmarked.locator(".direction")).to_have_count(0)  # direction "none"

    # An unscored pair looks as it did before screening.
    open_pair(page, "harbour_lights-01")
    expect(page.locator("#screening")).to_have_count(0)
    expect(page.locator("#pairs .item .score")).to_have_count(0)

    # A filter keeps the order; the order control is one Tab after the search box.
    page.fill("#search", "")
    page.select_option("#facet-bias_type", "age")
    assert queue(page, 6) == ["the_long_road-11", "the_long_road-12", "harbour_lights-09",
                              "harbour_lights-13", "night_shift-12", "night_shift-13"]
    page.keyboard.press("Escape")  # out of the form controls, back to the pair
    page.keyboard.press("/")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "order"
    page.keyboard.press("ArrowDown")  # to "film and time"
    expect(page.locator("#order")).to_have_value("film")
    expect(page.locator("#pairs .item").first).to_have_attribute("data-pair", "harbour_lights-09")
    assert queue(page, 6) == ["harbour_lights-09", "harbour_lights-13", "night_shift-12",
                              "night_shift-13", "the_long_road-11", "the_long_road-12"]
    page.select_option("#facet-bias_type", "")
    expect(page.locator("#pairs .item").first).to_have_attribute("data-pair", "harbour_lights-01")
    assert queue(page, 42)[-1] == "the_long_road-14"


def test_a_queue_nothing_screened_looks_as_it_did_before(browser, page_url):
    tab = browser.new_page()
    tab.goto(page_url)
    tab.wait_for_selector("body[data-ready=true]")
    assert queue(tab, 42)[:2] == ["harbour_lights-01", "harbour_lights-02"]  # film order
    expect(tab.locator("#order-control")).to_be_hidden()
    expect(tab.locator("#pairs .item .score, #pairs .item .direction")).to_have_count(0)
    expect(tab.locator("#pair h2")).to_have_text("harbour_lights-01")
    expect(tab.locator("#screening")).to_have_count(0)


def test_decisions_set_apart_after_a_rebuild_are_named_above_the_queue(browser, page_url,
                                                                       build_dir):
    tab = browser.new_page()
    tab.goto(page_url)
    tab.wait_for_selector("body[data-ready=true]")
    expect(tab.locator("#notices")).to_be_hidden()
    store = build_dir / "decisions.csv"
    set_apart([{"pair_id": "harbour_lights-99", "lang": "et", "decision": "reject",
                "comment": "a line the new build no longer has"}], store)
    tab.click("#view-all")  # any new listing brings the notice
    expect(tab.locator("#set-apart")).to_contain_text(
        "1 decision(s) for pairs that no longer exist were set apart by align review apply "
        "(kept, not applied) in")
    expect(tab.locator("#set-apart code")).to_have_text(str(build_dir / "decisions.unknown.csv"))
    expect(tab.locator("#set-apart")).to_contain_text("harbour_lights-99/et")
