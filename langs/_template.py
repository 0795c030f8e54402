"""$name language plugin, scaffolded by `align lang new $code` from langs/_template.py.

Fill in what makes $name different and nothing else; read the protocol's docstrings
in aligner/plugins.py, langs/en.py, and the worked example for a language with
gendered adjectives, langs/ru.py with lexicons/README.md ("A new language").
CineAlign finds this module as it is (no reinstall): `align lexicon coverage --tgt $code`
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
    default_model = "bert-base-multilingual-cased"  # the masked LM for scoring
    slots = {"noun": ("sg", "pl"), "adj": ("sg",), "phrase": ("sg",)}


plugin = Plugin()
