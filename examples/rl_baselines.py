"""Baselines: a PPO agent learns one seat of Euchre or Oh Hell through the Gymnasium
environment, against tricktable's ``random`` or ``medium`` bots.

A short, single-file, CleanRL-style proximal policy optimisation in NumPy (no deep-learning
framework): a policy network and a value network, each one hidden layer of ``tanh`` units,
trained on one-deal episodes (``max_deals=1``) of the present observation
(``observation="observation"``) with the legal-action mask applied to the policy's logits.
Each update plays ``--episodes`` deals with the sampling policy, takes the return of each
decision (the deal's reward, undiscounted) less the value network's estimate as its
advantage, and makes ``--epochs`` passes of clipped-ratio policy steps and value steps
(Adam) over minibatches.

* **Euchre**: ``tricktable/Euchre-v0`` (the default preset), the agent in seat 0, rewarded
  with the deal's ``margin``: its side's points less the other side's.
* **Oh Hell**: ``tricktable/RomanianWhist-v0``, the ``oh_hell`` preset for four players with
  five cards a hand, rewarded with the points the seat scores (``deal``).

After training, the greedy agent (the legal action of highest probability) plays
``--eval-deals`` seeded deals against ``random`` bots and against ``medium`` bots, and so do
a uniformly random player and tricktable's ``medium`` bot in the same seat over the same
deals (the same cards and the same bots' generator: paired); each figure comes with its 95%
confidence interval, the differences too.

    pip install 'tricktable[rl,plots]'
    python examples/rl_baselines.py train --game euchre --opponents random --out runs/euchre-random
    python examples/rl_baselines.py plot runs/* --out docs/img/rl_baselines.png

A run writes ``curve.csv`` (one row an update: deals, decisions, the mean training reward,
seconds), ``result.json`` (the evaluation and the run's settings) and ``policy.npz`` (the
weights) under ``--out``. Every generator is seeded from ``--seed``, so a run repeats exactly.
"""

from __future__ import annotations

import os

# The matrices are small: one BLAS thread is quicker than several fighting for shared cores
# (set before NumPy loads its BLAS).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import argparse
import csv
import json
import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
from numpy.typing import NDArray

import tricktable.rl.gymnasium  # noqa: F401 - registers tricktable/<Game>-v0
from tricktable.bots import make_bot
from tricktable.bots.base import Bot

Array = NDArray[np.float64]
Chooser = Callable[[dict[str, NDArray[Any]], gymnasium.Env[Any, Any]], int]
"""A player of the agent's seat: the observation and the environment in, an action index
out."""


@dataclass(frozen=True)
class Setting:
    """One game as the baselines play it."""

    title: str
    env_id: str
    options: dict[str, Any]
    rewards: str
    unit: str


SETTINGS = {
    "euchre": Setting("Euchre", "tricktable/Euchre-v0", {}, "margin", "points won less conceded"),
    "oh_hell": Setting(
        "Oh Hell (4 players, 5 cards)",
        "tricktable/RomanianWhist-v0",
        {"rules": {"preset": "oh_hell", "hand_size": 5}, "players": 4},
        "deal",
        "points",
    ),
}
OPPONENTS = ("random", "medium")
SMOOTHING = 10
"""Updates in the plotted moving mean of the training reward."""


def make_env(game: str, opponents: str) -> gymnasium.Env[Any, Any]:
    """Seat 0 of one deal of ``game`` against ``opponents`` bots."""
    setting = SETTINGS[game]
    return gymnasium.make(
        setting.env_id,
        opponents=opponents,
        observation="observation",
        rewards=setting.rewards,
        max_deals=1,
        **setting.options,
    )


