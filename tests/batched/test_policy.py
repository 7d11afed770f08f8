"""The policy bot: the observation it builds from the engine's view is the batched env's at
the same step, its network is the one trained batched, and it plays whole matches through
``tricktable sim`` for every preset the batched env plays."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest

jax = pytest.importorskip(
    "jax", reason="the policy bot needs JAX (the `jax` extra; `dev` installs it)"
)
import jax.numpy as jnp  # noqa: E402

from tests.batched.test_euchre import OPENSPIEL, EuchreReplay  # noqa: E402
from tricktable.batched.euchre import EuchreEnv  # noqa: E402
from tricktable.batched.euchre_layout import ENGINE_ACTIONS, OBSERVATION_FIELDS  # noqa: E402
from tricktable.batched.policy import (  # noqa: E402
    ACTION_INDEX,
    PolicyBot,
    forward,
    init_params,
    legal_mask,
    load_params,
    save_params,
    view_observation,
)
from tricktable.bots import make_bot  # noqa: E402
from tricktable.cli.main import main  # noqa: E402
from tricktable.errors import RuleError  # noqa: E402
from tricktable.games import load_game  # noqa: E402

PRESETS = (
    OPENSPIEL,
    "euchre(preset=north_american)",
    "euchre(preset=canadian, target=null, stick_the_dealer=true)",
)
"""Rules the batched env plays: a single hand, a match to 10 (alone asked after the
discard), the Canadian loner (alone with the bid)."""


def field_differences(found: np.ndarray, expected: np.ndarray) -> list[str]:
    """The fields of the observation where ``found`` differs from ``expected``."""
    names, start = [], 0
    for name, size in OBSERVATION_FIELDS:
        if not np.array_equal(found[start : start + size], expected[start : start + size]):
            names.append(name)
        start += size
    return names


@pytest.mark.parametrize("spec", PRESETS)
def test_the_view_gives_the_batched_observation_at_every_step(spec: str) -> None:
    env = EuchreEnv.from_rules(spec, auto_reset=True)
    replay, batch = EuchreReplay(spec), 48
    step = jax.jit(jax.vmap(env.step))
    key = jax.random.PRNGKey(21)
    states = jax.vmap(env.init)(jax.random.split(key, batch))
    host = jax.device_get(states)
    references = [replay.deal_like(host, i) for i in range(batch)]
    rng = np.random.default_rng(21)
    compared = 0
    phases: set[str] = set()
    for number in range(70):
        actions = np.empty(batch, np.int32)
        for i, reference in enumerate(references):
            view = reference.view(reference.current_player)
            differing = field_differences(view_observation(view), host.observation[i])
            assert not differing, f"game {i}, step {number}: {differing} differ ({view.phase})"
            assert np.array_equal(legal_mask(view), host.legal_action_mask[i])
            compared += 1
            phases.add(view.phase)
            actions[i] = rng.choice(np.flatnonzero(host.legal_action_mask[i]))
            reference.apply(ENGINE_ACTIONS[actions[i]])
        key, sub = jax.random.split(key)
        states = step(states, jnp.asarray(actions), jax.random.split(sub, batch))
        host = jax.device_get(states)
        for i, reference in enumerate(references):
            if bool(host.terminated[i]):
                references[i] = replay.deal_like(host, i)
            elif reference.is_chance():  # a match's next hand
                replay.deal_like(host, i, reference)
    assert compared == 70 * batch
    assert {"bid1", "dealer_discard", "bid2", "play"} <= phases


def test_the_bot_runs_the_network_that_training_runs() -> None:
    params = init_params(np.random.default_rng(3), hidden=(16, 16))
    observations = np.random.default_rng(4).random((5, 250)) < 0.2
    by_numpy = forward(params, observations)
    by_jax = forward({k: jnp.asarray(v) for k, v in params.items()}, observations, jnp)
    for mine, theirs in zip(by_numpy, by_jax, strict=True):
        np.testing.assert_allclose(mine, np.asarray(theirs), rtol=1e-4, atol=1e-5)


def test_the_bot_plays_the_legal_action_the_network_scores_highest(tmp_path: Path) -> None:
    game = load_game(OPENSPIEL)
    state = game.new_state(0)
    state.deal_random(random.Random(5))
    view = state.view(state.current_player)
    params = init_params(np.random.default_rng(0), hidden=(4,))
    params["policy_b"] = np.zeros(60, np.float32)
    params["policy_b"][ACTION_INDEX["order"]] = 50.0
    params["policy_b"][0] = 100.0  # an illegal action scores higher still
    path = tmp_path / "weights.npz"
    save_params(path, params)
    bot = make_bot(f"policy(path={path})", game, trusted=True)
    assert bot.choose(view, random.Random(0)) == "order"
    params["policy_b"][ACTION_INDEX["pass"]] = 60.0
    assert PolicyBot(game, params=params).choose(view, random.Random(0)) == "pass"
    assert load_params(path).keys() == params.keys()


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("policy", "policy\\(path=FILE.npz\\)"),
        ("policy(path=missing.npz)", "cannot read policy weights"),
        ("policy(file=x.npz)", "policy has no setting file; settings: path"),
    ],
)
def test_a_bad_policy_spec_says_what_is_wrong(name: str, words: str) -> None:
    with pytest.raises(RuleError, match=words):
        make_bot(name, load_game(OPENSPIEL), trusted=True)


def test_a_game_the_batched_env_does_not_play_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "weights.npz"
    save_params(path, init_params(np.random.default_rng(0), hidden=(4,)))
    with pytest.raises(RuleError, match="farmers_hand"):
        make_bot(f"policy(path={path})", load_game("euchre(farmers_hand=true)"), trusted=True)
    with pytest.raises(RuleError, match="plays the batched euchre, not all_fours"):
        make_bot(f"policy(path={path})", load_game("all_fours"), trusted=True)


def test_a_file_of_other_weights_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.npz"
    np.savez(path, policy_w=np.zeros((3, 60)))
    with pytest.raises(RuleError, match="not a policy's weights"):
        load_params(path)


@pytest.mark.parametrize("spec", PRESETS)
def test_the_bot_plays_whole_matches_in_sim(
    spec: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "weights.npz"
    save_params(path, init_params(np.random.default_rng(1), hidden=(8,)))
    games = 4
    bots = f"policy(path={path}),random"
    code = main(["sim", "euchre", "--rules", spec, "--bots", bots, "--games", str(games), "--json"])
    assert code == 0
    report = json.loads(capsys.readouterr().out)
    assert report["matches"] == games and sum(report["wins"]) == games, report
    assert not report["forfeits"]
