"""Research-interface overhead: decisions per second of a random agent, euchre, in one run.

The same single-hand euchre (tricktable's ``openspiel`` preset, as ``bench/engine.py``
compares it), each way picking a uniformly random legal action at every decision with a
seeded generator:

* ``engine``: the raw engine (``legal_actions``, ``apply``), no observation at all;
* ``engine+tensor``: the raw engine plus the acting seat's information-state tensor in a
  new NumPy array at every decision, as the environments make it (``SeatHistory`` rows kept
  decision by decision, the present written over a copy);
* ``pettingzoo``: ``tricktable.rl.pettingzoo.env`` (the classic environments' checks:
  illegal moves, bounds, the order of calls; ``ClassicChecks``), ``last()`` then
  ``step()``: the information-state tensor and the action mask at every decision;
* ``pettingzoo raw``: the same through ``raw_env``, without the checks;
* ``pettingzoo pz-wrapped``: ``raw_env`` in PettingZoo's own three wrapper classes instead
  (``TerminateIllegalWrapper``, ``AssertOutOfBoundsWrapper``, ``OrderEnforcingWrapper``),
  which ``env`` behaves exactly as;
* ``idle checked``, ``idle pz-wrapped`` and ``idle raw``: a do-nothing ``AECEnv`` (the
  same spaces, a fixed observation copied out, 24 decisions a hand) through the same loop,
  with ``env``'s checks, in PettingZoo's wrapper classes, and bare: what PettingZoo's API
  and the checks cost alone, with no game behind them;
* ``openspiel``: OpenSpiel's own ``euchre`` with ``information_state_tensor()`` at every
  decision (when ``open_spiel`` is installed).

    python bench/rl.py                # table
    python bench/rl.py --json         # {"engine": steps/s, ..., "pettingzoo_vs_engine": r, ...}
    python bench/rl.py --clock wall   # wall-clock time (the default is this process's CPU
                                      # time, steadier on a busy machine: docs/rl.md's figures)

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
from typing import Any

_ACCEL = Path(__file__).resolve().parents[1] / "build" / "accel"
if "--python" not in sys.argv[1:] and (_ACCEL / ".built-stamp").exists():
    sys.path.insert(0, str(_ACCEL))  # the compiled engine built by `make accel`

import numpy as np  # noqa: E402
from gymnasium import spaces  # noqa: E402
from pettingzoo import AECEnv  # noqa: E402
from pettingzoo.utils import wrappers  # noqa: E402

from tricktable import load_game  # noqa: E402
from tricktable.games.encoding import SeatHistory  # noqa: E402
from tricktable.rl.match import encoder_for  # noqa: E402
from tricktable.rl.pettingzoo import ClassicChecks, env, raw_env  # noqa: E402

RULES = "euchre(preset=openspiel)"
"""One hand per match, stick the dealer, alone after the discard: OpenSpiel's euchre."""

Run = Callable[[random.Random], int]
"""Plays one hand from a generator; the decisions it took."""


def engine_hand(tensors: bool = False) -> Run:
    """The raw engine; with ``tensors``, the acting seat's information state in a new NumPy
    array at every decision too."""
    game = load_game(RULES)
    encoder = encoder_for(game)
    rows = [np.zeros(encoder.information_state_size, np.float32) for _ in range(game.players)]
    histories = [SeatHistory(encoder, seat, rows[seat]) for seat in range(game.players)]

    def one_hand(rng: random.Random) -> int:
        state = game.new_match(rng)
        for history in histories:
            history.clear()
        decisions = 0
        while not state.is_terminal():
            if state.is_chance():
                state.deal_random(rng)
                continue
            if tensors:
                seat = state.current_player
                histories[seat].update(state)
                tensor = rows[seat].copy()
                encoder.write_observation(state.present_view(seat), tensor)
            state.apply(rng.choice(state.legal_actions()))
            decisions += 1
        return decisions

    return one_hand


def pettingzoo_hand(table: AECEnv) -> Run:
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


