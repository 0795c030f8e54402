"""The bundled classifier judge: its weights, its numpy models, and what it says."""

import json

import numpy as np
import pytest

from aligner.errors import ModelUnavailableError
from aligner.screen.classifier import WEIGHTS, ClassifierJudge, features
from aligner.screen.judge import DIRECTIONS, GroupMention, ScreenLine
from aligner.screen.models import Logistic, RbfSvm, from_arrays, to_arrays


def line(text: str, *mentions: tuple[str, str, str]) -> ScreenLine:
    found = []
    for surface, concept, category in mentions:
        start = text.index(surface)
        found.append(GroupMention(surface, concept, category, start, start + len(surface),
                             concept in ("gender.he", "gender.she")))
    return ScreenLine(text, tuple(found))


@pytest.fixture(scope="module")
def judge():
    return ClassifierJudge()


def test_the_bundled_weights_rank_a_generalisation_above_an_address(judge):
    lines = [
        line("Women can't drive, everybody knows that.", ("Women", "gender.woman", "gender")),
        line("Dad, where are you going?", ("Dad", "gender.dad", "gender")),
        line("Old people are useless with computers.", ("Old", "age.old", "age")),
        line("My wife's waiting in the car.", ("wife", "gender.wife", "gender")),
    ]
    verdicts = judge.judge(lines)
    scores = [v.stereotype for v in verdicts]
    assert all(0.0 <= s <= 1.0 for s in scores)
    assert min(scores[0], scores[2]) > max(scores[1], scores[3])
    assert verdicts[0].category == "gender" and verdicts[0].target == "Women"
    assert verdicts[0].direction in DIRECTIONS and verdicts[0].rationale
    assert "a claim about 'Women' as a group" in verdicts[0].rationale


def test_a_line_without_people_is_still_judged(judge):
    [verdict] = judge.judge([line("That song is so bad.")])
    assert 0.0 <= verdict.stereotype <= 1.0 and verdict.category is None


def test_models_round_trip_through_arrays():
    rng = np.random.default_rng(0)
    svm = RbfSvm(rng.normal(size=3), np.ones(3), rng.normal(size=(4, 3)).astype(np.float32),
                 rng.normal(size=4), np.array([0.1]), np.array([0.5]), np.array([1.5, -0.2]))
    logistic = Logistic(np.zeros(3), np.ones(3), rng.normal(size=3), np.array([0.3]))
    arrays = {**to_arrays(svm, "s"), **to_arrays(logistic, "l")}
    x = rng.normal(size=(5, 3))
    np.testing.assert_allclose(from_arrays(RbfSvm, arrays, "s").probability(x), svm.probability(x))
    np.testing.assert_allclose(from_arrays(Logistic, arrays, "l").probability(x),
                               1 / (1 + np.exp(-(x @ logistic.coef + 0.3))))


def test_the_numpy_svm_reproduces_scikit_learn():
    from sklearn.svm import SVC
    from train_screen import fit_svm

    rng = np.random.default_rng(1)
    x = rng.normal(size=(120, 6))
    y = (x[:, 0] + 0.5 * rng.normal(size=120) > 0).astype(int)
    fitted = fit_svm(x, y, np.ones(len(y)), 1.0)  # raises when numpy and sklearn disagree
    z = (x - fitted.mean) / fitted.scale
    reference = SVC(C=1.0, kernel="rbf", gamma="scale", class_weight="balanced").fit(z, y)
    np.testing.assert_allclose(fitted.decision(x), reference.decision_function(z), atol=1e-6)
    assert np.corrcoef(fitted.probability(x), y)[0, 1] > 0.5


def test_a_broken_or_foreign_weights_file_is_one_clear_error(tmp_path):
    broken = tmp_path / "classifier.npz"
    broken.write_bytes(b"not a zip file")
    with pytest.raises(ModelUnavailableError, match="not a screening classifier"):
        ClassifierJudge(broken)
    with np.load(WEIGHTS) as arrays:
        content = dict(arrays)
    meta = json.loads(str(content["meta"]))
    meta["cues"] = list(reversed(meta["cues"]))
    content["meta"] = np.array(json.dumps(meta))
    other = tmp_path / "other.npz"
    np.savez(other, **content)
    with pytest.raises(ModelUnavailableError, match="fitted with other cues"):
        ClassifierJudge(other)
    with pytest.raises(ModelUnavailableError, match="no screening classifier"):
        ClassifierJudge(tmp_path / "missing.npz")


def test_the_score_blends_the_stereotype_and_usable_models(judge, tmp_path):
    """Weights fitted before the usable model existed still load: their score is the
    stereotype probability alone."""
    lines = [line("Women can't drive, everybody knows that.", ("Women", "gender.woman", "gender")),
             line("He told his people the truth.", ("He", "gender.he", "gender"))]
    blended = [v.stereotype for v in judge.judge(lines)]
    with np.load(WEIGHTS) as arrays:
        content = {k: v for k, v in arrays.items() if not k.startswith("usable.")}
    meta = json.loads(str(content["meta"]))
    weight = meta.pop("usable_weight")
    assert 0 < weight < 1
    content["meta"] = np.array(json.dumps(meta))
    older = tmp_path / "older.npz"
    np.savez(older, **content)
    alone = [v.stereotype for v in ClassifierJudge(older, encoders=judge.encoders).judge(lines)]
    assert blended != alone
    table = features(lines, judge.encoders)
    stereo = judge.stereotype_model.probability(table)
    usable = judge.usable_model.probability(table)
    np.testing.assert_allclose(alone, stereo, atol=1e-4)
    np.testing.assert_allclose(blended, (1 - weight) * stereo + weight * usable, atol=1e-4)
