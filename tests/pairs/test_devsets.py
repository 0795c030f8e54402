"""The pair layer against the hand-written dev sets (tests/data/pairs_*.csv), real language.

The same figures `scripts/eval_pairs.py` prints; here they are targets a change must keep.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from eval_pairs import (
    ACCEPT,
    REJECT,
    TRANSFER,
    corruptions,
    read_dev,
    transfer_on_dev,
    validator_on_gold,
)

DEV = Path(__file__).resolve().parent.parent / "data"
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module", params=["en", "et", "hi"])
def dev(request):
    return request.param, read_dev(DEV, request.param)


def test_dev_sets_are_large_enough(dev):
    lang, frame = dev
    assert frame.filter(frame["sent_less"].is_not_null()).height >= 150


def test_validator_accepts_the_gold_pairs(dev):
    result = validator_on_gold(*dev)
    assert result["accept_rate"] >= ACCEPT, result["rejected"]


def test_validator_rejects_every_kind_of_corruption(dev):
    result = corruptions(*dev)
    assert len(result["reject_rate"]) >= 6
    assert min(result["reject_rate"].values()) >= REJECT, result["accepted"]


@pytest.mark.parametrize("lang", ["et", "hi"])
def test_transfer_reproduces_the_gold_pairs_and_reasons(lang):
    result = transfer_on_dev(lang, read_dev(DEV, lang))
    assert result["equal_rate"] >= TRANSFER, result["misses"]
    assert result["reason_rate"] == 1.0, result["misses"]
