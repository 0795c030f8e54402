"""Bias lexicons: concepts shared across languages, with their surface forms per slot."""

from aligner.lexicon.load import load_lexicon
from aligner.lexicon.model import CATEGORIES, CINEBIAS_CATEGORIES, Concept, Lexicon

__all__ = ["CATEGORIES", "CINEBIAS_CATEGORIES", "Concept", "Lexicon", "load_lexicon"]
