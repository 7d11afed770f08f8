"""The outcome model's plain-Python inference and its JSON weights (``tricktable.learn.model``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tricktable.learn.model import ModelError, OutcomeModel


def small_model() -> OutcomeModel:
    return OutcomeModel(
        mean=(1.0, 0.0),
        scale=(2.0, 1.0),
        hidden=((0.5, -0.25), (0.1, 0.3), (-0.2, 0.4)),
        hidden_bias=(0.0, 0.1, -0.1),
        out=((0.1, 0.2, 0.3), (0.0, -0.1, 0.2), (0.3, 0.0, -0.2), (0.2, 0.1, 0.0)),
        out_bias=(0.5, 0.0, -0.5, -1.0),
        hit=(0.2, 0.0, 0.1),
        hit_bias=0.8,
        miss=(0.0, 0.1, 0.0),
        miss_bias=-0.3,
        meta={"seed": 3},
    )


def test_chances_cover_the_outcomes_up_to_most_and_sum_to_one() -> None:
    model = small_model()
    for most in range(model.outcomes):
        chances = model.chances([0.5, 2.0], aim=min(1, most), most=most)
        assert len(chances) == most + 1
        assert sum(chances) == pytest.approx(1.0)
        assert all(p > 0 for p in chances)


def test_the_aims_score_moves_chance_to_the_aim() -> None:
    model = small_model()
    low, high = model.chances([0.5, 2.0], aim=0, most=3), model.chances([0.5, 2.0], aim=2, most=3)
    assert high[2] > low[2] and low[0] > high[0]


def test_weights_survive_json_and_a_file(tmp_path: Path) -> None:
    model = small_model()
    assert OutcomeModel.from_json(model.to_json()) == model
    path = tmp_path / "model.json"
    model.save(path)
    loaded = OutcomeModel.load(path)
    assert loaded == model and loaded.meta == {"seed": 3}


def test_inputs_and_outcomes_that_do_not_fit_are_refused() -> None:
    model = small_model()
    with pytest.raises(ModelError, match="takes 2 inputs, not 3"):
        model.chances([0.0, 0.0, 0.0], aim=0, most=1)
    with pytest.raises(ModelError, match=r"outcomes 0\.\.3, not up to 4"):
        model.chances([0.0, 0.0], aim=0, most=4)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"kind": "other"}, "not an outcome model"),
        ({"hit_bias": None}, "not numbers"),
        ({"scale": [1.0]}, "scale has 1 inputs"),
        ({"out_bias": [0.0]}, "out_bias is not 4 long"),
        ({"scale": [1.0, 0.0]}, "a scale is not positive"),
    ],
)
def test_bad_weights_are_refused_by_name(change: dict[str, Any], message: str) -> None:
    data = {**small_model().to_json(), **change}
    with pytest.raises(ModelError, match=message):
        OutcomeModel.from_json(data)


def test_a_missing_field_is_named() -> None:
    data = small_model().to_json()
    del data["miss"]
    with pytest.raises(ModelError, match="no field 'miss'"):
        OutcomeModel.from_json(data)
