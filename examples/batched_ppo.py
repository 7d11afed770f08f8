"""PPO on the batched euchre: one side learns to bid, discard and play against random players.

The learner holds seats 0 and 2 (one network, both partners) of single hands of the
``openspiel`` preset (``tricktable.batched.euchre``); seats 1 and 3 play a uniformly random
legal action, as tricktable's ``random`` bot does. Every decision of the learner's side is
the network's: the bids, going alone, the dealer's discard and the card play (no fixed rule
for the bidding). A hand's reward is the learner's side's points less the other side's.

Each iteration deals ``--batch`` fresh hands from the key, plays them to the end in one
compiled program (``lax.scan`` of ``vmap(env.step)``: a hand takes at most 29 decisions, so
30 steps finish every hand and no return is cut short), computes advantages by GAE over the
learner's own decisions (the rewards of the opponents' moves in between added to the
learner's decision before them), and takes PPO's clipped steps (``optax``'s Adam) over the
batch in minibatches. The network is ``tricktable.batched.policy.forward``, the same
function the policy bot runs at the engine's tables, so the saved weights play there as
they are:

    pip install 'tricktable[jax,plots]' optax
    python examples/batched_ppo.py --out ppo.npz --plot docs/img/batched_ppo.png
    tricktable sim euchre --rules openspiel --bots "policy(path=ppo.npz),medium" --games 2000

Everything is drawn from keys split from ``--seed``; the figures in docs/rl.md ("A learning
example: PPO") come from the defaults.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
import optax

from tricktable.batched.euchre import EuchreEnv, State
from tricktable.batched.policy import forward, init_params, save_params

RULES = "euchre(preset=openspiel)"
STEPS = 30
"""Steps a rollout takes: every hand of the preset is over within 29 decisions."""
NEG = -1e9
"""The logit of an illegal action."""

Params = dict[str, jax.Array]


@dataclass(frozen=True)
class Settings:
    """PPO's settings (the defaults are those of docs/rl.md's run)."""

    iterations: int = 150
    batch: int = 1024
    """Hands dealt per iteration."""
    hidden: tuple[int, ...] = (128, 128)
    learning_rate: float = 1e-3
    epochs: int = 4
    minibatches: int = 4
    clip: float = 0.2
    gae_lambda: float = 0.95
    value_weight: float = 0.5
    entropy_weight: float = 0.01
    max_grad_norm: float = 0.5


def rollout(env: EuchreEnv, params: Params, key: jax.Array, batch: int) -> dict[str, jax.Array]:
    """``batch`` fresh hands played out: each step's observation, mask, action, its log
    probability, the value, whether it was the learner's, the learner's reward and the end
    (each ``(STEPS, batch, ...)``)."""
    deal_key, play_key = jax.random.split(key)
    states = jax.vmap(env.init)(jax.random.split(deal_key, batch))

    def one_step(states: State, key: jax.Array) -> tuple[State, dict[str, jax.Array]]:
        mask = states.legal_action_mask
        logits, value = forward(params, states.observation, jnp)
        logits = jnp.where(mask, logits, NEG)
        own_key, random_key = jax.random.split(key)
        learned = jax.random.categorical(own_key, logits)
        uniform = jax.random.categorical(random_key, jnp.where(mask, 0.0, NEG))
        learner = (states.current_player % 2 == 0) & ~states.terminated
        action = jnp.where(learner, learned, uniform)
        log_prob = jnp.take_along_axis(jax.nn.log_softmax(logits), action[:, None], 1)[:, 0]
        after = jax.vmap(env.step)(states, action)
        record = {
            "observation": states.observation,
            "mask": mask,
            "action": action,
            "log_prob": log_prob,
            "value": value,
            "learner": learner,
            "reward": after.rewards[:, 0],
            "done": after.terminated,
        }
        return after, record

    _, trajectory = jax.lax.scan(one_step, states, jax.random.split(play_key, STEPS))
    return trajectory


def advantages(trajectory: dict[str, jax.Array], gae_lambda: float) -> tuple[jax.Array, jax.Array]:
    """GAE (no discount within a hand) over the learner's decisions, and the returns; zero at
    the other steps. Going back in time, the carry holds the next learner decision's value
    and advantage in the same hand and the rewards since this step."""

    def back(
        carry: tuple[jax.Array, jax.Array, jax.Array], step: dict[str, jax.Array]
    ) -> tuple[tuple[jax.Array, jax.Array, jax.Array], tuple[jax.Array, jax.Array]]:
        next_value, next_advantage, pending = carry
        ended = step["done"]
        next_value = jnp.where(ended, 0.0, next_value)
        next_advantage = jnp.where(ended, 0.0, next_advantage)
        pending = jnp.where(ended, 0.0, pending) + step["reward"]
        delta = pending + next_value - step["value"]
        advantage = delta + gae_lambda * next_advantage
        learner = step["learner"]
        carry = (
            jnp.where(learner, step["value"], next_value),
            jnp.where(learner, advantage, next_advantage),
            jnp.where(learner, 0.0, pending),
        )
        return carry, (
            jnp.where(learner, advantage, 0.0),
            jnp.where(learner, advantage + step["value"], 0.0),
        )

    zeros = jnp.zeros_like(trajectory["reward"][0])
    _, (advantage, returns) = jax.lax.scan(back, (zeros, zeros, zeros), trajectory, reverse=True)
    return advantage, returns


def ppo_loss(
    params: Params, batch: dict[str, jax.Array], settings: Settings
) -> tuple[jax.Array, dict[str, jax.Array]]:
    """PPO's clipped loss over the learner's decisions in ``batch`` (weighted by ``learner``)."""
    weight = batch["learner"].astype(jnp.float32)
    count = jnp.maximum(weight.sum(), 1.0)
    logits, value = forward(params, batch["observation"], jnp)
    log_probs = jax.nn.log_softmax(jnp.where(batch["mask"], logits, NEG))
    log_prob = jnp.take_along_axis(log_probs, batch["action"][:, None], 1)[:, 0]
    ratio = jnp.exp(log_prob - batch["log_prob"])
    advantage = batch["advantage"]
    clipped = jnp.clip(ratio, 1 - settings.clip, 1 + settings.clip)
    policy = -jnp.minimum(ratio * advantage, clipped * advantage)
    values = (value - batch["returns"]) ** 2
    probs = jnp.exp(log_probs)
    entropy = -jnp.sum(jnp.where(batch["mask"], probs * log_probs, 0.0), axis=1)
    policy_loss = jnp.sum(weight * policy) / count
    value_loss = jnp.sum(weight * values) / count
    mean_entropy = jnp.sum(weight * entropy) / count
    total = (
        policy_loss + settings.value_weight * value_loss - settings.entropy_weight * mean_entropy
    )
    return total, {"policy_loss": policy_loss, "value_loss": value_loss, "entropy": mean_entropy}


def make_iteration(
    env: EuchreEnv, settings: Settings, optimizer: optax.GradientTransformation
) -> Callable[..., Any]:
    """One iteration, compiled: a rollout, its advantages, PPO's epochs of minibatch steps."""

    @jax.jit
    def iteration(
        params: Params, opt_state: Any, key: jax.Array
    ) -> tuple[Params, Any, dict[str, jax.Array]]:
        rollout_key, shuffle_key = jax.random.split(key)
        trajectory = rollout(env, params, rollout_key, settings.batch)
        advantage, returns = advantages(trajectory, settings.gae_lambda)
        weight = trajectory["learner"].astype(jnp.float32)
        count = weight.sum()
        mean = jnp.sum(weight * advantage) / count
        std = jnp.sqrt(jnp.sum(weight * (advantage - mean) ** 2) / count) + 1e-8
        data = {**trajectory, "advantage": (advantage - mean) / std, "returns": returns}
        size = STEPS * settings.batch
        flat = {name: value.reshape(size, *value.shape[2:]) for name, value in data.items()}
        gradient = jax.grad(ppo_loss, has_aux=True)

        def epoch(
            carry: tuple[Params, Any], key: jax.Array
        ) -> tuple[tuple[Params, Any], dict[str, jax.Array]]:
            order = jax.random.permutation(key, size).reshape(settings.minibatches, -1)

            def minibatch(
                carry: tuple[Params, Any], indices: jax.Array
            ) -> tuple[tuple[Params, Any], dict[str, jax.Array]]:
                params, opt_state = carry
                grads, info = gradient(
                    params, {name: value[indices] for name, value in flat.items()}, settings
                )
                updates, opt_state = optimizer.update(grads, opt_state, params)
                return (optax.apply_updates(params, updates), opt_state), info

            return jax.lax.scan(minibatch, carry, order)

        (params, opt_state), info = jax.lax.scan(
            epoch, (params, opt_state), jax.random.split(shuffle_key, settings.epochs)
        )
        hands_over = trajectory["done"][-1].mean()
        metrics = {name: value.mean() for name, value in info.items()}
        metrics["points_per_hand"] = trajectory["reward"].sum(axis=0).mean()
        metrics["decisions"] = weight.sum()
        metrics["hands_over"] = hands_over
        return params, opt_state, metrics

    return iteration


