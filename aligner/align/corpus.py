"""Aligning many films at once: pair each source film with its target, one at a time."""

from __future__ import annotations

import polars as pl
from rich.progress import Progress

from aligner.align.film import align_film, align_lines
from aligner.align.scoring import AlignParams
from aligner.embed.base import Encoder
from aligner.errors import ConfigError
from aligner.frames import ALIGNMENT, empty


def only_language(frame: pl.DataFrame, lang: str | None, role: str) -> pl.DataFrame:
    """The rows of ``frame`` in ``lang``; with no lang, the frame must hold just one."""
    langs = sorted(frame["lang"].unique().drop_nulls().to_list())
    if lang is None:
        if len(langs) != 1:
            raise ConfigError(f"{role} cues hold languages {langs}; choose one with --{role}-lang")
        return frame
    if lang not in langs:
        raise ConfigError(f"{role} cues hold no {lang!r} lines (they hold {langs})")
    return frame.filter(pl.col("lang") == lang)


def align_corpus(
    src: pl.DataFrame,
    tgt: pl.DataFrame,
    encoder: Encoder,
    *,
    selected: dict[str, list[int]] | None = None,
    params: AlignParams | None = None,
    prune: bool = True,
) -> pl.DataFrame:
    """Align every film present on both sides (only ``selected`` rows when given)."""
    films = sorted(set(src["film"].unique()) & set(tgt["film"].unique()))
    if selected is not None:
        films = [film for film in films if film in selected]
    if not films:
        raise ConfigError("source and target cues share no film")
    results = [empty(ALIGNMENT)]
    with Progress(transient=True) as progress:
        task = progress.add_task("aligning films", total=len(films))
        for film in films:
            src_film = src.filter(pl.col("film") == film)
            tgt_film = tgt.filter(pl.col("film") == film)
            if selected is None:
                results.append(align_film(src_film, tgt_film, encoder, params))
            else:
                results.append(
                    align_lines(src_film, tgt_film, selected[film], encoder, params, prune=prune)
                )
            progress.advance(task)
    return pl.concat(results)