# -- the networks -------------------------------------------------------------------------------
@dataclass
class Network:
    """One hidden layer of ``tanh`` units: ``tanh(x w1 + b1) w2 + b2``."""

    w1: Array
    b1: Array
    w2: Array
    b2: Array

    @staticmethod
    def new(
        inputs: int, hidden: int, outputs: int, rng: np.random.Generator, gain: float
    ) -> Network:
        """Orthogonal weights as CleanRL's ``layer_init``; the output layer scaled by ``gain``."""

        def orthogonal(rows: int, cols: int, scale: float) -> Array:
            q, r = np.linalg.qr(rng.standard_normal((max(rows, cols), min(rows, cols))))
            q = q * np.sign(np.diag(r))
            return scale * (q if rows >= cols else q.T)

        return Network(
            orthogonal(inputs, hidden, math.sqrt(2.0)),
            np.zeros(hidden),
            orthogonal(hidden, outputs, gain),
            np.zeros(outputs),
        )

    def parameters(self) -> list[Array]:
        return [self.w1, self.b1, self.w2, self.b2]

    def forward(self, x: Array) -> tuple[Array, Array]:
        """The outputs and the hidden layer."""
        hidden = np.tanh(x @ self.w1 + self.b1)
        return hidden @ self.w2 + self.b2, hidden

    def backward(self, x: Array, hidden: Array, grad_out: Array) -> list[Array]:
        """The gradients of the parameters, given the outputs' gradient."""
        grad_hidden = (grad_out @ self.w2.T) * (1.0 - hidden**2)
        return [x.T @ grad_hidden, grad_hidden.sum(0), hidden.T @ grad_out, grad_out.sum(0)]