@dataclass
class Run:
    """What a training run gives: the weights, each iteration's figures, the time taken."""

    params: dict[str, np.ndarray[Any, Any]]
    history: list[dict[str, float]]
    compile_seconds: float
    train_seconds: float


def train(settings: Settings, seed: int = 0, log: Callable[[str], None] | None = None) -> Run:
    """Train from ``seed`` with ``settings``."""
    env = EuchreEnv.from_rules(RULES)
    key = jax.random.PRNGKey(seed)
    key, init_key = jax.random.split(key)
    numpy_params = init_params(np.random.default_rng(seed), settings.hidden)
    params = {name: jnp.asarray(value) for name, value in numpy_params.items()}
    optimizer = optax.chain(
        optax.clip_by_global_norm(settings.max_grad_norm), optax.adam(settings.learning_rate)
    )
    opt_state = optimizer.init(params)
    iteration = make_iteration(env, settings, optimizer)
    started = time.perf_counter()
    compiled = iteration.lower(params, opt_state, init_key).compile()  # type: ignore[attr-defined]
    compile_seconds = time.perf_counter() - started
    history: list[dict[str, float]] = []
    decisions = 0.0
    started = time.perf_counter()
    for number in range(settings.iterations):
        key, sub = jax.random.split(key)
        params, opt_state, metrics = compiled(params, opt_state, sub)
        figures = {name: float(value) for name, value in metrics.items()}
        decisions += figures["decisions"]
        figures.update(
            iteration=number + 1,
            learner_decisions=decisions,
            seconds=time.perf_counter() - started,
        )
        history.append(figures)
        if log is not None:
            log(
                f"{number + 1:4d}  points/hand {figures['points_per_hand']:+.3f}"
                f"  entropy {figures['entropy']:.3f}  value loss {figures['value_loss']:.3f}"
                f"  {figures['seconds']:.0f} s"
            )
    train_seconds = time.perf_counter() - started
    final = {name: np.asarray(value) for name, value in params.items()}
    return Run(final, history, compile_seconds, train_seconds)


