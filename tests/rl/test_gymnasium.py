"""The Gymnasium environments: registered for every game, Gymnasium's checker, the bots
in the other seats."""

from __future__ import annotations

import random
import warnings
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from tests.rl.configurations import config_id, configurations
from tricktable.errors import RuleError
from tricktable.games import GAME_NAMES
from tricktable.rl.gymnasium import TricktableEnv, env_id

CONFIGURATIONS = configurations()
VECTOR_STEPS = 750
"""Steps of ``make_vec(num_envs=4)`` on each configuration: 3,000 decisions of the agent,
some hundreds of one-deal episodes (half a second a configuration)."""


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_game_is_registered_and_passes_the_checker(name: str) -> None:
    env = gymnasium.make(env_id(name), opponents="medium", max_deals=2)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # the raw scores and extras are unbounded
        check_env(env.unwrapped)


@pytest.mark.parametrize("config", CONFIGURATIONS, ids=config_id)
def test_one_deal_episodes_start_at_a_decision_of_the_agent(
    config: tuple[str, dict[str, Any], int],
) -> None:
    name, rules, players = config
    env = gymnasium.make(env_id(name), rules=rules, players=players, max_deals=1)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # the raw scores and extras are unbounded
        check_env(env.unwrapped)
    for seed in range(12):
        observation, info = env.reset(seed=seed)
        assert observation["action_mask"].sum() == len(info["legal"]) > 0


@pytest.mark.parametrize("config", CONFIGURATIONS, ids=config_id)
def test_vectorised_one_deal_episodes_run_thousands_of_steps(
    config: tuple[str, dict[str, Any], int],
) -> None:
    name, rules, players = config
    envs = gymnasium.make_vec(
        env_id(name), num_envs=4, rules=rules, players=players, max_deals=1, rewards="deal"
    )
    seed = CONFIGURATIONS.index(config)
    observations, _ = envs.reset(seed=seed)
    generator = np.random.default_rng(seed)
    ended = np.zeros(4, bool)
    episodes = 0
    for _ in range(VECTOR_STEPS):
        masks = observations["action_mask"]
        # after an episode's end the next step resets that environment, its action unused
        assert all(mask.any() for mask in masks[~ended])
        actions = [generator.choice(np.flatnonzero(mask)) if mask.any() else 0 for mask in masks]
        observations, _, terminated, truncated, _ = envs.step(np.array(actions))
        ended = terminated | truncated
        episodes += int(ended.sum())
    assert episodes > 4


@pytest.mark.parametrize(
    ("rules", "players"), [("euchre(preset=openspiel)", None), ("romanian_whist", 7)]
)
def test_every_point_of_the_agents_side_reaches_it(rules: str, players: int | None) -> None:
    """Deals in which the agent has no decision (its partner alone, no bid in the first
    deals) are played by the bots; their points come with the agent's next reward, or,
    where the agent has no decision in the whole episode, in ``skipped_returns``."""
    skipped = 0
    for seed in range(40):
        env = TricktableEnv(rules, players=players, max_deals=2, rewards="deal")
        observation, info = env.reset(seed=seed)
        skipped += len(info["skipped_returns"])
        state = env.match.state
        before = state.game.new_state(state.first_dealer).scores()
        generator = np.random.default_rng(seed)
        total, done = 0.0, False
        while not done:
            action = int(generator.choice(np.flatnonzero(observation["action_mask"])))
            observation, reward, terminated, truncated, info = env.step(action)
            total, done = total + reward, terminated or truncated
        game, side = state.game, next(n for n, seats in enumerate(state.game.sides) if 0 in seats)
        sign = -1 if game.scores_count_down else 1
        assert total == sign * (state.scores()[side] - before[side])
    one_deal = TricktableEnv(rules, players=players, max_deals=1, rewards="deal")
    returns = [one_deal.reset(seed=seed)[1]["skipped_returns"] for seed in range(40)]
    assert any(returns)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_an_episode_against_bots_reaches_its_end(name: str) -> None:
    env = TricktableEnv(name, opponents="easy", max_deals=2, rewards="deal")
    observation, info = env.reset(seed=4)
    generator = np.random.default_rng(4)
    done, steps = False, 0
    while not done:
        assert observation["action_mask"].sum() == len(info["legal"]) > 0
        action = int(generator.choice(np.flatnonzero(observation["action_mask"])))
        observation, _, terminated, truncated, info = env.step(action)
        done, steps = terminated or truncated, steps + 1
    assert steps > 0
    assert env.match.done


