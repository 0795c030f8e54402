"""$name language plugin, scaffolded by `align lang new $code` from langs/_template.py.

Fill in what makes $name different and nothing else; read the protocol's docstrings
in aligner/plugins.py and langs/en.py. Register the plugin in pyproject.toml:

    [project.entry-points."cinealign.languages"]
    $code = "langs.$code:plugin"

then reinstall (pip install -e .) so that `align lexicon check --lang $code` finds it.
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
