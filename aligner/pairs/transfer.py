"""Carry English minimal pairs over to a target language through aligned subtitle lines.

The aligned target line is the natural sentence; its twin is made by swapping the
concept the English pair swaps (same slot, so case and number survive) and letting
the plugin re-inflect the words that agree with it. Every seed pair gets one row:
a target pair, or a reason code saying why there is none.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

import polars as pl

from aligner.analysis.parse import Parse
from aligner.analysis.text import match_case
from aligner.frames import PAIRS, conform
from aligner.lexicon.model import NAME_PREFIX, Concept, Lexicon, counterpart_form
from aligner.pairs import reasons as r
from aligner.pairs.aligned import AlignedLine, aligned_lines
from aligner.pairs.analysis import Analysis, Change, PairReader, Side, predict
from aligner.pairs.concepts import CONTRAST, counterpart_ids, target_counterpart
from aligner.pairs.terms import OPEN_PREFIX, find_terms, is_name
from aligner.plugins import FormMatch, LanguagePlugin, Token


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
    flipped: bool = False  # natural is the English swapped side's (the line had the counterpart)

    @classmethod
    def reject(cls, code: str, concepts: tuple[str | None, str | None] = (None, None),
               **details: object) -> Outcome:
        """A rejection; ``concepts`` (concept, counterpart) is kept when already known."""
        return cls(code, r.message(code, **details), concept=concepts[0], counterpart=concepts[1])


def english_swap(original: str, swapped: str, langs: Languages,
                 bias_type: str | None = None) -> Analysis | Outcome:
    """The English pair as the pair model reads it (one swap), or why it has none."""
    analysis = PairReader(langs.en, langs.en_lexicon).analyse(original, swapped, bias_type)
    if analysis.problem is not None or analysis.swap is None:
        detail = analysis.problem.message() if analysis.problem else "no swap"
        return Outcome.reject(r.ENGLISH_NOT_A_SWAP, detail=detail)
    if analysis.swap is None or analysis.relation is None or analysis.relation.kind == CONTRAST:
        return Outcome.reject(r.ENGLISH_NOT_A_SWAP,
                              detail="a group term set against a plain description")
    return analysis


def _missing(concept: str, langs: Languages) -> str | None:
    """Why the target lexicon cannot write ``concept``; None when it can."""
    lexicon = langs.tgt_lexicon
    if is_name(concept):
        return None
    if concept not in lexicon:
        return f"{concept} is not in the {lexicon.lang} lexicon"
    if not lexicon[concept].forms and any(c in lexicon and lexicon[c].forms
                                          for c in lexicon[concept].shares):
        return None  # written with the forms of the concepts it shares
    return lexicon[concept].missing


def _spellings(concept_id: str, lexicon: Lexicon) -> list[Concept]:
    """The concept and the concepts whose forms it is declared to share (``shares``):
    Estonian naine is woman and wife, so a line saying naine can carry gender.wife."""
    concept = lexicon[concept_id]
    return [concept, *(lexicon[c] for c in concept.shares if c in lexicon)]


@dataclass(frozen=True)
class Found:
    """Where the English concept is in the target line, and what to write instead."""

    match: FormMatch
    old: Concept  # the concept whose forms the line uses
    new: Concept  # the concept whose forms replace them
    flipped: bool = False  # the line holds the counterpart: the natural side is the other


def _hits(terms: list[FormMatch], concept: str, counterpart: str, langs: Languages,
          flipped: bool) -> list[Found]:
    lexicon, fold = langs.tgt_lexicon, langs.tgt.fold
    olds, news = _spellings(concept, lexicon), _spellings(counterpart, lexicon)
    found = []
    for term in terms:
        for position, old in enumerate(olds):
            if any(fold(f) == fold(term.surface) for f in old.forms.get(term.slot, ())) or (
                    term.concept == old.id):
                new = news[position] if position < len(news) else news[0]
                found.append(Found(replace(term, concept=old.id), old, new, flipped))
                break
    return found


def _names(tokens: list[Token], concept: str, counterpart: str, langs: Languages) -> list[Found]:
    """The English name as the target line writes it (Mary in Estonian, राहुल in Hindi), to be
    replaced by the counterpart name as the target language writes it."""
    names = langs.tgt_lexicon.names
    if names is None:
        return []
    fold = langs.tgt.fold
    # A name of several words (Mohammad Ali) is found word by word, in order.
    wanted = [{fold(n) for n in names.spellings(part)}
              for part in concept[len(NAME_PREFIX):].split()]
    parts = [names.spellings(part) for part in counterpart[len(NAME_PREFIX):].split()]
    if not all(wanted) or not all(parts):
        return []
    written = " ".join(spelled[0] for spelled in parts)
    found = []
    for index in range(len(tokens) - len(wanted) + 1):
        run = tokens[index:index + len(wanted)]
        if all(fold(t.text) in spelled for t, spelled in zip(run, wanted, strict=True)):
            surface = " ".join(t.text for t in run)
            old_id, new_id = NAME_PREFIX + fold(surface), NAME_PREFIX + fold(written)
            match = FormMatch(old_id, "sg", index, index + len(run), surface)
            old = replace(langs.tgt_lexicon[old_id], forms={"sg": (surface,)})
            new = replace(langs.tgt_lexicon[new_id], forms={"sg": (written,)})
            found.append(Found(match, old, new))
    return found


def _locate(text: str, tokens: list[Token], concept: str, counterpart: str,
            langs: Languages, every: bool = False) -> list[Found] | Outcome:
    """The one place the line writes the English concept (or, failing that, its
    counterpart, which makes the line the other side of the pair); with ``every`` (the
    English pair swapped several mentions of it) every place."""
    if is_name(concept):
        hits = _names(tokens, concept, counterpart, langs)
    elif concept not in langs.tgt_lexicon:
        hits = []
    else:
        terms = find_terms(langs.tgt, langs.tgt_lexicon, tokens)
        hits = _hits(terms, concept, counterpart, langs, False) or _hits(
            terms, counterpart, concept, langs, True)
    if len(hits) > 1 and not every:
        hits = [h for h in hits if _changes(text, tokens, h, langs)] or hits
    if len(hits) == 1 or (hits and every):
        return hits
    if hits:
        return Outcome.reject(r.AMBIGUOUS_MATCH, (concept, None), concept=concept,
                              count=len(hits))
    return _stand_in(text, tokens, concept, counterpart, langs, every)


def _changes(text: str, tokens: list[Token], hit: Found, langs: Languages) -> bool:
    made = _make(text, tokens, [hit], langs)
    return isinstance(made, str) and langs.tgt.fold(made) != langs.tgt.fold(text)


def _stand_in(text: str, tokens: list[Token], concept: str, counterpart: str,
              langs: Languages, every: bool = False) -> Outcome:
    """No form of the concept: offer a same-category term of the line for review, or decline.

    Translators pick the word their language prefers (English "wife" may be Estonian
    "naine"); when such a word has one declared counterpart, the pair it makes goes
    to review flagged ``stand-in``, never into the benchmark unreviewed. With ``every``
    it stands in for the concept in every mention.
    """
    if _is_pronoun(concept, langs):  # उसे, उसने, उसकी: pronoun forms that mark no gender
        return Outcome.reject(r.GENDERLESS_PRONOUN, (concept, counterpart),
                              words=_pronoun_words(concept, counterpart, langs),
                              language=langs.tgt.name)
    missing = _missing(concept, langs)
    if missing:
        return Outcome.reject(r.NO_TARGET_EQUIVALENT, (concept, counterpart),
                              language=langs.tgt.name, concept=concept, detail=missing)
    lexicon = langs.tgt_lexicon
    category = lexicon[concept].category if concept in lexicon else None
    terms = find_terms(langs.tgt, lexicon, tokens)
    for term in terms:
        if is_name(term.concept) or term.concept == counterpart:
            continue
        other = lexicon[term.concept]
        partners = [c for c in counterpart_ids(other) if c in lexicon and not _missing(c, langs)]
        if other.category != category or len(partners) != 1:
            continue
        places = [t for t in terms if t.concept == term.concept] if every else [term]
        made = _make(text, tokens, [Found(t, other, lexicon[partners[0]]) for t in places],
                     langs)
        if isinstance(made, str) and langs.tgt.fold(made) != langs.tgt.fold(text):
            stand = Outcome.reject(r.STAND_IN, (concept, counterpart), language=langs.tgt.name,
                                   concept=concept, surface=term.surface, found=other.id)
            return replace(stand, natural=text, swapped=made, slot=term.slot)
    return Outcome.reject(r.CONCEPT_NOT_IN_TARGET_LINE, (concept, None),
                          language=langs.tgt.name, concept=concept)


def _is_pronoun(concept: str, langs: Languages) -> bool:
    return concept in langs.en_lexicon and langs.en_lexicon[concept].pos == "pronoun"


def _pronoun_words(concept: str, counterpart: str, langs: Languages) -> str:
    forms = [langs.en_lexicon[c].form("nom") or c for c in (concept, counterpart)
             if c in langs.en_lexicon]
    return "/".join(forms)


def _make(text: str, tokens: list[Token], hits: list[Found], langs: Languages,
          coreferent: bool = False) -> str | Outcome:
    """The line with the found forms replaced and the plugin's required agreement applied."""
    changes = []
    for hit in hits:
        written = _written(tokens, hit, langs)
        if written is None:
            return Outcome.reject(r.NO_TARGET_EQUIVALENT, (hit.old.id, hit.new.id),
                                  language=langs.tgt.name, concept=hit.new.id,
                                  detail=f"no form for slot {hit.match.slot}")
        changes.append(Change(hit.match, hit.new, written))
    ids = (hits[0].old.id, hits[0].new.id)
    side = Side(text, tokens, [langs.tgt.fold(t.text) for t in tokens], [])
    parse = langs.parser(text) if langs.parser else None
    try:
        guess = predict(langs.tgt, langs.tgt_lexicon, side, changes, parse, optional=coreferent)
    except ValueError as err:
        return Outcome.reject(r.AGREEMENT_UNRESOLVED, ids, detail=str(err))
    if guess.unresolved is not None:
        return Outcome.reject(r.AGREEMENT_UNRESOLVED, ids, detail=guess.unresolved)
    return guess.text


