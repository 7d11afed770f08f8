"""Batched games in JAX: decisions per second by batch size, beside OpenSpiel's C++ games.

``tricktable.batched.euchre`` (the ``openspiel`` preset: one hand, stick the dealer, alone
after the discard), and ``tricktable.batched.whist`` as Oh Hell (four players, one deal of
ten cards) and as Romanian whist (four players, the 1-8-1 schedule of 24 deals), each
stepped in one compiled program: a ``lax.scan`` of ``--steps`` steps of
``vmap(env.step)`` over the batch, with auto reset (every hand always has a decision), a
uniformly random legal action drawn at each step from one random word a hand, and the legal
action mask and the acting seat's observation computed at every step (the env's ``State``
holds both). Compile time is the rollout's lowering and compiling; memory is the batch's
state in bytes and the process's peak resident size. OpenSpiel's ``euchre`` and ``oh_hell``
(``num_tricks_fixed`` the same hand size) are driven from Python as ``bench/rl.py`` drives
them: a random legal action and ``information_state_tensor()`` at every decision, measured
in the same run (OpenSpiel has no Romanian whist schedule).

    python bench/jax.py                      # table
    python bench/jax.py --json --games euchre oh_hell
    # {"euchre": {"tricktable": d/s, "openspiel": d/s, "ratio": r, "batches": {...}, ...},
    #  "oh_hell": {...}}

Each batch size runs ``--rounds`` timed calls after its compile and a first call, and the
best counts; OpenSpiel runs a round after each batch size, so a background process favours
neither side. ``--clock cpu`` counts this process's CPU time (every thread's) instead of
the wall's: steadier on a busy machine.
"""

from __future__ import annotations

import sys
from pathlib import Path

# ``python bench/jax.py`` puts bench/ first on the path, where this file would shadow JAX.
_HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]

import argparse  # noqa: E402
import json  # noqa: E402
import random  # noqa: E402
import resource  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable  # noqa: E402
from typing import Any  # noqa: E402

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402

from tricktable.batched.euchre import EuchreEnv, State  # noqa: E402
from tricktable.batched.whist import WhistEnv  # noqa: E402

RULES = "euchre(preset=openspiel)"
OH_HELL_SIZE = 10
WHIST_PLAYERS = 4
WHIST_RULES = {
    "oh_hell": f"romanian_whist(preset=oh_hell, hand_size={OH_HELL_SIZE})",
    "romanian_whist": "romanian_whist(preset=romanian_whist)",
}
OPENSPIEL_GAMES: dict[str, tuple[str, dict[str, int]]] = {
    "euchre": ("euchre", {}),
    "oh_hell": ("oh_hell", {"players": WHIST_PLAYERS, "num_tricks_fixed": OH_HELL_SIZE}),
}
"""Each game's OpenSpiel counterpart and its parameters."""
GAMES = ("euchre", *WHIST_RULES)
BATCHES = (256, 1024, 4096, 16384)


def make_env(game: str) -> Any:
    """The batched env of a benchmark's game, with auto reset."""
    if game == "euchre":
        return EuchreEnv.from_rules(RULES, auto_reset=True)
    return WhistEnv.from_rules(WHIST_RULES[game], WHIST_PLAYERS, auto_reset=True)


def random_legal(mask: jax.Array, word: jax.Array) -> jax.Array:
    """A uniformly random legal action of each hand from one random word each (the
    ``word % count``-th legal action: no categorical draw over masked logits)."""
    count = jnp.sum(mask, axis=-1, dtype=jnp.uint32)
    nth = (word % jnp.maximum(count, 1)).astype(jnp.int32)
    seen = jnp.cumsum(mask, axis=-1, dtype=jnp.int32)
    return jnp.argmax(seen > nth[:, None], axis=-1).astype(jnp.int32)


Step = Callable[[Any, jax.Array, jax.Array], Any]
"""One game's step with auto reset: state, action, key."""


def whole_deal_reset(env: EuchreEnv) -> Step:
    """The step with auto reset as ``pgx.experimental.auto_reset`` makes it: the plain step,
    then a whole new deal (``init``) chosen where the hand ended. Under ``vmap`` every hand
    pays for the new deal at every step (the spare deck of ``auto_reset`` is what avoids it)."""
    plain = EuchreEnv(env.rules)

    def step(state: State, action: jax.Array, key: jax.Array) -> State:
        after = plain.step(state, action)
        fresh = plain.init(key).replace(rewards=after.rewards, terminated=after.terminated)
        chosen: State = jax.tree.map(lambda a, b: jnp.where(after.terminated, a, b), fresh, after)
        return chosen

    return step


def rollout(step_one: Step, steps: int) -> Callable[[Any, jax.Array], tuple[Any, jax.Array]]:
    """``steps`` steps of the whole batch in one compiled call; the states after and a sum of
    the rewards (so that nothing is left uncomputed)."""
    step = jax.vmap(step_one)

    def body(carry: tuple[Any, jax.Array], _: None) -> tuple[tuple[Any, jax.Array], None]:
        states, key = carry
        key, action_key, step_key = jax.random.split(key, 3)
        batch = states.current_player.shape[0]
        words = jax.random.bits(action_key, (batch,), jnp.uint32)
        actions = random_legal(states.legal_action_mask, words)
        states = step(states, actions, jax.random.split(step_key, batch))
        return (states, key), None

    def run(states: Any, key: jax.Array) -> tuple[Any, jax.Array]:
        (states, _), _ = jax.lax.scan(body, (states, key), None, length=steps)
        return states, jnp.sum(states.rewards)

    return jax.jit(run)


def state_bytes(states: Any) -> int:
    return sum(int(np.asarray(leaf).nbytes) for leaf in jax.tree.leaves(states))


CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}


def measure_batch(
    env: Any,
    batch: int,
    steps: int,
    rounds: int,
    seed: int,
    clock: str = "wall",
    step: Step | None = None,
) -> dict[str, Any]:
    """Decisions per second (best of ``rounds`` calls), compile time and memory of a batch,
    stepped by ``env.step`` (or ``step``)."""
    now = CLOCKS[clock]
    key = jax.random.PRNGKey(seed)
    states = jax.jit(jax.vmap(env.init))(jax.random.split(key, batch))
    start = time.perf_counter()
    run = rollout(step or env.step, steps).lower(states, key).compile()
    compile_s = time.perf_counter() - start
    states, total = run(states, key)  # the first call, untimed
    total.block_until_ready()
    best = 0.0
    for round_number in range(rounds):
        start = now()
        states, total = run(states, jax.random.PRNGKey(seed + round_number + 1))
        total.block_until_ready()
        best = max(best, batch * steps / (now() - start))
    return {
        "decisions_per_s": round(best, 1),
        "compile_s": round(compile_s, 2),
        "state_bytes": state_bytes(states),
    }


def openspiel_decisions(game_name: str) -> Callable[[float, int, str], float] | None:
    """OpenSpiel's counterpart of a game, a random legal action and the information-state
    tensor at each decision: decisions per second over about ``seconds``; None without
    ``open_spiel`` or a counterpart."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    if game_name not in OPENSPIEL_GAMES:
        return None
    name, parameters = OPENSPIEL_GAMES[game_name]
    game = pyspiel.load_game(name, parameters)

    def rate(seconds: float, seed: int, clock: str = "wall") -> float:
        now = CLOCKS[clock]
        rng = random.Random(seed)
        decisions = 0
        start = now()
        while now() - start < seconds:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(rng.choice(state.chance_outcomes())[0])
                    continue
                np.asarray(state.information_state_tensor(), np.float32)
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
        return decisions / (now() - start)

    return rate


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--batches", type=int, nargs="+", default=list(BATCHES))
    parser.add_argument("--steps", type=int, default=200, help="steps per compiled call")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=2.0, help="OpenSpiel, per round")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--whole-deal-batch",
        type=int,
        default=4096,
        help="measure auto reset by a whole new deal each step at this batch size too (0: not)",
    )
    parser.add_argument("--games", nargs="+", choices=GAMES, default=list(GAMES))
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--clock", choices=sorted(CLOCKS), default="wall", help="wall time or this process's"
    )
    args = parser.parse_args(argv)
    result: dict[str, Any] = {}
    for game in args.games:
        result[game] = measure_game(game, args)
    if args.json:
        print(json.dumps(result))
        return 0
    for game, figures in result.items():
        print_table(game, figures, args.clock)
    return 0


def measure_game(game: str, args: argparse.Namespace) -> dict[str, Any]:
    """A game's figures: each batch size's, OpenSpiel's best round between them, and (for
    euchre) a whole new deal at every step."""
    env = make_env(game)
    openspiel = openspiel_decisions(game)
    theirs = 0.0
    batches: dict[str, dict[str, Any]] = {}
    for number, batch in enumerate(args.batches):
        batches[str(batch)] = measure_batch(
            env, batch, args.steps, args.rounds, args.seed, args.clock
        )
        if openspiel is not None:
            theirs = max(theirs, openspiel(args.seconds, args.seed + number, args.clock))
    ours = max(figures["decisions_per_s"] for figures in batches.values())
    whole_deal = None
    if args.whole_deal_batch and game == "euchre":
        whole_deal = measure_batch(
            env,
            args.whole_deal_batch,
            args.steps,
            args.rounds,
            args.seed,
            args.clock,
            whole_deal_reset(env),
        )
        whole_deal["batch"] = args.whole_deal_batch
    return {
        "tricktable": ours,
        "openspiel": round(theirs, 1) if openspiel is not None else None,
        "ratio": round(ours / theirs, 2) if openspiel is not None else None,
        "batches": batches,
        "whole_deal_reset": whole_deal,
        "rules": RULES if game == "euchre" else WHIST_RULES[game],
        "players": 4,
        "peak_rss_mib": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
        "clock": args.clock,
        "jax": jax.__version__,
        "device": str(jax.devices()[0]),
    }


def print_table(game: str, figures: dict[str, Any], clock: str) -> None:
    print(
        f"batched {figures['rules']}, {figures['players']} players, JAX {figures['jax']}"
        f" on {figures['device']}, {clock} clock"
    )
    print(f"{'batch':>7}{'decisions/s':>14}{'compile s':>11}{'state bytes':>13}")
    for batch, row in figures["batches"].items():
        print(
            f"{batch:>7}{row['decisions_per_s']:>14,.0f}"
            f"{row['compile_s']:>11.1f}{row['state_bytes']:>13,}"
        )
    theirs = figures["openspiel"]
    if theirs:
        print(f"OpenSpiel {game} + information-state tensor: {theirs:,.0f} decisions/s")
        print(f"best batch / OpenSpiel: {figures['ratio']:.1f}x")
    elif game in OPENSPIEL_GAMES:
        print("OpenSpiel not installed: pip install -e '.[bench]' to compare")
    whole_deal = figures["whole_deal_reset"]
    if whole_deal is not None:
        print(
            f"auto reset by a whole new deal at every step (batch {whole_deal['batch']}):"
            f" {whole_deal['decisions_per_s']:,.0f} decisions/s"
        )
    print(f"peak resident memory so far: {figures['peak_rss_mib']:,.0f} MiB")
    print()


if __name__ == "__main__":
    raise SystemExit(main())
