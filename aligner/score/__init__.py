"""PLL bias scoring: the CrowS-Pairs Score and its family, exact and fast.

from aligner.score import load_lm, read_pairs, score_pairs, ScoreSettings
pairs = read_pairs("pairs.csv")
scored, report = score_pairs(pairs, load_lm("bert-base-cased"), ScoreSettings(metric="cps"))
report.as_dict()["cps"], report.signature
"""

from aligner.score.lm import LanguageModel, load_lm
from aligner.score.metrics import METRICS, get_metric
from aligner.score.pairs import read_pairs
from aligner.score.report import ScoreReport, write_pair_scores, write_report
from aligner.score.scorer import ScoreSettings, score_pairs

__all__ = [
    "METRICS",
    "LanguageModel",
    "ScoreReport",
    "ScoreSettings",
    "get_metric",
    "load_lm",
    "read_pairs",
    "score_pairs",
    "write_pair_scores",
    "write_report",
]
