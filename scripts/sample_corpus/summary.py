"""Summary: the README's generated section, and the check against issue 2's requirements."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from .film import Rendered
from .reader_lines import lines_by_cue
from .releases import Release, release_for
from .render import wrap_srt_line
from .script import CATEGORIES, LANGS, MUSIC_NOTE, TARGETS, Film, Unit


def _shape(unit: Unit, lang: str) -> str:
    return f"{len(unit.parts('en'))}-{len(unit.parts(lang))}"


def split_counts(film: Film, lang: str) -> Counter[str]:
    """How the target cuts each aligned unit against English: 1-1, 1-2, 2-1 and the rest."""
    shapes = Counter(_shape(u, lang) for u in film.units if u.kind == "speech")
    return Counter({k if k in ("1-1", "1-2", "2-1") else "n-m": v for k, v in shapes.items()})


def _features(rendered: Rendered, lang: str) -> str:
    """The mess one file holds, counted, for the README's 'what it tests' column."""
    cues = rendered.cues[lang]
    by_cue = lines_by_cue(rendered.lines[lang])
    fmt = release_for(rendered.film.id, lang).fmt
    styled = fmt != "opus"  # OPUS XML carries no formatting
    top = "{\\an8}" if fmt == "srt" else "line:0"
    counts = {
        "italic": sum(c.style == "italic" for c in cues) if styled else 0,
        top: sum(c.style == "top" for c in cues) if styled else 0,
        "speaker-turn cues": sum(len(c.turns) > 1 for c in cues),
        "SDH": sum(t.sdh is not None for c in cues for t in c.turns),
        "lyrics": sum(c.kind == "lyrics" for c in cues),
        "signs": sum(c.kind == "sign" for c in cues),
        "continuations": sum(c.turns[-1].text.endswith(("...", "…", ",")) for c in cues),
        "wrapped": sum(
            len(by_cue[n]) == 1 and len(wrap_srt_line(by_cue[n][0].shown)) > 1
            for n in range(len(cues))
        )
        if fmt == "srt"
        else 0,
        "multi-sentence cues": sum(len(by_cue[n]) > len(c.turns) for n, c in enumerate(cues)),
    }
    return ", ".join(f"{name} {n}" for name, n in counts.items() if n)


def _describe(release: Release, lang: str) -> tuple[str, str, str]:
    """(format, encoding, timing) cells of the file table."""
    fmt = {"srt": "SRT", "vtt": "WebVTT", "opus": "OPUS XML"}[release.fmt]
    if release.fmt == "vtt":
        fmt += {"numeric": ", numeric ids", "none": ", no ids", "text": ", text ids"}[
            release.vtt_ids
        ]
    if release.gzipped:
        fmt += ", gzip"
    encoding = release.encoding.upper() + (" + BOM" if release.bom else "")
    if release.lyrics_mark != MUSIC_NOTE:
        encoding += f" (lyrics marked {release.lyrics_mark})"
    timing = ["schedule" if lang == "en" else "jitter 0.2-1.5 s"]
    if release.offset_ms:
        timing.append(f"{release.offset_ms / 1000:+.1f} s offset")
    if release.drift != 1:
        timing.append(f"x{float(release.drift):.5f} frame-rate drift")
    return fmt, encoding, ", ".join(timing)


def shortfalls(rendered: Rendered) -> list[str]:
    """What a film lacks against issue 2's corpus requirements."""
    film = rendered.film
    problems: list[str] = []
    english_cues = len(rendered.cues["en"])
    if english_cues < 150:
        problems.append(f"{film.id}: {english_cues} English cues (needs >= 150)")
    stereotyped = film.stereotyped()
    if len(stereotyped) < 10:
        problems.append(f"{film.id}: {len(stereotyped)} stereotyped lines (needs >= 10)")
    absent = [c for c in CATEGORIES if c not in {u.bias for u in stereotyped}]
    if absent:
        problems.append(f"{film.id}: no stereotyped line for {', '.join(absent)}")
    for lang in TARGETS:
        shapes = split_counts(film, lang)
        problems += [f"{film.id}.{lang}: no {k} split" for k in ("1-2", "2-1") if not shapes[k]]
    if not any("genderless-pronoun" in u.reason.values() for u in stereotyped):
        problems.append(f"{film.id}: no line whose gender hinges only on he/she")
    return problems


def _table(header: list[str], rows: Iterable[Sequence[object]]) -> list[str]:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    return lines + ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]


def summary(films: list[Rendered]) -> str:
    """The README's generated section: films, files, counts and the requirement check."""
    out = ["### Films", ""]
    out += [
        f"- **{r.film.title}** (`{r.film.id}`, {r.film.year}): {r.film.synopsis}" for r in films
    ]
    out += ["", "### Files", ""]
    rows = []
    for rendered in films:
        for lang in LANGS:
            name = rendered.files[lang][0]
            release = release_for(rendered.film.id, lang)
            cues = len(rendered.cues[lang])
            ids = len(rendered.lines[lang])
            rows.append([f"`films/{name}`", *_describe(release, lang), cues, ids,
                         _features(rendered, lang)])  # fmt: skip
    out += _table(["file", "format", "encoding", "timing", "cues", "raw ids", "mess"], rows)
    out += ["", "### Units, stereotyped lines and splits", ""]
    rows = []
    for rendered in films:
        film = rendered.film
        speech = sum(u.kind == "speech" for u in film.units)
        rows.append([film.id, len(film.units), speech, len(rendered.cues["en"]),
                     len(film.stereotyped())])  # fmt: skip
    out += _table(["film", "units", "aligned units", "English cues", "stereotyped"], rows)
    out += [""]
    rows = []
    for rendered in films:
        per = Counter(u.bias for u in rendered.film.stereotyped())
        rows.append([rendered.film.id, *(per[c] for c in CATEGORIES)])
    out += _table(["film", *CATEGORIES], rows)
    out += [""]
    rows = []
    for rendered in films:
        for lang in TARGETS:
            shapes = split_counts(rendered.film, lang)
            stereotyped = rendered.film.stereotyped()
            reasons = Counter(u.reason[lang] for u in stereotyped if lang in u.reason)
            rows.append(
                [rendered.film.id, lang, *(shapes[k] for k in ("1-1", "1-2", "2-1", "n-m")),
                 len(stereotyped) - sum(reasons.values()),
                 ", ".join(f"{r} {n}" for r, n in sorted(reasons.items())) or "-"]
            )  # fmt: skip
    out += _table(["film", "target", "1-1", "1-2", "2-1", "n-m", "target pairs", "no pair: reason"],
                  rows)  # fmt: skip
    problems = [p for rendered in films for p in shortfalls(rendered)]
    out += ["", "### Requirement check (issue 2)", ""]
    out += [f"- {p}" for p in problems] or ["All films meet the corpus requirements."]
    return "\n".join(out)
