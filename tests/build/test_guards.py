"""Issue 15's build rows: bad settings fail before any work, a good dataset is never replaced
by an empty one, two builds never share an --out, stage keys follow plugin code.

Marked slow: a few tests build one sample film with the bundled e5-small encoder.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import polars as pl
import pytest
from typer.testing import CliRunner

from aligner.build import generation
from aligner.build.lock import build_lock
from aligner.build.store import file_digest
from aligner.cli.main import app
from aligner.errors import CineAlignError, ConfigError, ModelUnavailableError, OutputError

pytestmark = pytest.mark.slow

SAMPLE = Path(__file__).resolve().parents[2] / "sample"
FILM = ("harbour_lights.en.srt", "harbour_lights.et.srt")


@pytest.fixture(scope="module")
def films(tmp_path_factory) -> Path:
    directory = tmp_path_factory.mktemp("films")
    for name in FILM:
        shutil.copy(SAMPLE / "films" / name, directory / name)
    return directory


@pytest.fixture(autouse=True)
def embedding_cache(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("CINEALIGN_CACHE", str(tmp_path_factory.getbasetemp() / "embeddings"))


def args(films: Path, out: Path, *extra: str) -> list[str]:
    return ["build", "--tgt", "et", "--src-subs", str(films), "--pairs",
            str(SAMPLE / "seed_pairs.csv"), "--encoder", "e5-small", "--out", str(out),
            "--no-progress", *extra]


def build(*arguments: str):
    result = CliRunner().invoke(app, list(arguments))
    if result.exception and not isinstance(result.exception, SystemExit):
        assert isinstance(result.exception, CineAlignError), repr(result.exception)
    return result


def manifest(out: Path) -> dict:
    return json.loads((out / "manifest.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def built(films, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("built")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("CINEALIGN_CACHE", str(tmp_path_factory.getbasetemp() / "embeddings"))
        result = build(*args(films, out))
    assert result.exit_code == 0, result.output
    assert pl.read_csv(out / "et_cinebias.csv").height > 0
    return out


@pytest.mark.parametrize(("extra", "message"), [
    (["--category", "nonsense"], "--category: unknown category 'nonsense'"),
    (["--category", "gendr"], "did you mean gender?"),
    (["--min-confidence", "7"], "--min-confidence: must be from 0 to 1"),
    (["--min-confidence", "-0.1"], "--min-confidence: must be from 0 to 1"),
    (["--score-model", "./no/such/model"], "--score-model: no model directory ./no/such/model"),
    (["--stanza-dir", "/no/such/dir"], "--stanza-dir: no such directory /no/such/dir"),
    (["--lexicons", "/no/such/lexicons"], "--lexicons: no such directory"),
])
def test_bad_options_fail_before_any_work(films, tmp_path, extra, message):
    out = tmp_path / "out"
    result = build(*args(films, out, *extra))
    assert isinstance(result.exception, ConfigError)
    assert message in str(result.exception)
    assert not out.exists()


def test_out_naming_a_file_fails_before_any_work(films, tmp_path):
    out = tmp_path / "taken.csv"
    out.write_text("mine\n", encoding="utf-8")
    result = build(*args(films, out))
    assert str(result.exception) == f"--out: {out} is a file; name a directory"
    assert out.read_text(encoding="utf-8") == "mine\n"


@pytest.mark.parametrize(("line", "message"), [
    ('min_confidence = "high"', "min_confidence: must be a number from 0 to 1, not 'high'"),
    ("min_confidence = true", "min_confidence: must be a number from 0 to 1, not True"),
    ('categories = "gender"', "categories: must be a list of category names"),
    ('categories = ["gender", "nonsense"]', "unknown category 'nonsense'"),
    ("tgt_subs = 3", "tgt_subs: must be a path (a non-empty string)"),
    ('encoder = ""', "encoder: must be a non-empty string"),
    ("show_progress = 1", "show_progress: must be true or false"),
    ('out = "taken.csv"', "taken.csv is a file; name a directory"),
])
def test_bad_config_values_name_file_and_line(films, tmp_path, line, message):
    (tmp_path / "taken.csv").write_text("x\n", encoding="utf-8")
    config = tmp_path / "build.toml"
    config.write_text(f'[build]\ntgt = "et"\nsrc_subs = "{films}"\n{line}\n', encoding="utf-8")
    result = build("build", "--config", str(config), "--no-progress")
    assert isinstance(result.exception, ConfigError)
    assert str(result.exception).startswith(f"{config}:4: ")
    assert message in str(result.exception)


def test_config_that_is_not_utf8_or_not_a_table(tmp_path):
    config = tmp_path / "build.toml"
    config.write_bytes('tgt = "et"\n# Ülo\n'.encode("cp1257"))
    assert "not UTF-8" in str(build("build", "--config", str(config)).exception)
    config.write_text("build = 3\n", encoding="utf-8")
    assert str(build("build", "--config", str(config)).exception) == (
        f"{config}:1: build must be a [build] table")


def test_unknown_target_language_fails_before_ingest(films, tmp_path):
    out = tmp_path / "out"
    arguments = args(films, out)
    arguments[arguments.index("--tgt") + 1] = "xx"
    result = build(*arguments)
    assert "no language plugin for 'xx'" in str(result.exception)
    assert not (out / "work").exists()


def test_encoder_that_cannot_load_fails_once_before_any_film(films, tmp_path, monkeypatch):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    out = tmp_path / "out"
    arguments = args(films, out)
    arguments[arguments.index("e5-small")] = "nonsense-encoder"
    result = build(*arguments)
    assert isinstance(result.exception, ModelUnavailableError)
    assert "'nonsense-encoder' is not in the local Hugging Face cache" in str(result.exception)
    assert not (out / "work" / "et" / "ingest").exists()  # no film was read
    assert not (out / "et_cinebias.csv").exists()


def test_cached_alignments_need_no_encoder(built, films, tmp_path, monkeypatch):
    """The up-front load happens only when some alignment must be computed."""
    out = tmp_path / "copy"
    shutil.copytree(built, out)
    monkeypatch.setattr("aligner.embed.registry.load_encoder", _no_encoder)
    result = build(*args(films, out, "--force", "transfer"))
    assert result.exit_code == 0, result.output


def _no_encoder(*_args, **_kwargs):
    raise AssertionError("the encoder was loaded although every alignment is cached")


def test_forcing_a_stage_redoes_every_later_stage(built, films, tmp_path):
    out = tmp_path / "forced"
    shutil.copytree(built, out)
    assert build(*args(films, out, "--force", "transfer")).exit_code == 0
    assert manifest(out)["stages_run"] == ["transfer/harbour_lights", "validate/harbour_lights"]


def test_changed_plugin_code_redoes_transfer_and_validate(built, films, tmp_path, monkeypatch):
    out = tmp_path / "edited"
    shutil.copytree(built, out)
    digests = manifest(out)["plugins"]
    assert {"langs.et", "langs.en", "langs.base"} <= set(digests)
    from aligner.build import pipeline

    changed = {**digests, "langs.et": "0" * 64}  # as if a rule in langs/et.py was edited
    monkeypatch.setattr(pipeline, "plugin_digests", lambda langs: changed)
    assert build(*args(films, out)).exit_code == 0
    assert manifest(out)["stages_run"] == ["transfer/harbour_lights", "validate/harbour_lights"]


def test_empty_build_never_replaces_a_dataset_unless_allowed(built, films, tmp_path):
    out = tmp_path / "kept"
    shutil.copytree(built, out)
    before = (out / "et_cinebias.csv").read_bytes()
    # A valid filter that selects nothing in this film.
    result = build(*args(films, out, "--category", "disability"))
    assert isinstance(result.exception, OutputError)
    assert "this build produced no pairs" in str(result.exception)
    assert "--allow-empty" in str(result.exception)
    assert (out / "et_cinebias.csv").read_bytes() == before
    result = build(*args(films, out, "--category", "disability", "--allow-empty"))
    assert result.exit_code == 0, result.output
    assert pl.read_csv(out / "et_cinebias.csv").height == 0


def test_second_build_into_one_out_is_refused(built, films, tmp_path):
    with build_lock(built):
        result = build(*args(films, built))
    assert isinstance(result.exception, OutputError)
    assert f"another align build (pid {__import__('os').getpid()}" in str(result.exception)
    assert build(*args(films, built)).exit_code == 0  # released with its holder


def test_lock_held_by_another_process(built, tmp_path):
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys, time; from pathlib import Path; "
         "from aligner.build.lock import build_lock\n"
         f"with build_lock(Path({str(built)!r})):\n print('held', flush=True); time.sleep(60)"],
        stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        with pytest.raises(OutputError, match=rf"pid {holder.pid}, started"), build_lock(built):
            pass
    finally:
        holder.kill()
        holder.wait()
    with build_lock(built):  # a killed holder leaves no stale lock
        pass


LIMITED = ("import resource, sys; resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096)); "
           "from aligner.cli.main import run; sys.argv = ['align', *sys.argv[1:]]; run()")


def outputs(out: Path) -> dict[Path, bytes]:
    """The files a build writes into OUT (its lock's note aside)."""
    return {path: path.read_bytes() for path in out.glob("*") if path.is_file()
            and path.name != ".build.lock"}


@pytest.mark.parametrize("where", ["embedding cache", "stage store", "fresh outputs",
                                   "outputs over a build"])
def test_full_disk_is_one_clean_line(built, films, tmp_path, where, monkeypatch):
    """A file-size limit (ulimit -f, here RLIMIT_FSIZE) fails writes as a full disk does.

    Issue 21: a build into a fresh --out whose outputs do not fit named no file and left a
    dataset without its review sheet; now nothing of that build reaches OUT."""
    out = tmp_path / "out"
    force = ["--force", "ingest"]
    if where == "embedding cache":
        monkeypatch.setenv("CINEALIGN_CACHE", str(tmp_path / "fresh-cache"))
        expected = "embeddings.sqlite: embedding cache: disk I/O error"
    elif where == "stage store":  # the cache is already there; the first stage artefact fails
        shutil.copytree(built, out)
        expected = ".parquet: cannot write: File too large"
    else:  # every stage is stored: the first output is the first write, and it fails
        shutil.copytree(built if where == "outputs over a build" else built / "work",
                        out if where == "outputs over a build" else out / "work")
        force, expected = [], "cannot write: File too large"
    before = outputs(out)
    done = subprocess.run([sys.executable, "-c", LIMITED, *args(films, out, *force)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    message = done.stderr.replace("\n", "")
    assert message.startswith("error: ") and expected in message, message
    if "outputs" in where:  # named as the user knows it, not as staged
        assert re.fullmatch(rf"error: {re.escape(str(out))}/[^/]+: {expected}", message), message
    assert not list(out.rglob("*.tmp"))  # no half-written file left behind
    assert not list(out.glob(".generation-*"))
    assert outputs(out) == before


class Killed(BaseException):
    """The process dying at this point: nothing after it runs, no cleanup either."""


def test_the_manifest_lists_every_output_of_its_generation(built):
    listed = manifest(built)["outputs"]
    assert set(listed) == {"et_cinebias.csv", "review.csv", "review.jsonl", "report.md",
                           "alignment_confidence.png"}
    assert all(file_digest(built / name) == digest for name, digest in listed.items())


def test_a_build_killed_while_replacing_its_outputs_is_finished_by_the_next(built, films,
                                                                          tmp_path,
                                                                          monkeypatch):
    """Issue 21: kill -9 during the final writes left the new dataset beside the old report
    and sheet, unmarked. Here the renames stop after two files, as a kill there would."""
    out = tmp_path / "out"
    shutil.copytree(built, out)
    old = manifest(out)["outputs"]
    real_replace, renamed = os.replace, []

    def killed_after_two(source, target):
        if Path(target).parent == out:  # the swap, not the writes of staged or stored files
            if len(renamed) == 2:
                raise Killed
            renamed.append(Path(target).name)
        real_replace(source, target)

    monkeypatch.setattr(generation.os, "replace", killed_after_two)
    with pytest.raises(Killed):
        build(*args(films, out, "--min-confidence", "0.99"))  # fewer pairs: other bytes
    monkeypatch.undo()
    assert renamed == ["alignment_confidence.png", "et_cinebias.csv"]
    stale = [name for name, digest in old.items() if file_digest(out / name) != digest]
    assert stale == ["et_cinebias.csv"]  # the old manifest tells the new dataset apart
    result = build(*args(films, out, "--min-confidence", "0.99"))
    assert result.exit_code == 0, result.output
    assert "finished replacing the outputs with generation" in result.output
    listed = manifest(out)["outputs"]
    assert all(file_digest(out / name) == digest for name, digest in listed.items())
    assert listed["et_cinebias.csv"] != old["et_cinebias.csv"]
    assert not list(out.glob(".generation-*"))
