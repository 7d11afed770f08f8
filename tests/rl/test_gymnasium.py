"""The Gymnasium environments: registered for every game, Gymnasium's checker, the bots
in the other seats."""

from __future__ import annotations

import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from tricktable.errors import RuleError
from tricktable.games import GAME_NAMES
from tricktable.rl.gymnasium import TricktableEnv, env_id


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_game_is_registered_and_passes_the_checker(name: str) -> None:
    env = gymnasium.make(env_id(name), opponents="medium", max_deals=2)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # unbounded scores, no render fps
        check_env(env.unwrapped)


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
