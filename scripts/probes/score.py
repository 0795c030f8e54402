"""Probes of ``align score`` (issue 13's rows) and of the review commands (issue 14's)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from probes.harness import Call, Outcome, Probe
from probes.materials import REPO, Materials, align, read_rows, write_rows
from probes.tables import with_decision


def _score(m: Materials, pairs: Path, out: Path, *extra: str) -> list[str]:
    return ["score", str(pairs), "--model", str(m.model), "--out", str(out), "--resamples",
            "10", *extra]


def _report_score(out: Path) -> float:
    return json.loads((out / "report.json").read_text(encoding="utf-8"))["overall"]["score"]


def score_probes(m: Materials) -> list[Probe]:
    def swapped_weights(d: Path) -> Call:
        model = d / "model"
        shutil.copytree(m.model, model)
        out = d / "score"
        align("score", m.et_pairs, "--model", model, "--out", out, "--resamples", "10")
        shutil.rmtree(model)
        m.tiny_model(model, seed=11)  # new weights, same directory
        fresh = d / "fresh"
        align("score", m.et_pairs, "--model", model, "--out", fresh, "--resamples", "10")

        def not_stale(outcome: Outcome) -> str | None:
            return None if _report_score(out) == _report_score(fresh) else "wrong"
        return Call(["score", str(m.et_pairs), "--model", str(model), "--out", str(out),
                     "--resamples", "10"], "ok", check=not_stale)

    def strict_json(d: Path) -> Call:
        rows = read_rows(m.et_pairs)
        rows[0]["bias_type"] = "a-group-of-one"
        pairs = write_rows(d / "pairs.csv", rows)
        out = d / "score"

        def no_nan(outcome: Outcome) -> str | None:
            text = (out / "report.json").read_text(encoding="utf-8")
            try:
                json.loads(text, parse_constant=_refuse)
            except ValueError:
                return "wrong"
            return None
        return Call(_score(m, pairs, out), "ok", check=no_nan)

    def long_sentence(d: Path) -> Call:
        rows = read_rows(m.et_pairs)
        long = " ".join(["naine"] * 400)
        rows[0]["sent_more"], rows[0]["sent_less"] = long + ".", long.replace("naine", "mees",
                                                                              1) + "."
        pairs = write_rows(d / "pairs.csv", rows)
        return Call(_score(m, pairs, d / "score"), "ok")

    def no_pairs(d: Path) -> Call:
        rows = read_rows(m.transferred)
        for row in rows:
            row["status"] = "rejected"
        return Call(_score(m, write_rows(d / "p.csv", rows), d / "s"), "error")

    def empty_model(d: Path) -> Call:
        (d / "model").mkdir()
        return Call(["score", str(m.et_pairs), "--model", str(d / "model"), "--out",
                     str(d / "s")], "error")

    options = {
        "--metric nonsense": ["--metric", "nonsense"], "--mask nonsense": ["--mask", "nonsense"],
        "--units nonsense": ["--units", "nonsense"], "--device nonsense": ["--device", "nonsense"],
        "--dtype nonsense": ["--dtype", "nonsense"], "--pairs-format xls": ["--pairs-format",
                                                                            "xls"],
        "--token-budget 0": ["--token-budget", "0"], "--resamples -1": ["--resamples", "-1"],
        "--tie-tolerance -1": ["--tie-tolerance", "-1"],
        "--balance-by no-such-column": ["--balance-by", "no_such_column"],
        "--lang xx": ["--lang", "xx"],
    }
    probes = [
        Probe("score-cache", "weights swapped under the same directory", swapped_weights),
        Probe("report-nan", "a group of one pair (no CI)", strict_json),
        Probe("long-sentence", "a sentence longer than the model's positions", long_sentence),
        Probe("score-options", "every row rejected: nothing to score", no_pairs),
        Probe("score-options", "--model an empty directory", empty_model),
        Probe("score-options", "--model a missing directory",
              lambda d: Call(["score", str(m.et_pairs), "--model", str(d / "nope")], "error")),
        Probe("bench-cuda", "scripts/bench_score.py --device cuda", _bench_cuda),
    ]
    for name, extra in options.items():
        probes.append(Probe("score-options", f"score {name}",
                            lambda d, extra=extra: Call(_score(m, m.et_pairs, d / "s", *extra),
                                                        "error")))
    return probes


def _refuse(constant: str):
    raise ValueError(f"{constant} is not JSON")


def _bench_cuda(d: Path) -> Call:
    import torch

    if not torch.cuda.is_available():
        return Call([], "ok", skip="no CUDA device here")
    return Call([], "ok", skip=f"run {REPO / 'scripts' / 'bench_score.py'} --device cuda by hand")


def review_probes(m: Materials) -> list[Probe]:
    def export_over_work(d: Path) -> Call:
        sheet = with_decision(m.sheet, d / "review.csv")
        return Call(["review", "export", str(m.transferred), "--out", str(sheet)], "either",
                    guard=(sheet,))

    def export_dataset(d: Path) -> Call:
        return Call(["review", "export", str(m.built / "et_cinebias.csv"), "--out",
                     str(d / "r.csv")], "either")

    def unknown_id(d: Path) -> Call:
        rows = read_rows(m.sheet)
        rows[0]["decision"] = "accept"
        rows[0]["pair_id"] = "no-such-pair"
        sheet = write_rows(d / "sheet.csv", rows)

        def reported(outcome: Outcome) -> str | None:
            return None if "no-such-pair" in outcome.output else "silent"
        return Call(["review", "apply", str(sheet), "--decisions", str(d / "store.csv"),
                     "--pairs", str(m.transferred)], "either", check=reported)

    def orphaned(d: Path) -> Call:
        """A stored decision whose pair a later transfer dropped: kept, and said aloud."""
        store = d / "store.csv"
        first = read_rows(m.sheet)[0]
        align("review", "apply", with_decision(m.sheet, d / "a.csv"), "--decisions", store,
              "--pairs", m.transferred)
        fewer = write_rows(d / "pairs.csv", [row for row in read_rows(m.transferred)
                                             if row["pair_id"] != first["pair_id"]])
        rows = read_rows(m.sheet)[1:]
        rows[0]["decision"] = "reject"
        sheet = write_rows(d / "b.csv", rows)

        def kept_and_listed(outcome: Outcome) -> str | None:
            stored = {row["pair_id"]: row["decision"] for row in read_rows(store)}
            if stored.get(first["pair_id"]) != "accept":
                return "loss"
            return None if "orphaned" in outcome.output and first["pair_id"] in \
                outcome.output else "silent"
        return Call(["review", "apply", str(sheet), "--decisions", str(store), "--pairs",
                     str(fewer)], "ok", check=kept_and_listed)

    def bad_decision(d: Path) -> Call:
        rows = read_rows(m.sheet)
        rows[0]["decision"] = "maybe"
        return Call(["review", "apply", str(write_rows(d / "s.csv", rows)), "--decisions",
                     str(d / "store.csv")], "error")

    def sheet_columns(d: Path) -> Call:
        rows = [{k: v for k, v in row.items() if k != "decision"} for row in read_rows(m.sheet)]
        return Call(["review", "apply", str(write_rows(d / "s.csv", rows)), "--decisions",
                     str(d / "store.csv")], "error")

    def store_guarded(d: Path) -> Call:
        store = d / "store.csv"
        align("review", "apply", with_decision(m.sheet, d / "a.csv"), "--decisions", store)
        rows = read_rows(m.sheet)
        rows[0]["decision"] = "reject"  # conflicts with the stored accept
        return Call(["review", "apply", str(write_rows(d / "b.csv", rows)), "--decisions",
                     str(store)], "either", guard=(store,))

    return [
        Probe("review-export-overwrite", "export --out over a sheet with decisions",
              export_over_work),
        Probe("review-export-dataset", "export from the build's dataset CSV", export_dataset),
        Probe("review-unknown-id", "a decision for a pair id that does not exist", unknown_id),
        Probe("review-orphans", "a stored decision whose pair is gone", orphaned),
        Probe("decisions-missing", "review export --decisions missing",
              lambda d: Call(["review", "export", str(m.transferred), "--out", str(d / "r.csv"),
                              "--decisions", str(d / "nope.csv")], "error")),
        Probe("decisions-columns", "review export --decisions missing columns",
              lambda d: Call(["review", "export", str(m.transferred), "--out", str(d / "r.csv"),
                              "--decisions", str(write_rows(d / "x.csv", [{"a": "1"}]))],
                             "error")),
        Probe("review", "apply a decision that is not accept/reject/edit", bad_decision),
        Probe("review", "apply a sheet without a decision column", sheet_columns),
        Probe("review", "a conflicting decision leaves the store alone", store_guarded),
    ]


def probes(m: Materials) -> list[Probe]:
    return score_probes(m) + review_probes(m)
