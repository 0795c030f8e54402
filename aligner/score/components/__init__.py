"""Gender-stereotype components (seed 004): which facet of a stereotype a pair probes.

from aligner.score.components import ComponentClassifier, annotate_components
"""

from aligner.score.components.annotate import annotate_components, write_annotations
from aligner.score.components.classify import ComponentClassifier, Proposal
from aligner.score.components.taxonomy import COMPONENTS, PRECEDENCE, check_components

__all__ = [
    "COMPONENTS",
    "PRECEDENCE",
    "ComponentClassifier",
    "Proposal",
    "annotate_components",
    "check_components",
    "write_annotations",
]
