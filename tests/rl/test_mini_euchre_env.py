"""The mini euchre research game as a PettingZoo AEC environment: PettingZoo's API and seed
tests, rewards that are the OpenSpiel game's returns, and an observation that tells apart
exactly the information states the OpenSpiel game tells apart."""

from __future__ import annotations

import warnings

import numpy as np
import pyspiel
import pytest
from pettingzoo.test import api_test, seed_test

from tricktable.rl.mini_euchre import HAND_SIZES, SHORT_NAME
from tricktable.rl.mini_euchre_env import env, raw_env


@pytest.mark.parametrize("hand_size", HAND_SIZES)
def test_pettingzoos_api_and_seed_tests_pass(hand_size: int) -> None:
    api_test(env(hand_size), num_cycles=200)
    seed_test(lambda: env(hand_size), num_cycles=50)


def play(hand_size: int, seed: int) -> tuple[dict[str, float], list[str]]:
    """Random legal play of one deal: each agent's total reward, and the history of the
    OpenSpiel state under it."""
    table = env(hand_size)
    table.reset(seed=seed)
    generator = np.random.default_rng(seed)
    totals = dict.fromkeys(table.possible_agents, 0.0)
    for agent in table.agent_iter():
        observation, reward, terminated, truncated, _ = table.last()
        totals[agent] += reward
        if terminated or truncated:
            table.step(None)
            continue
        table.step(int(generator.choice(np.flatnonzero(observation["action_mask"]))))
    return totals, table.unwrapped.deal_state.history()


@pytest.mark.parametrize("hand_size", HAND_SIZES)
def test_the_rewards_are_the_openspiel_games_returns(hand_size: int) -> None:
    game = pyspiel.load_game(f"{SHORT_NAME}(hand_size={hand_size})")
    seen = set()
    for seed in range(60):
        totals, history = play(hand_size, seed)
        state = game.new_initial_state()
        for action in history:
            state.apply_action(action)
        assert state.is_terminal()
        assert [totals["player_0"], totals["player_1"]] == state.returns()
        seen.add(totals["player_0"])
    assert {-2.0, 2.0} <= seen  # a march and a euchre of eldest, at least


@pytest.mark.parametrize("hand_size", [1, 2])
def test_the_observation_is_the_information_state(hand_size: int) -> None:
    """Over every state of random deals, two observations of a seat are equal exactly when
    its information state strings are."""
    table = raw_env(hand_size)
    by_tensor: dict[bytes, str] = {}
    by_string: dict[str, bytes] = {}
    generator = np.random.default_rng(1)
    for seed in range(150):
        table.reset(seed=seed)
        while True:
            state = table.deal_state
            for seat, agent in enumerate(table.possible_agents):
                tensor = table.observe(agent)["observation"].tobytes()
                text = state.information_string(seat)
                assert by_tensor.setdefault(tensor, text) == text
                assert by_string.setdefault(text, tensor) == tensor
            if state.is_terminal():
                break
            table.step(int(generator.choice(state.legal_actions())))
    assert len(by_string) > 100


def test_an_illegal_action_ends_the_deal_with_the_illegal_reward() -> None:
    table = env(2, illegal_reward=-5.0)
    table.reset(seed=4)
    agent = table.agent_selection
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        table.step(7)  # a card, while a bid is due
    assert all(table.terminations.values())
    assert table.rewards[agent] == -5.0
