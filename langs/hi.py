"""Hindi: two genders that verbs, adjectives and the genitive agree with; no gendered pronoun.

Nouns fill direct/oblique/vocative x singular/plural slots and carry a gender;
swapping लड़की (f) for लड़का (m) must also re-inflect the words that agree
(``langs/hi_rules.py``). Those words are found by a dependency parse when one is
given, else by a window:

- before the noun: the adjacent run of inflecting adjectives, possessives and the
  genitive का/की/के (skipping intensifiers such as बहुत);
- after a noun in the direct case (no postposition follows it): the verb group that
  ends each of its predicates before the clause end (punctuation, कि, लेकिन ...).

A singular noun with a plural verb group is an honorific plural (तुम्हारे पापा रोते थे):
all of its agreeing words follow the plural.

A subject coordinated with और/या is ambiguous (the verb agrees with the pair) and
raises AgreementUnresolved, as does a concept without a gender.

Spelling: ``normalize`` writes chandrabindu as anusvara (माँ = मां) and nukta
letters in one Unicode form; ``fold`` also drops the nukta, because subtitles
often omit it (लडकी = लड़की, ग़लत = गलत), and writes a word-final -ये/-यी as -ए/-ई
(चाहिये = चाहिए, गयी = गई), the older spelling of the same ending. Folding is for
comparison only: a written pair keeps the film's spelling.

Terms are nouns (inflecting by class), adjectives, and ``phrase`` entries: names of
places and surnames that do not inflect (बिहार, शर्मा) but carry a gender that verbs
agree with (दिल्ली गंदी है / पंजाब गंदा है).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import replace

from aligner.analysis.parse import Parse
from aligner.analysis.text import align_spans, canonical
from aligner.errors import require
from aligner.lexicon.model import Concept, Lexicon
from aligner.plugins import AgreementUnresolved, Edit, FormMatch, Token
from langs import hi_rules
from langs.base import BasePlugin
from langs.hi_paradigms import (
    ADJ_SLOTS,
    NOUN_SLOTS,
    adjective_forms,
    noun_forms,
    paradigm_problems,
)

_CHANDRABINDU, _ANUSVARA, _NUKTA = "\u0901", "\u0902", "\u093c"
_INVISIBLE = dict.fromkeys(map(ord, "\u200c\u200d"), None)
_HALANT_NASAL = re.compile("[\u0919\u091e\u0923\u0928\u092e]\u094d(?=[\u0915-\u0939])")
# -ये/-यी(ं) ending a word after a letter or vowel sign: the older spelling of -ए/-ई(ं).
_Y_ENDING = re.compile(
    "(?<=[\u0900-\u0963])\u092f([\u0947\u0940])(?=[\u0902\u0901]?(?![\u0900-\u0963]))"
)
_VOWEL_OF_SIGN = {"\u0947": "\u090f", "\u0940": "\u0908"}


def _next_word(tokens: list[Token], token: Token) -> str:
    """The text of the token after ``token``; empty at the end."""
    later = [t.text for t in tokens if t.start >= token.end]
    return later[0] if later else ""


def _shows_plural(tokens: list[Token], verbs: list[Token], gender: str) -> bool:
    """Whether the agreeing words of a verb group mark the plural (रोते थे, गई थीं, करते हैं)."""
    return any(hi_rules.shows_plural(t.text, gender) for t in verbs) or any(
        _next_word(tokens, t) in hi_rules.PLURAL_AUXILIARIES for t in verbs
    )


def _agreement_slot(
    tokens: list[Token], slot: str, gender: str, targets: list[tuple[Token, bool, bool]]
) -> str:
    """The number the agreeing words follow: a singular subject with a plural verb group
    is an honorific plural (तुम्हारी मम्मी रोती रही थीं), and everything agrees in the
    plural (तुम्हारे पापा रोते रहे थे)."""
    if slot != "dir_sg":
        return slot
    if _shows_plural(tokens, [token for token, verbal, _ in targets if verbal], gender):
        return "dir_pl"
    return slot


class Hindi(BasePlugin):
    code = "hi"
    name = "Hindi"
    gendered_pronouns = False  # वह is he and she; verbs still agree
    nouns_need_gender = True
    default_model = "google/muril-base-cased"
    slots = {"noun": NOUN_SLOTS, "adj": ADJ_SLOTS, "phrase": NOUN_SLOTS, "pronoun": NOUN_SLOTS}

    def normalize(self, text: str) -> str:
        text = canonical(text).translate(_INVISIBLE).replace(_CHANDRABINDU, _ANUSVARA)
        return unicodedata.normalize("NFC", text)

    def fold(self, text: str) -> str:
        """Also without nukta, with a nasal consonant + halant before a consonant written
        as anusvara (हिन्दू = हिंदू, सम्बन्ध = संबंध), and a final -ये/-यी as -ए/-ई
        (चाहिये = चाहिए, नयी = नई)."""
        text = _HALANT_NASAL.sub(_ANUSVARA, self.normalize(text).replace(_NUKTA, ""))
        return _Y_ENDING.sub(lambda m: _VOWEL_OF_SIGN[m.group(1)], text)

    def spell_like(self, surface: str, listed: str, new: str) -> str:
        """Subtitles often drop the nukta or write anusvara for chandrabindu (लडकी, मां):
        the swapped-in word does the same where the line did."""
        if _NUKTA in listed and _NUKTA not in surface:
            new = new.replace(_NUKTA, "")
        if _CHANDRABINDU in listed and _CHANDRABINDU not in surface:
            new = new.replace(_CHANDRABINDU, _ANUSVARA)
        return new

    def tokenize(self, text: str) -> list[Token]:
        tokenizer = require("indicnlp.tokenize.indic_tokenize", "hi", "Hindi tokenization")
        return align_spans(text, tokenizer.trivial_tokenize(text, "hi"))

    def match_forms(self, tokens: list[Token], lexicon: Lexicon) -> list[FormMatch]:
        """Matches, with the case read from what follows: a postposition makes it oblique."""
        matches = super().match_forms(tokens, lexicon)
        return [self._case_from_context(m, tokens, lexicon) for m in matches]

    def _case_from_context(
        self, match: FormMatch, tokens: list[Token], lexicon: Lexicon
    ) -> FormMatch:
        """Pick among syncretic slots: a following postposition makes a noun oblique; an
        adjective takes case and number from the noun after it. Case decides first, then
        number: a person of the gender category is singular unless shown, since honorific
        plurals (पापा रोते थे) keep a singular noun (``agreement_edits`` reads their number
        off the verb); a group noun (ब्राह्मण, राजपूत, बिहारी) with a plural verb is plural
        (राजपूत शराब पीते हैं / बनिये शराब पीते हैं), unless a title follows it (पंडित जी), and
        so is an adjective that opens its clause with a plural verb (अश्वेत अच्छे होते हैं)."""
        concept = lexicon[match.concept]
        surface = self.fold(match.surface)
        candidates = [s for s, forms in concept.forms.items() if surface in map(self.fold, forms)]
        if len(candidates) < 2:
            return match
        after = [t.text for t in tokens[match.last : match.last + 2]] + ["", ""]
        if concept.pos == "adj":
            oblique = after[0].endswith("ों") or after[1] in hi_rules.POSTPOSITIONS
            opens = match.first == 0 or tokens[match.first - 1].text in hi_rules.CLAUSE_BOUNDARIES
            plural = after[0].endswith(("ों", "ें", "ियाँ", "एँ")) or after[0] == "लोग" or (
                opens and self._plural_predicate(tokens, match.last, ("m", "f")))
        else:
            oblique = after[0] in hi_rules.POSTPOSITIONS
            plural = (not oblique and concept.category != "gender" and concept.gender is not None
                      and after[0] not in hi_rules.TITLES
                      and self._plural_predicate(tokens, match.last, (concept.gender,)))
        case, number = "obl" if oblique else "dir", "pl" if plural else "sg"
        # Case first: लड़के with no postposition is direct plural, not oblique singular.
        ranked = sorted(candidates, key=lambda s: (case not in s.split("_"), number not in s[-2:]))
        return replace(match, slot=ranked[0])

    def _plural_predicate(self, tokens: list[Token], after: int, genders: tuple[str, ...]) -> bool:
        """Whether the verb groups after a subject are plural for a subject of ``genders``
        (an adjective standing for its noun may be either: अश्वेत अच्छे होते हैं)."""
        verbs = [t for group in self._verb_groups(tokens, after) for t in group]
        return any(_shows_plural(tokens, verbs, gender) for gender in genders)

    @staticmethod
    def _verb_groups(tokens: list[Token], after: int) -> list[list[Token]]:
        """The agreeing words of each predicate of a subject, in text order.

        The clause runs to its end or the next subject; और/या split it into predicates
        (रहती है और घर गरम रखती है). Hindi is verb-final, so a predicate's agreeing words
        are the run at its end (negation and the ungendered है/हैं may sit inside it):
        हफ़्ता in "एक हफ़्ता भी नहीं टिकतीं" looks like a participle but is an object.
        """
        predicates: list[list[Token]] = [[]]
        for token in tokens[after:]:
            if token.text in hi_rules.CLAUSE_BOUNDARIES or token.text in hi_rules.SUBJECT_PRONOUNS:
                break
            if token.text in hi_rules.COORDINATORS:
                predicates.append([])
            else:
                predicates[-1].append(token)
        groups = []
        for predicate in predicates:
            group: list[Token] = []
            for position in range(len(predicate) - 1, -1, -1):
                token = predicate[position]
                after = [t.text for t in predicate[position + 1:]
                         if t.text not in hi_rules.INSIDE_VERB_GROUP]
                following = after[0] if after else ""
                if hi_rules.is_modal(following) and group and not hi_rules.agrees(token.text):
                    continue  # a bare root before सकना/पाना (रह सकता)
                if hi_rules.is_modal(following) and group and following == group[0].text:
                    continue  # चला सकती: the root of चलाना, not the perfective of चलना
                predicative = hi_rules.is_adjectival(token.text) and hi_rules.is_stative(following)
                if hi_rules.is_light_verb(following) and group and not predicative and (
                        not hi_rules.is_auxiliary(token.text)):
                    break  # चिंता करती, गुस्सा हो जाता: a noun before करना/होना (अच्छी होती agrees)
                if token.text == "लिए" and position and predicate[position - 1].text == "के":
                    break  # के लिए is a postposition
                if token.text in hi_rules.INSIDE_VERB_GROUP:
                    continue
                if group and hi_rules.is_adverbial(token.text, following):
                    break  # अच्छा गाती: an adjective before a lexical verb is an adverb
                adjacent = predicate[position + 1].text if position + 1 < len(predicate) else ""
                # चली गई: a vector verb right after it (not गुस्सा हो गई, a noun before होना)
                before_aux = hi_rules.is_stative(following) or hi_rules.is_vector(adjacent)
                if hi_rules.is_verbal(token.text) or (
                        group and before_aux and hi_rules.agrees(token.text)):
                    group.insert(0, token)
                else:
                    break
            groups.append(group)
        return [group for group in groups if group]

    def agreement_edits(
        self,
        text: str,
        tokens: list[Token],
        match: FormMatch,
        new: Concept,
        lexicon: Lexicon,
        parse: Parse | None = None,
    ) -> list[Edit]:
        old = lexicon[match.concept]
        if old.pos not in ("noun", "pronoun", "phrase"):
            return []
        if new.pos == "adj" and new.gender is None:
            new = replace(new, gender=old.gender)  # an adjective standing for its noun
        if old.gender is None and new.gender is None:
            return []  # two words that do not mark gender: nothing follows them
        if old.gender is None or new.gender is None:
            raise AgreementUnresolved(
                f"{old.id} or {new.id} has no gender (m/f) in the Hindi lexicon, so the words "
                "that agree with it cannot be re-inflected")
        if old.gender == new.gender:
            return []
        if match.slot == "sg":  # a person name: its case is read off what follows it
            following = tokens[match.last].text if match.last < len(tokens) else ""
            match = replace(match, slot="obl_sg" if following in hi_rules.POSTPOSITIONS
                            else "dir_sg")
        targets = (
            self._tree_targets(parse, tokens, match)
            if parse is not None
            else self._window_targets(tokens, match)
        )
        slot = _agreement_slot(tokens, match.slot, old.gender, targets)
        edits = []
        for token, verbal, final in targets:
            if not hi_rules.has_gender(token.text, old.gender):
                continue
            new_word = hi_rules.inflect(token.text, new.gender, slot, final, verbal)
            if new_word is None:
                raise AgreementUnresolved(
                    f"'{token.text}' agrees with the swapped noun, but its ending is none the "
                    "rules re-inflect (-ा -े -ी -ीं, -या -ए -ई -ईं)")
            if new_word != token.text:
                edits.append(Edit(token.start, token.end, token.text, new_word, "agreement"))
        return edits + self._coreferent(tokens, match, old.gender, new.gender, edits)

    def _coreferent(self, tokens: list[Token], match: FormMatch, old: str, new: str,
                    taken: list[Edit]) -> list[Edit]:
        """Optional edits: the verbs of another वह/वो in the sentence may refer to the swapped
        noun (लड़की ने कहा कि वह थक गई है): whether they do is not for a rule to say."""
        done = {e.start for e in taken}
        edits = []
        for index, token in enumerate(tokens):
            if index == match.first or token.text not in hi_rules.GENDERLESS_SUBJECTS:
                continue
            for group in self._verb_groups(tokens, index + 1):
                for number, word in enumerate(group):
                    if word.start in done or not hi_rules.has_gender(word.text, old):
                        continue
                    final = number == len(group) - 1
                    changed = hi_rules.inflect(word.text, new, "dir_sg", final, True)
                    if changed and changed != word.text:
                        edits.append(Edit(word.start, word.end, word.text, changed, "optional"))
        return edits

    def _window_targets(
        self, tokens: list[Token], match: FormMatch
    ) -> list[tuple[Token, bool, bool]]:
        targets: list[tuple[Token, bool, bool]] = []
        index = match.first - 1
        while index >= 0 and (
            hi_rules.is_adjectival(tokens[index].text)
            or tokens[index].text in hi_rules.INTENSIFIERS
            or tokens[index].text == "-"  # अच्छी-ख़ासी औरत
        ):
            if hi_rules.is_adjectival(tokens[index].text):
                targets.append((tokens[index], False, False))
            index -= 1
        following = tokens[match.last].text if match.last < len(tokens) else ""
        if following in hi_rules.COORDINATORS:
            raise AgreementUnresolved(
                "the swapped noun is one of two subjects joined by और/या, and the verb agrees "
                "with both together (लड़का और लड़की गए)")
        if match.slot.startswith("dir") and following not in hi_rules.POSTPOSITIONS:
            for group in self._verb_groups(tokens, match.last):
                for number, token in enumerate(group):
                    final = number == len(group) - 1 and (
                        _next_word(tokens, token) not in hi_rules.NON_FINAL_AFTER
                    )
                    targets.append((token, True, final))
            taken = {token.start for token, _, _ in targets}
            targets += [(token, False, False) for token in self._depictives(tokens, match.last)
                        if token.start not in taken]
        return targets

    @staticmethod
    def _depictives(tokens: list[Token], after: int) -> list[Token]:
        """Adjectives of the subject's clause that describe the subject wherever they stand
        (लड़की अकेली बाज़ार गई / लड़का अकेला बाज़ार गया), not only in the verb group."""
        found = []
        for token in tokens[after:]:
            if token.text in hi_rules.CLAUSE_BOUNDARIES or token.text in hi_rules.SUBJECT_PRONOUNS:
                break
            if hi_rules.is_depictive(token.text):
                found.append(token)
        return found

    def _tree_targets(
        self, parse: Parse, tokens: list[Token], match: FormMatch
    ) -> list[tuple[Token, bool, bool]]:
        """Agreeing words read off the tree: amod/det and genitive case markers of the noun's
        possessor; the head verb with its aux/cop when the noun is a subject without ने."""
        start, end = tokens[match.first].start, tokens[match.last - 1].end
        found = parse.find(start, end)
        if found is None:
            return self._window_targets(tokens, match)
        sentence, noun = found
        picked: list[tuple[Token, bool, bool]] = []
        for child in sentence.children(noun, "amod", "det"):
            picked.append((Token(child.text, child.start, child.end), False, False))
        for possessor in sentence.children(noun, "nmod"):
            for marker in sentence.children(possessor, "case"):
                if marker.text in hi_rules.GENITIVES:
                    picked.append((Token(marker.text, marker.start, marker.end), False, False))
        ergative = any(c.text == "ने" for c in sentence.children(noun, "case"))
        head = sentence.word(noun.head)
        if noun.deprel.startswith("nsubj") and not ergative and head is not None:
            group = sorted([head, *sentence.children(head, "aux", "cop")], key=lambda w: w.id)
            group = [w for w in group if hi_rules.is_verbal(w.text)]
            for number, word in enumerate(group):
                final = number == len(group) - 1
                picked.append((Token(word.text, word.start, word.end), True, final))
        return picked

    def expand(self, concept: Concept) -> dict[str, tuple[str, ...]]:
        """Paradigms from the stem class (``langs/hi_paradigms.py``) for the missing slots.

        The base is the lemma, or the direct singular (``m_dir_sg`` for adjectives)
        the linguist wrote; each alternative gets its own paradigm, in the same
        position (आदमी/मर्द -> आदमियों/मर्दों). Irregular forms are written by hand.
        """
        base_slot = "m_dir_sg" if concept.pos == "adj" else "dir_sg"
        bases = concept.forms.get(base_slot) or ((concept.lemma,) if concept.lemma else ())
        if not bases or concept.pos == "phrase":
            return {}
        if concept.pos == "adj":
            paradigms = [adjective_forms(base) for base in bases]
        elif concept.gender in ("m", "f"):
            paradigms = [noun_forms(base, concept.gender) for base in bases]
        else:
            return {}
        return {
            slot: tuple(paradigm[slot][0] for paradigm in paradigms)
            for slot in paradigms[0]
            if slot not in concept.forms
        }

    def form_problems(self, concept: Concept) -> list[str]:
        """Every paradigm checked against its class rule (``langs/hi_paradigms.py``).

        A form written in a nukta-less or anusvara spelling is compared as matching
        compares it (लडकी = लड़की, मां = माँ).
        """
        if concept.pos == "phrase":
            return []
        return paradigm_problems(concept.forms, concept.pos, concept.gender, self.fold)


plugin = Hindi()
