"""Russian: the worked example of a fusional language with gendered adjectives and verbs.

This is the plugin lexicons/README.md ("A new language") walks through. What makes
Russian different, and nothing else:

- Nouns have six cases in two numbers (``sg_nomn`` ... ``pl_loct``, pymorphy3's case
  tags); a swap keeps the slot, so case and number survive (сестре -> брату).
- In the singular, adjectives, possessives and past-tense verbs agree with the noun's
  gender: моя старшая сестра устала -> мой старший брат устал. ``agreement_edits``
  re-inflects them with pymorphy3: the run of agreeing attributes right before the
  noun, and, when the noun is the subject (nominative), the predicate words that
  show its gender up to the end of the clause (была эмоциональна -> был эмоционален).
  Plural forms have no gender, so a plural swap needs no agreement.
- Forms come from pymorphy3 (``langs/ru_morphology.py``) and are read back by it.
- он/она are gendered pronouns, as in English.
- ё is written as е in most subtitles; matching treats them alike.
"""

from __future__ import annotations

from dataclasses import replace

from aligner.analysis.parse import Parse
from aligner.analysis.text import canonical, match_case
from aligner.lexicon.model import Concept, Lexicon
from aligner.plugins import AgreementUnresolved, Edit, FormMatch, Token
from langs import ru_morphology as morph
from langs.base import BasePlugin

# Words that govern the genitive of the noun phrase after them (у сестры, без брата).
GENITIVE_GOVERNORS = frozenset({"у", "без", "для", "от", "из", "до", "около", "после", "кроме",
                                "вместо", "среди", "возле", "против", "нет", "нету"})
# Prepositions that take the accusative of a person (про сестру, за брата).
ACCUSATIVE_PREPOSITIONS = frozenset({"в", "во", "на", "за", "про", "через", "сквозь"})
# Verbs after which a predicate adjective may stand in the instrumental (была счастливой).
COPULAS = frozenset({"быть", "стать", "становиться", "казаться", "оказаться", "оставаться"})
# Words that end a clause: the predicate of a subject does not reach past them.
CLAUSE_END = frozenset({".", ",", "!", "?", ";", ":", "—", "что", "но", "а", "когда", "если"})


