"""Italian: articles, determiners, possessives and adjectives agree with a noun's gender.

Written from docs/new-language.md (a usability trial of the guide). What makes Italian
different, and nothing else:

- Elided words (l', un', dell', quell', quest' ...) are tokens of their own
  (``elisions``), so l'uomo is l' + uomo and can become la donna.
- A noun that changes gender takes its noun phrase along: the determiner (il/lo/la,
  un/uno/una, del/della, questo/questa, quel/quella, molti/molte ...), possessives and
  adjectives before it (la mia cara sorella -> il mio caro fratello), with the article's
  form chosen by the new word's first sound (il ragazzo, lo zio, l'uomo; i ragazzi, gli
  uomini). The same sound rule runs when an adjective used as a noun is swapped
  (gli anziani -> i giovani).
- The adjective right after the noun when the lexicon lists it (una donna americana)
  or its ending is one no verb form has (-oso, -ato/-ito/-uto).
- As a subject it also takes its predicate after essere or a copula-like verb (sembrare,
  restare, rimanere, diventare): the participle stato/stata, an indefinite article, the
  adjective or participle, an agentive noun (guidatrici -> guidatori) and an adjective
  coordinated with e.
- lui/lei are gendered pronouns; their predicates agree the same way.

No Italian dependency parser installs here (spaCy's it_core_news_* pipelines are not on
the package index this machine reaches), so everything is word windows.
"""

from __future__ import annotations

from dataclasses import replace

from aligner.analysis.parse import Parse
from aligner.analysis.text import match_case
from aligner.lexicon.model import Concept, Lexicon, counterpart_form
from aligner.plugins import AgreementUnresolved, Edit, FormMatch, Token
from langs.base import BasePlugin


def _words(text: str) -> frozenset[str]:
    """A set of words written as one string, space-separated."""
    return frozenset(text.split())


VOWELS = frozenset("aeiouàèéìíòóùú")
CONSONANTS = frozenset("bcdfgjklmnpqrstvwxz")

