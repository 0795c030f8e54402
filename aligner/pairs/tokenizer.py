"""The scoring model's tokenizer, for the validator's "still different after tokenizing" check."""

from __future__ import annotations

from aligner.errors import ModelUnavailableError
from aligner.pairs.validate import Tokenizer


def load_tokenizer(name_or_dir: str) -> Tokenizer:
    """A Hugging Face tokenizer from a local directory or the local cache; nothing downloads."""
    from transformers import AutoTokenizer

    try:
        return AutoTokenizer.from_pretrained(name_or_dir, local_files_only=True)
    except (OSError, ValueError) as err:
        raise ModelUnavailableError(
            f"tokenizer {name_or_dir!r} is not available offline ({type(err).__name__}); "
            "pass --model-tokenizer a local model directory (one with tokenizer files)"
        ) from err
