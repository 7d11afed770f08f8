"""bench/jax.py: its random agent takes only legal actions, each as often as the others."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

jax = pytest.importorskip(
    "jax", reason="the batched engine needs JAX (the `jax` extra; `dev` installs it)"
)

BENCH = Path(__file__).resolve().parents[2] / "bench" / "jax.py"


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    """The script as a module (under another name: ``jax`` is JAX's)."""
    spec = importlib.util.spec_from_file_location("bench_jax", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_the_random_agent_takes_each_legal_action_alike(bench: ModuleType) -> None:
    masks = np.zeros((6000, 60), bool)
    masks[:, [3, 17, 48]] = True
    words = jax.random.bits(jax.random.PRNGKey(0), (6000,), jax.numpy.uint32)
    chosen = np.asarray(bench.random_legal(jax.numpy.asarray(masks), words))
    counts = np.bincount(chosen, minlength=60)
    assert set(np.flatnonzero(counts)) == {3, 17, 48}
    assert counts[[3, 17, 48]].min() > 1800


def test_the_whist_games_are_the_presets_they_name(bench: ModuleType) -> None:
    oh_hell, romanian = bench.make_env("oh_hell"), bench.make_env("romanian_whist")
    assert oh_hell.rules.sizes == (bench.OH_HELL_SIZE,) and oh_hell.cards == 52
    assert len(romanian.rules.sizes) == 24 and romanian.cards == 32
    assert oh_hell.auto_reset and romanian.auto_reset
    assert bench.openspiel_decisions("romanian_whist") is None  # OpenSpiel has no schedule
