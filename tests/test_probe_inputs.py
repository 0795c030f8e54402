"""scripts/probe_inputs.py: the catalogue is big enough, the verdicts are judged right, and
a few cheap rows run end to end."""

from __future__ import annotations

from pathlib import Path

import probe_inputs
import pytest
from probes.harness import Call, Outcome, judge
from probes.materials import Materials
from probes.rows import ROWS


def test_catalogue_has_over_170_probes_over_every_row(tmp_path):
    probes = probe_inputs.all_probes(Materials(tmp_path))
    assert len(probes) >= 170
    assert {probe.row for probe in probes} == set(ROWS)
    names = [(probe.row, probe.name) for probe in probes]
    assert len(names) == len(set(names))  # every probe says what it is


@pytest.mark.parametrize(("expect", "outcome", "lost", "present", "verdict"), [
    ("error", Outcome(1, "error: x.csv:2: bad"), [], [], "clean"),
    ("error", Outcome(0, "wrote it"), [], [], "silent"),
    ("error", Outcome(1, "", "ValueError: boom"), [], [], "traceback"),
    ("error", Outcome(1, "Traceback (most recent call last):\n  ..."), [], [], "traceback"),
    ("error", Outcome(1, "error: refused"), [Path("review.csv")], [], "loss"),
    ("error", Outcome(1, "error: refused"), [], [Path("out.parquet")], "wrong"),
    ("ok", Outcome(0, ""), [], [], "accepted"),
    ("ok", Outcome(1, "error: not UTF-8"), [], [], "wrong"),
    ("either", Outcome(2, "Usage: ..."), [], [], "clean"),
    ("either", Outcome(0, ""), [], [], "accepted"),
    ("error", Outcome(-9, "", "timed out"), [], [], "traceback"),
])
def test_judge(expect, outcome, lost, present, verdict):
    assert judge(Call([], expect), outcome, lost, present) == verdict


def test_a_check_overrides_the_expectation():
    call = Call([], "ok", check=lambda outcome: "silent")
    assert judge(call, Outcome(0, ""), [], []) == "silent"


def test_cheap_rows_run_end_to_end(capsys):
    assert probe_inputs.main(["--rows", "srt-arrow,srt-utf16-nobom,option-names"]) == 0
    printed = capsys.readouterr().out
    assert "0 traceback" in printed and "FAIL" not in printed
