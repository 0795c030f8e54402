"""``align annotate components``: propose a stereotype component per gender pair."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

app = typer.Typer(help="Label pairs for analysis; labels go to a file for review.")


@app.command("components")
def components(
    pairs: Annotated[
        Path,
        typer.Argument(
            help="Pairs CSV (CrowS-Pairs columns) or StereoSet JSON.", show_default=False
        ),
    ],
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            help="Annotated pairs CSV (default: PAIRS.components.csv); decisions a reviewer "
            "already made there are kept.",
        ),
    ] = None,
    category: Annotated[
        str,
        typer.Option("--category", help="bias_type to label, or 'all' for every pair."),
    ] = "gender",
    encoder: Annotated[
        str,
        typer.Option(
            "--encoder",
            help="Sentence encoder: e5-small (bundled), labse, or a name; vectors are cached "
            "on disk ($CINEALIGN_CACHE).",
        ),
    ] = "e5-small",
    prototypes: Annotated[
        Path | None,
        typer.Option("--prototypes", help="Labelled prototypes TOML (default: the bundled set)."),
    ] = None,
    columns: Annotated[
        str | None,
        typer.Option("--columns", help="Name the file's own columns, as for align score."),
    ] = None,
    others: Annotated[
        bool,
        typer.Option(
            "--keep-others/--drop-others",
            help="Write the pairs outside --category too (without a component), or only "
            "the labelled ones (a gender-only benchmark, as seed 004 compares).",
        ),
    ] = True,
) -> None:
    """Propose Personality Traits / Attitudes and Beliefs / Roles and Behaviors / Physical
    Characteristics for each pair (seed 004), nearest labelled prototypes first; review the
    `component` column, then `align score OUT --balance-by component`."""
    from collections import Counter

    from rich.console import Console

    from aligner.embed.registry import cached_encoder
    from aligner.score.components import (
        ComponentClassifier,
        annotate_components,
        write_annotations,
    )
    from aligner.score.components.prototypes import load_prototypes
    from aligner.score.pairs import parse_columns, read_pairs

    frame = read_pairs(pairs, parse_columns(columns))
    classifier = ComponentClassifier(cached_encoder(encoder), load_prototypes(prototypes))
    annotated = annotate_components(frame, classifier, None if category == "all" else category)
    if not others:
        annotated = annotated.filter(annotated["component_proposed"].is_not_null())
    target = out or pairs.with_name(f"{pairs.stem}.components.csv")
    written = write_annotations(annotated, target)
    console = Console()
    counts = Counter(v for v in annotated["component_proposed"].to_list() if v)
    for name, count in sorted(counts.items()):
        console.print(f"{name:26s} {count:5d}", highlight=False)
    console.print(
        f"labelled {written.labelled} of {annotated.height} pairs; "
        f"kept {written.decisions_kept} reviewer decision(s); wrote {written.path}",
        highlight=False,
        soft_wrap=True,
    )
