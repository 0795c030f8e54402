"""Every command, with a nonexistent file, an empty file and a directory for each file it takes.

Issue 21's third item: whatever path a user mistypes, the command answers with one
``error: ...`` line naming it and exit status 1, never a traceback. The commands and
their path parameters are read from the app itself, so a new command or option is
covered as soon as it exists (or this test says it lacks good arguments to start from).
Commands run in this process through the console script's entry point
(``aligner.cli.main.run``), as a user's shell would run them.
"""

from __future__ import annotations

import csv
import shutil
import sys
import traceback
import typing
from pathlib import Path

import pytest
import typer
from conftest import SAMPLE_DIR
from typer.testing import CliRunner

from aligner.cli.main import app, run
from aligner.pairs.decisions import STORE

GOLD = SAMPLE_DIR / "gold"
FILM = SAMPLE_DIR / "films" / "harbour_lights"
CASES = ("missing", "empty file", "directory")

# Directories a command reads: a missing one or a file in its place is refused.
READ_DIRS = {"lexicons", "root", "stanza_dir", "src_subs", "tgt_subs", "release", "repo"}
# What a command writes: only a path of the wrong kind in its place is refused (a missing
# file is the usual case, an empty one is replaced, an existing directory is reused).
WRITTEN_FILES = {"out", "plot"}
WRITTEN_DIRS = {("build", "out"), ("build", "work"), ("score", "out"), ("compare", "out"),
                ("align", "cache_dir"), ("review agreement", "out")}
# A decision store is created when missing.
CREATED = {("review apply", "decisions"), ("review serve", "decisions")}
# Parameters whose bad value cannot be reached with the others good, and why.
UNREACHED = {
    ("compare", "out"): "needs score reports of several models to get that far",
    ("score", "out"): "needs a model's weights to get that far",
    ("align", "cache_dir"): "is used only after the encoder has loaded (minutes offline)",
}
ACCEPTED = {("build", "config", "empty file")}  # an empty config file sets nothing: fine
# A prompt template is read only by the LLM judge, which a build uses without --pairs.
LLM = ["--judge", "llm", "--judge-url", "http://127.0.0.1:9/v1", "--judge-model", "m"]


# Parameters typed str that name a file or directory (a model may be a Hub name instead).
NAMED_AS_TEXT = {("compare", "reports"): "ARG", ("score", "model"): "--model",
                 ("build", "score_model"): "--score-model", ("build", "encoder"): "--encoder",
                 ("validate", "model_tokenizer"): "--model-tokenizer",
                 ("align", "encoder"): "--encoder", ("annotate components", "encoder"):
                 "--encoder"}


def commands() -> dict[str, typer.models.CommandInfo]:
    """Every command of the app, sub-apps included, by its full name."""
    found = {info.name or info.callback.__name__: info for info in app.registered_commands}
    for group in app.registered_groups:
        for info in group.typer_instance.registered_commands:
            found[f"{group.name} {info.name or info.callback.__name__}"] = info
    return found


def path_parameters(command: str) -> dict[str, str]:
    """name -> option (``--out``) or ``ARG`` of each parameter that names a file or directory:
    those typed Path (or list of Path), and NAMED_AS_TEXT."""
    info = commands()[command]
    found = {name: option for (owner, name), option in NAMED_AS_TEXT.items() if owner == command}
    for name, hint in typing.get_type_hints(info.callback, include_extras=True).items():
        if name == "return" or Path not in _types(hint):
            continue
        meta = [m for m in getattr(hint, "__metadata__", ()) if hasattr(m, "param_decls")]
        if meta and isinstance(meta[0], typer.models.ArgumentInfo):
            found[name] = "ARG"
        else:
            declared = [d for d in (meta[0].param_decls if meta else ()) if d.startswith("--")]
            found[name] = declared[0] if declared else "--" + name.replace("_", "-")
    return found


def _types(hint) -> set:
    args = typing.get_args(hint)
    if not args:
        return {hint}
    return {t for arg in args for t in _types(arg)} | {hint}


