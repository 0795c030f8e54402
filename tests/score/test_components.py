"""Stereotype components: content without gender, precedence, review-safe writing, accuracy."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
import polars as pl
import pytest
from typer.testing import CliRunner

from aligner.cli.main import app
from aligner.errors import ConfigError, InputFormatError
from aligner.score.components import (
    COMPONENTS,
    ComponentClassifier,
    annotate_components,
    check_components,
    write_annotations,
)
from aligner.score.components.content import bracketed_content, pair_content, plain
from aligner.score.components.prototypes import Prototype, load_prototypes
from aligner.score.pairs import read_pairs

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
from eval_components import HELDOUT, evaluate  # noqa: E402


def test_pair_content_replaces_the_swapped_words():
    more = "It was his wife's duty to wash the dishes."
    less = "It was her husband's duty to wash the dishes."
    assert pair_content(more, less) == "It was someone's duty to wash the dishes."
    assert pair_content("Women can't drive.", "Men can't drive.") == "someone can't drive."


def test_prototype_brackets():
    assert bracketed_content("[She] is unsure of [herself].") == "someone is unsure of someone."
    assert plain("[She] is unsure of [herself].") == "She is unsure of herself."


class TableEncoder:
    """Unit vectors looked up by text: a deterministic stand-in for a sentence encoder."""

    id = "table"

    def __init__(self, vectors: dict[str, list[float]]):
        self.vectors = vectors
        self.dim = len(next(iter(vectors.values())))

    def encode(self, texts):
        rows = np.array([self.vectors[t] for t in texts], dtype=np.float32)
        return rows / np.linalg.norm(rows, axis=1, keepdims=True)


def _classifier(query: list[float], ambiguity: float) -> tuple[ComponentClassifier, str]:
    names = list(COMPONENTS)
    axes = {name: [float(i == j) for j in range(4)] for i, name in enumerate(names)}
    prototypes = [Prototype(name, f"proto {name}") for name in names]
    vectors = {bracketed_content(p.text): axes[p.component] for p in prototypes}
    vectors["query"] = query
    return ComponentClassifier(TableEncoder(vectors), prototypes, k=1, ambiguity=ambiguity), "query"


def test_a_clear_winner_needs_no_precedence():
    # nearest to personality, far from the rest
    classifier, text = _classifier([0.9, 0.1, 0.05, 0.0], ambiguity=0.01)
    (proposal,) = classifier.propose([text])
    assert proposal.component == "personality-traits" and not proposal.by_precedence
    assert proposal.runner_up == "attitudes-beliefs"
    assert proposal.margin == pytest.approx(proposal.score - classifier.scores([text])[0, 1])


def test_a_near_tie_goes_to_the_seeds_precedence():
    # personality a hair ahead of roles: roles and behaviours win, as annotators were told
    classifier, text = _classifier([0.701, 0.0, 0.7, 0.0], ambiguity=0.01)
    (proposal,) = classifier.propose([text])
    assert proposal.component == "roles-behaviors" and proposal.by_precedence
    strict, _ = _classifier([0.701, 0.0, 0.7, 0.0], ambiguity=0.0)
    assert strict.propose([text])[0].component == "personality-traits"


def test_bundled_prototypes_cover_every_component():
    prototypes = load_prototypes()
    assert {p.component for p in prototypes} == set(COMPONENTS)
    assert all("[" in p.text for p in prototypes if p.component == "personality-traits")


def test_prototype_file_errors(tmp_path):
    bad = tmp_path / "p.toml"
    bad.write_text('[personality-traits]\nexamples = ["x"]\n[warmth]\nexamples = ["y"]\n')
    with pytest.raises(ConfigError, match="unknown component.*warmth"):
        load_prototypes(bad)
    bad.write_text('[personality-traits]\nexamples = ["x"]\n')
    with pytest.raises(ConfigError, match=r"\[attitudes-beliefs\] needs"):
        load_prototypes(bad)
    bad.write_text("[personality-traits\n")
    with pytest.raises(ConfigError, match="not TOML") as caught:
        load_prototypes(bad)
    assert caught.value.line == 1


@pytest.fixture(scope="module")
def e5_classifier():
    from aligner.embed.registry import cached_encoder

    return ComponentClassifier(cached_encoder("e5-small", show_progress=False), load_prototypes())


def test_held_back_agreement_is_at_least_80_percent():
    agreement, matrix = evaluate(HELDOUT, "e5-small")
    assert matrix.sum() == 100
    assert agreement >= 0.8, matrix


def test_only_gender_pairs_are_labelled_and_line_is_dropped(e5_classifier):
    pairs = pl.DataFrame(
        {
            "pair_id": ["a", "b"],
            "sent_more": ["Women can't drive.", "Poor people are lazy."],
            "sent_less": ["Men can't drive.", "Rich people are lazy."],
            "bias_type": ["gender", "socioeconomic"],
            "line": [2, 3],
        }
    )
    annotated = annotate_components(pairs, e5_classifier)
    assert annotated["component"][0] in COMPONENTS and annotated["component"][1] is None
    assert "line" not in annotated.columns


def test_reviewer_decisions_survive_a_rerun(e5_classifier, tmp_path):
    pairs = read_pairs(HELDOUT).head(6)
    out = tmp_path / "annotated.csv"
    first = write_annotations(annotate_components(pairs, e5_classifier), out)
    assert (first.labelled, first.decisions_kept) == (6, 0)
    sheet = pl.read_csv(out)
    proposed = sheet["component_proposed"][1]
    other = next(c for c in COMPONENTS if c != proposed)
    sheet.with_columns(
        component=pl.when(pl.col("pair_id") == sheet["pair_id"][1])
        .then(pl.lit(other))
        .when(pl.col("pair_id") == sheet["pair_id"][2])
        .then(pl.lit(None))
        .otherwise("component")
    ).write_csv(out)
    again = write_annotations(annotate_components(pairs, e5_classifier), out)
    assert again.decisions_kept == 2
    merged = pl.read_csv(out)
    assert merged["component"][1] == other and merged["component"][2] is None
    assert merged["component_proposed"][1] == proposed


def test_a_typo_in_a_review_decision_names_its_line(e5_classifier, tmp_path):
    pairs = read_pairs(HELDOUT).head(3)
    out = tmp_path / "annotated.csv"
    write_annotations(annotate_components(pairs, e5_classifier), out)
    sheet = pl.read_csv(out)
    sheet.with_columns(component=pl.Series(["roles", None, None])).write_csv(out)
    with pytest.raises(InputFormatError, match="unknown component 'roles'") as caught:
        write_annotations(annotate_components(pairs, e5_classifier), out)
    assert caught.value.line == 2


def test_check_components_before_balancing():
    frame = pl.DataFrame({"component": ["roles-behaviors", "", "physical"], "line": [2, 3, 4]})
    with pytest.raises(InputFormatError, match="unknown component 'physical'") as caught:
        check_components(frame, "pairs.csv")
    assert caught.value.line == 4
    with pytest.raises(InputFormatError, match="align annotate components"):
        check_components(pl.DataFrame({"bias_type": ["gender"]}))


def test_annotate_then_score_balanced_by_component(seed_pairs_bert, tmp_path):
    runner = CliRunner()
    annotated = tmp_path / "heldout.components.csv"
    result = runner.invoke(app, ["annotate", "components", str(HELDOUT), "--out", str(annotated)])
    assert result.exit_code == 0, result.output
    assert "labelled 100 of 100 pairs" in result.output
    out = tmp_path / "score"
    args = ["score", str(annotated), "--model", str(seed_pairs_bert), "--out", str(out)]
    result = runner.invoke(app, [*args, "--balance-by", "component", "--resamples", "50"])
    assert result.exit_code == 0, result.output
    report = json.loads((out / "report.json").read_text())
    balanced = report["balanced"]
    assert balanced["by"] == "component" and sorted(balanced["groups"]) == sorted(COMPONENTS)
    scored = pl.read_csv(out / "scores.csv") if (out / "scores.csv").exists() else None
    frame = pl.read_parquet(out / "scores.parquet") if scored is None else scored
    means = [100 * (group["outcome"] == "more").mean() for _, group in frame.group_by("component")]
    assert balanced["score"] == pytest.approx(float(np.mean(means)))


def test_drop_others_writes_only_the_labelled_pairs(tmp_path):
    pairs = tmp_path / "mixed.csv"
    pairs.write_text(
        "sent_more,sent_less,bias_type\n"
        "Women can't drive.,Men can't drive.,gender\n"
        "Poor people are lazy.,Rich people are lazy.,socioeconomic\n",
        encoding="utf-8",
    )
    out = tmp_path / "only.csv"
    args = ["annotate", "components", str(pairs), "--out", str(out), "--drop-others"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert pl.read_csv(out)["bias_type"].to_list() == ["gender"]
