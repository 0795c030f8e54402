"""The screen stage, the proposals it feeds, and `align screen`."""

from __future__ import annotations

from collections.abc import Sequence

import polars as pl
import pytest
from typer.testing import CliRunner

from aligner.build.proposals import propose_pairs
from aligner.cli.main import app
from aligner.errors import CineAlignError
from aligner.extract import extract
from aligner.frames import SCREEN
from aligner.lexicon import load_lexicon
from aligner.pairs.transfer import Languages
from aligner.plugins import get_plugin
from aligner.screen.judge import Judgement, ScreenLine
from aligner.screen.stage import screen

LINES = [
    "Those old films were great.",
    "Women can't drive.",
    "Who says girls can't fix engines?",
    "Dad, where are you going?",
    "We met on a blind date.",
]


class KeywordJudge:
    """A judge of the protocol that scores by a word list, so outcomes are known."""

    name = "keywords"

    def __init__(self):
        self.seen: list[str] = []

    def digest(self) -> str:
        return "keywords:1"

    def judge(self, lines: Sequence[ScreenLine]) -> list[Judgement]:
        self.seen.extend(line.text for line in lines)
        out = []
        for line in lines:
            anti = "who says" in line.text.lower()
            score = 0.9 if "can't" in line.text else 0.1
            direction = "none" if score < 0.5 else "anti-stereotype" if anti else "stereotype"
            group = line.mentions[0] if line.mentions else None
            out.append(Judgement(score, group and group.category, group and group.surface,
                                 direction, "test"))
        return out


def cue_frame(lines: list[str]) -> pl.DataFrame:
    return pl.DataFrame({
        "film": ["f"] * len(lines), "lang": ["en"] * len(lines), "idx": range(len(lines)),
        "cue_id": [str(i + 1) for i in range(len(lines))],
        "cue_ids": [[str(i + 1)] for i in range(len(lines))],
        "start_ms": [i * 1000 for i in range(len(lines))],
        "end_ms": [i * 1000 + 900 for i in range(len(lines))],
        "text": lines, "raw_text": lines, "source": ["f.en.srt"] * len(lines),
        "line": [i * 4 + 1 for i in range(len(lines))],
    })


@pytest.fixture(scope="module")
def english():
    return get_plugin("en"), load_lexicon("en")


@pytest.fixture(scope="module")
def keyword_lines(english):
    return extract(cue_frame(LINES), *english)


def test_every_line_is_judged_and_told_when_it_names_no_person(keyword_lines, english):
    judge = KeywordJudge()
    screened = screen(keyword_lines, *english, judge)
    assert list(screened.schema.items()) == list(SCREEN.items())
    assert judge.seen == LINES
    by_text = {row["text"]: row for row in screened.iter_rows(named=True)}
    films = by_text["Those old films were great."]
    assert not films["person_ref"] and films["stereotype"] == 0.1
    assert "never a swap" in films["rationale"] and "describes 'films'" in films["rationale"]
    assert by_text["Women can't drive."]["direction"] == "stereotype"
    assert "never a swap" not in by_text["Women can't drive."]["rationale"]
    assert set(screened["judge"]) == {"keywords"}


def test_without_a_judge_only_person_reference_is_given(keyword_lines, english):
    screened = screen(keyword_lines, *english, None)
    assert screened["stereotype"].null_count() == screened.height
    assert screened["person_ref"].to_list() == [False, True, True, True, False]
    assert set(screened["judge"]) == {"none"}


def test_proposals_follow_the_direction_and_never_swap_a_thing(keyword_lines, english):
    plugin, lexicon = english
    screened = screen(keyword_lines, plugin, lexicon, KeywordJudge())
    langs = Languages(plugin, lexicon, plugin, lexicon)
    proposed = {row["cue_id"]: row for row in propose_pairs(screened, langs).iter_rows(named=True)}
    assert "1" not in proposed and "5" not in proposed  # old films, blind date
    women = proposed["2"]
    assert (women["sent_more"], women["sent_less"]) == ("Women can't drive.", "Men can't drive.")
    assert women["stereo_antistereo"] == "stereo" and women["stereotype"] == 0.9
    girls = proposed["3"]
    assert girls["stereo_antistereo"] == "antistereo" and girls["orig_side"] == "less"
    assert girls["sent_less"] == "Who says girls can't fix engines?"
    assert girls["sent_more"] == "Who says boys can't fix engines?"
    kept = propose_pairs(screened, langs, min_stereotype=0.5)
    assert sorted(kept["cue_id"]) == ["2", "3"]


def test_align_screen_writes_every_row_with_the_screen_columns(keyword_lines, tmp_path):
    candidates = tmp_path / "candidates.parquet"
    keyword_lines.write_parquet(candidates)
    out = tmp_path / "screened.parquet"
    result = CliRunner().invoke(app, ["screen", str(candidates), "--out", str(out),
                                      "--judge", "none"])
    assert result.exit_code == 0, result.output
    screened = pl.read_parquet(out)
    assert screened.height == keyword_lines.height
    assert {"person_ref", "stereotype", "stereo_category", "direction", "rationale",
            "judge"} <= set(screened.columns)


def test_align_screen_names_a_file_that_is_not_extract_output(tmp_path):
    bad = tmp_path / "cues.parquet"
    cue_frame(LINES).write_parquet(bad)
    result = CliRunner().invoke(app, ["screen", str(bad), "--out", str(tmp_path / "o.parquet")])
    assert isinstance(result.exception, CineAlignError)
    assert "not an `align extract` file" in str(result.exception)
    assert str(bad) in str(result.exception) and "matches" in str(result.exception)


def test_align_screen_with_an_llm_judge_asks_the_endpoint_once_per_line(keyword_lines, tmp_path,
                                                                         endpoint):
    candidates = tmp_path / "candidates.parquet"
    keyword_lines.write_parquet(candidates)
    out = tmp_path / "screened.parquet"
    args = ["screen", str(candidates), "--out", str(out), "--judge", "llm",
            "--judge-url", endpoint.url, "--judge-model", "tiny-chat"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert endpoint.requests == len(LINES)
    screened = pl.read_parquet(out)
    assert set(screened["judge"]) == {"llm"} and screened["stereotype"].to_list() == [0.9] * 5
    again = CliRunner().invoke(app, args)
    assert again.exit_code == 0 and endpoint.requests == len(LINES)  # answered from the cache


@pytest.mark.parametrize(("judge", "message"), [
    (["--judge", "oracle"], "known judges are classifier, llm, none"),
    (["--judge", "llm"], "--judge llm needs --judge-url"),
    (["--judge-prompt", "no-such-prompt.md"], "--judge-prompt: no such file"),
])
def test_a_judge_that_cannot_be_made_is_one_clear_error(keyword_lines, tmp_path, judge, message):
    candidates = tmp_path / "candidates.parquet"
    keyword_lines.write_parquet(candidates)
    result = CliRunner().invoke(app, ["screen", str(candidates), "--out",
                                      str(tmp_path / "o.parquet"), *judge])
    assert isinstance(result.exception, CineAlignError)
    assert message in str(result.exception)