@pytest.fixture(scope="module")
def good(tmp_path_factory) -> dict[str, Path]:
    """Good inputs: a film, cue and keyword frames, pairs, a transfer, a sheet, a model."""
    root = tmp_path_factory.mktemp("good")
    films = root / "films"
    films.mkdir()
    for lang in ("en", "et"):
        shutil.copy(f"{FILM}.{lang}.srt", films)
    pairs = root / "pairs.csv"
    with (GOLD / "pairs.csv").open(encoding="utf-8", newline="") as handle:
        rows = [row for row in csv.DictReader(handle) if row["lang"] == "et" and row["sent_more"]]
    with pairs.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    paths = {"films": films, "srt": films / "harbour_lights.en.srt",
             "srt_et": films / "harbour_lights.et.srt", "pairs": pairs,
             "cues": root / "cues.parquet", "keywords": root / "keywords.parquet",
             "transferred": root / "transferred.csv", "sheet": root / "review.csv",
             "model": root / "model", "decisions": root / "decisions.csv"}
    paths["decisions"].write_text(",".join(STORE) + "\n", encoding="utf-8")  # no votes yet
    for args in (["ingest", paths["srt"], "--out", paths["cues"]],
                 ["extract", paths["cues"], "--out", paths["keywords"]],
                 ["transfer", SAMPLE_DIR / "seed_pairs.csv", "--aligned", GOLD / "alignment.csv",
                  "--cues", GOLD / "cues.csv", "--lang", "et", "--out", paths["transferred"]],
                 ["review", "export", paths["transferred"], "--out", paths["sheet"]]):
        code, _, errors = align(*args)
        assert code == 0, errors
    from transformers import BertConfig

    BertConfig(vocab_size=99, hidden_size=8, num_hidden_layers=1, num_attention_heads=1,
               intermediate_size=8, architectures=["BertForMaskedLM"]).save_pretrained(
        paths["model"])  # enough for `align score` to check its model and read its input
    return paths


def base_arguments(good: dict[str, Path], out: Path) -> dict[str, list]:
    """Good arguments of each command; ``{name}`` stands for the path parameter ``name``."""
    return {
        "ingest": ["ingest", "{paths}", "--out", "{out}"],
        "align": ["align", "{src}", "{tgt}", "--out", "{out}", "--encoder", "{encoder}"],
        "eval-align": ["eval-align", "{pred}", "{gold}"],
        "build": ["build", "--tgt", "et", "--src-subs", "{src_subs}", "--pairs", "{pairs}",
                  "--encoder", "{encoder}", "--out", "{out}", "--no-progress"],
        "extract": ["extract", "{cues}", "--out", "{out}"],
        "screen": ["screen", "{candidates}", "--out", "{out}"],
        "transfer": ["transfer", "{seeds}", "--aligned", "{aligned}", "--cues", "{cues}",
                     "--lang", "et", "--out", "{out}"],
        "validate": ["validate", "{pairs_csv}", "--lang", "et", "--out", "{out}"],
        "score": ["score", "{inputs}", "--model", "{model}", "--out", "{out}"],
        "compare": ["compare", "{reports}", "--out", "{out}"],
        "lexicon check": ["lexicon", "check", "--lang", "et"],
        "lexicon expand": ["lexicon", "expand", "--lang", "et", "--dry-run"],
        "lexicon coverage": ["lexicon", "coverage", "--tgt", "et"],
        "lexicon pairs": ["lexicon", "pairs", "--lang", "et"],
        "lexicon stats": ["lexicon", "stats", "--lang", "et"],
        "lexicon show": ["lexicon", "show", "gender.woman"],
        "lang new": ["lang", "new", "zz", "--name", "Zed", "--repo", "{repo}"],
        "lang show": ["lang", "show", "et"],
        "review export": ["review", "export", "{pairs_csv}", "--out", "{out}"],
        "review apply": ["review", "apply", "{reviewed}", "--decisions", "{decisions}"],
        "review serve": ["review", "serve", "{out}"],
        "review agreement": ["review", "agreement", "{out}", "--decisions", "{decisions}"],
        "annotate components": ["annotate", "components", "{pairs}", "--out", "{out}",
                                "--encoder", "{encoder}"],
    }