@dataclass
class Adam:
    """Adam over a network's parameters, with the global gradient norm clipped."""

    params: list[Array]
    lr: float
    max_norm: float = 0.5
    step: int = 0
    moments: list[tuple[Array, Array]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.moments = [(np.zeros_like(p), np.zeros_like(p)) for p in self.params]

    def apply(self, grads: list[Array]) -> None:
        norm = math.sqrt(sum(float((g**2).sum()) for g in grads))
        scale = min(1.0, self.max_norm / (norm + 1e-8))
        self.step += 1
        for param, grad, (m, v) in zip(self.params, grads, self.moments, strict=True):
            grad = grad * scale
            m *= 0.9
            m += 0.1 * grad
            v *= 0.999
            v += 0.001 * grad**2
            m_hat = m / (1 - 0.9**self.step)
            v_hat = v / (1 - 0.999**self.step)
            param -= self.lr * m_hat / (np.sqrt(v_hat) + 1e-5)


def masked_log_softmax(logits: Array, mask: NDArray[Any]) -> Array:
    """Log-probabilities over the legal actions (``-inf`` elsewhere)."""
    masked = np.where(mask > 0, logits, -np.inf)
    top = masked.max(axis=-1, keepdims=True)
    shifted = masked - top
    result: Array = shifted - np.log(np.exp(shifted).sum(axis=-1, keepdims=True))
    return result


@dataclass
class Agent:
    """The policy and value networks."""

    policy: Network
    value: Network

    def log_probs(self, observation: Array, mask: NDArray[Any]) -> Array:
        logits, _ = self.policy.forward(observation[None, :])
        result: Array = masked_log_softmax(logits, mask[None, :])[0]
        return result

    def greedy(self) -> Chooser:
        """The legal action of highest probability."""

        def choose(seen: dict[str, NDArray[Any]], env: gymnasium.Env[Any, Any]) -> int:
            return int(
                np.argmax(
                    self.log_probs(seen["observation"].astype(np.float64), seen["action_mask"])
                )
            )

        return choose

    def save(self, path: Path) -> None:
        arrays = {
            f"{net}_{i}": p
            for net, network in (("policy", self.policy), ("value", self.value))
            for i, p in enumerate(network.parameters())
        }
        np.savez(path, **arrays)  # type: ignore[arg-type]


# -- training -----------------------------------------------------------------------------------
@dataclass
class Batch:
    """The decisions of one update's deals."""

    observations: list[Array] = field(default_factory=list)
    masks: list[NDArray[Any]] = field(default_factory=list)
    actions: list[int] = field(default_factory=list)
    log_probs: list[float] = field(default_factory=list)
    returns: list[float] = field(default_factory=list)
    deal_rewards: list[float] = field(default_factory=list)


def collect(
    env: gymnasium.Env[Any, Any], agent: Agent, deals: int, rng: np.random.Generator
) -> Batch:
    """Play ``deals`` deals with the sampling policy; each decision's return is the reward
    from it to the deal's end."""
    batch = Batch()
    for _ in range(deals):
        seen, _ = env.reset(seed=int(rng.integers(2**31)))
        rewards: list[float] = []
        done = False
        while not done:
            observation = seen["observation"].astype(np.float64)
            log_probs = agent.log_probs(observation, seen["action_mask"])
            action = int(rng.choice(len(log_probs), p=np.exp(log_probs)))
            batch.observations.append(observation)
            batch.masks.append(seen["action_mask"])
            batch.actions.append(action)
            batch.log_probs.append(float(log_probs[action]))
            seen, reward, terminated, truncated, _ = env.step(action)
            rewards.append(float(reward))
            done = terminated or truncated
        batch.returns.extend(np.cumsum(rewards[::-1])[::-1].tolist())
        batch.deal_rewards.append(sum(rewards))
    return batch


@dataclass(frozen=True)
class Hyper:
    """PPO's settings."""

    episodes: int = 256
    epochs: int = 4
    minibatch: int = 256
    clip: float = 0.2
    entropy: float = 0.01
    lr: float = 1e-3
    hidden: int = 128


def update(
    agent: Agent,
    optimisers: tuple[Adam, Adam],
    batch: Batch,
    hyper: Hyper,
    rng: np.random.Generator,
) -> None:
    """``hyper.epochs`` passes of PPO's clipped policy step and a value step over the batch."""
    x = np.stack(batch.observations)
    masks = np.stack(batch.masks)
    actions = np.array(batch.actions)
    old = np.array(batch.log_probs)
    returns = np.array(batch.returns)
    values, _ = agent.value.forward(x)
    advantages = returns - values[:, 0]
    for _ in range(hyper.epochs):
        order = rng.permutation(len(actions))
        for start in range(0, len(order), hyper.minibatch):
            idx = order[start : start + hyper.minibatch]
            xb, n = x[idx], len(idx)
            adv = advantages[idx]
            adv = (adv - adv.mean()) / (adv.std() + 1e-8)
            logits, hidden = agent.policy.forward(xb)
            log_probs = masked_log_softmax(logits, masks[idx])
            probs = np.exp(log_probs)
            taken = log_probs[np.arange(n), actions[idx]]
            ratio = np.exp(taken - old[idx])
            # d(-min(ratio * adv, clip(ratio) * adv)) / d(taken): -ratio * adv where the
            # unclipped term is the smaller, else 0
            unclipped = ratio * adv <= np.clip(ratio, 1 - hyper.clip, 1 + hyper.clip) * adv
            grad_taken = np.where(unclipped, -ratio * adv, 0.0) / n
            onehot = np.zeros_like(probs)
            onehot[np.arange(n), actions[idx]] = 1.0
            grad_logits = grad_taken[:, None] * (onehot - probs)
            # the entropy bonus, -coef * H: dH/dlogit_j = -p_j (log p_j + H)
            safe = np.where(probs > 0, log_probs, 0.0)
            entropy = -(probs * safe).sum(1, keepdims=True)
            grad_logits += hyper.entropy * probs * (safe + entropy) / n
            optimisers[0].apply(agent.policy.backward(xb, hidden, grad_logits))
            value, hidden_v = agent.value.forward(xb)
            grad_value = (value - returns[idx, None]) / n
            optimisers[1].apply(agent.value.backward(xb, hidden_v, grad_value))


def train(args: argparse.Namespace) -> None:
    hyper = Hyper(episodes=args.episodes, hidden=args.hidden, lr=args.lr)
    env = make_env(args.game, args.opponents)
    rng = np.random.default_rng(args.seed)
    env.reset(seed=int(rng.integers(2**31)))
    inputs = int(env.observation_space["observation"].shape[0])  # type: ignore[index]
    actions = int(env.action_space.n)  # type: ignore[attr-defined]
    agent = Agent(
        Network.new(inputs, hyper.hidden, actions, rng, 0.01),
        Network.new(inputs, hyper.hidden, 1, rng, 1.0),
    )
    optimisers = (
        Adam(agent.policy.parameters(), hyper.lr),
        Adam(agent.value.parameters(), hyper.lr),
    )
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    wall, cpu = time.perf_counter(), time.process_time()
    deals = decisions = 0
    with (out / "curve.csv").open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["update", "deals", "decisions", "mean_reward", "wall_s", "cpu_s"])
        for number in range(1, args.updates + 1):
            batch = collect(env, agent, hyper.episodes, rng)
            update(agent, optimisers, batch, hyper, rng)
            deals += len(batch.deal_rewards)
            decisions += len(batch.actions)
            mean = float(np.mean(batch.deal_rewards))
            elapsed = (time.perf_counter() - wall, time.process_time() - cpu)
            writer.writerow(
                [number, deals, decisions, f"{mean:.4f}", f"{elapsed[0]:.1f}", f"{elapsed[1]:.1f}"]
            )
            handle.flush()
            if number % 10 == 0 or number == args.updates:
                print(
                    f"update {number}: {deals} deals, mean reward {mean:+.3f} ({elapsed[0]:.0f} s)"
                )
    trained = {"wall_s": time.perf_counter() - wall, "cpu_s": time.process_time() - cpu}
    agent.save(out / "policy.npz")
    evaluation = evaluate(args.game, agent.greedy(), args.eval_deals, args.seed)
    trained["eval_wall_s"] = time.perf_counter() - wall - trained["wall_s"]
    result = {
        "game": args.game,
        "title": SETTINGS[args.game].title,
        "unit": SETTINGS[args.game].unit,
        "opponents": args.opponents,
        "seed": args.seed,
        "updates": args.updates,
        "deals": deals,
        "decisions": decisions,
        "hyper": hyper.__dict__,
        "time": trained,
        "evaluation": evaluation,
    }
    (out / "result.json").write_text(json.dumps(result, indent=2) + "\n")
    for line in result_lines(result):
        print(line)


