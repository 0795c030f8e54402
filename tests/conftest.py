"""Suite-wide settings: hypothesis runs derandomised so the suite is deterministic."""

from pathlib import Path

from hypothesis import HealthCheck, settings

settings.register_profile(
    "cinealign",
    derandomize=True,
    deadline=None,
    max_examples=60,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("cinealign")

REPO_ROOT = Path(__file__).resolve().parent.parent
SAMPLE_DIR = REPO_ROOT / "sample"