def _written(tokens: list[Token], hit: Found, langs: Languages) -> str | None:
    """The counterpart's form in the found form's slot, spelled and cased as the line
    writes the form it replaces; None when the lexicon has no such form."""
    form = counterpart_form(hit.old, hit.new, hit.match.slot, hit.match.surface, langs.tgt.fold)
    if form is None:
        return None
    fold = langs.tgt.fold
    listed = next((f for f in hit.old.forms.get(hit.match.slot, ())
                   if fold(f) == fold(hit.match.surface)), hit.match.surface)
    form = langs.tgt.spell_like(hit.match.surface, listed, form)
    inside = hit.match.chars is not None and hit.match.chars[0] > tokens[hit.match.first].start
    return form if inside else match_case(hit.match.surface, form)


def swap_line(text: str, concept: str, counterpart: str, langs: Languages,
              coreferent: bool = False, every: bool = False) -> Outcome:
    """The target line with ``concept`` replaced by ``counterpart`` and agreement applied.

    The line is not normalised: the natural side must stay exactly as subtitled, so
    only the plugin's ``fold`` (inside matching) sees spelling variants. With
    ``coreferent`` (the English pair changed its pronouns along with the swap) the
    words the plugin says *may* follow the swap follow it too; with ``every`` (it
    swapped several mentions of the concept: "He said his car broke.") every mention
    of it in the line is swapped, where otherwise two are ``ambiguous-match``.
    """
    missing = _missing(counterpart, langs)
    if missing is not None and not _is_pronoun(concept, langs):
        return Outcome.reject(r.NO_TARGET_EQUIVALENT, (concept, counterpart),
                              language=langs.tgt.name, concept=counterpart, detail=missing)
    tokens = langs.tgt.tokenize(text)
    located = _locate(text, tokens, concept, counterpart, langs, every)
    if isinstance(located, Outcome):
        return located
    made = _make(text, tokens, located, langs, coreferent)
    if isinstance(made, Outcome):
        return made
    if langs.tgt.fold(made) == langs.tgt.fold(text):
        return Outcome.reject(r.GENDERLESS_PRONOUN, (concept, counterpart),
                              words=_pronoun_words(concept, counterpart, langs),
                              language=langs.tgt.name)
    first = located[0]
    old, new = first.old.id, first.new.id
    if first.flipped:
        return Outcome(None, "", made, text, new, old, first.match.slot, flipped=True)
    return Outcome(None, "", text, made, old, new, first.match.slot)