def plot(run: Run, path: Path, window: int = 5) -> None:
    """The learning curve: points per hand against random players by learner decisions."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    decisions = np.array([row["learner_decisions"] for row in run.history]) / 1e6
    points = np.array([row["points_per_hand"] for row in run.history])
    smooth = np.convolve(points, np.ones(window) / window, mode="valid")
    figure, axis = plt.subplots(figsize=(7, 4))
    axis.plot(decisions, points, color="0.7", linewidth=1, label="each iteration")
    axis.plot(decisions[window - 1 :], smooth, color="C0", linewidth=2, label=f"mean of {window}")
    axis.axhline(0, color="0.3", linewidth=0.8)
    axis.set_xlabel("learner decisions trained on (millions)")
    axis.set_ylabel("points per hand vs random (side's less other's)")
    axis.set_title(
        f"PPO on the batched euchre ({RULES}):"
        f" {run.train_seconds / 60:.1f} min on 2 shared CPU cores"
    )
    axis.title.set_fontsize(10)
    axis.legend(loc="lower right")
    axis.grid(alpha=0.3)
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    plt.close(figure)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--iterations", type=int, default=Settings.iterations)
    parser.add_argument("--batch", type=int, default=Settings.batch, help="hands per iteration")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path("batched_ppo.npz"), help="weights")
    parser.add_argument("--plot", type=Path, help="write the learning curve here (PNG)")
    parser.add_argument("--history", type=Path, help="write each iteration's figures (JSON)")
    args = parser.parse_args(argv)
    settings = Settings(iterations=args.iterations, batch=args.batch)
    if args.iterations < 1 or args.batch < 2 or STEPS * args.batch % settings.minibatches:
        parser.error(
            f"--iterations must be at least 1, and --batch an even number of hands (at least 2)"
            f" so that {settings.minibatches} minibatches split the steps evenly"
        )
    run = train(settings, args.seed, log=lambda line: print(line, flush=True))
    save_params(args.out, run.params)
    print(
        f"compiled in {run.compile_seconds:.1f} s, trained in {run.train_seconds:.1f} s;"
        f" weights in {args.out}"
    )
    if args.plot is not None:
        plot(run, args.plot)
    if args.history is not None:
        summary = {
            "compile_seconds": run.compile_seconds,
            "train_seconds": run.train_seconds,
            "history": run.history,
        }
        args.history.write_text(json.dumps(summary, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
