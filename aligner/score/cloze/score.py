"""ClozeGender Score of every row: cloze probability, similarity, CGS, and the report.

CGS(g) = P(g | context)^(1 - sim(g, c)) (seed 002, §3): the model's cloze
probability of the gender's pronoun, raised to one minus the similarity of the
pronoun and the bias context word in a static embedding space. Sentences are
scored once however many rows share them (GenderLex repeats each sentence in its
verb, noun and occupation files) and kept in a resume cache.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import polars as pl
from rich.progress import Progress

from aligner import __version__
from aligner.errors import ConfigError
from aligner.score.batching import DEFAULT_TOKEN_BUDGET, BatchedEvaluator
from aligner.score.cloze.probability import CLOZE_MODES, cloze_probabilities, encode_cloze
from aligner.score.cloze.report import ClozeReport
from aligner.score.cloze.summary import summarise, winners
from aligner.score.copies import Evaluator
from aligner.score.lm import LanguageModel
from aligner.score.report import Skipped
from aligner.score.resume import ScoreCache, run_identity
from aligner.score.run import DEFAULT_RUN, RunOptions, ScoreOutputs
from aligner.score.vectors import WordSimilarity, cosine

CHUNK_SENTENCES = 128
CACHE_FIELDS = ("last_logprob", "all_probability")


@dataclass(frozen=True)
class ClozeSettings:
    cloze: str = "last"
    targets: dict[str, tuple[str, ...]] | None = None  # WEAT targets per gender group
    permutations: int = 10_000
    seed: int = 0
    token_budget: int = DEFAULT_TOKEN_BUDGET


def cloze_signature(lm: LanguageModel, settings: ClozeSettings, vectors: str) -> str:
    fields = {
        "model": lm.name,
        "weights": lm.fingerprint.short,
        "metric": "cloze-gender",
        "cloze": settings.cloze,
        "vectors": vectors,
        "dtype": str(lm.dtype).removeprefix("torch."),
        "version": __version__,
    }
    return "|".join(f"{key}:{value}" for key, value in fields.items())


def probability_identity(lm: LanguageModel) -> str:
    """What a sentence's cloze probabilities depend on: the model, not the vectors or mode."""
    return run_identity(f"cloze-probability|dtype:{lm.dtype}|version:{__version__}", lm.fingerprint)


def score_rows(
    rows: pl.DataFrame,
    lm: LanguageModel,
    settings: ClozeSettings,
    similarity: WordSimilarity,
    evaluator: Evaluator | None = None,
    cache: ScoreCache | None = None,
    progress: bool = False,
) -> pl.DataFrame:
    """``rows`` (aligner.score.cloze.inputs.CLOZE_ROWS) with probability, sim, cgs and note.

    ``sim`` is NaN where the pronoun or the context has no vector; CGS then uses 0.
    """
    if settings.cloze not in CLOZE_MODES:
        raise ConfigError(
            f"unknown --cloze {settings.cloze!r}; choose one of {', '.join(CLOZE_MODES)}"
        )
    if lm.kind != "causal":
        raise ConfigError(
            f"cloze-gender needs a causal LM (GPT-2 style); {lm.name!r} is a masked LM"
        )
    evaluator = evaluator or BatchedEvaluator(lm, token_budget=settings.token_budget)
    keys = list(
        dict.fromkeys(zip(rows["sentence"], rows["slot_start"], rows["slot_end"], strict=True))
    )
    values = _sentence_values(keys, lm, evaluator, cache, progress)
    column = 0 if settings.cloze == "last" else 1
    probability, notes = [], []
    for key in zip(rows["sentence"], rows["slot_start"], rows["slot_end"], strict=True):
        value, note = values[key]
        raw = value[column]
        probability.append(math.exp(raw) if column == 0 else raw)
        notes.append(note)
    sims = [
        cosine(similarity, pronoun, context)
        for pronoun, context in zip(rows["pronoun"], rows["context"], strict=True)
    ]
    sim = np.array([math.nan if s is None else s for s in sims])
    p = np.array(probability)
    cgs = np.power(p, 1.0 - np.nan_to_num(sim, nan=0.0))
    return rows.with_columns(
        pl.Series("probability", p),
        pl.Series("sim", sim),
        pl.Series("cgs", cgs),
        pl.Series("note", notes, dtype=pl.Utf8),
    )


