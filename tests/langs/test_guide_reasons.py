"""docs/new-language.md §12 lists every reason code, with the message reasons.py gives it."""

from pathlib import Path

import pytest

from aligner.pairs.reasons import REASONS

GUIDE = (Path(__file__).parents[2] / "docs" / "new-language.md").read_text(encoding="utf-8")
TROUBLESHOOTING = GUIDE[GUIDE.index("## 12. When something goes wrong"):]


@pytest.mark.parametrize("code", sorted(REASONS))
def test_every_reason_code_is_in_the_troubleshooting_table(code):
    row = next((line for line in TROUBLESHOOTING.splitlines()
                if line.startswith(f"| `{code}`")), None)
    assert row is not None, f"§12 has no row for {code}"
    assert REASONS[code].template in row
