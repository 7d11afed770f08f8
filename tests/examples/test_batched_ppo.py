"""The learning example (examples/batched_ppo.py): PPO on the batched euchre. Its advantages
credit each of the learner's decisions with the rewards up to its next one, a few seconds of
training move the network, and the weights it saves play through the policy bot."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

jax = pytest.importorskip("jax", reason="the example needs JAX (the `jax` extra)")
pytest.importorskip("optax", reason="the example needs optax (the `jax` extra)")
import jax.numpy as jnp  # noqa: E402

from tricktable.batched.policy import init_params, load_params  # noqa: E402
from tricktable.cli.main import main  # noqa: E402

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "batched_ppo.py"


def load_example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("batched_ppo", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


def test_advantages_credit_the_learner_with_the_rewards_up_to_its_next_decision() -> None:
    # one game: learner, opponent (the hand ends: +2), then a finished hand's idle steps;
    # another: opponent, learner, opponent, learner (ends: -1), idle
    learner = [[1, 0], [0, 1], [0, 0], [0, 1]]
    reward = [[0, 0], [2, 0], [0, 0], [0, -1]]
    done = [[0, 0], [1, 0], [1, 0], [0, 1]]
    value = [[0.5, 9], [9, 0.25], [9, 9], [9, 0.5]]
    trajectory = {
        "learner": jnp.array(learner, bool),
        "reward": jnp.array(reward, jnp.float32),
        "done": jnp.array(done, bool),
        "value": jnp.array(value, jnp.float32),
    }
    advantage, returns = load_example().advantages(trajectory, gae_lambda=0.5)
    # game 0: its one decision returns the +2 that came after it
    assert returns[0, 0] == pytest.approx(2.0) and advantage[0, 0] == pytest.approx(1.5)
    assert not np.asarray(advantage[1:, 0]).any()
    # game 1: the last decision returns -1; the one before, its next value (0.5) as the
    # TD target, its advantage 0.25 plus lambda times the next one's (-1.5)
    assert returns[3, 1] == pytest.approx(-1.0) and advantage[3, 1] == pytest.approx(-1.5)
    assert advantage[1, 1] == pytest.approx(0.25 - 0.75)
    assert advantage[0, 1] == 0 and advantage[2, 1] == 0


def test_a_short_training_moves_the_network_and_its_weights_play_in_sim(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    example = load_example()
    out, history = tmp_path / "ppo.npz", tmp_path / "history.json"
    code = example.main(
        ["--iterations", "3", "--batch", "32", "--out", str(out), "--history", str(history)]
    )
    assert code == 0
    rows = json.loads(history.read_text())["history"]
    assert [row["iteration"] for row in rows] == [1, 2, 3]
    assert all(row["hands_over"] == 1.0 for row in rows)  # every hand played to its end
    assert all(np.isfinite(row["value_loss"]) and row["decisions"] > 0 for row in rows)
    assert len({row["policy_loss"] for row in rows}) == 3
    trained, fresh = load_params(out), init_params(np.random.default_rng(0))
    assert trained.keys() == fresh.keys()
    assert any(not np.allclose(trained[name], fresh[name]) for name in fresh)
    capsys.readouterr()
    bots = f"policy(path={out}),random"
    assert main(["sim", "euchre", "--rules", "openspiel", "--bots", bots, "--games", "2"]) == 0
    assert "2 matches" in capsys.readouterr().out


def test_ppo_steps_lower_the_loss_on_a_rollout() -> None:
    import optax

    example = load_example()
    settings = example.Settings(batch=16, hidden=(16,))
    env = example.EuchreEnv.from_rules(example.RULES)
    params = {k: jnp.asarray(v) for k, v in init_params(np.random.default_rng(1), (16,)).items()}
    trajectory = example.rollout(env, params, jax.random.PRNGKey(1), settings.batch)
    advantage, returns = example.advantages(trajectory, settings.gae_lambda)
    data = {**trajectory, "advantage": advantage, "returns": returns}
    flat = {name: value.reshape(-1, *value.shape[2:]) for name, value in data.items()}
    optimizer = optax.adam(1e-2)
    opt_state = optimizer.init(params)

    @jax.jit
    def update(params: dict[str, Any], opt_state: object) -> tuple[Any, ...]:
        (loss, _), grads = jax.value_and_grad(example.ppo_loss, has_aux=True)(
            params, flat, settings
        )
        updates, opt_state = optimizer.update(grads, opt_state, params)
        return optax.apply_updates(params, updates), opt_state, loss

    losses = []
    for _ in range(10):
        params, opt_state, loss = update(params, opt_state)
        losses.append(float(loss))
    assert losses[-1] < losses[0] - 0.1, losses