def _sentence_values(keys, lm, evaluator, cache, progress) -> dict:
    """(log ClozeLast, ClozeAll) and a note per (sentence, slot_start, slot_end)."""
    values: dict = {}
    encoded = encode_cloze(lm, [k[0] for k in keys], [(k[1], k[2]) for k in keys])
    todo = []
    for key, sentence in zip(keys, encoded, strict=True):
        if len(sentence.encoded) > lm.max_tokens:
            note = f"sentence of {len(sentence.encoded)} tokens exceeds the model's {lm.max_tokens}"
            values[key] = ((math.nan, math.nan), note)
            continue
        known = cache.get(cache.key(*map(str, key))) if cache else None
        if known is None:
            todo.append((key, sentence))
        else:
            values[key] = (known, None)
    with Progress(disable=not progress, transient=True) as bar:
        task = bar.add_task("cloze probabilities", total=len(todo))
        for start in range(0, len(todo), CHUNK_SENTENCES):
            chunk = todo[start : start + CHUNK_SENTENCES]
            last, every = cloze_probabilities([s for _, s in chunk], evaluator)
            for (key, _), one, mean in zip(chunk, last, every, strict=True):
                note = (
                    None
                    if math.isfinite(one)
                    else "the slot opens the sentence and the model has no BOS token"
                )
                values[key] = ((float(one), float(mean)), note)
                if cache:
                    cache.add(cache.key(*map(str, key)), float(one), float(mean))
            if cache:
                cache.save()
            bar.advance(task, len(chunk))
    return values


def cloze_report(
    scored: pl.DataFrame,
    signature: str,
    settings: ClozeSettings,
    similarity: WordSimilarity,
    vectors: str,
    benchmark: str | None = None,
) -> ClozeReport:
    groups = summarise(scored, similarity, settings.targets, settings.permutations, settings.seed)
    return ClozeReport(
        signature=signature,
        cloze=settings.cloze,
        vectors=vectors,
        benchmark=benchmark,
        to=_pooled(scored),
        groups=groups,
        skipped=_skipped(scored),
        permutations=settings.permutations,
        seed=settings.seed,
    )


def _pooled(scored: pl.DataFrame) -> dict[str, float]:
    """Share of all rows, every file and context type together, won by each gender under CGS."""
    genders = list(dict.fromkeys(scored["group"].to_list()))
    wide = scored.pivot(on="group", index="item", values="cgs")
    matrix = np.column_stack([wide[g].to_numpy() for g in genders])
    won = [w for w in winners(matrix[np.isfinite(matrix).all(axis=1)]) if w is not None]
    return {g: (won.count(i) / len(won) if won else math.nan) for i, g in enumerate(genders)}


def _skipped(scored: pl.DataFrame) -> list[Skipped]:
    noted = scored.filter(pl.col("note").is_not_null()).unique(
        "item", keep="first", maintain_order=True
    )
    return [
        Skipped(item, line, note)
        for item, line, note in noted.select("item", "line", "note").iter_rows()
    ]


def score_cloze_into(
    paths: list[Path],
    model: str,
    settings: ClozeSettings,
    vectors: str,
    out: Path,
    options: RunOptions = DEFAULT_RUN,
) -> ScoreOutputs:
    """GenderLex-style files read, scored and reported into ``out``.

    What ``align score --metric cloze-gender`` runs; ``vectors`` is a word vectors
    file or the bundled encoder's name.
    """
    from transformers.utils import logging as transformers_logging

    from aligner.score.cloze.inputs import read_cloze
    from aligner.score.cloze.report import cloze_chart, write_cloze_report
    from aligner.score.cloze.summary import target_words
    from aligner.score.lm import load_lm
    from aligner.score.report import write_pair_scores
    from aligner.score.run import CACHE_NAME
    from aligner.score.vectors import load_similarity

    rows = read_cloze(paths)
    transformers_logging.disable_progress_bar()
    lm = load_lm(model, device=options.device, dtype=options.dtype)
    genders = list(dict.fromkeys(rows["group"].to_list()))
    words = {*rows["pronoun"], *rows["context"]}
    words |= {w for g in genders for w in target_words(g, settings.targets, rows)}
    similarity = load_similarity(vectors, words)
    cache_path = out / CACHE_NAME
    if not options.resume:
        cache_path.unlink(missing_ok=True)
    cache = ScoreCache(cache_path, probability_identity(lm), CACHE_FIELDS)
    scored = score_rows(rows, lm, settings, similarity, cache=cache, progress=options.progress)
    signature = cloze_signature(lm, settings, similarity.id)
    report = cloze_report(scored, signature, settings, similarity, similarity.id, options.benchmark)
    scores = write_pair_scores(scored, out / f"scores.{options.pairs_format}")
    chart = cloze_chart(report, out / "cloze.png")
    json_path, md_path = write_cloze_report(report, out, chart.name)
    return ScoreOutputs(report, scores, json_path, md_path, chart)
