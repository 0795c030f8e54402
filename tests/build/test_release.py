"""A whole OPUS-layout release: document alignment, language archives, adverts, a broken
film; built on the local engine and on a local Ray instance, with identical outputs.
"""

from __future__ import annotations

import json
from pathlib import Path

import polars as pl
import pytest
from sample_corpus.opus_release import write_release
from typer.testing import CliRunner

from aligner.build.release import find_release, release_films
from aligner.cli.main import app
from aligner.errors import ConfigError

pytestmark = pytest.mark.slow

SCRIPTS = Path(__file__).resolve().parents[2] / "sample" / "script"
BROKEN = 1  # the second film's Estonian document is cut off mid-file


@pytest.fixture(scope="module")
def release(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("release")
    write_release(SCRIPTS, root, 3, lines=12, broken=frozenset({BROKEN}))
    return root


def build(release: Path, out: Path, engine: str, cache: Path, monkeypatch) -> tuple[int, str]:
    monkeypatch.setenv("CINEALIGN_CACHE", str(cache))
    result = CliRunner().invoke(
        app,
        ["build", "--release", str(release), "--tgt", "et", "--encoder", "e5-small",
         "--engine", engine, "--jobs", "2", "--out", str(out), "--no-progress"],
    )  # fmt: skip
    return result.exit_code, result.output


def test_films_are_paired_by_the_document_alignment(release):
    films, unmatched = release_films(release, "en", "et")
    assert [film.film for film in films] == ["1000000", "1000001", "1000002"]
    assert films[0].src.member == "OpenSubtitles/xml/en/2020/1000000/7000000.xml"
    assert unmatched == []
    with pytest.raises(ConfigError, match="en-hi.xml.gz"):
        find_release(release, "en", "hi")


@pytest.fixture(scope="module")
def built(release, tmp_path_factory):
    cache = tmp_path_factory.mktemp("embeddings")
    outs = {}
    with pytest.MonkeyPatch.context() as patch:
        for engine in ("local", "ray"):
            out = tmp_path_factory.mktemp(engine)
            outs[engine] = (out, *build(release, out, engine, cache, patch))
    import ray

    ray.shutdown()
    return outs


def test_the_broken_film_fails_alone_and_the_adverts_never_reach_the_aligner(built):
    out, code, output = built["local"]
    assert code == 1
    assert "film 1000001 failed" in output and "XML syntax error" in output
    manifest = json.loads((out / "manifest.json").read_text())
    assert list(manifest["failed_films"]) == ["1000001"]
    cues = pl.concat(pl.read_parquet(p) for p in (out / "work" / "et" / "ingest").glob("*"))
    assert set(cues["film"]) == {"1000000", "1000002"}
    assert not cues["text"].str.contains("future.ee|MrFlix|Advertise").any()
    assert "target time =" in output  # the time map of each film is printed


def test_ray_engine_writes_what_the_local_engine_writes(built):
    local, ray_out = built["local"][0], built["ray"][0]
    assert built["ray"][1] == 1
    for name in ("review.csv", "et_cinebias.csv"):
        assert (local / name).read_bytes() == (ray_out / name).read_bytes(), name
    stages = sorted(p.relative_to(local) for p in (local / "work").rglob("*.parquet"))
    assert stages == sorted(p.relative_to(ray_out) for p in (ray_out / "work").rglob("*.parquet"))
    for path in stages:
        assert (local / path).read_bytes() == (ray_out / path).read_bytes(), path
