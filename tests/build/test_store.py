from pathlib import Path

import polars as pl

from aligner.build.store import StageStore, stage_key


def test_key_changes_with_settings_and_inputs():
    base = stage_key("align", {"encoder": "e5-small"}, ["abc"])
    assert stage_key("align", {"encoder": "labse"}, ["abc"]) != base
    assert stage_key("align", {"encoder": "e5-small"}, ["abd"]) != base
    assert stage_key("transfer", {"encoder": "e5-small"}, ["abc"]) != base
    assert stage_key("align", {"encoder": "e5-small"}, ["abc"]) == base


def test_second_fetch_reuses_and_force_recomputes(tmp_path: Path):
    calls = []

    def compute() -> pl.DataFrame:
        calls.append(1)
        return pl.DataFrame({"x": [len(calls)]})

    store = StageStore(tmp_path)
    first, key = store.fetch_or_run("ingest", "film", {}, ["a"], compute)
    again, same_key = store.fetch_or_run("ingest", "film", {}, ["a"], compute)
    assert (len(calls), key) == (1, same_key)
    assert again.equals(first)
    forced = StageStore(tmp_path, force=frozenset({"ingest"}))
    redone, _ = forced.fetch_or_run("ingest", "film", {}, ["a"], compute)
    assert len(calls) == 2 and redone["x"].to_list() == [2]
    assert not list(tmp_path.rglob("*.tmp"))  # nothing half-written left behind