# The article's shape before a word: V (vowel: l'uomo, gli uomini), S (s + consonant, z,
# gn, ps, pn, x, y, semivowel i: lo zio, lo studente, gli zii), C (any other consonant).
ARTICLE = {
    # (gender, plural) -> {sound: form}
    ("m", False): {"C": "il", "S": "lo", "V": "l'"},
    ("f", False): {"C": "la", "S": "la", "V": "l'"},
    ("m", True): {"C": "i", "S": "gli", "V": "gli"},
    ("f", True): {"C": "le", "S": "le", "V": "le"},
}
INDEFINITE = {
    ("m", False): {"C": "un", "S": "uno", "V": "un"},
    ("f", False): {"C": "una", "S": "una", "V": "un'"},
}
# A preposition + article is one word: di + il = del, a + lo = allo, in + l' = nell'.
PREPOSITIONS = ("de", "a", "da", "ne", "su")
# The article as it is written after a preposition's stem: de + l = del, a + llo = allo.
JOINED = {"il": "l", "lo": "llo", "l'": "ll'", "la": "lla", "i": "i", "gli": "gli", "le": "lle"}
DEMONSTRATIVE = {
    "quest": {
        ("m", False): {"C": "questo", "S": "questo", "V": "quest'"},
        ("f", False): {"C": "questa", "S": "questa", "V": "quest'"},
        ("m", True): {"C": "questi", "S": "questi", "V": "questi"},
        ("f", True): {"C": "queste", "S": "queste", "V": "queste"},
    },
    "quel": {
        ("m", False): {"C": "quel", "S": "quello", "V": "quell'"},
        ("f", False): {"C": "quella", "S": "quella", "V": "quell'"},
        ("m", True): {"C": "quei", "S": "quegli", "V": "quegli"},
        ("f", True): {"C": "quelle", "S": "quelle", "V": "quelle"},
    },
    "nessun": {
        ("m", False): {"C": "nessun", "S": "nessuno", "V": "nessun"},
        ("f", False): {"C": "nessuna", "S": "nessuna", "V": "nessun'"},
    },
    "ciascun": {
        ("m", False): {"C": "ciascun", "S": "ciascuno", "V": "ciascun"},
        ("f", False): {"C": "ciascuna", "S": "ciascuna", "V": "ciascun'"},
    },
}
# Determiners with one form per gender and number: m_sg f_sg m_pl f_pl.
QUANTIFIERS = tuple(
    tuple(row.split())
    for row in (
        "alcuno alcuna alcuni alcune",
        "molto molta molti molte",
        "poco poca pochi poche",
        "tanto tanta tanti tante",
        "troppo troppa troppi troppe",
        "certo certa certi certe",
        "parecchio parecchia parecchi parecchie",
        "diverso diversa diversi diverse",
        "tutto tutta tutti tutte",
        "mio mia miei mie",
        "tuo tua tuoi tue",
        "suo sua suoi sue",
        "nostro nostra nostri nostre",
        "vostro vostra vostri vostre",
        "entrambi entrambe entrambi entrambe",
    )
)
ROWS = {form: row for row in QUANTIFIERS for form in row}
POSSESSIVES = frozenset(f for row in QUANTIFIERS[9:14] for f in row)
# Adjectives that often stand before the noun (la vecchia signora, un bravo ragazzo);
# bello and buono change shape with the next sound like an article.
PRENOMINAL = _words(
    """piccolo piccola piccoli piccole grande grandi vecchio vecchia vecchi vecchie giovane
    giovani nuovo nuova nuovi nuove povero povera poveri povere caro cara cari care vero
    vera veri vere brutto brutta brutti brutte cattivo cattiva cattivi cattive bravo brava
    bravi brave stesso stessa stessi stesse altro altra altri altre primo prima primi prime
    ultimo ultima ultimi ultime unico unica unici uniche pessimo pessima pessimi pessime
    ottimo ottima ottimi ottime solo sola soli sole strano strana strani strane"""
)
SHAPED = {
    "bel": {
        ("m", False): {"C": "bel", "S": "bello", "V": "bell'"},
        ("f", False): {"C": "bella", "S": "bella", "V": "bell'"},
        ("m", True): {"C": "bei", "S": "begli", "V": "begli"},
        ("f", True): {"C": "belle", "S": "belle", "V": "belle"},
    },
    "buon": {
        ("m", False): {"C": "buon", "S": "buono", "V": "buon"},
        ("f", False): {"C": "buona", "S": "buona", "V": "buon'"},
        ("m", True): {"C": "buoni", "S": "buoni", "V": "buoni"},
        ("f", True): {"C": "buone", "S": "buone", "V": "buone"},
    },
}


def _surface_table() -> dict[str, str]:
    """Every determiner-like form -> its kind (def, indef, a preposition, quest, ...)."""
    kinds: dict[str, str] = {}
    for table in ARTICLE.values():
        for form in table.values():
            kinds[form] = "def"
    for table in INDEFINITE.values():
        for form in table.values():
            kinds[form] = "indef"
    for prep in PREPOSITIONS:
        for joined in JOINED.values():
            kinds[prep + joined] = prep
    for kind, tables in (*DEMONSTRATIVE.items(), *SHAPED.items()):
        for table in tables.values():
            for form in table.values():
                kinds[form] = kind
    return kinds


DETERMINER_KINDS = _surface_table()


