"""Estonian compound boundaries from Vabamorf, called directly (no nltk download).

Vabamorf's analysis of ``ehitusonule`` has the root ``ehitus_onu`` with
``root_tokens`` ["ehitus", "onu"]: the parts before the last are written as they
stand (Estonian compounds inflect only their last part), so the boundaries fall
where those parts end in the word as written.
"""

from __future__ import annotations

from aligner.errors import require


def compound_cuts(words: list[str]) -> list[list[int]]:
    """For each word, the character offsets where a compound part ends (none: not a compound).

    The first analysis with several root tokens whose leading parts spell the word's
    start decides; a word Vabamorf does not read as a compound has no cuts.
    """
    morf = require("estnltk.vabamorf.morf", "et", "Estonian morphology")
    analysed = morf.Vabamorf.instance().analyze(words, disambiguate=True, guess=True)
    cuts: list[list[int]] = []
    for word, item in zip(words, analysed, strict=True):
        found: list[int] = []
        for analysis in item["analysis"]:
            parts = [p for p in analysis.get("root_tokens", []) if p]
            if len(parts) < 2:
                continue
            offsets = _offsets(word.lower(), [p.lower() for p in parts[:-1]])
            if offsets:
                found = offsets
                break
        cuts.append(found)
    return cuts


def _offsets(word: str, leading: list[str]) -> list[int]:
    """Where each leading part ends, if the parts spell the start of ``word`` (hyphens allowed)."""
    position, ends = 0, []
    for part in leading:
        if word.startswith("-", position):
            position += 1
        if not word.startswith(part, position):
            return []
        position += len(part)
        ends.append(position)
    return ends if position < len(word) else []
