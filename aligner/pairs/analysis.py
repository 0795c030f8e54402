"""The pair model: two sentences read as one swap plus differences that are explained.

Validator and transfer both read pairs through this module, so "what the swap is"
and "what else may differ" are decided once:

1. Both sentences are tokenized and compared by the plugin's ``fold`` (case, nukta,
   anusvara/halant spelling). Differences of punctuation alone (a missing final
   full stop) are *normalisation* notes, never fatal.
2. The swappable terms of each side (lexicon forms, names, compound parts;
   aligner/pairs/terms.py) inside the differing stretches are paired up.
3. One swap is chosen and its relation checked (aligner/pairs/concepts.py). Several
   mentions of one term swapped the same way ("The woman said the woman..." / "The man
   said the man...") are one swap made in several places; swaps that go different ways
   ("He told her" / "She told him") are ``mixed-swaps``.
4. The plugin predicts the agreement the swap requires (and what it permits):
   applying the swap and the required edits to one sentence must give the other,
   in both directions. A required change the pair lacks is ``agreement-missing``;
   a change nothing predicts is ``not-minimal``.
5. A pair with no visible swap may still be one: a form two counterparts share
   (Hindi वह is he and she) swapped invisibly, with the verbs that agree with it
   marking the change (वह चाहता है / वह चाहती है): an *agreement-only* pair.
6. English is an *open* swap: two group expressions of one category that the English
   lexicon does not hold are one swap too: the castes and regions a target lexicon glosses
   in English ("Brahmins" / "Dalits", "from the North-East" / "from Punjab", "Mr Sharma" /
   "Mr Paswan"), or two capitalised names or places inside the sentence that no list
   holds ("Mr Kumar" / "Mr Iyer"), which take the pair's category.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from difflib import SequenceMatcher
from functools import cache
from inspect import signature

from aligner.analysis.parse import Parse
from aligner.lexicon.load import PIVOT
from aligner.lexicon.match import form_key
from aligner.lexicon.model import Concept, Lexicon
from aligner.pairs import reasons as r
from aligner.pairs.concepts import (
    CONTRAST,
    SAME_CATEGORY,
    Relation,
    in_category,
    relation,
    same_slot,
)
from aligner.pairs.people import not_about_people
from aligner.pairs.reasons import Problem
from aligner.pairs.terms import (
    OPEN_PREFIX,
    Glosses,
    as_name,
    char_span,
    english_glosses,
    find_terms,
    is_name,
    is_word,
    open_terms,
)
from aligner.plugins import AgreementUnresolved, Edit, FormMatch, LanguagePlugin, Token

Parser = Callable[[str], Parse]
# Below this share of words in common (and with more than a short phrase changed), two
# sentences are two sentences, not a pair.
MIN_SHARED = 0.5
# What ``explain`` says when optional edits (pronouns that follow the swap) were taken.
COREFERENT = "coreferent"
# A contrast description ("of sound mind", "perfectly healthy") is this short at most.
MAX_CONTRAST_WORDS = 3
# Words an open English swap may leave out of its term ("from the North-East" / "from Punjab").
DETERMINERS = frozenset({"the", "a", "an"})
# English articles that follow the sound of the next word (a/an), whatever the swap.
INDEFINITE = frozenset({"a", "an"})
# Categories an unlisted capitalised name may stand for: not gender, whose names must be
# known to be of opposite genders.
OPEN_NAME_CATEGORIES = frozenset({"caste", "region", "religion", "race-color", "nationality"})
# A capitalised word right after these starts a sentence: it is no name for that.
_SENTENCE_OPENERS = frozenset({".", "!", "?", ":", '"', "\u201c", "-", "\u2014"})


@dataclass(frozen=True)
class Block:
    """Tokens ``[a_first, a_last)`` of side A stand where ``[b_first, b_last)`` of side B stand."""

    a_first: int
    a_last: int
    b_first: int
    b_last: int


@dataclass(frozen=True)
class Swap:
    """A term on side A replaced by a term on side B."""

    a: FormMatch
    b: FormMatch


@dataclass(frozen=True)
class Analysis:
    """What a pair is made of; ``problem`` is None for a valid pair."""

    tokens_a: list[Token]
    tokens_b: list[Token]
    swap: Swap | None = None
    relation: Relation | None = None
    problem: Problem | None = None
    notes: tuple[str, ...] = ()
    agreement_only: bool = False
    coreferent: bool = False  # words the swap may change (pronouns) changed with it
    repeats: tuple[Swap, ...] = ()  # further mentions of the term, swapped with ``swap``


@dataclass(frozen=True)
class Side:
    """One sentence with its tokens, their comparison keys and its terms."""

    text: str
    tokens: list[Token]
    keys: list[str]
    terms: list[FormMatch]


def read_side(plugin: LanguagePlugin, lexicon: Lexicon, text: str) -> Side:
    tokens = plugin.tokenize(text)
    keys = [plugin.fold(t.text) for t in tokens]
    return Side(text, tokens, keys, find_terms(plugin, lexicon, tokens))


def diff_blocks(keys_a: list[str], keys_b: list[str]) -> list[Block]:
    matcher = SequenceMatcher(None, keys_a, keys_b, autojunk=False)
    return [Block(i1, i2, j1, j2) for tag, i1, i2, j1, j2 in matcher.get_opcodes()
            if tag != "equal"]


def content_blocks(a: Side, b: Side) -> tuple[list[Block], list[str]]:
    """Blocks with a word in them, and notes for the blocks of punctuation alone."""
    kept, notes = [], []
    for block in diff_blocks(a.keys, b.keys):
        words_a = [t for t in a.tokens[block.a_first:block.a_last] if is_word(t)]
        words_b = [t for t in b.tokens[block.b_first:block.b_last] if is_word(t)]
        if words_a or words_b:
            kept.append(block)
            continue
        shown_a = "".join(t.text for t in a.tokens[block.a_first:block.a_last]) or "nothing"
        shown_b = "".join(t.text for t in b.tokens[block.b_first:block.b_last]) or "nothing"
        notes.append(f"punctuation only: {shown_a!r} vs {shown_b!r}")
    return kept, notes


def _in_block(match: FormMatch, first: int, last: int) -> bool:
    return match.first < last and match.last > first


def _block_terms(side: Side, first: int, last: int) -> list[FormMatch]:
    """Terms overlapping tokens ``[first, last)``."""
    return [m for m in side.terms if _in_block(m, first, last)]


def _reach(match: FormMatch, first: int, last: int) -> tuple[int, int]:
    return max(first - match.first, 0), max(match.last - last, 0)


def _inside(side: Side, first: int, last: int, reread: Callable) -> list[FormMatch]:
    """The terms read again inside the stretch alone, in sentence positions."""
    return [replace(m, first=m.first + first, last=m.last + first)
            for m in reread(side.tokens[first:last])]


def _candidate_swaps(a: Side, b: Side, blocks: list[Block], reread: Callable,
                     merged: Callable) -> tuple[list[Swap], list[FormMatch]]:
    """Terms paired across each block (i-th with i-th), and terms left without a partner."""
    swaps: list[Swap] = []
    alone: list[FormMatch] = []
    for block in blocks:
        in_a = _block_terms(a, block.a_first, block.a_last)
        in_b = _block_terms(b, block.b_first, block.b_last)
        reach_a = [_reach(m, block.a_first, block.a_last) for m in in_a]
        reach_b = [_reach(m, block.b_first, block.b_last) for m in in_b]
        same_term = any(ma.concept == mb.concept and reach != (0, 0) for ma, mb, reach in
                        zip(in_a, in_b, reach_a, strict=False))
        if reach_a != reach_b or same_term:
            # A term reaching past the stretch into shared words on one side only ("rich
            # family" against "poor family"), or the same term reaching over the stretch on
            # both ("old woman" / "old man"): read both sides again inside the stretch.
            in_a = _inside(a, block.a_first, block.a_last, reread)
            in_b = _inside(b, block.b_first, block.b_last, reread)
        if len(in_a) != len(in_b):
            in_a, in_b = merged(in_a), merged(in_b)
        for ma, mb in zip(in_a, in_b, strict=False):
            if ma.concept != mb.concept:
                swaps.append(Swap(ma, mb))
        alone += in_a[len(in_b):] + in_b[len(in_a):]
    return swaps, alone


def _token_at(tokens: list[Token], offset: int) -> int | None:
    return next((i for i, t in enumerate(tokens) if t.start <= offset < t.end), None)


def _aligned(a: Side, b: Side) -> dict[int, int]:
    """Side-A token index -> the side-B token standing in its place (same-length blocks)."""
    mapping: dict[int, int] = {}
    matcher = SequenceMatcher(None, a.keys, b.keys, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal" or i2 - i1 == j2 - j1:
            mapping.update(zip(range(i1, i2), range(j1, j2), strict=True))
    return mapping


def _equal_tokens(a: Side, b: Side) -> set[int]:
    matcher = SequenceMatcher(None, a.keys, b.keys, autojunk=False)
    return {i for tag, i1, i2, _, _ in matcher.get_opcodes() if tag == "equal"
            for i in range(i1, i2)}


@dataclass(frozen=True)
class Change:
    """A term of a sentence to replace: ``match`` by ``surface``, a form of ``new``."""

    match: FormMatch
    new: Concept
    surface: str


@dataclass(frozen=True)
class Prediction:
    """The changes applied to one side with the agreement the plugin asks for.

    ``edits`` are the swaps and every agreement edit applied; ``required`` those the
    plugin demands (a pair lacking one is ``agreement-missing``); ``optional`` the
    words that may follow the swap and were changed with it.
    """

    text: str
    edits: list[Edit]
    required: list[Edit]
    unresolved: str | None = None
    optional: tuple[Edit, ...] = ()


def predict(
    plugin: LanguagePlugin, lexicon: Lexicon, side: Side, changes: list[Change],
    parse: Parse | None = None, wanted: Side | None = None, optional: bool = False,
) -> Prediction:
    """``side`` with every change made and agreement applied.

    Several changes are the mentions of one term swapped together: an edit one of them
    asks for on another's word gives way to that swap, and an edit two ask for is made
    once. Optional edits are applied where ``wanted`` (the other sentence, when
    validating) has them, so that "may change" words do not count against a pair; with
    ``optional`` (transfer, when the English pair changed its pronouns too) all of them.
    Raises ValueError when an agreement edit overlaps its own swap.
    """
    swaps = [_swap_edit(side, change) for change in changes]
    required: list[Edit] = []
    maybe: list[Edit] = []
    for change, own in zip(changes, swaps, strict=True):
        try:
            edits = _agreement_edits(plugin, lexicon, side, change, parse)
        except AgreementUnresolved as err:
            return Prediction(apply_edits(side.text, swaps), swaps, [], str(err))
        others = [e for e in swaps if e is not own]
        for edit in edits:
            chosen = maybe if edit.kind == "optional" else required
            if edit not in chosen and not any(_overlap(edit, swap) for swap in others):
                chosen.append(edit)
    if optional:
        taken = maybe
    elif wanted is not None:
        taken = _optional_taken(plugin, side, wanted, maybe)
    else:
        taken = []
    edits = [*swaps, *required, *taken]
    return Prediction(apply_edits(side.text, edits), edits, required, optional=tuple(taken))


def _agreement_edits(plugin: LanguagePlugin, lexicon: Lexicon, side: Side, change: Change,
                     parse: Parse | None) -> list[Edit]:
    """The plugin's edits for one change, told the word the swap writes where its hook
    takes it: the sound of that word, not of the lexicon's parallel form, picks an English
    a/an ("an immigrant" / "a citizen")."""
    written = {"written": change.surface} if _takes_written(type(plugin)) else {}
    return plugin.agreement_edits(side.text, side.tokens, change.match, change.new, lexicon,
                                  parse=parse, **written)


@cache
def _takes_written(plugin: type) -> bool:
    """Whether a plugin class's hook declares ``written``, which joined it after plugins
    were written without it (aligner/plugins.py); asked once per class, not per pair."""
    return "written" in signature(plugin.agreement_edits).parameters


def _swap_edit(side: Side, change: Change) -> Edit:
    start, end = char_span(side.tokens, change.match)
    return Edit(start, end, side.text[start:end], change.surface, "swap")


def _overlap(first: Edit, second: Edit) -> bool:
    return first.start < second.end and second.start < first.end


def _optional_taken(plugin: LanguagePlugin, side: Side, wanted: Side,
                    optional: list[Edit]) -> list[Edit]:
    """The optional edits ``wanted`` carries out, each with the option it chose."""
    mapping = _aligned(side, wanted)
    taken = []
    for edit in optional:
        index = _token_at(side.tokens, edit.start)
        there = mapping.get(index) if index is not None else None
        if there is None:
            continue
        written = wanted.tokens[there].text
        for option in (edit.new, *edit.options):
            if plugin.fold(option) == plugin.fold(written):
                taken.append(Edit(edit.start, edit.end, edit.old, written, "agreement"))
                break
    return taken


def apply_edits(text: str, edits: list[Edit]) -> str:
    """``text`` with every edit applied; edits must not overlap."""
    ordered = sorted(edits, key=lambda e: e.start)
    for left, right in zip(ordered, ordered[1:], strict=False):
        if right.start < left.end:
            raise ValueError(f"overlapping edits {left} and {right}")
    for edit in reversed(ordered):
        text = text[: edit.start] + edit.new + text[edit.end :]
    return text


@dataclass
class PairReader:
    """Reads pairs of one language: the plugin, its lexicon and an optional parser."""

    plugin: LanguagePlugin
    lexicon: Lexicon
    parser: Parser | None = None
    glosses: Glosses | None = None  # English words of target-only concepts; packaged ones

    def side(self, text: str) -> Side:
        return read_side(self.plugin, self.lexicon, text)

    def parse(self, text: str) -> Parse | None:
        return self.parser(text) if self.parser else None

    def explain(self, a: Side, b: Side, swaps: list[Swap]) -> Problem | str | None:
        """None when the swaps (one term, in one place or several) + required agreement
        turn A into B; a note when the plugin could not decide the agreement but nothing
        else differs; else the problem."""
        changes = [Change(swap.a, self.lexicon[swap.b.concept],
                          b.text[slice(*char_span(b.tokens, swap.b))]) for swap in swaps]
        try:
            guess = predict(self.plugin, self.lexicon, a, changes, self.parse(a.text), wanted=b)
        except ValueError as err:  # an agreement edit collides with the swap
            return Problem(r.AGREEMENT_UNRESOLVED, {"detail": str(err)})
        left, _ = content_blocks(self.side(guess.text), b)
        if not left:
            if guess.unresolved is not None:
                return f"agreement not checked: {guess.unresolved}"
            return COREFERENT if guess.optional else None
        if guess.unresolved is not None:
            return Problem(r.AGREEMENT_UNRESOLVED, {"detail": guess.unresolved})
        kept = _equal_tokens(a, b)
        missing = [e for e in guess.required
                   if (i := _token_at(a.tokens, e.start)) is not None and i in kept]
        if missing:
            without = apply_edits(a.text, [e for e in guess.edits if e not in missing])
            if not content_blocks(self.side(without), b)[0]:
                words = ", ".join(f"{e.old} -> {e.new}" for e in missing)
                return Problem(r.AGREEMENT_MISSING, {"words": words})
        shown = _block_words(left, self.side(guess.text), b)
        return Problem(r.NOT_MINIMAL, {"words": f"{shown}; the swap and its agreement give "
                                                f"{guess.text!r}"})

    def analyse(self, a_text: str, b_text: str, bias_type: str | None = None) -> Analysis:
        a, b = self.side(a_text), self.side(b_text)
        blocks, notes = content_blocks(a, b)

        def done(problem: Problem | None = None, **found: object) -> Analysis:
            return Analysis(a.tokens, b.tokens, problem=problem, notes=tuple(notes), **found)

        if not blocks:
            return done(Problem(r.IDENTICAL, {"detail": "; ".join(notes) or "same text"}))
        unrelated = _unrelated(a, b)
        swaps, alone = _candidate_swaps(
            a, b, blocks, lambda tokens: find_terms(self.plugin, self.lexicon, tokens),
            self._phrases)
        if not swaps:
            opened = self._open_swap(a, b, blocks, bias_type)
            if opened is not None:
                return replace(opened, notes=tuple(notes))
            hidden = self._agreement_only(a, b, blocks)
            if hidden is not None:
                return replace(hidden, notes=tuple(notes))
            words = _block_words(blocks, a, b)
            if unrelated:
                return done(unrelated)
            if bias_type == "age" and _numbers(a, b, blocks):
                return done(relation=Relation(SAME_CATEGORY, "age"))
            if alone:
                found = self._contrast(a, b, blocks, alone, bias_type)
                if isinstance(found, Relation):
                    return done(relation=found)
                return done(found or Problem(r.NO_PARTNER, {"term": alone[0].surface,
                                                            "words": words}))
            return done(Problem(r.NO_CONCEPT_SWAP, {"words": words}))
        found = self._one_swap(a, b, swaps, bias_type, notes)
        return replace(found, problem=unrelated) if found.problem and unrelated else found

    def _open_swap(self, a: Side, b: Side, blocks: list[Block],
                   bias_type: str | None) -> Analysis | None:
        """English group expressions outside the English lexicon, one on each side of the one
        stretch that differs, read as one swap (point 6 above); None when there are none."""
        if self.lexicon.lang != PIVOT or len(blocks) != 1:
            return None
        glosses = self._glosses()
        block = blocks[0]
        found_a = self._open_term(glosses, a, block.a_first, block.a_last)
        found_b = self._open_term(glosses, b, block.b_first, block.b_last)
        if found_a is None or found_b is None or found_a[0].concept == found_b[0].concept:
            return None
        category = _open_category(found_a[1], found_b[1], bias_type)
        if category is None:
            return None
        return Analysis(a.tokens, b.tokens, Swap(found_a[0], found_b[0]),
                        Relation(SAME_CATEGORY, category))

    def _glosses(self) -> Glosses:
        if self.glosses is None:
            from aligner.resources import lexicon_root

            key = "english-glosses"
            if key not in self.lexicon.cache:
                self.lexicon.cache[key] = english_glosses(self.plugin, lexicon_root())
            self.glosses = self.lexicon.cache[key]
        return self.glosses

    def _open_term(self, glosses: Glosses, side: Side, first: int,
                   last: int) -> tuple[FormMatch, tuple[str, ...] | None] | None:
        """The one expression covering the words of ``side[first:last]`` (determiners aside),
        with its categories (None: an unlisted name, of any category): a glossed expression,
        else a lexicon term, else a run of capitalised words inside the sentence."""
        words = [i for i in range(first, last) if is_word(side.tokens[i])
                 and side.tokens[i].text.casefold() not in DETERMINERS]
        if not words:
            return None
        glossed = [(m, g.categories) for m, g in open_terms(glosses, side.tokens)]
        listed = [(m, self.lexicon[m.concept].categories) for m in side.terms
                  if m.chars is None and not is_name(m.concept)]
        for candidates in (glossed, listed):
            inside = [(m, cats) for m, cats in candidates if m.first < last and m.last > first]
            if len(inside) == 1 and inside[0][0].first <= words[0] < words[-1] + 1 <= (
                    inside[0][0].last):
                return inside[0]
        tokens = [side.tokens[i] for i in words]
        opener = side.tokens[words[0] - 1].text if words[0] else "."
        if (words != list(range(words[0], words[-1] + 1)) or opener in _SENTENCE_OPENERS
                or not all(t.text[:1].isupper() for t in tokens) or len(tokens) > 3):
            return None
        surface = " ".join(t.text for t in tokens)
        name = OPEN_PREFIX + " ".join(t.text.casefold() for t in tokens)
        return FormMatch(name, "en", words[0], words[-1] + 1, surface), None

    def _phrases(self, terms: list[FormMatch]) -> list[FormMatch]:
        """A group word right before a gendered person noun read as one term ("Straight
        women" against "Lesbians", "valged naised"), in the noun's slot: used where the two
        sides of a stretch hold different numbers of terms."""
        merged: list[FormMatch] = []
        for term in terms:
            last = merged[-1] if merged else None
            if last is not None and last.last == term.first and not is_name(term.concept) and (
                    not is_name(last.concept)) and self._heads(last, term):
                merged[-1] = replace(last, slot=term.slot, last=term.last,
                                     surface=f"{last.surface} {term.surface}")
            else:
                merged.append(term)
        return merged

    def _heads(self, group: FormMatch, noun: FormMatch) -> bool:
        first, second = self.lexicon[group.concept], self.lexicon[noun.concept]
        return ("gender" not in first.categories and second.category == "gender"
                and second.pos == "noun" and group.chars is None and noun.chars is None)

    def _contrast(self, a: Side, b: Side, blocks: list[Block], alone: list[FormMatch],
                  bias_type: str | None) -> Relation | Problem | None:
        """A group term set against a plain description (retarded / smart, gay / military):
        CrowS-Pairs does this outside gender. One stretch differs; one side of it is one
        term of the pair's category (or a related one: Mexico in a race-color pair), the
        other a few words with no term, not a misspelt form of the term (a wrong case ending
        is no contrast) and about people (aligner/pairs/people.py): a noun for a thing is
        ``not-a-group-term``, even where the term names a thing itself (wheelchair against
        bicycle): "People with wheelchairs" / "People with kettles" would pass otherwise."""
        if len(blocks) != 1 or len(alone) != 1:
            return None
        term = alone[0]
        concept = self.lexicon[term.concept]
        category = bias_type if bias_type and in_category(concept, bias_type) else (
            None if bias_type else concept.category)
        if category is None or category == "gender" or is_name(term.concept):
            return None
        block = _past_articles(a, b, blocks[0])
        # By place, not equality: a term read again inside the stretch, or merged with the
        # noun it heads, may carry another slot and span more or fewer words.
        in_a = _in_block(term, block.a_first, block.a_last) and any(
            m.concept == term.concept and m.chars == term.chars and _in_block(
                m, term.first, term.last) for m in a.terms)
        own = (a.tokens[block.a_first:block.a_last] if in_a
               else b.tokens[block.b_first:block.b_last])
        if sum(map(is_word, own)) > term.last - term.first:
            return None  # more than the term changed on its side
        side, first, last = (b, block.b_first, block.b_last) if in_a else (
            a, block.a_first, block.a_last)
        words = [t for t in side.tokens[first:last] if is_word(t)]
        if not 1 <= len(words) <= MAX_CONTRAST_WORDS:
            return None
        if any(self._misspelt(t.text, category) for t in words):
            return None
        thing = not_about_people(self.plugin, self.lexicon, side.text, side.tokens, first, last)
        if thing is not None:
            return Problem(r.NOT_A_GROUP_TERM, {"word": thing.word, "why": thing.why,
                                                "term": term.surface})
        return Relation(CONTRAST, category)

    def _misspelt(self, word: str, category: str) -> bool:
        """Whether ``word`` looks like a form of a term of ``category`` gone wrong (a wrong
        case ending, a typo): no contrast then, the pair is broken."""
        key = self.plugin.fold(word)
        return any(_near(key, self.plugin.fold(form)) for concept in self.lexicon
                   if category in concept.categories and not concept.generic
                   for forms in concept.forms.values() for form in forms)

    def _one_swap(self, a: Side, b: Side, swaps: list[Swap], bias_type: str | None,
                  notes: list[str]) -> Analysis:
        """Pick the swap whose agreement explains the rest; report the first problem."""
        first_problem: Problem | None = None
        ranked = sorted(swaps, key=lambda s: self.lexicon[s.a.concept].pos == "pronoun")
        for swap in ranked:
            swap = self._as_names(a, b, swap)
            found = relation(self.lexicon, swap.a.concept, swap.b.concept, bias_type)
            if isinstance(found, Problem):
                first_problem = first_problem or found
                continue
            if not same_slot(self.plugin.fold, self.lexicon, swap.a.concept, swap.a.slot,
                             swap.a.surface, swap.b.concept, swap.b.slot, swap.b.surface):
                first_problem = first_problem or Problem(r.SLOT_MISMATCH, {
                    "more": swap.a.surface, "more_slot": swap.a.slot,
                    "less": swap.b.surface, "less_slot": swap.b.slot})
                continue
            outcome = self._both_ways(a, b, [swap])
            if outcome is None or isinstance(outcome, str):
                return _passed(a, b, [swap], found, outcome, notes)
            first_problem = first_problem or outcome
        if len(swaps) > 1:
            together = self._together(a, b, [self._as_names(a, b, s) for s in swaps],
                                      bias_type, notes)
            if isinstance(together, Analysis):
                return together
            if first_problem is None or first_problem.code in (r.NOT_MINIMAL,
                                                               r.AGREEMENT_MISSING):
                first_problem = together or Problem(r.DOUBLE_SWITCH, {
                    "count": len(swaps), "swaps": _listed(swaps)})
        return Analysis(a.tokens, b.tokens, swaps[0], None, first_problem, tuple(notes))

    def _together(self, a: Side, b: Side, swaps: list[Swap], bias_type: str | None,
                  notes: list[str]) -> Analysis | Problem | None:
        """Every mention of one term swapped the same way ("The woman said the woman was
        rude." / "The man said the man was rude."), read as one swap made in several
        places; swaps that go different ways are ``mixed-swaps``."""
        if _mixed(self.lexicon, swaps):
            return Problem(r.MIXED_SWAPS, {"swaps": _listed(swaps)})
        groups: dict[tuple[str, str], list[Swap]] = {}
        for swap in swaps:
            groups.setdefault((swap.a.concept, swap.b.concept), []).append(swap)
        for group in groups.values():
            found = relation(self.lexicon, group[0].a.concept, group[0].b.concept, bias_type)
            if len(group) < 2 or isinstance(found, Problem) or not all(
                    same_slot(self.plugin.fold, self.lexicon, s.a.concept, s.a.slot,
                              s.a.surface, s.b.concept, s.b.slot, s.b.surface) for s in group):
                continue
            outcome = self._both_ways(a, b, group)
            if outcome is None or isinstance(outcome, str):
                return _passed(a, b, group, found, outcome, notes)
        return None

    def _as_names(self, a: Side, b: Side, swap: Swap) -> Swap:
        """A lexicon word that is also a listed name reads as a name opposite a name
        (Mohammad / Joseph), as a term opposite a term (Mohammad / Jesus)."""
        if is_name(swap.a.concept) == is_name(swap.b.concept):
            return swap
        if is_name(swap.b.concept):
            named = as_name(self.plugin, self.lexicon, a.tokens, swap.a)
            return Swap(named, swap.b) if named else swap
        named = as_name(self.plugin, self.lexicon, b.tokens, swap.b)
        return Swap(swap.a, named) if named else swap

    def _both_ways(self, a: Side, b: Side, swaps: list[Swap]) -> Problem | None | str:
        """The agreement must hold from either sentence: a rule applied only from the
        ungrammatical side ("लड़का गई था" -> "लड़की गई थी") would otherwise pass."""
        forward = self.explain(a, b, swaps)
        if isinstance(forward, Problem):
            return forward
        backward = self.explain(b, a, [Swap(swap.b, swap.a) for swap in swaps])
        if isinstance(backward, Problem):
            return backward
        return forward if forward is not None else (None if backward == COREFERENT else backward)

    def _agreement_only(self, a: Side, b: Side, blocks: list[Block]) -> Analysis | None:
        """An invisible swap: a form two concepts share, read as one on side A and the
        other on side B, with only the words that agree with it changed."""
        mapping = _aligned(a, b)
        for index, token in enumerate(a.tokens):
            there = mapping.get(index)
            if there is None or a.keys[index] != b.keys[there]:
                continue
            for old_id, new_id, slot in self._readings(token.text):
                found = relation(self.lexicon, old_id, new_id)
                if isinstance(found, Problem):
                    continue
                match_a = FormMatch(old_id, slot, index, index + 1, token.text)
                match_b = FormMatch(new_id, slot, there, there + 1, b.tokens[there].text)
                if self._both_ways(a, b, [Swap(match_a, match_b)]) in (None, COREFERENT):
                    return Analysis(a.tokens, b.tokens, Swap(match_a, match_b), found,
                                    agreement_only=True)
        return None

    def _readings(self, surface: str) -> list[tuple[str, str, str]]:
        """(concept, other concept, slot) for each pair of concepts listing ``surface``."""
        owners = shared_forms(self.plugin, self.lexicon).get(form_key(self.plugin, surface), [])
        return [(x, y, slot_x) for x, slot_x in owners for y, slot_y in owners
                if x != y and slot_x == slot_y]


def shared_forms(plugin: LanguagePlugin, lexicon: Lexicon) -> dict[tuple[str, ...], list]:
    """Forms that several concepts list (Hindi वह for he and she): key -> [(concept, slot)]."""
    cache_key = f"shared-forms:{plugin.code}"
    if cache_key not in lexicon.cache:
        owners: dict[tuple[str, ...], list[tuple[str, str]]] = {}
        for concept in lexicon:
            for slot, forms in concept.forms.items():
                for form in forms:
                    entry = owners.setdefault(form_key(plugin, form), [])
                    if (concept.id, slot) not in entry:
                        entry.append((concept.id, slot))
        lexicon.cache[cache_key] = {k: v for k, v in owners.items()
                                    if len({c for c, _ in v}) > 1}
    return lexicon.cache[cache_key]


def _passed(a: Side, b: Side, swaps: list[Swap], found: Relation, outcome: str | None,
            notes: list[str]) -> Analysis:
    """The analysis of a valid pair whose ``swaps`` (one term, one or more mentions) explain
    it; ``outcome`` is what ``explain`` said (a note, or that pronouns followed)."""
    extra = [outcome] if outcome is not None and outcome != COREFERENT else []
    return Analysis(a.tokens, b.tokens, swaps[0], found, None, (*notes, *extra),
                    coreferent=outcome == COREFERENT, repeats=tuple(swaps[1:]))


def _open_category(first: tuple[str, ...] | None, second: tuple[str, ...] | None,
                   bias_type: str | None) -> str | None:
    """The category an open swap is in: one both expressions have (the pair's, when it is
    one of them). Unlisted names stand only against each other, in the pair's category: a
    capitalised word set against a listed term is as likely a thing ("a Muslim" / "a Car")."""
    if first is None or second is None:
        both = first is None and second is None
        return bias_type if both and bias_type in OPEN_NAME_CATEGORIES else None
    shared = [c for c in first if c in second]
    if not shared:
        return None
    return bias_type if bias_type in shared else shared[0]


def _listed(swaps: list[Swap]) -> str:
    return ", ".join(f"{s.a.surface}->{s.b.surface}" for s in swaps)


def _mixed(lexicon: Lexicon, swaps: list[Swap]) -> bool:
    """Swaps that go different ways: one gender to the other and back (He told her / She
    told him), or one term to two different ones (Muslims ... Muslims / Hindus ... Jews)."""
    partners: dict[str, set[str]] = {}
    directions = set()
    for swap in swaps:
        partners.setdefault(swap.a.concept, set()).add(swap.b.concept)
        genders = (lexicon[swap.a.concept].gender, lexicon[swap.b.concept].gender)
        if set(genders) == {"m", "f"}:
            directions.add(genders)
    return len(directions) > 1 or any(len(found) > 1 for found in partners.values())


def _unrelated(a: Side, b: Side) -> Problem | None:
    """Two different sentences rather than a pair: few words shared, many changed."""
    shared = len(_equal_tokens(a, b) & {i for i, t in enumerate(a.tokens) if is_word(t)})
    longest = max(sum(map(is_word, a.tokens)), sum(map(is_word, b.tokens)))
    if shared >= MIN_SHARED * longest or longest - shared <= MAX_CONTRAST_WORDS:
        return None
    return Problem(r.NOT_MINIMAL, {"words": f"only {shared} of {longest} words are shared: "
                                            "two different sentences"})


def _past_articles(a: Side, b: Side, block: Block) -> Block:
    """``block`` without the indefinite article both sides start it with: "an Asian woman" /
    "a New York woman" differ in the article only because it follows the next word's sound."""
    if block.a_first < block.a_last and block.b_first < block.b_last and (
            a.keys[block.a_first] in INDEFINITE and b.keys[block.b_first] in INDEFINITE):
        return Block(block.a_first + 1, block.a_last, block.b_first + 1, block.b_last)
    return block


def _numbers(a: Side, b: Side, blocks: list[Block]) -> bool:
    """One stretch, a number on each side: an age pair written in digits (80 / 20)."""
    if len(blocks) != 1:
        return False
    block = blocks[0]
    sides = (a.tokens[block.a_first:block.a_last], b.tokens[block.b_first:block.b_last])
    return all(len(t) == 1 and t[0].text.isdigit() for t in sides)


def _near(word: str, stem: str) -> bool:
    """Two spellings of one word: a shared start covering most of the shorter one. A word
    that is the whole start of a longer form is a word of its own (Europe / European,
    California / Californian, normal / normal hand), not that form gone wrong."""
    if len(word) < len(stem) and stem.startswith(word):
        return False
    shared = 0
    for x, y in zip(word, stem, strict=False):
        if x != y:
            break
        shared += 1
    return shared >= 3 and shared >= 0.6 * min(len(word), len(stem))


def _block_words(blocks: list[Block], a: Side, b: Side) -> str:
    """The differing words, for a human: 'x y' vs 'z' per block."""
    parts = []
    for block in blocks:
        left = " ".join(t.text for t in a.tokens[block.a_first:block.a_last]) or "(nothing)"
        right = " ".join(t.text for t in b.tokens[block.b_first:block.b_last]) or "(nothing)"
        parts.append(f"'{left}' vs '{right}'")
    return "; ".join(parts)