class IdleEnv(AECEnv):  # type: ignore[misc]
    """A do-nothing ``AECEnv`` shaped as the euchre environment: four agents, the same
    spaces, a fixed observation copied out at each ``observe``, the agents acting in turn
    for ``DECISIONS`` decisions, then the end. What PettingZoo's own calls cost."""

    DECISIONS = 24
    metadata: dict[str, Any] = {"render_modes": [], "name": "idle", "is_parallelizable": False}  # noqa: RUF012

    def __init__(self, like: AECEnv) -> None:
        super().__init__()
        self.possible_agents = list(like.possible_agents)
        space: spaces.Dict = like.observation_space(self.possible_agents[0])
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        self.action_spaces = {agent: like.action_space(agent) for agent in self.possible_agents}
        self.vector = np.zeros(space["observation"].shape, np.float32)
        self.mask = np.zeros(space["action_mask"].shape, np.int8)
        self.mask[:5] = 1

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict[str, Any]:
        return {"observation": self.vector.copy(), "action_mask": self.mask.copy()}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.agents[0]
        self.decisions = 0

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.decisions += 1
        if self.decisions == self.DECISIONS:
            self.terminations = dict.fromkeys(self.agents, True)
            self.rewards = dict.fromkeys(self.agents, 1.0)
        else:
            self.agent_selection = self.agents[self.decisions % len(self.agents)]
        self._accumulate_rewards()


class CheckedIdleEnv(ClassicChecks, IdleEnv):
    """The do-nothing environment with ``env``'s classic checks."""


def pettingzoo_wrappers(raw: AECEnv) -> AECEnv:
    """``raw`` wrapped in PettingZoo's own three classic wrappers (``env`` makes the same
    checks itself)."""
    wrapped = wrappers.TerminateIllegalWrapper(raw, illegal_reward=-1.0)
    return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(wrapped))


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


CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}


def steps_per_second(run: Run, seconds: float, seed: int, clock: str = "cpu") -> float:
    """Decisions per second over about ``seconds`` of ``clock``."""
    now = CLOCKS[clock]
    rng = random.Random(seed)
    decisions = 0
    start = now()
    while now() - start < seconds:
        decisions += run(rng)
    return decisions / (now() - start)


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
    parser.add_argument(
        "--clock",
        choices=sorted(CLOCKS),
        default="cpu",
        help="this process's CPU time (default) or wall time",
    )
    args = parser.parse_args()
    table = env(RULES)
    ways: dict[str, Run] = {
        "engine": engine_hand(),
        "engine+tensor": engine_hand(tensors=True),
        "pettingzoo": pettingzoo_hand(table),
        "pettingzoo raw": pettingzoo_hand(raw_env(RULES)),
        "pettingzoo pz-wrapped": pettingzoo_hand(pettingzoo_wrappers(raw_env(RULES))),
        "idle checked": pettingzoo_hand(CheckedIdleEnv(table)),
        "idle pz-wrapped": pettingzoo_hand(pettingzoo_wrappers(IdleEnv(table))),
        "idle raw": pettingzoo_hand(IdleEnv(table)),
    }
    openspiel = openspiel_hand()
    if openspiel is not None:
        ways["openspiel"] = openspiel
    best = dict.fromkeys(ways, 0.0)
    for round_number in range(args.rounds):
        for name, run in ways.items():
            rate = steps_per_second(run, args.seconds, args.seed + round_number, args.clock)
            best[name] = max(best[name], rate)
    out: dict[str, float | str] = {"build": engine_build(), **best}
    ratios = {
        "pettingzoo_vs_engine": ("pettingzoo", "engine"),
        "pettingzoo_raw_vs_engine": ("pettingzoo raw", "engine"),
        "pettingzoo_vs_openspiel": ("pettingzoo", "openspiel"),
        "pettingzoo_raw_vs_openspiel": ("pettingzoo raw", "openspiel"),
    }
    for key, (way, other) in ratios.items():
        if other in best:
            out[key] = best[way] / best[other]
    if args.json:
        print(json.dumps(out))
        return
    print(f"euchre, random agent, decisions per second ({out['build']} engine, {args.clock} clock)")
    for name, rate in best.items():
        print(f"  {name:<21} {rate:>10,.0f}   {1e6 / rate:6.2f} us a decision")
    for key, (way, other) in ratios.items():
        if key in out:
            print(f"  {way + ' / ' + other:<27} {out[key]:.2f}")


if __name__ == "__main__":
    main()
