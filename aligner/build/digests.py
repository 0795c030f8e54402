"""Content hashes of the rules a build applies: the lexicon files and the plugin code.

They are part of the candidates, transfer and validate cache keys, so editing a
lexicon entry or a plugin rule (``langs/hi_rules.py``) redoes exactly the stages that
apply it, and they are recorded in the manifest. A plugin's code is its entry-point
module plus every module of the same package it imports, followed transitively:
``langs.hi`` brings ``langs.hi_rules`` and ``langs.base``, not ``langs.et``.
"""

from __future__ import annotations

import ast
import hashlib
import importlib.util
from importlib.metadata import entry_points
from pathlib import Path

from aligner.build.store import file_digest
from aligner.plugins import ENTRY_POINT_GROUP
from aligner.resources import lexicon_root


def lexicon_digests(langs: tuple[str, ...], root: Path | None = None) -> dict[str, str]:
    """``<lang>/<file>`` -> content hash of every lexicon file a build reads."""
    base = root or lexicon_root()
    return {
        f"{lang}/{path.name}": file_digest(path)
        for lang in langs
        for path in sorted((base / lang).glob("*.toml"))
    }


def plugin_digests(langs: tuple[str, ...]) -> dict[str, str]:
    """``<module>`` -> content hash of every source file behind the plugins of ``langs``."""
    digests: dict[str, str] = {}
    for lang in langs:
        for point in entry_points(group=ENTRY_POINT_GROUP, name=lang):
            _follow(point.module, digests)
    return dict(sorted(digests.items()))


def _follow(module: str, digests: dict[str, str]) -> None:
    """Hash ``module`` and, depth first, the modules of its own package it imports."""
    package = module.split(".")[0]
    pending = [module]
    while pending:
        name = pending.pop()
        origin = _source(name)
        if name in digests or origin is None:
            continue
        source = origin.read_bytes()
        digests[name] = hashlib.sha256(source).hexdigest()
        pending += [found for found in _imports(source, name) if found.split(".")[0] == package]


def _source(module: str) -> Path | None:
    try:
        spec = importlib.util.find_spec(module)
    except (ImportError, ValueError):  # "langs.base.BasePlugin" is a name, not a module
        return None
    if spec is None or not spec.origin or not spec.origin.endswith(".py"):
        return None
    return Path(spec.origin)


def _imports(source: bytes, module: str) -> list[str]:
    """Every module (or module.name, which may be a submodule) ``source`` imports."""
    names: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: from . import x / from .rules import y
                parent = module.rsplit(".", node.level)[0]
                base = f"{parent}.{base}" if base else parent
            names += [base] + [f"{base}.{alias.name}" for alias in node.names]
    return names