class Russian(BasePlugin):
    code = "ru"
    name = "Russian"
    gendered_pronouns = True
    nouns_need_gender = True
    default_model = "DeepPavlov/rubert-base-cased"
    # Pronouns (он/она) are lexicon concepts like nouns: the same case slots.
    slots = {"noun": morph.NOUN_SLOTS, "adj": morph.ADJ_SLOTS, "phrase": morph.NOUN_SLOTS,
             "pronoun": morph.NOUN_SLOTS}

    def fold(self, text: str) -> str:
        return canonical(text).lower().replace("ё", "е")

    def match_forms(self, tokens: list[Token], lexicon: Lexicon) -> list[FormMatch]:
        matches = super().match_forms(tokens, lexicon)
        return [self._slot_in_context(match, tokens, lexicon) for match in matches]

    def _slot_in_context(
        self, match: FormMatch, tokens: list[Token], lexicon: Lexicon
    ) -> FormMatch:
        """Pick among the slots a syncretic form fills (брата: sg_gent and sg_accs; сестры:
        sg_gent and pl_nomn) by what the words before it show: the readings an agreeing
        attribute allows (моей сестры), then the word governing the phrase (у, без, нет:
        genitive; a verb or в, на, за, про: accusative; none: the nominative subject),
        then pymorphy3's most likely reading."""
        concept = lexicon[match.concept]
        surface = self.fold(match.surface)
        slots = [s for s, forms in concept.forms.items() if surface in map(self.fold, forms)]
        if len(slots) < 2:
            return match
        index = match.first - 1
        while index >= 0 and tokens[index].text.isalpha() and any(
            p.tag.POS in ("ADJF", "PRTF") for p in morph.analyser().parse(tokens[index].text)
        ):
            shown = {morph.slot_of(p.tag) for p in morph.analyser().parse(tokens[index].text)}
            slots = [s for s in slots if _allowed(s, shown)] or slots
            index -= 1
        case = _governed_case(self.fold(tokens[index].text) if index >= 0 else "")
        preferred = [s for s in slots if s.endswith(case)]
        if len(slots) > 1 and preferred:
            slots = preferred
        if len(slots) > 1:
            likely = [morph.slot_of(p.tag) for p in morph.analyser().parse(match.surface)]
            slots = [s for s in likely if s in slots] or slots
        return replace(match, slot=slots[0])

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
        if old.pos not in ("noun", "pronoun") or match.slot.startswith("pl") or (
                old.gender == new.gender):
            return []
        if old.gender is None or new.gender is None:
            raise AgreementUnresolved(f"{old.id} or {new.id} has no gender in the ru lexicon")
        case = match.slot.split("_")[1]
        edits = [self._reinflect(token, old.gender, new.gender, case) for token in
                 self._attributes(tokens, match, old.gender, case)]
        if case == "nomn":
            edits += [self._reinflect(token, old.gender, new.gender, None) for token in
                      self._predicate(tokens, match, old.gender)]
        return [edit for edit in edits if edit.new != edit.old]

    @staticmethod
    def _agrees(word: str, gender: str, case: str | None, after_copula: bool = False):
        """The parse of ``word`` that shows ``gender`` in the singular: as an attribute in
        ``case``, or (``case`` None) as a predicate: a past verb, a short adjective, or a
        full adjective in the nominative (была добрая) or, after a copula, the
        instrumental (была счастливой)."""
        wanted = morph.gender_name(gender)
        for parse in morph.analyser().parse(word.lower()):
            tag = parse.tag
            if tag.gender != wanted or tag.number != "sing":
                continue
            full = tag.POS in ("ADJF", "PRTF")
            if case is not None and full and tag.case == case:
                return parse
            predicate = tag.POS in ("VERB", "ADJS", "PRTS") or (
                full and (tag.case == "nomn" or (after_copula and tag.case == "ablt"))
            )
            if case is None and predicate:
                return parse
        return None

    def _attributes(self, tokens: list[Token], match: FormMatch, gender: str, case: str):
        """The adjacent run of agreeing attributes before the noun (моя старшая сестра)."""
        found, index = [], match.first - 1
        while index >= 0 and self._agrees(tokens[index].text, gender, case) is not None:
            found.append(tokens[index])
            index -= 1
        return found

    def _predicate(self, tokens: list[Token], match: FormMatch, gender: str):
        """Words after a subject that show its gender, up to the end of the clause
        (устала, была ... эмоциональна); a second noun in the nominative ends it."""
        found, after_copula = [], False
        for token in tokens[match.last:]:
            if self.fold(token.text) in CLAUSE_END:
                break
            if self._agrees(token.text, gender, None, after_copula) is not None:
                found.append(token)
            lemmas = {p.normal_form for p in morph.analyser().parse(token.text.lower())}
            after_copula = bool(lemmas & COPULAS)
        return found

    def _reinflect(self, token: Token, old: str, new: str, case: str | None) -> Edit:
        parse = self._agrees(token.text, old, case) or self._agrees(token.text, old, case, True)
        word = morph.regender(parse, new)
        if word is None:
            raise AgreementUnresolved(f"cannot re-inflect {token.text!r} for gender {new}")
        return Edit(token.start, token.end, token.text, match_case(token.text, word), "agreement")

    def expand(self, concept: Concept) -> dict[str, tuple[str, ...]]:
        """pymorphy3's paradigm of the lemma for the slots the concept lacks."""
        if not concept.lemma or concept.pos == "phrase":
            return {}
        proposed = morph.paradigm(concept.lemma, concept.pos)
        return {slot: forms for slot, forms in proposed.items() if slot not in concept.forms}

    def form_problems(self, concept: Concept) -> list[str]:
        """Every form read back by pymorphy3 as the lemma in its slot."""
        citation = concept.forms.get("sg_nomn") or concept.forms.get("m_nomn") or ()
        lemmas = tuple(dict.fromkeys(([concept.lemma] if concept.lemma else []) + list(citation)))
        if not lemmas or concept.pos in ("phrase", "pronoun"):
            return []  # pymorphy3 reads он/она as pronouns of their own lemma: listed by hand
        folded = {slot: tuple(forms) for slot, forms in concept.forms.items()}
        return morph.form_problems(lemmas, folded)


def _governed_case(governor: str) -> str:
    """The case the word before a noun phrase asks for; nominative when nothing governs it."""
    if governor in GENITIVE_GOVERNORS:
        return "gent"
    parses = morph.analyser().parse(governor) if governor.isalpha() else []
    if governor in ACCUSATIVE_PREPOSITIONS or any(p.tag.POS in ("VERB", "INFN") for p in parses):
        return "accs"
    return "nomn"


def _allowed(slot: str, shown: set[str | None]) -> bool:
    """Whether an attribute read as one of ``shown`` (m_gent, pl_nomn ...) fits a noun slot."""
    number, case = slot.split("_")
    return any(
        s is not None and s.endswith(case) and s.startswith("pl") == (number == "pl")
        for s in shown
    )


plugin = Russian()
