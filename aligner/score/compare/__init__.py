"""Agreement between benchmarks: do they rank the same models alike? (seed 004)

from aligner.score.compare import compare_reports
comparison = compare_reports(["out/crows/bert", "out/crows/roberta", ...])
"""

from __future__ import annotations

from collections.abc import Sequence

from aligner.errors import InputFormatError
from aligner.score.compare.agreement import DEFAULT_RESAMPLES, Agreement, agreement
from aligner.score.compare.reports import read_report, score_rows
from aligner.score.compare.table import agreement_table
from aligner.score.compare.write import Comparison, compare_signature, write_comparison


def compare_reports(
    arguments: Sequence[str], resamples: int = DEFAULT_RESAMPLES, seed: int = 0
) -> Comparison:
    """Read ``[NAME=]PATH`` reports and measure agreement between their benchmarks."""
    entries = [read_report(argument) for argument in arguments]
    benchmarks = {entry.benchmark for entry in entries}
    if len(benchmarks) < 2:
        names = ", ".join(sorted(benchmarks)) or "none"
        raise InputFormatError(f"compare needs reports on two or more benchmarks; got {names}")
    scores = score_rows(entries)
    return Comparison(
        compare_signature(len(entries), resamples, seed),
        scores,
        agreement_table(scores, resamples, seed),
    )


__all__ = ["Agreement", "Comparison", "agreement", "compare_reports", "write_comparison"]