# -- evaluation ---------------------------------------------------------------------------------
def bot_chooser(level: str, seat: int = 0) -> Chooser:
    """tricktable's bot ``level`` in the agent's seat."""
    bots: dict[int, Bot] = {}
    rng = random.Random(0)

    def choose(seen: dict[str, NDArray[Any]], env: gymnasium.Env[Any, Any]) -> int:
        match = env.unwrapped.match  # type: ignore[attr-defined]
        bot = bots.get(id(match.game))
        if bot is None:
            bot = bots[id(match.game)] = make_bot(level, match.game, seat)
        text = bot.choose(match.view(seat), rng)
        return int(match.encoder.index_of(text))

    return choose


def play(env: gymnasium.Env[Any, Any], choose: Chooser, seeds: Sequence[int]) -> Array:
    """The reward of each deal, ``env.reset(seed=s)`` for each seed."""
    totals = []
    for seed in seeds:
        seen, _ = env.reset(seed=seed)
        total, done = 0.0, False
        while not done:
            seen, reward, terminated, truncated, _ = env.step(choose(seen, env))
            total += float(reward)
            done = terminated or truncated
        totals.append(total)
    return np.array(totals)


def interval(values: Array) -> dict[str, float]:
    """The mean and its 95% confidence interval (normal)."""
    mean = float(values.mean())
    half = 1.96 * float(values.std(ddof=1)) / math.sqrt(len(values))
    return {"mean": mean, "low": mean - half, "high": mean + half}


def evaluate(game: str, agent: Chooser, deals: int, seed: int) -> dict[str, Any]:
    """The agent, a random player and ``medium`` in seat 0, against each opponent level,
    over the same seeded deals; the agent's differences from the two, paired."""
    seeds = [10**6 * (seed + 1) + n for n in range(deals)]
    figures: dict[str, Any] = {}
    for opponents in OPPONENTS:
        env = make_env(game, opponents)
        scores = {
            "agent": play(env, agent, seeds),
            "random": play(env, bot_chooser("random"), seeds),
            "medium": play(env, bot_chooser("medium"), seeds),
        }
        figures[opponents] = {
            **{name: interval(values) for name, values in scores.items()},
            "agent - random": interval(scores["agent"] - scores["random"]),
            "agent - medium": interval(scores["agent"] - scores["medium"]),
            "deals": deals,
        }
    return figures


