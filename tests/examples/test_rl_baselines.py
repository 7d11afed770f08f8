"""The baselines' training script (examples/rl_baselines.py): a few PPO updates run, write
their learning curve, evaluation and weights, and repeat exactly from a seed; the networks'
gradients are the derivatives of their outputs."""

from __future__ import annotations

import csv
import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "rl_baselines.py"


def load_example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("rl_baselines", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


def train(out: Path) -> None:
    load_example().main(
        [
            "train",
            *("--game", "euchre", "--opponents", "random"),
            *("--updates", "2", "--episodes", "6", "--hidden", "8", "--eval-deals", "4"),
            *("--seed", "3", "--out", str(out)),
        ]
    )


def test_a_short_run_writes_its_curve_evaluation_and_weights(tmp_path: Path) -> None:
    train(tmp_path / "run")
    with (tmp_path / "run" / "curve.csv").open() as handle:
        rows = list(csv.DictReader(handle))
    assert [int(row["update"]) for row in rows] == [1, 2]
    assert [int(row["deals"]) for row in rows] == [6, 12]
    result = json.loads((tmp_path / "run" / "result.json").read_text())
    assert result["deals"] == 12 and result["game"] == "euchre"
    for opponents in ("random", "medium"):
        figures = result["evaluation"][opponents]
        assert figures["deals"] == 4
        for name in ("agent", "random", "medium", "agent - random", "agent - medium"):
            assert figures[name]["low"] <= figures[name]["mean"] <= figures[name]["high"]
    weights = np.load(tmp_path / "run" / "policy.npz")
    assert weights["policy_0"].shape[1] == 8 and weights["value_2"].shape == (8, 1)


def test_a_run_repeats_exactly_from_its_seed(tmp_path: Path) -> None:
    train(tmp_path / "one")
    train(tmp_path / "two")
    for name in ("curve.csv", "result.json"):
        first, second = ((tmp_path / run / name).read_text() for run in ("one", "two"))
        if name == "curve.csv":  # the seconds differ
            first, second = (
                [row[:4] for row in csv.reader(text.splitlines())] for text in (first, second)
            )
        else:
            first, second = (json.loads(text)["evaluation"] for text in (first, second))
        assert first == second


def test_the_network_gradients_are_the_outputs_derivatives() -> None:
    example = load_example()
    rng = np.random.default_rng(0)
    network = example.Network.new(5, 4, 3, rng, 1.0)
    x = rng.standard_normal((2, 5))
    weights = rng.standard_normal((2, 3))  # the gradient of sum(weights * outputs)
    outputs, hidden = network.forward(x)
    grads = network.backward(x, hidden, weights)
    for param, grad in zip(network.parameters(), grads, strict=True):
        index = tuple(rng.integers(size) for size in param.shape)
        param[index] += 1e-6
        up = float((weights * network.forward(x)[0]).sum())
        param[index] -= 2e-6
        down = float((weights * network.forward(x)[0]).sum())
        param[index] += 1e-6
        assert grad[index] == pytest.approx((up - down) / 2e-6, rel=1e-4, abs=1e-7)
    assert outputs.shape == (2, 3)


def test_the_plot_shows_each_runs_curve(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    train(tmp_path / "run")
    out = tmp_path / "curves.png"
    load_example().main(["plot", str(tmp_path / "run"), "--out", str(out)])
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
