"""`align lexicon expand`: forms are inserted for review, nothing a linguist wrote changes."""

from pathlib import Path

from typer.testing import CliRunner

from aligner.cli.main import app
from aligner.lexicon import load_lexicon
from aligner.lexicon.expand import expand_directory
from aligner.plugins import get_plugin


def write(root: Path, lang: str, category: str, text: str) -> Path:
    path = root / lang / f"{category}.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_estonian_forms_from_vabamorf(tmp_path):
    path = write(
        tmp_path,
        "et",
        "gender",
        '# reviewed by hand\n[woman]\nlemma = "naine"\nsg_p = "naist"  # keep\n\n'
        '[man]\nlemma = "mees"\n',
    )
    done = expand_directory(tmp_path / "et", get_plugin("et"))
    assert {item.concept for item in done} == {"gender.woman", "gender.man"}
    text = path.read_text(encoding="utf-8")
    assert text.startswith('# reviewed by hand\n[woman]\nlemma = "naine"\nsg_p = "naist"  # keep\n')
    lexicon = load_lexicon("et", tmp_path)
    woman, man = lexicon["gender.woman"], lexicon["gender.man"]
    assert woman.form("sg_g") == "naise" and man.form("sg_g") == "mehe"
    assert woman.form("pl_kom") == "naistega" and man.form("pl_kom") == "meestega"
    assert len(woman.forms) == 28
    assert text.index('sg_n = "naine"') < text.index("[man]")


def test_expand_twice_adds_nothing(tmp_path):
    write(tmp_path, "et", "age", '[young]\npos = "adj"\nlemma = "noor"\n')
    expand_directory(tmp_path / "et", get_plugin("et"))
    assert expand_directory(tmp_path / "et", get_plugin("et")) == []


def test_dry_run_writes_nothing(tmp_path):
    path = write(tmp_path, "et", "age", '[young]\nlemma = "noor"\n')
    before = path.read_text(encoding="utf-8")
    assert expand_directory(tmp_path / "et", get_plugin("et"), dry_run=True)
    assert path.read_text(encoding="utf-8") == before


def test_english_possessives_and_hyphenated_estonian(tmp_path):
    english = '[woman]\nsg = "woman"\npl = "women"\n\n[boyfriend]\nsg = "boyfriend"\n'
    write(tmp_path, "en", "gender", english)
    write(tmp_path, "et", "gender", '[boyfriend]\nlemma = "poiss-sõber"\n')
    result = CliRunner().invoke(app, ["lexicon", "expand", "--lang", "en", "--root", str(tmp_path)])
    assert result.exit_code == 0, result.output
    woman = load_lexicon("en", tmp_path)["gender.woman"]
    assert woman.forms["sg_poss"] == ("woman's",) and woman.forms["pl_poss"] == ("women's",)
    expand_directory(tmp_path / "et", get_plugin("et"))
    assert load_lexicon("et", tmp_path)["gender.boyfriend"].form("sg_g") == "poiss-sõbra"


def test_hindi_paradigms(tmp_path):
    write(
        tmp_path,
        "hi",
        "gender",
        '[boy]\ngender = "m"\nlemma = "लड़का"\n\n[girl]\ngender = "f"\nlemma = "लड़की"\n',
    )
    expand_directory(tmp_path / "hi", get_plugin("hi"))
    lexicon = load_lexicon("hi", tmp_path)
    assert lexicon["gender.boy"].forms["obl_pl"] == ("लड़कों",)
    assert lexicon["gender.girl"].forms["dir_pl"] == ("लड़कियाँ",)
