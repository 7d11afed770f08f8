"""Research-interface overhead: decisions per second of a random agent, euchre, in one run.

Four ways through the same single-hand euchre (tricktable's ``openspiel`` preset, as
``bench/engine.py`` compares it), each picking a uniformly random legal action at every
decision with a seeded generator:

* ``engine``: the raw engine (``legal_actions``, ``apply``), no observation at all;
* ``engine+tensor``: the raw engine plus the acting seat's view and information-state
  tensor (``tricktable.games.encoding``) written into a NumPy array at every decision;
* ``pettingzoo``: ``tricktable.rl.pettingzoo.env`` (wrapped as the classic environments:
  order enforcing, illegal-move check), ``last()`` then ``step()``: the information-state
  tensor and the action mask at every decision;
* ``openspiel``: OpenSpiel's own ``euchre`` with ``information_state_tensor()`` at every
  decision (when ``open_spiel`` is installed).

    python bench/rl.py                # table
    python bench/rl.py --json         # {"engine": steps/s, ..., "ratio_engine": r, ...}

The compiled engine (``make accel``, in ``build/accel``) is measured when it is built, else
the Python sources (``--python`` measures the sources in any case). Each way runs for
``--seconds`` in alternating rounds and the best round counts.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

_ACCEL = Path(__file__).resolve().parents[1] / "build" / "accel"
if "--python" not in sys.argv[1:] and (_ACCEL / ".built-stamp").exists():
    sys.path.insert(0, str(_ACCEL))  # the compiled engine built by `make accel`

import numpy as np  # noqa: E402

from tricktable import load_game  # noqa: E402
from tricktable.rl.match import encoder_for  # noqa: E402
from tricktable.rl.pettingzoo import env  # noqa: E402

RULES = "euchre(preset=openspiel)"
"""One hand per match, stick the dealer, alone after the discard: OpenSpiel's euchre."""

Run = Callable[[random.Random], int]
"""Plays one hand from a generator; the decisions it took."""


def engine_hand(tensors: bool = False) -> Run:
    """The raw engine; with ``tensors``, the acting seat's information state written into a
    NumPy array at every decision too."""
    game = load_game(RULES)
    encoder = encoder_for(game)

    def one_hand(rng: random.Random) -> int:
        state = game.new_match(rng)
        decisions = 0
        while not state.is_terminal():
            if state.is_chance():
                state.deal_random(rng)
                continue
            if tensors:
                tensor = np.zeros(encoder.information_state_size, np.float32)
                entries = encoder.entries(state.view(state.current_player))
                tensor[list(entries)] = list(entries.values())
            state.apply(rng.choice(state.legal_actions()))
            decisions += 1
        return decisions

    return one_hand


def pettingzoo_hand() -> Run:
    table = env(RULES)

    def one_hand(rng: random.Random) -> int:
        table.reset(seed=rng.randrange(2**31))
        decisions = 0
        for _ in table.agent_iter():
            observation, _, terminated, truncated, _ = table.last()
            if terminated or truncated:
                table.step(None)
                continue
            table.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
            decisions += 1
        return decisions

    return one_hand


def openspiel_hand() -> Run | None:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("euchre")

    def one_hand(rng: random.Random) -> int:
        state = game.new_initial_state()
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            np.asarray(state.information_state_tensor(), np.float32)
            state.apply_action(rng.choice(state.legal_actions()))
            decisions += 1
        return decisions

    return one_hand


def steps_per_second(run: Run, seconds: float, seed: int) -> float:
    """Decisions per second over about ``seconds``."""
    rng = random.Random(seed)
    decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        decisions += run(rng)
    return decisions / (time.perf_counter() - start)


def engine_build() -> str:
    """``compiled`` when the engine modules are mypyc extensions, else ``python``."""
    import tricktable.core

    return "python" if tricktable.core.__file__.endswith(".py") else "compiled"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="per round and way")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--python", action="store_true", help="measure the Python sources")
    args = parser.parse_args()
    ways: dict[str, Run] = {
        "engine": engine_hand(),
        "engine+tensor": engine_hand(tensors=True),
        "pettingzoo": pettingzoo_hand(),
    }
    openspiel = openspiel_hand()
    if openspiel is not None:
        ways["openspiel"] = openspiel
    best = dict.fromkeys(ways, 0.0)
    for round_number in range(args.rounds):
        for name, run in ways.items():
            rate = steps_per_second(run, args.seconds, args.seed + round_number)
            best[name] = max(best[name], rate)
    out: dict[str, float | str] = {"build": engine_build(), **best}
    out["pettingzoo_vs_engine"] = best["pettingzoo"] / best["engine"]
    if "openspiel" in best:
        out["pettingzoo_vs_openspiel"] = best["pettingzoo"] / best["openspiel"]
    if args.json:
        print(json.dumps(out))
        return
    print(f"euchre, random agent, decisions per second ({out['build']} engine)")
    for name, rate in best.items():
        print(f"  {name:<14} {rate:>10,.0f}")
    print(f"  pettingzoo / engine    {out['pettingzoo_vs_engine']:.2f}")
    if "pettingzoo_vs_openspiel" in out:
        print(f"  pettingzoo / openspiel {out['pettingzoo_vs_openspiel']:.2f}")


if __name__ == "__main__":
    main()
