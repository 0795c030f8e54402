"""The metric registry: one module per metric, looked up by name."""

from __future__ import annotations

from aligner.errors import ConfigError
from aligner.score.metrics.aul import AllUnmaskedLikelihood
from aligner.score.metrics.base import Metric
from aligner.score.metrics.clm import CausalLogProb
from aligner.score.metrics.cps import MASKS, CrowSPairsScore
from aligner.score.metrics.sss import ModifiedTokenScore

METRICS: tuple[str, ...] = ("cps", "sss", "aul", "aula", "clm-sum", "clm-mean")


def get_metric(name: str, mask: str = "token") -> Metric:
    """The metric called ``name``; ``mask`` applies to CPS only (token or word-l2r)."""
    if name not in METRICS:
        raise ConfigError(f"unknown metric {name!r}; choose one of {', '.join(METRICS)}")
    if mask not in MASKS:
        raise ConfigError(f"unknown mask {mask!r}; choose one of {', '.join(MASKS)}")
    if name != "cps" and mask != "token":
        raise ConfigError(f"--mask {mask} applies to the cps metric only, not {name}")
    if name == "cps":
        return CrowSPairsScore(mask=mask)  # type: ignore[arg-type]
    if name == "sss":
        return ModifiedTokenScore()
    if name in ("aul", "aula"):
        return AllUnmaskedLikelihood(attention_weighted=name == "aula")
    return CausalLogProb(reduction=name.removeprefix("clm-"))  # type: ignore[arg-type]


__all__ = ["METRICS", "Metric", "get_metric"]