def transfer_one(
    original: str, swapped: str, line: AlignedLine | None, langs: Languages,
    min_confidence: float = 0.0, cue_id: str = "", bias_type: str | None = None,
) -> Outcome:
    """English checks first (they hold whatever the alignment), then the target line's."""
    english = english_swap(original, swapped, langs, bias_type)
    if isinstance(english, Outcome):
        return english
    concept, counterpart = (_in_target(english.swap.a.concept, langs),
                            _in_target(english.swap.b.concept, langs))
    if english.swap.b.concept in langs.en_lexicon:
        # A target's own concept (caste, region) was named by the English pair itself
        # (english.txt): that choice stands; a pivot concept may be re-chosen by the target.
        counterpart = target_counterpart(langs.tgt_lexicon, concept, counterpart)
    missing = _missing(counterpart, langs)
    if missing is not None and not _is_pronoun(concept, langs):
        return Outcome.reject(r.NO_TARGET_EQUIVALENT, (concept, counterpart),
                              language=langs.tgt.name, concept=counterpart, detail=missing)
    if line is None or not line.text:
        return Outcome.reject(r.NOT_ALIGNED, (concept, counterpart), cue_id=cue_id,
                              language=langs.tgt.name)
    if line.confidence is not None and line.confidence < min_confidence:
        return Outcome.reject(r.LOW_ALIGNMENT_CONFIDENCE, (concept, counterpart),
                              confidence=line.confidence, threshold=min_confidence)
    return swap_line(line.text, concept, counterpart, langs, english.coreferent,
                     every=bool(english.repeats))


