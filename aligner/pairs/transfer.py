"""Carry English minimal pairs over to a target language through aligned subtitle lines.

The aligned target line is the natural sentence; its twin is made by swapping the
concept the English pair swaps (same slot, so case and number survive) and letting
the plugin re-inflect the words that agree with it. Every seed pair gets one row:
a target pair, or a reason code saying why there is none.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import polars as pl

from aligner.analysis.parse import Parse
from aligner.analysis.text import match_case
from aligner.frames import PAIRS, conform
from aligner.lexicon.model import Lexicon, counterpart_form
from aligner.pairs import reasons as r
from aligner.pairs.aligned import AlignedLine, aligned_lines
from aligner.pairs.concepts import are_counterparts, counterpart_ids
from aligner.pairs.diff import apply_edits, compare, span
from aligner.plugins import AgreementUnresolved, Edit, FormMatch, LanguagePlugin, Token


@dataclass(frozen=True)
class Languages:
    """The English side and the target side, each a plugin with its lexicon.

    ``parser`` (a dependency parser for target lines, e.g. stanza through
    ``aligner.analysis.stanza_adapter.stanza_parser``) lets agreement follow the tree;
    without it plugins use their word windows.
    """

    en: LanguagePlugin
    en_lexicon: Lexicon
    tgt: LanguagePlugin
    tgt_lexicon: Lexicon
    parser: Callable[[str], Parse] | None = None


@dataclass(frozen=True)
class Outcome:
    """One transfer: the natural and swapped target lines, or a reason code and message."""

    reason: str | None = None
    message: str = ""
    natural: str | None = None
    swapped: str | None = None
    concept: str | None = None
    counterpart: str | None = None
    slot: str | None = None

    @classmethod
    def reject(cls, code: str, concepts: tuple[str | None, str | None] = (None, None),
               **details: object) -> Outcome:
        """A rejection; ``concepts`` (concept, counterpart) is kept when already known."""
        return cls(code, r.message(code, **details), concept=concepts[0], counterpart=concepts[1])


def _is_pronoun(plugin: LanguagePlugin, word: str) -> bool:
    """he/she and their clitic forms (she'll, he's): the English tokenizer keeps those whole."""
    return plugin.fold(word).split("'")[0] in plugin.pronouns


def english_swap(original: str, swapped: str, langs: Languages) -> tuple[str, str] | Outcome:
    """The (concept, counterpart) the English pair swaps, or the reason it cannot be carried.

    Pronouns that change alongside a concept ("She is a good mother" / "He is a good
    father") are ignored: the concept swap carries the pair.
    """
    comparison = compare(langs.en, langs.en_lexicon, original, swapped)
    if not comparison.swaps:
        words = [comparison.tokens_a[i].text for i in comparison.residual_a] + [
            comparison.tokens_b[i].text for i in comparison.residual_b
        ]
        if words and all(_is_pronoun(langs.en, w) for w in words):
            if not langs.tgt.gendered_pronouns:
                return Outcome.reject(r.GENDERLESS_PRONOUN, words="/".join(words),
                                      language=langs.tgt.name)
            return Outcome.reject(r.ENGLISH_NOT_A_SWAP, detail="pronoun pairs are not transferred")
        return Outcome.reject(r.ENGLISH_NOT_A_SWAP,
                              detail=f"no lexicon concept in {comparison.residual_words()}")
    if len(comparison.swaps) > 1:
        swaps = ", ".join(f"{s.a.surface}->{s.b.surface}" for s in comparison.swaps)
        return Outcome.reject(r.ENGLISH_NOT_A_SWAP, detail=f"several swaps: {swaps}")
    swap = comparison.swaps[0]
    return swap.a.concept, swap.b.concept


def _missing(concept: str, langs: Languages) -> str | None:
    """Why the target lexicon cannot write ``concept``; None when it can."""
    lexicon = langs.tgt_lexicon
    if concept not in lexicon:
        return f"{concept} is not in the {lexicon.lang} lexicon"
    return lexicon[concept].missing


def _stand_ins(
    matches: list[FormMatch], concept: str, counterpart: str, langs: Languages
) -> list[tuple[FormMatch, str]]:
    """Same-category concepts of the line that can carry the English swap, with their new concept.

    Translators pick the word the language prefers: English "wife" becomes Estonian
    "naine" (woman), "Jewish accountant" becomes "juudist raamatupidaja" (a Jew).
    Such a form stands in for the English concept when it is the swap's counterpart's
    counterpart, or when its own lexicon entry names exactly one counterpart.
    """
    if concept not in langs.en_lexicon:
        return []
    category = langs.en_lexicon[concept].category
    lexicon = langs.tgt_lexicon
    found = []
    for match in matches:
        if lexicon[match.concept].category != category or match.concept == counterpart:
            continue
        if are_counterparts(lexicon, match.concept, counterpart):
            found.append((match, counterpart))
            continue
        listed = [c for c in counterpart_ids(lexicon[match.concept]) if not _missing(c, langs)]
        if len(listed) == 1:
            found.append((match, listed[0]))
    return found


def _locate(
    tokens: list[Token], concept: str, counterpart: str, langs: Languages
) -> tuple[FormMatch, str] | Outcome:
    """The one form of ``concept`` (or of a stand-in) in the line, and the concept to swap in."""
    matches = langs.tgt.match_forms(tokens, langs.tgt_lexicon)
    hits = [(m, counterpart) for m in matches if m.concept == concept]
    if not hits:
        hits = _stand_ins(matches, concept, counterpart, langs)
    if not hits:
        missing = _missing(concept, langs)
        if missing:
            return Outcome.reject(r.NO_TARGET_EQUIVALENT, (concept, counterpart),
                                  language=langs.tgt.name, concept=concept, detail=missing)
        return Outcome.reject(r.CONCEPT_NOT_IN_TARGET_LINE, (concept, None),
                              language=langs.tgt.name, concept=concept)
    if len(hits) > 1:
        return Outcome.reject(r.AMBIGUOUS_MATCH, (concept, None), concept=concept, count=len(hits))
    return hits[0]


def _counterpart_missing(concept: str, counterpart: str, langs: Languages) -> Outcome | None:
    missing = _missing(counterpart, langs)
    if missing is None:
        return None
    return Outcome.reject(r.NO_TARGET_EQUIVALENT, (concept, counterpart),
                          language=langs.tgt.name, concept=counterpart, detail=missing)


def swap_line(text: str, concept: str, counterpart: str, langs: Languages) -> Outcome:
    """The target line with ``concept`` replaced by ``counterpart`` and agreement applied.

    The line is not normalised: the natural side must stay exactly as subtitled, so
    only the plugin's ``fold`` (inside matching) sees spelling variants.
    """
    unavailable = _counterpart_missing(concept, counterpart, langs)
    if unavailable is not None:
        return unavailable
    tokens = langs.tgt.tokenize(text)
    located = _locate(tokens, concept, counterpart, langs)
    if isinstance(located, Outcome):
        return located
    found, counterpart = located
    concept = found.concept
    old, new = langs.tgt_lexicon[concept], langs.tgt_lexicon[counterpart]
    form = counterpart_form(old, new, found.slot, found.surface, langs.tgt.fold)
    if form is None:
        return Outcome.reject(r.NO_TARGET_EQUIVALENT, (concept, counterpart),
                              language=langs.tgt.name, concept=counterpart,
                              detail=f"no form for slot {found.slot}")
    start, end = span(tokens, found)
    swap = Edit(start, end, found.surface, match_case(found.surface, form), "swap")
    try:
        parse = langs.parser(text) if langs.parser else None
        agreement = langs.tgt.agreement_edits(
            text, tokens, found, new, langs.tgt_lexicon, parse=parse
        )
        swapped = apply_edits(text, [swap, *agreement])
    except (AgreementUnresolved, ValueError) as err:
        return Outcome.reject(r.AGREEMENT_UNRESOLVED, (concept, counterpart), detail=str(err))
    return Outcome(None, "", text, swapped, concept, counterpart, found.slot)


def transfer_one(
    original: str, swapped: str, line: AlignedLine | None, langs: Languages,
    min_confidence: float = 0.0, cue_id: str = "",
) -> Outcome:
    """English checks first (they hold whatever the alignment), then the target line's."""
    concepts = english_swap(original, swapped, langs)
    if isinstance(concepts, Outcome):
        return concepts
    concept, counterpart = concepts
    unavailable = _counterpart_missing(concept, counterpart, langs)
    if unavailable is not None:
        return unavailable
    if line is None or not line.text:
        return Outcome.reject(r.NOT_ALIGNED, (concept, counterpart), cue_id=cue_id,
                              language=langs.tgt.name)
    if line.confidence is not None and line.confidence < min_confidence:
        return Outcome.reject(r.LOW_ALIGNMENT_CONFIDENCE, (concept, counterpart),
                              confidence=line.confidence, threshold=min_confidence)
    return swap_line(line.text, concept, counterpart, langs)


def _orig_side(seed: dict, line: AlignedLine | None) -> str:
    """Which English sentence is the subtitle: the seed says so, or the aligned source text does."""
    side = seed.get("orig_side")
    if side in ("more", "less"):
        return side
    if line is not None and line.src_text and line.src_text.strip() == seed["sent_less"].strip():
        return "less"
    return "more"


def transfer_pairs(
    seed_pairs: pl.DataFrame,
    aligned: pl.DataFrame,
    tgt_lang: str,
    min_confidence: float = 0.0,
    langs: Languages | None = None,
) -> pl.DataFrame:
    """One PAIRS row per seed pair of the films in ``aligned`` (see aligner.frames.PAIRS).

    ``aligned`` is the aligner's ALIGNMENT frame for ``tgt_lang`` (or any frame with
    film, src_cue_ids, tgt_cue_ids, tgt_text); a seed pair finds its target line by
    the English cue id it came from.
    """
    if langs is None:
        langs = load_languages(tgt_lang)
    lines = aligned_lines(aligned)
    rows = []
    for seed in seed_pairs.iter_rows(named=True):
        line = lines.get(seed["film"], str(seed["cue_id"]))
        side = _orig_side(seed, line)
        original, swapped = (
            (seed["sent_more"], seed["sent_less"]) if side == "more"
            else (seed["sent_less"], seed["sent_more"])
        )
        cue = seed["cue_id"] or "(none: no English line matched the pair)"
        outcome = transfer_one(original, swapped, line, langs, min_confidence, str(cue))
        more, less = (
            (outcome.natural, outcome.swapped) if side == "more"
            else (outcome.swapped, outcome.natural)
        )
        rows.append({
            "pair_id": seed["pair_id"],
            "lang": tgt_lang,
            "film": seed["film"],
            "bias_type": seed["bias_type"],
            "stereo_antistereo": seed["stereo_antistereo"],
            "sent_more": more,
            "sent_less": less,
            "status": r.OK if outcome.reason is None else r.REJECTED,
            "reason": outcome.reason,
            "message": outcome.message,
            "orig_side": side,
            "src_sent_more": seed["sent_more"],
            "src_sent_less": seed["sent_less"],
            "src_cue_ids": " ".join(line.src_cue_ids) if line else seed["cue_id"] and str(cue),
            "tgt_cue_ids": " ".join(line.tgt_cue_ids) if line else None,
            "start_ms": seed.get("start_ms"),
            "cosine": line.cosine if line else None,
            "margin": line.margin if line else None,
            "confidence": line.confidence if line else None,
            "concept": outcome.concept,
            "counterpart": outcome.counterpart,
            "slot": outcome.slot,
        })
    frame = pl.DataFrame(rows, schema=PAIRS) if rows else pl.DataFrame(schema=PAIRS)
    return conform(frame, PAIRS)


def load_languages(
    tgt_lang: str, root: Path | None = None, stanza_dir: Path | None = None
) -> Languages:
    """English and ``tgt_lang`` plugins with their lexicons (packaged ones unless ``root``).

    With ``stanza_dir`` the target lines are parsed by stanza models found there.
    """
    from aligner.lexicon.load import load_lexicon
    from aligner.plugins import get_plugin

    parser = None
    if stanza_dir is not None:
        from aligner.analysis.stanza_adapter import stanza_parser

        parser = stanza_parser(tgt_lang, stanza_dir)
    return Languages(get_plugin("en"), load_lexicon("en", root), get_plugin(tgt_lang),
                     load_lexicon(tgt_lang, root), parser)
