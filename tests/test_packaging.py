"""Lexicons ship inside the package, so a non-editable install finds them too."""

import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

from aligner.resources import lexicon_dir, lexicon_root

REPO_ROOT = Path(__file__).resolve().parent.parent
SOURCE_LEXICONS = sorted(
    p.relative_to(REPO_ROOT).as_posix() for p in (REPO_ROOT / "lexicons").glob("*/*.toml")
)


def test_lexicons_are_found_through_importlib_resources():
    root = lexicon_root()
    assert (root / "__init__.py").is_file()
    found = sorted(f"lexicons/{p.relative_to(root).as_posix()}" for p in root.glob("*/*.toml"))
    assert found == SOURCE_LEXICONS
    assert lexicon_dir("en") == root / "en"


def test_pyproject_declares_lexicons_as_package_data():
    config = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    setuptools = config["tool"]["setuptools"]
    assert "lexicons*" in setuptools["packages"]["find"]["include"]
    assert "*/*.toml" in setuptools["package-data"]["lexicons"]
    assert config["project"]["scripts"]["align"] == "aligner.cli.main:run"


@pytest.mark.slow
def test_wheel_carries_every_lexicon_file(tmp_path):
    """Build from a copy so the checkout gets no build/ or egg-info droppings."""
    source = tmp_path / "src"
    ignore = shutil.ignore_patterns("__pycache__", "*.egg-info")
    for name in ("aligner", "langs", "lexicons"):
        shutil.copytree(REPO_ROOT / name, source / name, ignore=ignore)
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(REPO_ROOT / name, source / name)
    command = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation"]
    subprocess.run([*command, "-q", "-w", str(tmp_path / "dist"), str(source)], check=True)
    (wheel,) = (tmp_path / "dist").glob("cinealign-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert sorted(n for n in names if n.startswith("lexicons/") and n.endswith(".toml")) == (
        SOURCE_LEXICONS
    )
    assert "aligner/subtitles/reader.py" in names


def test_missing_optional_package_is_one_clear_error():
    import pytest

    from aligner.errors import MissingExtraError, require

    with pytest.raises(MissingExtraError, match=r"pip install 'cinealign\[et\]'"):
        require("no_such_module_for_cinealign.sub", "et", "Estonian morphology")
    assert require("json", "et", "anything").dumps([]) == "[]"
