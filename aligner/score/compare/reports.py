"""Score reports read back for comparison: one row per model, benchmark and scope.

``align score`` writes report.json with the benchmark's name and a signature that
names the model and its weights hash. Models are matched across benchmarks by
that hash (the same checkpoint under two paths is one model) and reports are
grouped by metric setting (metric, mask, units), since a ranking under CPS and one
under AUL are different measurements.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path

import polars as pl

from aligner.errors import InputFormatError

UNBALANCED, BALANCED = "unbalanced", "balanced"
# one row per report and scope: the overall score, the balanced one, each category
SCORES = {
    "setting": pl.Utf8,  # metric|mask|units from the signature
    "benchmark": pl.Utf8,
    "model": pl.Utf8,  # as named in the first report that scored it
    "model_key": pl.Utf8,  # weights hash, or the name for reports without one
    "scope": pl.Utf8,  # unbalanced | balanced | category:<name>
    "score": pl.Float64,
    "ci_low": pl.Float64,
    "ci_high": pl.Float64,
    "n": pl.Int64,
    "balanced_by": pl.Utf8,
    "report": pl.Utf8,
}


@dataclass(frozen=True)
class ReportEntry:
    path: Path
    benchmark: str
    model: str
    model_key: str
    setting: str
    data: dict


def report_path(argument: str) -> tuple[str | None, Path]:
    """``[NAME=]PATH``: a report.json, or a directory holding one; NAME overrides the benchmark."""
    name, sep, rest = argument.partition("=")
    if sep and name and not Path(argument).exists():
        benchmark, path = name, Path(rest)
    else:
        benchmark, path = None, Path(argument)
    if path.is_dir():
        path = path / "report.json"
    if not path.is_file():
        raise InputFormatError("no such score report (a report.json or its directory)", path)
    return benchmark, path


def read_report(argument: str) -> ReportEntry:
    benchmark, path = report_path(argument)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError as err:
        raise InputFormatError(f"not UTF-8 text ({err.reason})", path) from err
    except json.JSONDecodeError as err:
        raise InputFormatError(f"not JSON: {err.msg}", path, err.lineno) from err
    if isinstance(data, dict) and data.get("metric") == "cloze-gender":
        raise InputFormatError(
            "a cloze-gender report; align compare ranks models by pair-score reports", path
        )
    if not isinstance(data, dict) or "signature" not in data or "overall" not in data:
        raise InputFormatError("not an `align score` report (no signature or overall)", path)
    fields = signature_fields(data["signature"])
    benchmark = benchmark or data.get("benchmark")
    if not benchmark:
        raise InputFormatError(
            "the report names no benchmark; pass it as NAME=PATH (or rescore with --benchmark)",
            path,
        )
    if "model" not in fields:
        raise InputFormatError(f"signature names no model: {data['signature']}", path)
    setting = "|".join(fields.get(key, "none") for key in ("metric", "mask", "units"))
    model_key = fields.get("weights") or fields["model"]
    return ReportEntry(path, benchmark, fields["model"], model_key, setting, data)


def signature_fields(signature: str) -> dict[str, str]:
    """``model:m|weights:w|metric:cps|…`` as a dict (a value may itself hold a colon)."""
    fields = {}
    for item in signature.split("|"):
        key, _, value = item.partition(":")
        fields[key] = value
    return fields


def score_rows(entries: list[ReportEntry]) -> pl.DataFrame:
    """The SCORES frame; the same model and benchmark twice under one setting is an error."""
    seen: dict[tuple[str, str, str], Path] = {}
    names: dict[str, str] = {}
    rows = []
    for entry in entries:
        key = (entry.setting, entry.benchmark, entry.model_key)
        if key in seen:
            raise InputFormatError(
                f"model {entry.model} is scored on {entry.benchmark} ({entry.setting}) "
                f"twice: here and in {seen[key]}",
                entry.path,
            )
        seen[key] = entry.path
        model = names.setdefault(entry.model_key, entry.model)
        balanced = entry.data.get("balanced") or {}
        base = {
            "setting": entry.setting,
            "benchmark": entry.benchmark,
            "model": model,
            "model_key": entry.model_key,
            "balanced_by": balanced.get("by"),
            "report": str(entry.path),
        }
        scopes = [(UNBALANCED, entry.data["overall"]), (BALANCED, balanced)]
        scopes += [(f"category:{c['group']}", c) for c in entry.data.get("categories", [])]
        for scope, group in scopes:
            rows.append({**base, "scope": scope, **_numbers(group)})
    return pl.DataFrame(rows, schema=SCORES)


def _numbers(group: dict) -> dict:
    def number(key: str) -> float:
        value = group.get(key)
        return math.nan if value is None else float(value)

    return {
        "score": number("score"),
        "ci_low": number("ci_low"),
        "ci_high": number("ci_high"),
        "n": group.get("n"),
    }
