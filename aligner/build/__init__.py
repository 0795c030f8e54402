"""The whole pipeline as one resumable build (``align build``)."""

from aligner.build.config import BuildConfig, load_config_file, resolve_config
from aligner.build.outputs import write_outputs
from aligner.build.pipeline import STAGES, BuildRun, run_build

__all__ = [
    "STAGES",
    "BuildConfig",
    "BuildRun",
    "load_config_file",
    "resolve_config",
    "run_build",
    "write_outputs",
]