def _gender_table() -> dict[str, str]:
    """Determiner forms that show one gender: la, una, della, quelle -> f; il, gli -> m."""
    seen: dict[str, set[str]] = {}
    tables = [ARTICLE, INDEFINITE, *DEMONSTRATIVE.values()]
    for table in tables:
        for (gender, _), forms in table.items():
            for form in forms.values():
                seen.setdefault(form, set()).add(gender)
    for prep in PREPOSITIONS:
        for (gender, _plural), forms in ARTICLE.items():
            for form in forms.values():
                seen.setdefault(prep + JOINED[form], set()).add(gender)
    for row in QUANTIFIERS:
        for position, form in enumerate(row):
            seen.setdefault(form, set()).add("f" if position % 2 else "m")
    return {form: genders.pop() for form, genders in seen.items() if len(genders) == 1}


DETERMINER_GENDER = _gender_table()
SHAPED_FORMS = {f: k for k, v in SHAPED.items() for t in v.values() for f in t.values()}

ESSERE = _words(
    """è e' sono era erano sarà saranno sarebbe sarebbero fu furono sia siano fosse fossero sei
    siamo siete ero eri essere"""
)
COPULAS = ESSERE | _words(
    """sembra sembrano sembrava sembravano sembrerà resta restano restava rimane rimangono
    rimaneva diventa diventano diventava diventerà"""
)
# Participles of essere and diventare: they agree too (è stata licenziata).
COPULA_PARTICIPLES = _words("stato stata stati state diventato diventata diventati diventate")
ADVERBS = _words(
    """non molto troppo così sempre davvero tanto più meno proprio già ancora anche veramente
    spesso mai piuttosto abbastanza poco ben assai talmente si ci ne particolarmente
    estremamente oggi ieri adesso ora"""
)
# Adjectives whose form ends in -a or -e for both genders in the singular.
INVARIANT = _words("ipocrita idiota entusiasta belga omicida suicida cosmopolita rosa viola blu")
# Masculine plurals of -io adjectives: one i (vecchi), feminine -ie (vecchie).
IO_PLURALS = _words("vecchi grigi ampi seri vari necessari contrari ordinari saggi")
# -i plurals of adjectives with one form for both genders (intelligenti, gentili).
CLASS2_PLURALS = _words(
    """forti deboli tristi grandi giovani ribelli fedeli crudeli nobili verdi felici infelici
    semplici complici"""
)
# Words that look like adjectives by their ending but never agree (oggi, molto, che).
FUNCTION_WORDS = _words(
    """oggi ieri qui qua poi così mai più sei noi voi loro lui lei quali tali che come dove
    quando quanto molto troppo poco tanto dopo senza sempre ancora anche questo quello tutto
    niente nulla della delle dello degli sulla sulle nella nelle alla alle dalla dalle"""
)
CLASS2_PLURAL_ENDINGS = ("enti", "anti", "ili", "ali", "ari", "ori", "esi", "ci", "gi")
# Endings no finite verb form has: enough to inflect the word right after a noun.
SURE_ENDINGS = (
    "oso",
    "osa",
    "osi",
    "ose",
    "ato",
    "ata",
    "ati",
    "ito",
    "ita",
    "iti",
    "uto",
    "uta",
    "uti",
    "ute",
)
# Words before or after a noun that say it is plural: i papà, i re, papà sono.
PLURAL_MARKERS = _words(
    """i gli le dei degli delle ai agli alle dai dagli dalle nei negli nelle sui sugli sulle
    questi queste quei quegli quelle miei mie tuoi tue suoi sue nostri nostre vostri vostre
    alcuni alcune molti molte pochi poche tanti tante troppi troppe certi certe tutti tutte
    diversi diverse entrambi entrambe due tre quattro cinque"""
)
PLURAL_VERBS = _words("sono erano saranno sarebbero furono siano fossero hanno")
PRONOUNS = {"lui": "lei", "lei": "lui", "egli": "ella", "ella": "egli"}
SIMPLE_PREPOSITIONS = _words("di a da in con su per tra fra d'")
ROWS_SOLO = {f: ("solo", "sola", "soli", "sole") for f in ("solo", "sola", "soli", "sole")}
NOT_ADJECTIVES = _words("abita aiuta dubita evita invita medita visita")


