"""Bias lexicons: concepts shared across languages, with their surface forms per slot."""

from aligner.lexicon.model import CATEGORIES, Concept, Lexicon

__all__ = ["CATEGORIES", "Concept", "Lexicon"]
