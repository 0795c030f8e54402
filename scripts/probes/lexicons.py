"""Probes of lexicon readers (issue 11's rows), option names, and the aligner's inputs."""

from __future__ import annotations

import py_compile
from pathlib import Path

from probes.harness import Call, Outcome, Probe
from probes.materials import GOLD, SAMPLE, SEEDS, Materials

# fault name -> edit of a copy of the bundled lexicons
FAULTS = {
    "a form in two concepts": lambda root: _append(root / "en" / "gender.toml",
                                                   '\n[fellow]\nsg = "man"\n'),
    "a counterpart to an undefined concept": lambda root: _replace(
        root / "en" / "gender.toml", 'counterparts = ["gender.woman"]',
        'counterparts = ["gender.wmoan"]'),
    "an et concept with no English entry": lambda root: _append(root / "et" / "gender.toml",
                                                                '\n[kuningatar]\nsg_n = "x"\n'),
    "an empty et/gender.toml": lambda root: (root / "et" / "gender.toml").write_text(""),
}


def _append(path: Path, text: str) -> None:
    path.write_text(path.read_text(encoding="utf-8") + text, encoding="utf-8")


def _replace(path: Path, old: str, new: str) -> None:
    path.write_text(path.read_text(encoding="utf-8").replace(old, new, 1), encoding="utf-8")


def users(m: Materials) -> dict[str, object]:
    """Commands that read lexicons, as functions of (probe dir, lexicon root)."""
    return {
        "validate": lambda d, r: ["validate", m.et_pairs, "--lang", "et", "--out", d / "v.csv",
                                  "--lexicons", r],
        "transfer": lambda d, r: ["transfer", SEEDS, "--aligned", GOLD / "alignment.csv",
                                  "--cues", GOLD / "cues.csv", "--lang", "et", "--out",
                                  d / "t.csv", "--lexicons", r],
        "build": lambda d, r: m.build_args(d / "out", "--lexicons", str(r)),
    }


def lexicon_probes(m: Materials) -> list[Probe]:
    probes = []
    for fault, edit in FAULTS.items():
        for command, arguments in users(m).items():
            probes.append(Probe("lexicon-errors", f"{command}: {fault}",
                                _faulty(m, edit, arguments)))
    for command, arguments in {**users(m), "lexicon check": lambda d, r: [
            "lexicon", "check", "--lang", "et", "--lexicons", r]}.items():
        probes.append(Probe("lexicon-utf8", f"{command}: et/gender.toml in cp1257",
                            _faulty(m, _recode, arguments)))
    baseline = {
        "lexicon check: TOML syntax error": (lambda root: _append(root / "et" / "age.toml",
                                                                  "\n[broken\n"),
                                             ["lexicon", "check", "--lang", "et"]),
        "lexicon check: a file that is no category": (
            lambda root: (root / "et" / "colours.toml").write_text('[red]\nsg_n = "punane"\n'),
            ["lexicon", "check", "--lang", "et"]),
        "lexicon stats: a root without the language": (
            lambda root: None, ["lexicon", "stats", "--lang", "xx"]),
        "lexicon show: an unknown concept": (lambda root: None,
                                             ["lexicon", "show", "gender.nobody"]),
        "lexicon coverage --format xml": (lambda root: None,
                                          ["lexicon", "coverage", "--tgt", "et", "--format",
                                           "xml"]),
        "lexicon expand: a language without a lexicon": (lambda root: None,
                                                          ["lexicon", "expand", "--lang", "fi"]),
    }
    for name, (edit, command) in baseline.items():
        probes.append(Probe("lexicon", name, _faulty(
            m, edit, lambda d, r, command=command: [*command, "--lexicons", r])))
    return probes


def _recode(root: Path) -> None:
    path = root / "et" / "gender.toml"
    path.write_bytes(path.read_text(encoding="utf-8").encode("cp1257", errors="replace"))


def _faulty(m: Materials, edit, arguments):
    def make(d: Path) -> Call:
        root = m.copy_of("lexicons", d)
        edit(root)
        return Call([str(a) for a in arguments(d, root)], "error",
                    env={"CINEALIGN_CACHE": str(m.cache)})
    return make


def counterpart_probes(m: Materials) -> list[Probe]:
    """The error points at the `counterparts = [...]` line that names the missing concept
    (in en/, where target languages inherit it from), for check and for commands alike."""
    def make_for(arguments):
        def make(d: Path) -> Call:
            root = m.copy_of("lexicons", d)
            FAULTS["a counterpart to an undefined concept"](root)
            gender = root / "en" / "gender.toml"
            lines = gender.read_text(encoding="utf-8").splitlines()
            number = next(n for n, line in enumerate(lines, 1) if "gender.wmoan" in line)

            def located(outcome: Outcome) -> str | None:
                return None if f"{gender}:{number}:" in outcome.output else "wrong"
            return Call([str(a) for a in arguments(d, root)], "error", check=located,
                        env={"CINEALIGN_CACHE": str(m.cache)})
        return make

    commands = {"lexicon check --lang en": lambda d, r: ["lexicon", "check", "--lang", "en",
                                                          "--lexicons", r],
                "lexicon check --lang et": lambda d, r: ["lexicon", "check", "--lang", "et",
                                                          "--lexicons", r],
                "validate --lang et": users(m)["validate"]}
    return [Probe("lexicon-counterpart", f"{name}: a counterpart to an undefined concept",
                  make_for(arguments)) for name, arguments in commands.items()]