def sound(word: str) -> str:
    """V, S or C: which article shape ``word`` asks for (l'uomo, lo zio, il padre)."""
    w = word.lower()
    if not w:
        return "C"
    if w[0] in VOWELS and not (w[0] == "i" and len(w) > 1 and w[1] in VOWELS):
        return "V"
    if w[0] == "h":
        return "V"  # l'hotel
    if (
        (w[0] == "s" and len(w) > 1 and w[1] in CONSONANTS)
        or w[0] in "zxy"
        or w.startswith(("gn", "ps", "pn"))
        or (w[0] == "i" and len(w) > 1 and w[1] in VOWELS)
    ):
        return "S"
    return "C"


def inflect(word: str, gender: str, plural: bool) -> str | None:
    """``word`` (an adjective, participle or agentive noun) in ``gender``; ``word`` itself
    when one form serves both genders (intelligente, giovani); None when its ending is no
    adjective's of the other gender."""
    w = word
    if len(w) < 3 or w in FUNCTION_WORDS:
        return None
    if w in INVARIANT or w in CLASS2_PLURALS or w.endswith(("ista", "iste", "isti")) and not plural:
        return w
    if not plural:
        if gender == "m":
            if w.endswith("trice"):
                return w[:-5] + "tore"
            if w.endswith("a"):
                return w[:-1] + "o"
            if w.endswith("e"):
                return w
            return None
        if w.endswith("tore"):
            return w[:-4] + "trice"
        if w.endswith("o"):
            return w[:-1] + "a"
        if w.endswith("e"):
            return w
        return None
    if gender == "m":  # feminine plural -> masculine plural
        if w.endswith("trici"):
            return w[:-5] + "tori"
        if w.endswith("iste"):
            return w[:-1] + "i"
        if w.endswith("iche") and w != "antiche":
            return w[:-3] + "ci"  # simpatiche -> simpatici
        if w.endswith(("che", "ghe")):
            return w[:-1] + "i"  # stanche -> stanchi, lunghe -> lunghi
        if w.endswith("ie"):
            return w[:-1]  # vecchie -> vecchi
        if w.endswith("e"):
            return w[:-1] + "i"
        if w.endswith("i"):
            return w  # giovani, intelligenti
        return None
    if w.endswith("tori"):
        return w[:-4] + "trici"
    if w.endswith("isti"):
        return w[:-1] + "e"
    if w in IO_PLURALS:
        return w + "e"
    if w.endswith(("chi", "ghi")):
        return w[:-1] + "e"  # stanchi -> stanche
    if w.endswith("ici") and w not in ("amici", "felici", "infelici", "semplici", "complici"):
        return w[:-2] + "che"  # simpatici -> simpatiche
    if w.endswith(CLASS2_PLURAL_ENDINGS):
        return w
    if w.endswith("i"):
        return w[:-1] + "e"
    return None


def _likely_adjective(word: str, gender: str, plural: bool) -> bool:
    """Whether ``word`` after a noun (or after e) is an adjective that agrees with it, when
    only its ending can tell: an ending no verb has (-oso, -ato), or the old gender's
    ending where no common verb form has it (-e, -i plurals; masculine -o). A feminine
    singular -a is left alone: la donna mangia."""
    if word in NOT_ADJECTIVES or word in FUNCTION_WORDS or word in DETERMINER_KINDS:
        return False
    if word in ROWS or not word.isalpha() or len(word) < 4:
        return False
    if word.endswith(SURE_ENDINGS):
        return True
    old = "m" if gender == "f" else "f"
    if plural:
        return word.endswith("i" if old == "m" else "e")
    return old == "m" and word.endswith("o")


