"""``align score``: the CrowS-Pairs Score and its family for a pairs file; ClozeGender."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from aligner.cli.options import language_code

METRIC_HELP = (
    "cps (Nangia et al.), sss (modified tokens given the shared ones), aul / aula "
    "(Kaneko & Bollegala), clm-sum / clm-mean (causal LMs), cloze-gender (ClozeGender "
    "Score on GenderLex-style files, causal LMs)."
)
CLOZE = "cloze-gender"


def score(
    inputs: Annotated[
        list[Path],
        typer.Argument(
            help="A CrowS-Pairs style CSV (sent_more, sent_less, stereo_antistereo, bias_type: "
            "CrowS-Pairs' own file or a CineAlign output) or StereoSet JSON; with "
            "--metric cloze-gender, one or more GenderLex-style CSVs.",
            show_default=False,
        ),
    ],
    model: Annotated[
        str | None,
        typer.Option(
            "--model",
            help="Hugging Face model name or local directory; defaults to the --lang plugin's.",
        ),
    ] = None,
    metric: Annotated[str, typer.Option("--metric", help=METRIC_HELP)] = "cps",
    lang: Annotated[
        str | None,
        typer.Option("--lang", help="Use this language plugin's word tokenizer for U/M sets.",
                     callback=language_code),
    ] = None,
    mask: Annotated[
        str,
        typer.Option("--mask", help="cps only: token, or word-l2r (PLL-word-l2r)."),
    ] = "token",
    units: Annotated[
        str,
        typer.Option(
            "--units",
            help="Decide shared/modified on words (IndiBias) or on tokens (CrowS-Pairs script).",
        ),
    ] = "word",
    out: Annotated[
        Path, typer.Option("--out", help="Directory for scores, report.json/.md and chart.")
    ] = Path("out/score"),
    pairs_format: Annotated[
        str, typer.Option("--pairs-format", help="Per-pair scores as parquet or csv.")
    ] = "parquet",
    balance_by: Annotated[
        str,
        typer.Option(
            "--balance-by",
            help="Column whose groups weigh equally in the balanced score; 'component' "
            "after `align annotate components` (seed 004).",
        ),
    ] = "bias_type",
    device: Annotated[str, typer.Option("--device", help="auto, cpu, cuda, cuda:1 ...")] = "auto",
    dtype: Annotated[str, typer.Option("--dtype", help="float32 or bfloat16.")] = "float32",
    token_budget: Annotated[
        int, typer.Option("--token-budget", min=1, help="Padded tokens per forward pass.")
    ] = 8192,
    resamples: Annotated[
        int, typer.Option("--resamples", min=0, help="Bootstrap resamples.")
    ] = 1000,
    seed: Annotated[int, typer.Option("--seed", help="Bootstrap seed.")] = 0,
    tie_tolerance: Annotated[
        float, typer.Option("--tie-tolerance", min=0.0,
                            help="|more - less| at or below this is a tie.")
    ] = 1e-4,
    resume: Annotated[
        bool,
        typer.Option(
            "--resume/--fresh",
            help="Reuse pair scores saved in --out by an earlier run of the same model "
            "(by weights, config and tokenizer hash) and settings.",
        ),
    ] = True,
    columns: Annotated[
        str | None,
        typer.Option(
            "--columns",
            help="Name the file's own columns, e.g. more=sent_more_hindi,less=sent_less_hindi "
            "(keys: more, less, bias, direction).",
        ),
    ] = None,
    benchmark: Annotated[
        str | None,
        typer.Option(
            "--benchmark",
            help="Name of the benchmark in the report (default: the file name); "
            "align compare lines reports up by it.",
        ),
    ] = None,
    lm_score: Annotated[
        bool,
        typer.Option(
            "--lm-score",
            help="StereoSet input: also score both sentences against the unrelated one "
            "(LM score and ICAT).",
        ),
    ] = False,
    cloze: Annotated[
        str,
        typer.Option(
            "--cloze",
            help="cloze-gender: 'last' (P of the pronoun slot given what precedes it) or "
            "'all' (mean word probability, for slots anywhere).",
        ),
    ] = "last",
    vectors: Annotated[
        str,
        typer.Option(
            "--vectors",
            help="cloze-gender: word vectors for sim(g, c): a word2vec/GloVe/fastText file "
            "(.vec, .txt, .bin, .gz) or e5-small (the bundled encoder).",
        ),
    ] = "e5-small",
    weat_targets: Annotated[
        str | None,
        typer.Option(
            "--weat-targets",
            help="cloze-gender: WEAT target words per gender, e.g. "
            "'m=he,him,his;w=she,her,hers' (default: English pronouns).",
        ),
    ] = None,
    permutations: Annotated[
        int, typer.Option("--permutations", help="cloze-gender: WEAT permutations at most.")
    ] = 10_000,
) -> None:
    """Score minimal pairs with a masked or causal LM, or GenderLex-style cloze sentences with
    a causal LM (--metric cloze-gender); write per-item scores, a report and a chart."""

    from aligner.errors import ConfigError
    from aligner.score import ScoreSettings
    from aligner.score.lm import check_model_available
    from aligner.score.run import RunOptions

    if pairs_format not in ("parquet", "csv"):
        raise ConfigError(f"--pairs-format must be parquet or csv, not {pairs_format!r}")
    model_name = _model_name(model, lang)
    check_model_available(model_name)
    if metric == CLOZE:
        from aligner.score.cloze.score import ClozeSettings, score_cloze_into
        from aligner.score.cloze.summary import parse_targets

        settings = ClozeSettings(
            cloze=cloze,
            targets=parse_targets(weat_targets),
            permutations=permutations,
            seed=seed,
            token_budget=token_budget,
        )
        options = RunOptions(benchmark or inputs[0].stem, device, dtype, resume, pairs_format)
        written = score_cloze_into(inputs, model_name, settings, vectors, out, options)
        _print(written, _cloze_table(written.report))
        return
    if len(inputs) != 1:
        raise ConfigError(f"--metric {metric} scores one pairs file; got {len(inputs)}")
    _score_pairs(
        inputs[0],
        model_name,
        out,
        ScoreSettings(
            metric=metric,
            mask=mask,
            units=units,  # type: ignore[arg-type]
            lang=lang,
            balance_by=balance_by,
            tie_tolerance=tie_tolerance,
            resamples=resamples,
            seed=seed,
            token_budget=token_budget,
            lm_score=lm_score,
        ),
        columns,
        RunOptions(benchmark or inputs[0].stem, device, dtype, resume, pairs_format),
    )


def _score_pairs(pairs: Path, model: str, out: Path, settings, columns: str | None, options):
    from aligner.score.pairs import parse_columns, read_pairs
    from aligner.score.run import score_into

    frame = read_pairs(pairs, parse_columns(columns))
    if settings.balance_by == "component":
        from aligner.score.components import check_components

        check_components(frame, str(pairs))
    written = score_into(frame, model, settings, out, options)
    _print(written, _table(written.report))


def _print(written, table: Table) -> None:
    console = Console()
    console.print(table, highlight=False)
    report = written.report
    if getattr(report, "language_model", None) is not None:
        lm = report.language_model
        console.print(f"StereoSet LMS {lm.lms:.2f}  SS {lm.ss:.2f}  ICAT {lm.icat:.2f}")
    if report.skipped:
        console.print(f"{len(report.skipped)} not scored (see report.md)", highlight=False)
    console.print(report.signature, highlight=False, soft_wrap=True)
    for path in (written.scores, written.json, written.markdown, written.chart):
        console.print(f"wrote {path}", highlight=False, soft_wrap=True)


def _model_name(model: str | None, lang: str | None) -> str:
    from aligner.errors import ConfigError
    from aligner.plugins import get_plugin

    if model is not None:
        return model
    if lang is None:
        raise ConfigError("name a model with --model (or a language with --lang for its default)")
    return get_plugin(lang).default_model


def _table(report) -> Table:
    table = Table(title=f"{report.metric} (% pairs preferring sent_more)")
    for column in ("group", "n", "ties", "score", "95% CI"):
        table.add_column(column, justify="left" if column == "group" else "right")
    groups = [report.overall, *report.categories]
    for group in groups:
        table.add_row(
            group.group,
            str(group.n),
            str(group.ties),
            f"{group.score:.2f}",
            f"[{group.ci_low:.2f}, {group.ci_high:.2f}]",
        )
    balanced = report.balanced
    table.add_row(
        f"balanced by {balanced.by}",
        "",
        "",
        f"{balanced.score:.2f}",
        f"[{balanced.ci_low:.2f}, {balanced.ci_high:.2f}]",
    )
    return table


def _cloze_table(report) -> Table:
    genders = list(report.to)
    table = Table(title=f"ClozeGender (Cloze{report.cloze.capitalize()}): share of rows per gender")
    table.add_column("variant / context", justify="left")
    table.add_column("rows", justify="right")
    for kind in ("LM", "CGS"):
        for gender in genders:
            table.add_column(f"{kind} to-{gender}", justify="right")
    table.add_column("WEAT d (p)", justify="right")
    for group in report.groups:
        cells = [f"{r.to[g]:.2f}" for r in (group.lm, group.cgs) for g in genders]
        weat = group.weat
        effect = "–" if weat is None else f"{weat.effect_size:.2f} ({weat.p_value:.2g})"
        table.add_row(f"{group.variant} / {group.context_type}", str(group.rows), *cells, effect)
    return table