def good_values(good: dict[str, Path], out: Path) -> dict[tuple[str, str], Path | str]:
    """The good path of each parameter the base arguments name."""
    return {
        ("ingest", "paths"): good["srt"], ("ingest", "out"): out / "cues.parquet",
        ("align", "src"): good["srt"], ("align", "tgt"): good["srt_et"],
        ("align", "out"): out / "a.parquet", ("align", "encoder"): "e5-small",
        ("build", "encoder"): "e5-small", ("annotate components", "encoder"): "e5-small",
        ("score", "model"): good["model"], ("eval-align", "pred"): GOLD / "alignment.csv",
        ("eval-align", "gold"): GOLD / "alignment.csv", ("build", "src_subs"): good["films"],
        ("build", "pairs"): SAMPLE_DIR / "seed_pairs.csv", ("build", "out"): out / "build",
        ("extract", "cues"): good["cues"], ("extract", "out"): out / "k.parquet",
        ("screen", "candidates"): good["keywords"], ("screen", "out"): out / "s.parquet",
        ("transfer", "seeds"): SAMPLE_DIR / "seed_pairs.csv",
        ("transfer", "aligned"): GOLD / "alignment.csv", ("transfer", "cues"): GOLD / "cues.csv",
        ("transfer", "out"): out / "t.csv", ("validate", "pairs_csv"): good["pairs"],
        ("validate", "out"): out / "v.csv", ("score", "inputs"): good["pairs"],
        ("score", "out"): out / "score", ("compare", "out"): out / "compare",
        ("lang new", "repo"): out / "repo",
        ("review export", "pairs_csv"): good["transferred"], ("review export", "out"):
        out / "r.csv", ("review apply", "reviewed"): good["sheet"],
        ("review apply", "decisions"): out / "d.csv",
        ("review serve", "out"): good["sheet"].with_suffix(".jsonl"),
        ("review agreement", "out"): good["sheet"].parent,
        ("review agreement", "decisions"): good["decisions"],
        ("annotate components", "pairs"): good["pairs"],
        ("annotate components", "out"): out / "c.csv",
    }


def cases() -> list[tuple[str, str, str]]:
    found = []
    for command in sorted(commands()):
        for name in path_parameters(command):
            for case in CASES:
                if ((command, name) in UNREACHED or (command, name, case) in ACCEPTED
                        or not _refused(command, name, case)):
                    continue
                found.append((command, name, case))
    return found


def _refused(command: str, name: str, case: str) -> bool:
    """Whether ``case`` in place of the parameter is a mistake the command must refuse."""
    if name in READ_DIRS or (command, name) in WRITTEN_DIRS:
        return case == "empty file"  if (command, name) in WRITTEN_DIRS else case != "directory"
    if name in WRITTEN_FILES:
        return case == "directory"
    if (command, name) in CREATED:
        return case != "missing"
    return True


def bad_path(directory: Path, case: str) -> Path:
    path = directory / "bad.csv"
    if case == "empty file":
        path.write_bytes(b"")
    elif case == "directory":
        path.mkdir()
    return path


def align(*args) -> tuple[int, str, str]:
    """``align ARGS`` through the console script's entry point: exit status, stdout, stderr."""
    runner = CliRunner()
    with runner.isolation(env={"COLUMNS": "200", "HF_HUB_OFFLINE": "1"}) as (out, err, _):
        saved, sys.argv = sys.argv, ["align", *map(str, args)]
        try:
            run()
            code = 0
        except SystemExit as done:
            code = done.code if isinstance(done.code, int) else 1
        except BaseException:  # noqa: BLE001 - a traceback is what this test looks for
            code, err = -1, None
            trace = traceback.format_exc()
        finally:
            sys.argv = saved
        if err is None:
            return code, "", trace
        return code, out.getvalue().decode("utf-8", "replace"), err.getvalue().decode(
            "utf-8", "replace")


def test_every_command_and_path_parameter_is_covered(good, tmp_path):
    names = base_arguments(good, tmp_path)
    assert set(commands()) == set(names), "give the new command good arguments here"
    for command in commands():
        given = {token[1:-1] for token in names[command] if str(token).startswith("{")}
        assert given <= set(path_parameters(command)), (command, given)


@pytest.mark.parametrize(("command", "name", "case"), cases())
def test_a_bad_path_is_one_error_line_never_a_traceback(good, tmp_path, monkeypatch, command,
                                                        name, case):
    monkeypatch.setenv("CINEALIGN_CACHE", str(tmp_path / "embeddings"))
    monkeypatch.setattr("aligner.serve.app.serve", _never_serve)
    out = tmp_path / "out"
    out.mkdir()
    bad = bad_path(tmp_path, case)
    values = {key[1]: value for key, value in good_values(good, out).items()
              if key[0] == command}
    values[name] = bad
    base = base_arguments(good, out)[command]
    if name == "judge_prompt":
        base = [*base[:base.index("--pairs")], *base[base.index("--pairs") + 2:]] if (
            "--pairs" in base) else base
        base = [*base, *LLM]
    arguments = [values[token[1:-1]] if str(token).startswith("{") else token for token in base]
    if f"{{{name}}}" not in base:
        arguments += [path_parameters(command)[name], bad]
    code, _, errors = align(*arguments)
    assert "Traceback" not in errors, errors
    lines = [line for line in errors.splitlines() if line.strip()]
    assert code == 1 and lines, f"accepted: {arguments}"
    assert lines[-1].startswith("error: ") and str(bad) in lines[-1], errors


def _never_serve(*args, **kwargs):
    raise AssertionError("the review page was started on a bad path")
