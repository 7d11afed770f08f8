"""The PettingZoo environment of every game: PettingZoo's own API and seed tests, the
reward options, and illegal actions."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test
from pettingzoo.utils import wrappers

from tricktable.errors import RuleError
from tricktable.games import GAME_NAMES, load_game, player_counts
from tricktable.rl.pettingzoo import env, raw_env


def settings() -> list[tuple[str, int]]:
    return [(name, players) for name in GAME_NAMES for players in player_counts(name)]


@pytest.mark.parametrize(("name", "players"), settings())
def test_api_and_seed_tests_pass(name: str, players: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # the Dict space, as classic envs get
        api_test(env(name, players=players, max_deals=2), num_cycles=60)
        seed_test(lambda: env(name, players=players, max_deals=2), num_cycles=60)


def play_out(table: Any, seed: int) -> dict[str, float]:
    """Play random legal actions to the end; each agent's summed rewards."""
    table.reset(seed=seed)
    totals: dict[str, float] = dict.fromkeys(table.possible_agents, 0.0)
    generator = np.random.default_rng(seed)
    for agent in table.agent_iter():
        observation, reward, terminated, truncated, _ = table.last()
        totals[agent] += reward
        if terminated or truncated:
            table.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        table.step(int(generator.choice(legal)))
    return totals


@pytest.mark.parametrize("name", GAME_NAMES)
def test_match_rewards_name_the_winner(name: str) -> None:
    table = env(name)
    totals = play_out(table, seed=11)
    state = table.unwrapped.match.state
    assert state.is_terminal()
    game = state.game
    winner = state.winner()
    sides = [winner] if isinstance(winner, int) else winner
    for seat, agent in enumerate(table.possible_agents):
        side = next(n for n, members in enumerate(game.sides) if seat in members)
        expected = (1.0 if len(sides) == 1 else 0.0) if side in sides else -1.0
        assert totals[agent] == expected


@pytest.mark.parametrize("name", GAME_NAMES)
def test_deal_rewards_add_up_to_the_score(name: str) -> None:
    table = env(name, rewards="deal", max_deals=3)
    totals = play_out(table, seed=5)
    state = table.unwrapped.match.state
    sign = -1 if state.game.scores_count_down else 1
    start = state.game.new_state(0).scores()
    for seat, agent in enumerate(table.possible_agents):
        side = next(n for n, members in enumerate(state.game.sides) if seat in members)
        assert totals[agent] == sign * (state.scores()[side] - start[side])


def test_an_illegal_action_ends_the_match_against_its_maker() -> None:
    table = env("euchre", illegal_reward=-5.0)
    table.reset(seed=2)
    observation, *_ = table.last()
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    maker = table.agent_selection
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        table.step(illegal)
    assert all(table.terminations.values())
    assert table.rewards[maker] == -5.0


def test_the_wrappers_are_pettingzoos_and_read_the_environment_itself() -> None:
    table = env("euchre")
    assert isinstance(table, wrappers.OrderEnforcingWrapper)
    assert isinstance(table.env, wrappers.AssertOutOfBoundsWrapper)
    assert isinstance(table.env.env, wrappers.TerminateIllegalWrapper)
    assert str(table) == "tricktable_euchre_v0"
    for name in ("agent_selection", "terminations", "infos"):
        with pytest.raises(AttributeError, match=f"{name} cannot be accessed before reset"):
            getattr(table, name)
    table.reset(seed=1)
    raw = table.unwrapped
    for layer in (table, table.env, table.env.env):
        assert layer.agent_selection == raw.agent_selection
        assert layer.agents is raw.agents
        for name in ("rewards", "terminations", "truncations", "infos", "_cumulative_rewards"):
            assert getattr(layer, name) is getattr(raw, name)
    observation, *_ = table.last()
    table.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert table.agent_selection == raw.agent_selection
    assert table.rewards is raw.rewards


@pytest.mark.parametrize("kind", ["information_state", "observation"])
@pytest.mark.parametrize(
    "rules",
    ["euchre(preset=north_american)", "romanian_whist(forehead=first_and_last)", "all_fours"],
)
def test_observations_are_the_encoding_of_the_seats_view(kind: str, rules: str) -> None:
    """What the environment keeps step by step is exactly the encoding of the seat's
    ``SeatView`` (which the hidden-card scan of tests/games/test_encoding.py reads), for
    every seat, over several deals."""
    table = raw_env(rules, observation=kind, rewards="deal", max_deals=3)
    table.reset(seed=4)
    match = table.match
    encoder = match.encoder
    generator = np.random.default_rng(4)
    steps = 0
    while not match.done:
        for agent, seat in table.agent_seat.items():
            observed = table.observe(agent)
            view = match.state.view(seat)
            expected = (
                encoder.information_state(view)
                if kind == "information_state"
                else encoder.observation(view)
            )
            assert observed["observation"].tolist() == expected
            assert observed["action_mask"].tolist() == encoder.action_mask(view)
        legal = np.flatnonzero(table.observe(table.agent_selection)["action_mask"])
        table.step(int(generator.choice(legal)))
        steps += 1
    assert len(match.state.deals) == 3 and steps >= 3 * match.game.players


def test_the_present_only_is_smaller() -> None:
    full = raw_env("all_fours", players=3)
    present = raw_env("all_fours", players=3, observation="observation")
    big = full.observation_space("player_0")["observation"].shape[0]
    small = present.observation_space("player_0")["observation"].shape[0]
    assert small < big
    present.reset(seed=1)
    assert present.observe("player_1")["observation"].shape == (small,)


def test_a_game_object_or_rule_string_is_taken() -> None:
    table = raw_env("euchre(preset=cornish)")
    assert table.match.game.rules.joker_upcard == "blind_call"
    assert raw_env(load_game("all_fours", players=4)).possible_agents[-1] == "player_3"
    with pytest.raises(RuleError, match="rewards cannot be 'trick'; allowed: match, deal"):
        raw_env("euchre", rewards="trick")
    with pytest.raises(RuleError, match="give rules and players in the game's rule string"):
        raw_env(load_game("euchre"), players=4)