def test_the_same_seed_gives_the_same_episode() -> None:
    def episode(seed: int) -> list[float]:
        env = TricktableEnv("euchre", opponents="easy", max_deals=1, rewards="deal")
        observation, _ = env.reset(seed=seed)
        rewards, done = [], False
        while not done:
            action = int(np.flatnonzero(observation["action_mask"])[0])
            observation, reward, terminated, truncated, _ = env.step(action)
            rewards.append(reward)
            done = terminated or truncated
        return rewards

    assert episode(9) == episode(9)


def test_an_illegal_action_ends_the_episode() -> None:
    env = TricktableEnv("romanian_whist", players=4, illegal_reward=-3.0)
    observation, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated, info["illegal"]) == (-3.0, True, True)


def test_opponents_name_one_bot_per_other_seat() -> None:
    env = TricktableEnv("all_fours", players=3, seat=1, opponents=["random", "medium"])
    assert sorted(env.bots) == [0, 2]
    with pytest.raises(RuleError, match="opponents names 1 bots for 2 other seats"):
        TricktableEnv("all_fours", players=3, opponents=["random"])
    with pytest.raises(RuleError, match=r"seat must be a seat 0\.\.3, not 4"):
        TricktableEnv("euchre", seat=4)


def test_opponents_are_bot_specs_bots_or_policies() -> None:
    """``pimc(worlds=10)`` as the command line takes it; a Bot; a callable policy given the
    seat's observation (here a frozen copy of a first-legal-action agent, for self-play),
    whose every choice must be legal."""
    from tricktable.bots import make_bot
    from tricktable.games import load_game

    seen: list[int] = []

    def first_legal(observation: dict[str, Any]) -> int:
        seen.append(int(observation["observation"].shape[0]))
        return int(np.flatnonzero(observation["action_mask"])[0])

    game = load_game("euchre")
    env = TricktableEnv(
        game,
        seat=0,
        opponents=["pimc(worlds=10)", make_bot("easy", game, 2), first_legal],
        max_deals=1,
        rewards="deal",
    )
    assert type(env.bots[1]).__name__ == "PimcBot" and env.bots[1].worlds == 10
    observation, _ = env.reset(seed=3)
    done = False
    while not done:
        action = int(np.flatnonzero(observation["action_mask"])[0])
        observation, _, terminated, truncated, _ = env.step(action)
        done = terminated or truncated
    assert seen and set(seen) == {env.observation_space["observation"].shape[0]}
    cheat = TricktableEnv("euchre", opponents=lambda observation: 10**6, max_deals=1)
    with pytest.raises(RuleError, match="the policy of seat 1 chose action 1000000"):
        for seed in range(5):
            cheat.reset(seed=seed)
    with pytest.raises(RuleError, match="an opponent is a bot spec, a Bot or a callable"):
        TricktableEnv("euchre", opponents=[1, 2, 3])  # type: ignore[list-item]


def test_the_guide_names_every_registered_environment() -> None:
    guide = (Path(__file__).parents[2] / "docs" / "rl.md").read_text()
    for name in GAME_NAMES:
        short = env_id(name).removeprefix("tricktable/").removesuffix("-v0")
        assert f"`{short}`" in guide, short


def test_an_episode_starts_from_a_given_deal_or_a_records_position() -> None:
    from tricktable.games import load_game
    from tricktable.record import record_of, replay_record

    game = load_game("euchre")
    source = game.new_match(random.Random(4))
    source.deal_random(random.Random(4))
    deal = source.deals[0]
    env = TricktableEnv(game, opponents="easy", max_deals=1, rewards="deal")
    env.reset(seed=1, options={"deal": deal})
    assert env.match.state.deals[0] == deal
    while source.current_player != 0 or len(source.actions[0]) < 5:
        source.apply(source.legal_actions()[0])
    position = replay_record(record_of(source))
    observation, _ = env.reset(seed=2, options={"state": position})
    state = env.match.state
    assert state.actions[0][:5] == source.actions[0][:5] and state.deals[0] == deal
    assert observation["action_mask"].any()
    done = False
    while not done:
        action = int(np.flatnonzero(observation["action_mask"])[0])
        observation, _, terminated, truncated, _ = env.step(action)
        done = terminated or truncated
    assert len(env.match.state.deals) == 1
    with pytest.raises(RuleError, match="reset has no option record; options: state, deal"):
        env.reset(options={"record": "x"})
    with pytest.raises(RuleError, match="the position is of all_fours"):
        env.reset(options={"state": load_game("all_fours", players=4).new_match(random.Random(1))})
