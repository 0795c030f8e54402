"""``align build``: ingest → screen → candidates → align → transfer → validate, per film.

Each stage is a plain function of frames; ``StageStore`` caches its output per film
under a key of its inputs and settings, so an interrupted build resumes where it
stopped and an unchanged rerun only re-reads Parquet files. A film whose files cannot
be read is reported and skipped; the other films go on. What a whole build needs (the
language plugins, the encoder when some alignment must be computed) is set up before
any film is read, so a setup error fails once, at once. Films run through
``engine.map_films``: in parallel on the local cores, or as Ray tasks; a film's stages
are one picklable job (``FilmJob``), so every engine runs exactly the same code.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import polars as pl

from aligner import frames
from aligner.build.config import BuildConfig
from aligner.build.digests import lexicon_digests, plugin_digests
from aligner.build.engine import map_films
from aligner.build.films import FilmFiles, Unmatched, match_films, read_track, track_digest
from aligner.build.release import release_films
from aligner.build.seeds import match_seeds, read_seed_pairs
from aligner.build.store import StageStore, file_digest, stage_key
from aligner.errors import CineAlignError, ConfigError, OutputError
from aligner.screen.judges import load_judge

STAGES = ("ingest", "screen", "candidates", "align", "transfer", "validate")


@dataclass
class FilmOutcome:
    film: str
    cues: pl.DataFrame | None = None
    screened: pl.DataFrame | None = None  # keyword lines and their screening (no seed pairs)
    candidates: pl.DataFrame | None = None
    aligned: pl.DataFrame | None = None
    pairs: pl.DataFrame | None = None
    error: CineAlignError | None = None
    align_key: str | None = None  # identifies the alignment, for outputs drawn from it


@dataclass
class BuildRun:
    config: BuildConfig
    films: list[FilmOutcome] = field(default_factory=list)
    unmatched: list[Unmatched] = field(default_factory=list)
    seconds: dict[str, float] = field(default_factory=dict)
    lexicons: dict[str, str] = field(default_factory=dict)  # file -> hash, as the stages read
    plugins: dict[str, str] = field(default_factory=dict)  # plugin module -> source hash
    store: StageStore | None = None

    def frame(self, attribute: str, schema: dict | None = None) -> pl.DataFrame:
        parts = [getattr(f, attribute) for f in self.films if getattr(f, attribute) is not None]
        if parts:
            return pl.concat(parts, how="diagonal_relaxed")
        return pl.DataFrame(schema=schema) if schema else pl.DataFrame()


class _Stages:
    """The per-film stage functions, sharing the lazily loaded encoder and languages."""

    def __init__(self, config: BuildConfig, seeds: pl.DataFrame | None, seeds_digest: str):
        self.config = config
        self.seeds = seeds
        self.seeds_digest = seeds_digest
        self._encoder = None
        self._languages = None
        if config.stanza_dir is not None:
            # A missing stanza model is a setup error: fail once, before any film.
            self._languages = self._load_languages()
        self.lexicons = lexicon_digests((config.src, config.tgt), config.lexicons)
        self.plugins = plugin_digests((config.src, config.tgt))
        self.judge = None if seeds is not None else load_judge(
            config.judge, url=config.judge_url, model=config.judge_model,
            prompt=config.judge_prompt, cache_dir=config.work_dir / "judge-cache",
            show_progress=config.show_progress)
        self.judge_digest = self.judge.digest() if self.judge is not None else "none"
        # The rules the stages apply: lexicon files and the plugin code that reads them.
        self.lexicon_digest = ";".join(
            f"{name}:{digest}" for name, digest in {**self.lexicons, **self.plugins}.items()
        )

    @property
    def encoder(self):
        if self._encoder is None:  # loaded only when an align stage really has to run
            from aligner.embed.registry import cached_encoder

            self._encoder = cached_encoder(
                self.config.encoder, show_progress=False, device=self.config.device
            )
        return self._encoder

    def load_encoder(self) -> None:
        """Load the encoder now, so that one that cannot load fails once, before any film."""
        _ = self.encoder

    @property
    def languages(self):
        if self._languages is None:
            self._languages = self._load_languages()
        return self._languages

    def _load_languages(self):
        from aligner.pairs.transfer import load_languages

        return load_languages(self.config.tgt, self.config.lexicons, self.config.stanza_dir)

    def ingest(self, film: FilmFiles) -> pl.DataFrame:
        src = read_track(film.src, self.config.src, film.film)
        tgt = read_track(film.tgt, self.config.tgt, film.film)
        return pl.concat([src, tgt])

    def screen(self, cues: pl.DataFrame) -> pl.DataFrame:
        """Without seed pairs: the keyword lines, each match marked as referring to people
        or not, each line scored by the stereotype judge (aligner/screen/)."""
        if self.seeds is not None:
            return frames.empty(frames.SCREEN)
        from aligner.extract import extract
        from aligner.screen.stage import screen

        langs = self.languages
        src = cues.filter(pl.col("lang") == self.config.src)
        found = extract(src, langs.en, langs.en_lexicon, self.config.categories)
        return screen(found, langs.en, langs.en_lexicon, self.judge)

    def candidates(self, film: str, cues: pl.DataFrame, screened: pl.DataFrame) -> pl.DataFrame:
        src = cues.filter(pl.col("lang") == self.config.src)
        seeds = self.seeds.filter(pl.col("film") == film) if self.seeds is not None else (
            self._proposals(screened)
        )
        if self.config.categories:
            seeds = seeds.filter(pl.col("bias_type").is_in(list(self.config.categories)))
        return match_seeds(seeds, src)

    def _proposals(self, screened: pl.DataFrame) -> pl.DataFrame:
        """Without seed pairs: English pairs proposed from screened lines, for review."""
        from aligner.build.proposals import propose_pairs
        from aligner.pairs.transfer import Languages

        langs = self.languages
        english = Languages(langs.en, langs.en_lexicon, langs.en, langs.en_lexicon)
        return propose_pairs(screened, english, self.config.min_stereotype)

    def align(self, cues: pl.DataFrame, candidates: pl.DataFrame) -> pl.DataFrame:
        from aligner.align.film import align_lines

        src = cues.filter(pl.col("lang") == self.config.src).sort("idx")
        tgt = cues.filter(pl.col("lang") == self.config.tgt).sort("idx")
        rows = sorted(set(candidates["src_idx"].drop_nulls().to_list()))
        if not rows:
            return frames.empty(frames.ALIGNMENT)
        return align_lines(src, tgt, rows, self.encoder)

    def transfer(self, candidates: pl.DataFrame, aligned: pl.DataFrame) -> pl.DataFrame:
        from aligner.pairs.transfer import transfer_pairs

        seeds = candidates.with_columns(
            cue_id=pl.coalesce(pl.col("src_cue_id"), pl.col("cue_id"))
        )
        return transfer_pairs(
            seeds, aligned, self.config.tgt, self.config.min_confidence, self.languages
        )

    def validate(self, pairs: pl.DataFrame) -> pl.DataFrame:
        from aligner.pairs.validate import validate_pairs

        langs = self.languages
        return validate_pairs(
            pairs, self.config.tgt, lexicon=langs.tgt_lexicon, parser=langs.parser
        )


def run_build(config: BuildConfig, force: frozenset[str] = frozenset()) -> BuildRun:
    """Run every stage for every matched film; failures are recorded per film.

    Forcing a stage redoes every stage after it too: their inputs are recomputed.
    """
    unknown = sorted(force - set(STAGES))
    if unknown:
        raise ConfigError(f"--force: unknown stage {unknown[0]!r}; stages: {', '.join(STAGES)}")
    if force:
        force = frozenset(STAGES[min(STAGES.index(stage) for stage in force):])
    from aligner.plugins import get_plugin

    for lang in (config.src, config.tgt):
        get_plugin(lang)  # an unknown language is a setup error: say so before anything else
    tgt_subs = config.tgt_subs or config.src_subs
    if config.release is not None:
        films, unmatched = release_films(config.release, config.src, config.tgt)
    else:
        films, unmatched = match_films(config.src_subs, tgt_subs, config.src, config.tgt)
    if not films:
        raise ConfigError(
            f"no film has both {config.src} and {config.tgt} subtitles in "
            f"{config.src_subs} and {tgt_subs} (files are named <film>.<lang>.<ext>)"
        )
    seeds = read_seed_pairs(config.pairs) if config.pairs else None
    run = BuildRun(config, unmatched=unmatched)
    run.store = StageStore(config.work_dir / config.tgt, force)
    # Proposals depend on the English lexicon, which the lexicon digest already covers.
    seeds_digest = file_digest(config.pairs) if config.pairs else "extract"
    stages = _Stages(config, seeds, seeds_digest)
    run.lexicons, run.plugins = stages.lexicons, stages.plugins
    settings = config.settings()
    plans = {film.film: _plan(film, stages, settings) for film in films}
    pending = any(run.store.pending("align", f, *plan["align"]) for f, plan in plans.items())
    if pending and config.engine == "local":
        # Ray workers may have devices this machine lacks; here the model must load.
        stages.load_encoder()
    _worker_stages[(config, seeds_digest)] = stages  # films run in this process reuse it
    jobs = [FilmJob(config, film, force, seeds, seeds_digest, plans[film.film]) for film in films]
    results = map_films(
        run_film_job,
        jobs,
        engine=config.engine,
        workers=config.jobs,
        description=f"Building {config.src}→{config.tgt}",
        show_progress=config.show_progress,
    )
    for result in results:
        run.films.append(result.outcome)
        run.store.ran.extend(result.ran)
        run.store.reused.extend(result.reused)
        for stage, seconds in result.seconds.items():
            run.seconds[stage] = run.seconds.get(stage, 0.0) + seconds
    return run


Plan = dict[str, tuple[dict, list[str]]]  # stage -> (settings it reads, keys of its inputs)


def _plan(film: FilmFiles, stages: _Stages, settings: dict) -> Plan:
    """Each stage's cache-key ingredients for ``film``, known before anything is computed:
    a stage's key depends on its inputs' keys, never on their contents."""
    langs = {"src": settings["src"], "tgt": settings["tgt"]}
    plan: Plan = {"ingest": (langs, [track_digest(film.src), track_digest(film.tgt)])}

    def key(stage: str) -> str:
        return stage_key(stage, *plan[stage])

    # Seed pairs are matched to lines without the lexicons; proposals are found with them.
    rules = [stages.lexicon_digest] if stages.seeds is None else []
    plan["screen"] = ({**langs, "categories": settings["categories"]},
                      [key("ingest"), stages.seeds_digest, stages.judge_digest, *rules])
    plan["candidates"] = ({**langs, "categories": settings["categories"],
                           "min_stereotype": settings["min_stereotype"]},
                          [key("ingest"), key("screen"), stages.seeds_digest, *rules])
    plan["align"] = ({**langs, "encoder": settings["encoder"], "device": settings["device"]},
                     [key("ingest"), key("candidates")])
    plan["transfer"] = ({**langs, "min_confidence": settings["min_confidence"],
                         "stanza_dir": settings["stanza_dir"]},
                        [key("candidates"), key("align"), stages.lexicon_digest])
    plan["validate"] = ({**langs, "stanza_dir": settings["stanza_dir"]},
                        [key("transfer"), stages.lexicon_digest])
    return plan


@dataclass(frozen=True)
class FilmJob:
    """What a worker needs to build one film, on any engine (it must pickle)."""

    config: BuildConfig
    film: FilmFiles
    force: frozenset[str]
    seeds: pl.DataFrame | None
    seeds_digest: str
    plan: Plan


@dataclass
class FilmResult:
    outcome: FilmOutcome
    ran: list[tuple[str, str]]
    reused: list[tuple[str, str]]
    seconds: dict[str, float]


_worker_stages: dict[tuple, _Stages] = {}


def run_film_job(job: FilmJob) -> FilmResult:
    """Every stage of one film; runs in a worker process, a Ray task, or this process.

    The stages (and the encoder they load) are kept per process, so a worker that
    builds many films loads its models once.
    """
    key = (job.config, job.seeds_digest)
    if key not in _worker_stages:
        _worker_stages[key] = _Stages(job.config, job.seeds, job.seeds_digest)
    run = BuildRun(job.config, store=StageStore(job.config.work_dir / job.config.tgt, job.force))
    outcome = _run_film(job.film, _worker_stages[key], run, job.plan)
    return FilmResult(outcome, run.store.ran, run.store.reused, run.seconds)


def _run_film(film: FilmFiles, stages: _Stages, run: BuildRun, plan: Plan) -> FilmOutcome:
    outcome = FilmOutcome(film.film)

    def timed(stage: str, compute) -> tuple:
        started = time.perf_counter()
        result = run.store.fetch_or_run(stage, film.film, *plan[stage], compute)
        run.seconds[stage] = run.seconds.get(stage, 0.0) + time.perf_counter() - started
        return result

    try:
        cues, _ = timed("ingest", lambda: stages.ingest(film))
        outcome.cues = cues
        screened, _ = timed("screen", lambda: stages.screen(cues))
        outcome.screened = screened
        candidates, _ = timed("candidates", lambda: stages.candidates(film.film, cues, screened))
        outcome.candidates = candidates
        aligned, k_align = timed("align", lambda: stages.align(cues, candidates))
        outcome.aligned, outcome.align_key = aligned, k_align
        pairs, _ = timed("transfer", lambda: stages.transfer(candidates, aligned))
        outcome.pairs, _ = timed("validate", lambda: stages.validate(pairs))
    except OutputError:
        raise  # a full disk is not this film's fault, and would fail every film after it
    except CineAlignError as err:
        outcome.error = err
    return outcome