def lang_code_probes(m: Materials) -> list[Probe]:
    """Every option that names a language refuses what is not a language code, before it
    reads a file (the files named here are good ones)."""
    film = SAMPLE / "films" / "harbour_lights.en.srt"
    commands = {  # name -> arguments given the probe directory and the code
        "ingest --lang": lambda d, c: ["ingest", film, "--lang", c, "--out", d / "c.parquet"],
        "align --tgt-lang": lambda d, c: ["align", film, film, "--tgt-lang", c, "--out",
                                          d / "a.parquet"],
        "extract --lang": lambda d, c: ["extract", film, "--lang", c],
        "validate --lang": lambda d, c: ["validate", m.et_pairs, "--lang", c],
        "transfer --lang": lambda d, c: ["transfer", SEEDS, "--aligned", GOLD / "alignment.csv",
                                         "--cues", GOLD / "cues.csv", "--lang", c, "--out",
                                         d / "t.csv"],
        "score --lang": lambda d, c: ["score", m.et_pairs, "--lang", c],
        "lexicon check --lang": lambda d, c: ["lexicon", "check", "--lang", c],
        "lexicon coverage --tgt": lambda d, c: ["lexicon", "coverage", "--tgt", c],
        "build --tgt": lambda d, c: [*m.build_args(d / "out"), "--tgt", c],
    }

    def refused(outcome: Outcome) -> str | None:
        return None if "is not a language code" in outcome.output else "wrong"

    def make_for(arguments, code: str):
        def make(d: Path) -> Call:
            return Call([str(a) for a in arguments(d, code)], "error", check=refused,
                        absent=(d / "c.parquet", d / "a.parquet", d / "t.csv"))
        return make

    return [Probe("lang-code", f"{name} {code}", make_for(arguments, code))
            for name, arguments in commands.items() for code in ("../x", "/etc", "et/../../x")]


def lang_new_probes() -> list[Probe]:
    def new(code: str, name: str):
        def make(d: Path) -> Call:
            def compiles(outcome: Outcome) -> str | None:
                written = list((d / "langs").glob("*.py")) if (d / "langs").is_dir() else []
                if outcome.rc == 0:
                    for path in written:
                        try:
                            py_compile.compile(str(path), doraise=True)
                        except py_compile.PyCompileError:
                            return "wrong"
                return "wrong" if outcome.rc != 0 and written else None
            expect = "error" if "\n" in code or "/" in code or not code else "either"
            return Call(["lang", "new", code, "--name", name, "--repo", str(d)], expect,
                        check=compiles)
        return make

    cases = [("fi\n", "Finnish"), ("fi", 'Fi"nnish'), ("fi", "Fin\nnish"), ("../fi", "Finnish"),
             ("", "Finnish"), ("FI", "Finnish"), ("fi", "Finnish\\")]
    return [Probe("lang-new", f"lang new {code!r} --name {name!r}", new(code, name))
            for code, name in cases]


READS_LEXICONS = [["lexicon", "check"], ["lexicon", "expand"], ["lexicon", "coverage"],
                  ["lexicon", "stats"], ["lexicon", "show"], ["extract"], ["validate"],
                  ["transfer"], ["review", "apply"], ["review", "serve"], ["build"]]


def option_probes(m: Materials) -> list[Probe]:
    def documented(command: list[str]):
        def make(d: Path) -> Call:
            def shows(outcome: Outcome) -> str | None:
                return None if "--lexicons" in outcome.output else "wrong"
            return Call([*command, "--help"], "ok", check=shows)
        return make

    probes = [Probe("option-names", f"{' '.join(c)} --help shows --lexicons", documented(c))
              for c in READS_LEXICONS]
    for spelling in ("--root", "--lexicons"):
        probes.append(Probe("option-names", f"lexicon check {spelling}", lambda d, s=spelling:
                            Call(["lexicon", "check", "--lang", "et", s, str(m.lexicons)],
                                 "ok")))
    return probes


def aligner_probes(m: Materials) -> list[Probe]:
    film = SAMPLE / "films" / "harbour_lights"

    def eval_utf16(d: Path) -> Call:
        gold = d / "gold.csv"
        gold.write_bytes(GOLD.joinpath("alignment.csv").read_text(encoding="utf-8")
                         .encode("utf-16"))
        return Call(["eval-align", str(gold), str(gold)], "either")

    def junk(d: Path, name: str) -> Path:
        path = d / name
        path.write_bytes(b"\x00\x01\x02junk")
        return path

    cases = {
        "align: binary source file": lambda d: Call(
            ["align", str(junk(d, "x.parquet")), str(film) + ".et.srt", "--out",
             str(d / "a.parquet")], "error"),
        "align: missing target": lambda d: Call(
            ["align", str(film) + ".en.srt", str(d / "nope.srt"), "--out", str(d / "a.parquet")],
            "error"),
        "align: --index nonsense": lambda d: Call(
            ["align", str(film) + ".en.srt", str(film) + ".et.srt", "--out",
             str(d / "a.parquet"), "--index", "nonsense", "--encoder", "e5-small"], "error"),
        "eval-align: binary gold": lambda d: Call(
            ["eval-align", str(junk(d, "p.csv")), str(junk(d, "g.csv"))], "error"),
        "eval-align: UTF-16 files": eval_utf16,
        "extract: binary cue frame": lambda d: Call(
            ["extract", str(junk(d, "c.parquet"))], "error"),
        "extract: --categories nonsense": lambda d: Call(
            ["extract", str(junk(d, "c.parquet")), "--categories", "nonsense"], "error"),
        "extract: --lang xx": lambda d: Call(["extract", str(junk(d, "c.parquet")), "--lang",
                                              "xx"], "error"),
    }
    return [Probe("align-inputs", name, make) for name, make in cases.items()]


def probes(m: Materials) -> list[Probe]:
    return (lexicon_probes(m) + counterpart_probes(m) + lang_code_probes(m) + lang_new_probes()
            + option_probes(m) + aligner_probes(m))
