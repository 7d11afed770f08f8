"""An agent learns Oh Hell with scikit-learn through tricktable's Gymnasium environment.

The agent holds one seat of a five-card deal of Oh Hell (Romanian whist's ``oh_hell``
preset) for four players; tricktable's ``random`` bots hold the others. It learns by Monte
Carlo fitted Q-iteration: it plays deals, records each decision's observation tensor and
action with the deal's final reward (the points the seat scored), fits one ridge regression
per action on those returns (``Q(observation, action)``), then plays again greedily on that
fit with a little exploration and refits on everything seen. Nothing about the game is told to
it but the environment's observation and legal-action mask: it must discover how many tricks
a hand can take, bid that, and play to make it.

It is then compared with a uniformly random player in the same seat over the same seeded deals
(paired: the same cards and the same bots' generator for both), with 95% confidence intervals.

    pip install 'tricktable[rl,examples]'
    python examples/oh_hell_fitted_q.py [--episodes 3000] [--rounds 4] [--deals 2000] [--seed 1]

Everything is drawn from generators seeded with ``--seed``, so a run repeats exactly.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import gymnasium
import numpy as np
from numpy.typing import NDArray
from sklearn.linear_model import Ridge

import tricktable.rl.gymnasium  # noqa: F401 - registers tricktable/<Game>-v0

Vector = NDArray[np.float64]
Policy = Callable[[Vector, NDArray[np.intp]], int]
"""A player: the observation tensor and the legal action indices in, an action index out."""

EXPLORATION = 0.1
"""The share of decisions played at random while collecting deals after the first round."""


def make_env() -> gymnasium.Env[Any, Any]:
    """One seat of a single five-card deal of Oh Hell against three ``random`` bots, rewarded
    with the points the seat scores."""
    return gymnasium.make(
        "tricktable/RomanianWhist-v0",
        rules={"preset": "oh_hell", "hand_size": 5},
        players=4,
        opponents="random",
        observation="observation",
        rewards="deal",
        max_deals=1,
    )


def play_deal(
    env: gymnasium.Env[Any, Any], deal_seed: int, policy: Policy
) -> tuple[list[tuple[Vector, int]], float]:
    """Play one deal (``env.reset(seed=deal_seed)``): the agent's decisions (observation,
    action) and its total reward."""
    observation, _ = env.reset(seed=deal_seed)
    decisions: list[tuple[Vector, int]] = []
    total = 0.0
    done = False
    while not done:
        tensor = observation["observation"].astype(np.float64)
        action = policy(tensor, np.flatnonzero(observation["action_mask"]))
        decisions.append((tensor, action))
        observation, reward, terminated, truncated, _ = env.step(action)
        total += float(reward)
        done = terminated or truncated
    return decisions, total


def random_policy(rng: np.random.Generator) -> Policy:
    """A uniformly random legal action, drawn from ``rng``."""
    return lambda observation, legal: int(rng.choice(legal))


@dataclass(frozen=True)
class LinearQ:
    """An action-value function linear in the observation, one weight row per action:
    ``Q(o, a) = weights[a] @ o + bias[a]`` (actions never seen are never chosen)."""

    weights: NDArray[np.float64]
    bias: NDArray[np.float64]

    @classmethod
    def fit(
        cls, decisions: list[tuple[Vector, int]], returns: list[float], actions: int
    ) -> LinearQ:
        """Fit a ridge regression of the return on the observation for each action taken."""
        observations = np.array([observation for observation, _ in decisions])
        taken = np.array([action for _, action in decisions])
        targets = np.array(returns)
        weights = np.zeros((actions, observations.shape[1]))
        bias = np.full(actions, -math.inf)
        for action in np.unique(taken):
            rows = taken == action
            model = Ridge(alpha=10.0).fit(observations[rows], targets[rows])
            weights[action] = model.coef_
            bias[action] = model.intercept_
        return cls(weights, bias)

    def policy(self, rng: np.random.Generator, exploration: float = 0.0) -> Policy:
        """The legal action of highest value (a random one with chance ``exploration``)."""

        def choose(observation: Vector, legal: NDArray[np.intp]) -> int:
            if len(legal) > 1 and exploration and rng.random() < exploration:
                return int(rng.choice(legal))
            values = self.weights[legal] @ observation + self.bias[legal]
            return int(legal[int(np.argmax(values))])

        return choose


def train(
    env: gymnasium.Env[Any, Any], episodes: int, rounds: int, rng: np.random.Generator
) -> LinearQ:
    """Monte Carlo fitted Q-iteration: ``rounds`` rounds of ``episodes`` deals each (the first
    played at random, the others by the latest fit with exploration), refitting on all."""
    decisions: list[tuple[Vector, int]] = []
    returns: list[float] = []
    actions = int(env.action_space.n)  # type: ignore[attr-defined]
    q: LinearQ | None = None
    for _ in range(rounds):
        policy = random_policy(rng) if q is None else q.policy(rng, EXPLORATION)
        for _ in range(episodes):
            deal, total = play_deal(env, int(rng.integers(2**31)), policy)
            decisions.extend(deal)
            returns.extend([total] * len(deal))
        q = LinearQ.fit(decisions, returns, actions)
    assert q is not None, "train needs at least one round"
    return q


def interval(values: NDArray[np.float64]) -> tuple[float, float]:
    """The mean and the half-width of its 95% confidence interval (normal approximation)."""
    return float(values.mean()), 1.96 * float(values.std(ddof=1)) / math.sqrt(len(values))


@dataclass(frozen=True)
class Comparison:
    """Mean points per deal of the learned and the random player over the same deals, and
    of their difference, each with the half-width of its 95% confidence interval."""

    learned: tuple[float, float]
    random: tuple[float, float]
    difference: tuple[float, float]

    def lines(self) -> list[str]:
        """The comparison in words."""
        return [
            f"{name:<24}{mean:+.2f} points per deal (95% CI {mean - half:+.2f} to "
            f"{mean + half:+.2f})"
            for name, (mean, half) in (
                ("learned (fitted Q)", self.learned),
                ("random", self.random),
                ("learned - random", self.difference),
            )
        ]


def evaluate(
    env: gymnasium.Env[Any, Any], q: LinearQ, deals: int, rng: np.random.Generator
) -> Comparison:
    """The greedy learned player and a random player, each on the same ``deals`` seeded
    deals."""
    greedy, chooser = q.policy(rng), random_policy(rng)
    learned, uniform = np.zeros(deals), np.zeros(deals)
    for index in range(deals):
        deal_seed = int(rng.integers(2**31))
        learned[index] = play_deal(env, deal_seed, greedy)[1]
        uniform[index] = play_deal(env, deal_seed, chooser)[1]
    return Comparison(interval(learned), interval(uniform), interval(learned - uniform))


def run(episodes: int, rounds: int, deals: int, seed: int) -> Comparison:
    """Train, then evaluate on deals never trained on, everything drawn from ``seed``."""
    train_rng, evaluation_rng = np.random.default_rng(seed).spawn(2)
    env = make_env()
    q = train(env, episodes, rounds, train_rng)
    return evaluate(env, q, deals, evaluation_rng)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=3000, help="deals per training round")
    parser.add_argument("--rounds", type=int, default=4, help="rounds of play and refit")
    parser.add_argument("--deals", type=int, default=2000, help="deals of the evaluation")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    for name in ("episodes", "rounds", "deals"):
        if getattr(args, name) < (2 if name == "deals" else 1):
            parser.error(f"--{name} must be at least {2 if name == 'deals' else 1}")
    comparison = run(args.episodes, args.rounds, args.deals, args.seed)
    print(
        f"Oh Hell, 4 players, 5 cards, against random bots: {args.rounds} x {args.episodes}"
        f" training deals, {args.deals} evaluation deals (seed {args.seed})"
    )
    print("\n".join(comparison.lines()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