class Italian(BasePlugin):
    code = "it"
    name = "Italian"
    gendered_pronouns = True
    nouns_need_gender = True
    default_model = "dbmdz/bert-base-italian-cased"
    slots = {
        "noun": ("sg", "pl"),
        "adj": ("m_sg", "f_sg", "m_pl", "f_pl"),
        "phrase": ("sg", "pl"),
        "pronoun": ("nom",),
    }
    # fmt: off
    elisions = frozenset({"l'", "un'", "dell'", "all'", "dall'", "nell'", "sull'", "quell'",
                          "quest'", "bell'", "buon'", "nessun'", "ciascun'", "d'", "c'",
                          "m'", "t'", "s'", "v'", "n'", "dov'", "com'", "sant'"})
    # fmt: on
    exclamation_openers = frozenset({"oh", "ah", "eh"})
    parser = None
    install = None

    def match_forms(self, tokens: list[Token], lexicon: Lexicon) -> list[FormMatch]:
        """As the default, but a form that fills several slots takes them from context:
        a noun both singular and plural (papà, re) from the determiner before it or the
        verb after it; an adjective both masculine and feminine (giovani, francese) from
        the noun or determiner before it."""
        matches = super().match_forms(tokens, lexicon)
        out = []
        for match in matches:
            concept = lexicon[match.concept]
            surface = self.fold(match.surface)
            slots = [
                slot
                for slot, forms in (concept.forms or {}).items()
                if surface in (self.fold(f) for f in forms)
            ]
            if len(slots) > 1:
                if concept.pos == "adj":
                    gender = self._gender_context(tokens, match, lexicon, matches)
                    number = match.slot.split("_")[-1]
                    pick = next(
                        (x for x in slots if x.endswith(number) and gender in (None, x[0])), None
                    )
                else:
                    plural = self._plural_context(tokens, match)
                    pick = next((x for x in slots if x.endswith("pl") == plural), None)
                if pick is not None:
                    match = replace(match, slot=pick)
            out.append(match)
        return out

    def _gender_context(
        self, tokens: list[Token], match: FormMatch, lexicon: Lexicon, matches: list[FormMatch]
    ) -> str | None:
        """The gender of the noun or determiner right before ``match`` (le donne giovani,
        i giovani, la francese), or None."""
        for other in matches:
            if other.last == match.first and lexicon[other.concept].gender in ("m", "f"):
                return lexicon[other.concept].gender
        if match.first > 0:
            return DETERMINER_GENDER.get(self.fold(tokens[match.first - 1].text))
        return None

    def _plural_context(self, tokens: list[Token], match: FormMatch) -> bool:
        index = match.first - 1
        while index >= 0 and self.fold(tokens[index].text) in PRENOMINAL:
            index -= 1
        if index >= 0 and self.fold(tokens[index].text) in PLURAL_MARKERS:
            return True
        return match.last < len(tokens) and self.fold(tokens[match.last].text) in PLURAL_VERBS

    def form_problems(self, concept: Concept) -> list[str]:
        """An adjective's feminine forms must be what the ending rules make of its
        masculine ones (italiano/italiana, tedeschi/tedesche; giovane/giovane)."""
        if concept.pos != "adj":
            return []
        problems = []
        for masculine, feminine, plural in (("m_sg", "f_sg", False), ("m_pl", "f_pl", True)):
            m_form, f_form = concept.form(masculine), concept.form(feminine)
            if m_form is None or f_form is None:
                continue
            expected = inflect(self.fold(m_form), "f", plural)
            if self.fold(f_form) != expected:
                problems.append(f"{feminine} {f_form!r}: the rules make {expected!r} of {m_form!r}")
        return problems

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
        plural = match.slot.endswith("pl")
        written = (counterpart_form(old, new, match.slot, match.surface, self.fold)
                   or new.id.split(":")[-1])  # the variant the swap writes, or a name
        if old.pos == "adj":
            gender = "f" if match.slot.startswith("f") else "m"
            # gli anziani -> i giovani: the article follows the new first sound
            edits = self._before_noun(text, tokens, match, gender, plural, written, False)
        elif old.gender is None or new.gender is None or old.gender == new.gender:
            if old.pos != "noun":
                return []
            gender = new.gender or "m"
            edits = self._before_noun(text, tokens, match, gender, plural, written, False)
        else:
            gender = new.gender
            edits = []
            end = match.last
            if old.pos == "noun":
                edits += self._before_noun(text, tokens, match, gender, plural, written, True)
                after = self._after_noun(tokens, match, gender, plural, lexicon)
                edits += after
                end += len(after)
                if self._after_preposition(tokens, match.first):
                    # un'amica di mia madre è arrivata: the predicate is amica's
                    return [edit for edit in edits if edit.new != edit.old]
                end = self._past_complement(tokens, end)
            edits += self._predicate(text, tokens, end, gender, plural)
            edits += self._alone(tokens, end, gender, plural)
            if old.pos == "noun":
                edits += self._pronouns(text, tokens, end, old.gender, gender)
        return [edit for edit in edits if edit.new != edit.old]

    def _alone(self, tokens: list[Token], index: int, gender: str, plural: bool) -> list[Edit]:
        """da sola / da solo after the subject's verb (la vedova vive da sola), up to the
        end of the clause."""
        while index + 1 < len(tokens):
            word = self.fold(tokens[index].text)
            if word in ("che", "ma", "perché", "quando", "se") or not tokens[index].text.isalpha():
                break
            if word == "da" and self.fold(tokens[index + 1].text) in ROWS_SOLO:
                new = ROWS_SOLO[self.fold(tokens[index + 1].text)][
                    (2 if plural else 0) + (gender == "f")
                ]
                return [self._replace(tokens[index + 1], new)]
            index += 1
        return []

    def _pronouns(
        self, text: str, tokens: list[Token], index: int, old_gender: str, gender: str
    ) -> list[Edit]:
        """lui/lei later in the line may refer to the swapped noun: optional edits of the
        pronoun and of its predicate (La donna ha detto che lei era stanca)."""
        edits: list[Edit] = []
        for at in range(index, len(tokens)):
            word = self.fold(tokens[at].text)
            if word in PRONOUNS and (word in ("lei", "ella")) == (old_gender == "f"):
                edits.append(
                    Edit(
                        tokens[at].start,
                        tokens[at].end,
                        tokens[at].text,
                        match_case(tokens[at].text, PRONOUNS[word]),
                        "optional",
                    )
                )
                for edit in self._predicate(text, tokens, at + 1, gender, False):
                    edits.append(replace(edit, kind="optional"))
        return edits

    # -- before the noun ---------------------------------------------------------------

    def _before_noun(
        self,
        text: str,
        tokens: list[Token],
        match: FormMatch,
        gender: str,
        plural: bool,
        written: str,
        regender: bool,
    ) -> list[Edit]:
        """Possessives and adjectives before the noun (right to left; only when the gender
        changes), then the determiner, shaped by the sound of the word after it."""
        edits: list[Edit] = []
        following, index = written, match.first - 1
        while regender and index >= 0:
            word = self.fold(tokens[index].text)
            if word in ROWS and word in POSSESSIVES or word in PRENOMINAL:
                new = self._row_form(word, gender, plural) or inflect(word, gender, plural)
                if new is None:
                    break
                edits.append(self._replace(tokens[index], new))
                following, index = new, index - 1
            elif word in SHAPED_FORMS:
                kind = SHAPED_FORMS[word]
                new = SHAPED[kind][(gender, plural)][sound(following)]
                edits.append(self._joined(text, tokens, index, new))
                following, index = new, index - 1
            else:
                break
        if index < 0:
            return edits
        word = self.fold(tokens[index].text)
        if word in DETERMINER_KINDS:
            new = self._determiner(DETERMINER_KINDS[word], gender, plural, following)
            if new is not None:
                edits.append(self._joined(text, tokens, index, new))
                # tutte le donne -> tutti gli uomini
                if regender and index > 0 and self.fold(tokens[index - 1].text) in ROWS:
                    before = self._row_form(self.fold(tokens[index - 1].text), gender, plural)
                    if before is not None:
                        edits.append(self._replace(tokens[index - 1], before))
        elif regender and word in ROWS and word not in POSSESSIVES:
            new = self._row_form(word, gender, plural)
            if new is not None:
                edits.append(self._replace(tokens[index], new))
        return edits

    @staticmethod
    def _row_form(word: str, gender: str, plural: bool) -> str | None:
        row = ROWS.get(word)
        if row is None:
            return None
        return row[(2 if plural else 0) + (1 if gender == "f" else 0)]

    @staticmethod
    def _determiner(kind: str, gender: str, plural: bool, following: str) -> str | None:
        shape = sound(following)
        if kind == "def":
            return ARTICLE[(gender, plural)][shape]
        if kind == "indef":
            return None if plural else INDEFINITE[(gender, plural)][shape]
        if kind in PREPOSITIONS:
            return kind + JOINED[ARTICLE[(gender, plural)][shape]]
        table = DEMONSTRATIVE.get(kind) or SHAPED.get(kind)
        if table is None or (gender, plural) not in table:
            return None
        return table[(gender, plural)][shape]

    def _joined(self, text: str, tokens: list[Token], index: int, new: str) -> Edit:
        """Replace token ``index`` by ``new``, redoing elision: l'uomo -> la donna gains a
        space, la donna -> l'uomo loses one; the line's own apostrophe is kept."""
        token = tokens[index]
        start, end = token.start, token.end
        old_elided = token.text.endswith(("'", "\u2019")) or self.fold(token.text).endswith("'")
        nxt = tokens[index + 1] if index + 1 < len(tokens) else None
        if new.endswith("'") and not old_elided and nxt is not None:
            end = nxt.start  # la donna -> l'uomo: the space goes too
        elif old_elided and not new.endswith("'"):
            new += " "  # l'uomo -> la donna: the article is a word of its own again
        if "\u2019" in text:
            new = new.replace("'", "\u2019")
        old = text[start:end]
        return Edit(start, end, old, match_case(old, new), "agreement")

    def _replace(self, token: Token, new: str) -> Edit:
        return Edit(token.start, token.end, token.text, match_case(token.text, new), "agreement")

    # -- after the noun ----------------------------------------------------------------

    def _after_noun(
        self, tokens: list[Token], match: FormMatch, gender: str, plural: bool, lexicon: Lexicon
    ) -> list[Edit]:
        """The adjective right after the noun: a form of an adjective in the lexicon
        (una donna americana), or one with an ending no verb form has (-oso, -ato)."""
        if match.last >= len(tokens):
            return []
        token = tokens[match.last]
        word = self.fold(token.text)
        if not token.text.isalpha():
            return []
        for other in self.match_forms(tokens, lexicon):
            if other.first == match.last and other.last == match.last + 1:
                concept = lexicon[other.concept]
                if concept.pos == "adj":
                    slot = ("f_" if gender == "f" else "m_") + ("pl" if plural else "sg")
                    form = concept.form(slot)
                    return [self._replace(token, form)] if form else []
        if _likely_adjective(word, gender, plural):
            new = inflect(word, gender, plural)
            return [self._replace(token, new)] if new else []
        return []

    def _after_preposition(self, tokens: list[Token], first: int) -> bool:
        """Whether the noun phrase ending in token ``first`` follows a preposition (di mia
        madre, con la figlia, alla donna): then it is no subject."""
        index = first - 1
        while index >= 0 and (
            self.fold(tokens[index].text) in ROWS
            or self.fold(tokens[index].text) in PRENOMINAL
            or self.fold(tokens[index].text) in SHAPED_FORMS
        ):
            index -= 1
        if index < 0:
            return False
        word = self.fold(tokens[index].text)
        return word in SIMPLE_PREPOSITIONS or DETERMINER_KINDS.get(word) in PREPOSITIONS

    def _past_complement(self, tokens: list[Token], index: int) -> int:
        """Past a short complement of the noun (le donne dell'ufficio sono ...): the index
        of the copula when one follows within four words of a preposition, else ``index``."""
        if index >= len(tokens):
            return index
        word = self.fold(tokens[index].text)
        if word not in SIMPLE_PREPOSITIONS and DETERMINER_KINDS.get(word) not in PREPOSITIONS:
            return index
        for ahead in range(index + 1, min(index + 5, len(tokens))):
            word = self.fold(tokens[ahead].text)
            if word in COPULAS:
                return ahead
            if not tokens[ahead].text.isalpha() and not word.endswith("'"):
                break
        return index

    # -- the predicate ---------------------------------------------------------------

    def _predicate(
        self, text: str, tokens: list[Token], index: int, gender: str, plural: bool
    ) -> list[Edit]:
        """After the subject: clitics and adverbs, a form of essere (or sembrare,
        restare, rimanere, diventare), its participle, adverbs; then an indefinite
        article, the adjective or participle, an agentive noun after it (pessime
        guidatrici), and an adjective or participle coordinated with e."""
        edits: list[Edit] = []
        saw_copula = False
        while index < len(tokens):
            word = self.fold(tokens[index].text)
            if word in COPULAS:
                saw_copula = True
            elif word in COPULA_PARTICIPLES and saw_copula:
                new = inflect(word, gender, plural)
                if new:
                    edits.append(self._replace(tokens[index], new))
            elif word not in ADVERBS:
                break
            index += 1
        if not saw_copula or index >= len(tokens):
            return edits
        word = self.fold(tokens[index].text)
        if DETERMINER_KINDS.get(word) not in (None, "indef") and DETERMINER_KINDS[word] not in (
            PREPOSITIONS
        ):
            # la donna è la capa / il migliore: a predicate noun phrase of its own
            raise AgreementUnresolved(
                f"predicate '{tokens[index].text} ...' after the subject: whether it agrees "
                "is not known"
            )
        if DETERMINER_KINDS.get(word) == "indef" and index + 1 < len(tokens):
            # è una pessima guidatrice: an adjective we know, or an agentive noun;
            # any other noun (un'infermiera -> un infermiere?) cannot be told by rule
            following = tokens[index + 1]
            folded = self.fold(following.text)
            if folded not in PRENOMINAL and not folded.endswith(("trice", "tore")):
                raise AgreementUnresolved(
                    f"predicate noun '{following.text}' after '{tokens[index].text}': "
                    "its other-gender form is not known"
                )
            changed = inflect(folded, gender, plural)
            article = self._determiner("indef", gender, plural, changed or following.text)
            if article is not None:
                edits.append(self._joined(text, tokens, index, article))
            index += 1
        if index >= len(tokens) or not tokens[index].text.isalpha():
            return edits
        new = inflect(self.fold(tokens[index].text), gender, plural)
        if new is None:
            return edits
        edits.append(self._replace(tokens[index], new))
        index += 1
        # pessime guidatrici: an agentive noun after the adjective
        if index < len(tokens) and self.fold(tokens[index].text).endswith(
            ("trice", "trici", "tore", "tori")
        ):
            agent = inflect(self.fold(tokens[index].text), gender, plural)
            if agent:
                edits.append(self._replace(tokens[index], agent))
            index += 1
        # stanca e arrabbiata: a coordinated adjective with an ending no verb has
        if index + 1 < len(tokens) and self.fold(tokens[index].text) in ("e", "ed", "o", "ma"):
            word = self.fold(tokens[index + 1].text)
            if _likely_adjective(word, gender, plural):
                other = inflect(word, gender, plural)
                if other:
                    edits.append(self._replace(tokens[index + 1], other))
        return edits


plugin = Italian()
