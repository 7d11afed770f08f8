"""The worked example (examples/oh_hell_fitted_q.py): an agent that learns Oh Hell through the
Gymnasium environment with scikit-learn beats a random player over seeded deals.

The run is seeded throughout, so its figures are the same on every machine with the same
library versions; the check is on the paired difference's 95% confidence interval."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "oh_hell_fitted_q.py"


def load_example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("oh_hell_fitted_q", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_the_learned_agent_beats_random_over_seeded_deals() -> None:
    comparison = load_example().run(episodes=2000, rounds=3, deals=1500, seed=1)
    report = "\n".join(comparison.lines())
    print(report)
    mean, half_width = comparison.difference
    assert mean - half_width > 0, report


def test_the_example_refuses_a_run_without_deals() -> None:
    with pytest.raises(SystemExit):
        load_example().main(["--deals", "1"])