def result_lines(result: dict[str, Any]) -> list[str]:
    lines = [
        f"{result['title']}, trained against {result['opponents']}: {result['deals']} deals,"
        f" {result['time']['wall_s']:.0f} s; {result['unit']} per deal (95% CI)"
    ]
    for opponents, figures in result["evaluation"].items():
        for name in ("agent", "random", "medium", "agent - random", "agent - medium"):
            f = figures[name]
            lines.append(
                f"  vs {opponents:6} {name:15} {f['mean']:+.3f}"
                f" ({f['low']:+.3f} to {f['high']:+.3f})"
            )
    return lines


# -- plots --------------------------------------------------------------------------------------
def plot(args: argparse.Namespace) -> None:
    """Each run's learning curve (the training reward, a moving mean over ``SMOOTHING``
    updates), the greedy agent's evaluation against the same opponents (a point with its
    interval) and the random and medium players' there, one panel a game."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    runs = []
    for directory in map(Path, args.runs):
        result = json.loads((directory / "result.json").read_text())
        with (directory / "curve.csv").open() as handle:
            rows = list(csv.DictReader(handle))
        runs.append((result, rows))
    games = sorted({result["game"] for result, _ in runs}, key=list(SETTINGS).index)
    figure, axes = plt.subplots(1, len(games), figsize=(6 * len(games), 4.2), squeeze=False)
    colours = {"random": "tab:blue", "medium": "tab:red"}
    for axis, game in zip(axes[0], games, strict=True):
        for result, rows in runs:
            if result["game"] != game:
                continue
            opponents = result["opponents"]
            x = np.array([int(row["deals"]) for row in rows])
            y = np.array([float(row["mean_reward"]) for row in rows])
            window = min(SMOOTHING, len(y))
            smooth = np.convolve(y, np.ones(window) / window, mode="valid")
            colour = colours[opponents]
            axis.plot(x, y, color=colour, alpha=0.2, linewidth=0.8)
            axis.plot(x[window - 1 :], smooth, color=colour, label=f"PPO vs {opponents} (training)")
            figures = result["evaluation"][opponents]
            agent = figures["agent"]
            axis.errorbar(
                [x[-1]],
                [agent["mean"]],
                yerr=[[agent["mean"] - agent["low"]], [agent["high"] - agent["mean"]]],
                color=colour,
                marker="o",
                capsize=3,
                label=f"PPO greedy, evaluated vs {opponents} (95% CI)",
            )
            for name, style in (("random", ":"), ("medium", "--")):
                axis.axhline(
                    figures[name]["mean"],
                    color=colour,
                    linestyle=style,
                    linewidth=1,
                    label=f"{name} in the seat vs {opponents}",
                )
        axis.set_title(SETTINGS[game].title)
        axis.set_xlabel("training deals")
        axis.set_ylabel(f"{SETTINGS[game].unit} per deal")
        axis.grid(alpha=0.3)
        axis.legend(fontsize=7, loc="best")
    figure.tight_layout()
    figure.savefig(args.out, dpi=110)
    print(f"wrote {args.out}")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("train", help="train one agent and evaluate it")
    run.add_argument("--game", choices=sorted(SETTINGS), default="euchre")
    run.add_argument("--opponents", choices=OPPONENTS, default="random")
    run.add_argument("--updates", type=int, default=200, help="PPO updates")
    run.add_argument("--episodes", type=int, default=256, help="deals an update")
    run.add_argument("--hidden", type=int, default=128, help="hidden units of each network")
    run.add_argument("--lr", type=float, default=1e-3, help="Adam's step size")
    run.add_argument("--eval-deals", type=int, default=2000, help="deals of each evaluation")
    run.add_argument("--seed", type=int, default=1)
    run.add_argument("--out", required=True, help="the run's folder")
    draw = commands.add_parser("plot", help="the learning curves of runs, as a PNG")
    draw.add_argument("runs", nargs="+", help="run folders")
    draw.add_argument("--out", required=True, help="the PNG to write")
    args = parser.parse_args(argv)
    train(args) if args.command == "train" else plot(args)


if __name__ == "__main__":
    main()
