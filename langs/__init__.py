"""Language plugins: one module per language, registered in pyproject.toml.

Each module exposes ``plugin``, an object satisfying
:class:`aligner.plugins.LanguagePlugin`. ``langs/en.py`` is the model to copy;
``align lang new xx`` scaffolds a new one from ``langs/_template.py``.
"""
