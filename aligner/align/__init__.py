"""Cross-lingual alignment of one film's subtitle lines: timing, margin scoring, merges."""

from aligner.align.evaluate import evaluate_alignment, read_gold
from aligner.align.film import align_film, align_lines
from aligner.align.scoring import AlignParams

__all__ = ["AlignParams", "align_film", "align_lines", "evaluate_alignment", "read_gold"]
