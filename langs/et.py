"""Estonian: genderless pronouns, 14 cases, gender carried by separate words and compounds.

A swap keeps case and number because both forms sit in the same slot (naise ->
mehe is sg_g -> sg_g); nothing else in the sentence agrees with a noun's meaning,
so no agreement edits are ever needed. Where a form is syncretic ("vana" is sg_n,
sg_g and sg_p) Vabamorf's in-context disambiguation picks the slot, because the
counterpart may not be syncretic ("noor", "noore", "noort").
"""

from __future__ import annotations

import re
from dataclasses import replace

from aligner.analysis.et_compounds import compound_cuts
from aligner.analysis.vabamorf import (
    SLOTS,
    analyse_forms,
    form_problems,
    noun_lemmas,
    synthesize_slots,
)
from aligner.lexicon.model import Concept, Lexicon
from aligner.plugins import FormMatch, Token
from langs.base import BasePlugin

_WORD = re.compile(r"\w+(?:-\w+)*|[^\w\s]")


class Estonian(BasePlugin):
    code = "et"
    name = "Estonian"
    gendered_pronouns = False
    default_model = "tartuNLP/EstBERT"
    # ``attr``: the country-name genitive used as an adjective (Hiina varuosad = Chinese parts).
    # ``cmp``: the form a noun takes as the first part of a compound (nais|õpetaja).
    slots = {"noun": (*SLOTS, "attr", "cmp"), "adj": (*SLOTS, "attr"), "phrase": SLOTS}
    word_pattern = _WORD

    def match_forms(self, tokens: list[Token], lexicon: Lexicon) -> list[FormMatch]:
        matches = super().match_forms(tokens, lexicon)
        return [self._disambiguate(match, tokens, lexicon) for match in matches]

    def _disambiguate(self, match: FormMatch, tokens: list[Token], lexicon: Lexicon) -> FormMatch:
        """Among the slots a syncretic one-word form fills, take the one Vabamorf reads here."""
        concept = lexicon[match.concept]
        surface = self.fold(match.surface)
        candidates = [
            slot
            for slot, forms in concept.forms.items()
            if surface in (self.fold(f) for f in forms)
        ]
        if len(candidates) < 2 or match.last - match.first != 1:
            return match
        read = analyse_forms([token.text for token in tokens])[match.first]
        chosen = next((slot for slot in candidates if slot in read), match.slot)
        return replace(match, slot=chosen)

    def compound_parts(self, tokens: list[Token]) -> list[list[Token]]:
        """Vabamorf's compound boundaries: ehitus|onule, nais|õpetajad, naabri|naine."""
        cuts = compound_cuts([token.text for token in tokens]) if tokens else []
        split = []
        for token, ends in zip(tokens, cuts, strict=True):
            bounds = [0, *ends, len(token.text)]
            split.append([Token(token.text[a:b].lstrip("-"), token.start + a + (
                token.text[a:b].startswith("-")), token.start + b)
                for a, b in zip(bounds, bounds[1:], strict=False)])
        return split

    def noun_lemmas(self, text: str, tokens: list[Token]) -> list[str | None] | None:
        """Vabamorf's readings: the lemma of a word read only as a common noun, a compound's
        parts joined by "-" (ehitus-auto is an auto, müügi-mees a man)."""
        return noun_lemmas([token.text for token in tokens]) if tokens else []

    # agreement_edits: the default (none); Estonian has no grammatical gender and the
    # slot keeps case and number.

    def expand(self, concept: Concept) -> dict[str, tuple[str, ...]]:
        """Vabamorf synthesis of the lemma in every slot the concept does not list yet.

        A multi-word or hyphenated lemma inflects its last part only (poiss-sõber ->
        poiss-sõbra); an adjective before a noun also inflects, so write such phrases
        by hand.
        """
        if not concept.lemma:
            return {}
        cut = max(concept.lemma.rfind(" "), concept.lemma.rfind("-")) + 1
        prefix, last = concept.lemma[:cut], concept.lemma[cut:]
        synthesized = synthesize_slots(last, concept.pos)
        return {
            slot: tuple(prefix + form for form in forms)
            for slot, forms in synthesized.items()
            if slot not in concept.forms
        }

    def form_problems(self, concept: Concept) -> list[str]:
        """Every form read back by Vabamorf as the lemma, or one of the nominatives, in its
        own slot."""
        lemmas = tuple(dict.fromkeys(
            ([concept.lemma] if concept.lemma else []) + list(concept.forms.get("sg_n", ()))
        ))
        if not lemmas or concept.pos == "phrase":
            return []
        return form_problems(lemmas, concept.forms, concept.pos)


plugin = Estonian()
