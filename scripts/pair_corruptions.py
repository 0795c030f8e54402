"""Corrupted copies of gold minimal pairs, one kind of error at a time.

A validator is only as good as what it rejects. Each function takes a gold pair that
the pair model reads as one swap and returns a broken copy (or None where the error
cannot be made from that pair); the copies are deterministic, seeded by the pair id,
so a run is repeatable.

- ``identical``: the same sentence twice;
- ``second-word``: a word outside the swap replaced by another word;
- ``word-dropped``: a word outside the swap left out;
- ``two-pairs``: sent_less taken from another pair;
- ``cross-category``: the swapped-in term replaced by a term of another category;
- ``agreement-missing``: the swap kept, the agreement it needs undone;
- ``wrong-case``: the swapped-in term in another case or number (a wrong ending);
- ``unrelated-noun``: the swapped-in term replaced by an everyday noun for a thing, in the
  term's number and case ("The poor are lazy." / "The cars are lazy.").
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable
from dataclasses import dataclass

from aligner.lexicon.model import CATEGORIES, Lexicon
from aligner.pairs.analysis import Analysis, Change, PairReader, predict
from aligner.pairs.terms import char_span, is_name, is_word

KINDS = ("identical", "second-word", "word-dropped", "two-pairs", "cross-category",
         "agreement-missing", "wrong-case", "unrelated-noun")
# Words that fit few sentences, for "a second word changed".
FILLERS = {
    "en": ("yesterday", "table", "quickly", "purple", "seven", "umbrella"),
    "et": ("eile", "laud", "kiiresti", "lilla", "seitse", "vihmavari"),
    "hi": ("कल", "मेज़", "जल्दी", "बैंगनी", "सात", "छाता"),
}

# Everyday nouns for things (the singular nominative), for "a group term replaced by an
# unrelated noun"; Hindi ones are feminine, which the inflection below assumes.
THINGS = {
    "en": ("car", "table", "window", "chair", "kettle", "bicycle"),
    "et": ("auto", "laud", "aken", "tool", "veekeetja", "jalgratas"),
    "hi": ("गाड़ी", "मेज़", "खिड़की", "कुर्सी", "केतली", "साइकिल"),
}


@dataclass(frozen=True)
class Gold:
    pair_id: str
    more: str
    less: str
    analysis: Analysis


def _rng(pair_id: str, kind: str) -> random.Random:
    return random.Random(zlib.crc32(f"{pair_id}/{kind}".encode()))


def _swap_span(gold: Gold, side: str) -> tuple[int, int]:
    swap = gold.analysis.swap
    tokens = gold.analysis.tokens_a if side == "more" else gold.analysis.tokens_b
    return char_span(tokens, swap.a if side == "more" else swap.b)


def _outside_words(reader: PairReader, gold: Gold) -> list[tuple[int, int, str]]:
    """Words of sent_less that are neither the swap nor differ from sent_more."""
    start, end = _swap_span(gold, "less")
    more_words = {reader.plugin.fold(t.text) for t in reader.plugin.tokenize(gold.more)}
    return [(t.start, t.end, t.text) for t in reader.plugin.tokenize(gold.less)
            if is_word(t) and (t.end <= start or t.start >= end)
            and reader.plugin.fold(t.text) in more_words]


def second_word(reader: PairReader, gold: Gold, lang: str) -> str | None:
    words = _outside_words(reader, gold)
    if not words:
        return None
    rng = _rng(gold.pair_id, "second-word")
    start, end, text = rng.choice(words)
    fillers = [w for w in FILLERS[lang] if reader.plugin.fold(w) not in
               {reader.plugin.fold(t.text) for t in reader.plugin.tokenize(gold.less)}]
    return gold.less[:start] + rng.choice(fillers) + gold.less[end:]


def word_dropped(reader: PairReader, gold: Gold, lang: str) -> str | None:
    words = _outside_words(reader, gold)
    if len(words) < 2:
        return None
    start, end, _ = _rng(gold.pair_id, "word-dropped").choice(words)
    return (gold.less[:start].rstrip() + " " + gold.less[end:].lstrip()).strip()


def cross_category(reader: PairReader, gold: Gold, lang: str) -> str | None:
    swap = gold.analysis.swap
    if is_name(swap.b.concept):
        return None
    lexicon: Lexicon = reader.lexicon
    own = set(lexicon[swap.b.concept].categories) | set(lexicon[swap.a.concept].categories)
    related = {"race-color", "nationality"} if own & {"race-color", "nationality"} else set()
    others = [c for c in lexicon if c.available and not set(c.categories) & (own | related)
              and c.category in CATEGORIES and not c.generic and c.pos != "pronoun"
              and c.forms.get(swap.b.slot)]
    if not others:
        return None
    pick = _rng(gold.pair_id, "cross-category").choice(sorted(others, key=lambda c: c.id))
    start, end = _swap_span(gold, "less")
    return gold.less[:start] + pick.forms[swap.b.slot][0] + gold.less[end:]


def agreement_missing(reader: PairReader, gold: Gold, lang: str) -> str | None:
    """sent_more with only the swapped word replaced, where the plugin says other words
    must follow it (a Hindi verb, an English a/an): those are left as they were."""
    swap = gold.analysis.swap
    side = reader.side(gold.more)
    new_surface = gold.less[slice(*_swap_span(gold, "less"))]
    change = Change(swap.a, reader.lexicon[swap.b.concept], new_surface)
    guess = predict(reader.plugin, reader.lexicon, side, [change], reader.parse(gold.more))
    if not guess.required:
        return None
    start, end = _swap_span(gold, "more")
    return gold.more[:start] + new_surface + gold.more[end:]


def wrong_case(reader: PairReader, gold: Gold, lang: str) -> str | None:
    swap = gold.analysis.swap
    if is_name(swap.b.concept) or lang != "et":
        return None
    concept = reader.lexicon[swap.b.concept]
    fold = reader.plugin.fold
    written = gold.less[slice(*_swap_span(gold, "less"))]
    wrong = sorted({f for slot, forms in concept.forms.items() if slot != swap.b.slot
                    for f in forms if fold(f) != fold(written)
                    and fold(f) not in map(fold, concept.forms.get(swap.b.slot, ()))})
    if not wrong:
        return None
    start, end = _swap_span(gold, "less")
    form = _rng(gold.pair_id, "wrong-case").choice(wrong)
    if written[:1].isupper():
        form = form[:1].upper() + form[1:]
    return gold.less[:start] + form + gold.less[end:]


def _english_thing(noun: str, slot: str) -> str:
    from langs.en import plural, possessive

    many = plural(noun) if slot.startswith("pl") else noun
    return possessive(many) if slot.endswith("poss") else many


def _estonian_thing(noun: str, slot: str) -> str:
    from aligner.analysis.vabamorf import synthesize_slots

    forms = synthesize_slots(noun)
    return (forms.get(slot) or forms["sg_n"])[0]


def _hindi_thing(noun: str, slot: str) -> str:
    from langs.hi_paradigms import noun_forms

    case_number = "_".join(part for part in slot.split("_") if part in ("dir", "obl", "voc",
                                                                         "sg", "pl"))
    return noun_forms(noun, "f").get(case_number, (noun,))[0]


# The thing noun in the slot of the term it replaces (an adjective's slot: the bare noun).
THING_FORMS: dict[str, Callable[[str, str], str]] = {
    "en": _english_thing, "et": _estonian_thing, "hi": _hindi_thing,
}


def unrelated_noun(reader: PairReader, gold: Gold, lang: str) -> str | None:
    """sent_less with its group term replaced by a noun for a thing: what the validator's
    ``contrast`` relation (a term against a plain description) must not take for one."""
    swap = gold.analysis.swap
    noun = _rng(gold.pair_id, "unrelated-noun").choice(THINGS[lang])
    form = THING_FORMS[lang](noun, swap.b.slot)
    start, end = _swap_span(gold, "less")
    if gold.less[start:start + 1].isupper():
        form = form[:1].upper() + form[1:]
    return gold.less[:start] + form + gold.less[end:]


MAKERS: dict[str, Callable[[PairReader, Gold, str], str | None]] = {
    "second-word": second_word,
    "word-dropped": word_dropped,
    "cross-category": cross_category,
    "agreement-missing": agreement_missing,
    "wrong-case": wrong_case,
    "unrelated-noun": unrelated_noun,
}


def corrupt(reader: PairReader, golds: list[Gold], lang: str) -> list[tuple[str, str, str, str]]:
    """(kind, pair_id, sent_more, broken sent_less) for every corruption that can be made."""
    made = []
    for index, gold in enumerate(golds):
        made.append(("identical", gold.pair_id, gold.more, gold.more))
        other = golds[(index + len(golds) // 2) % len(golds)]
        if other.pair_id != gold.pair_id:
            made.append(("two-pairs", gold.pair_id, gold.more, other.less))
        for kind, maker in MAKERS.items():
            broken = maker(reader, gold, lang)
            if broken is not None:
                made.append((kind, gold.pair_id, gold.more, broken))
    return made