def _in_target(concept: str, langs: Languages) -> str:
    """An English name no list holds (``open:iyer``, an open swap) as the target's name when
    its names.toml romanizes it so; every other concept id is already the target's."""
    names = langs.tgt_lexicon.names
    bare = concept[len(OPEN_PREFIX):]
    if concept.startswith(OPEN_PREFIX) and names is not None and names.spellings(bare):
        return NAME_PREFIX + bare
    return concept


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
        outcome = transfer_one(original, swapped, line, langs, min_confidence, str(cue),
                               seed.get("bias_type"))
        if outcome.flipped:  # the line holds the English swapped side's concept
            side = "less" if side == "more" else "more"
            outcome = replace(outcome, natural=outcome.swapped, swapped=outcome.natural)
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
            "status": _status(outcome),
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


def _status(outcome: Outcome) -> str:
    """ok; ``review`` for a stand-in a linguist must confirm; else rejected."""
    if outcome.reason is None:
        return r.OK
    return r.REVIEW if outcome.reason == r.STAND_IN else r.REJECTED


def load_languages(
    tgt_lang: str, root: Path | None = None, stanza_dir: Path | None = None
) -> Languages:
    """English and ``tgt_lang`` plugins with their lexicons (packaged ones unless ``root``).

    Target lines are parsed by the parser the plugin names (``parser``), or by stanza
    models in ``stanza_dir`` when given (aligner.analysis.parse.load_parser).
    """
    from aligner.analysis.parse import load_parser
    from aligner.lexicon.load import load_lexicon
    from aligner.plugins import get_plugin

    tgt = get_plugin(tgt_lang)
    return Languages(get_plugin("en"), load_lexicon("en", root), tgt,
                     load_lexicon(tgt_lang, root), load_parser(tgt, stanza_dir))
