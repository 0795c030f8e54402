"""Target-language minimal pairs: transfer from English, one validator, the review queue."""

from aligner.pairs.transfer import transfer_pairs
from aligner.pairs.validate import validate_pair, validate_pairs

__all__ = ["transfer_pairs", "validate_pair", "validate_pairs"]
