"""Engine benchmark: random full hands per second, side by side with OpenSpiel.

Both engines are driven the same way from Python: at every step ask for the legal
actions, pick one uniformly with a seeded ``random.Random``, apply it. A hand is
the deal (tricktable: one chance step; OpenSpiel: one chance node per card, the
way its API deals), the bidding, the discard, going alone, and the play. For a like
for like comparison tricktable uses its ``openspiel`` preset (a single hand with
stick the dealer and the alone decision after the discard, as OpenSpiel's euchre).

    python bench/engine.py            # table
    python bench/engine.py --json
    # {"euchre": {"tricktable": h/s, "openspiel": h/s, "ratio": r}, ...}

OpenSpiel is measured when ``open_spiel`` is installed (``pip install -e '.[bench]'``);
without it the run prints tricktable's figures alone. tricktable's compiled engine
(``make accel``, in ``build/accel``) is measured when it is built, else the Python sources;
``--python`` measures the sources in any case, and ``--installed`` the tricktable that Python
imports as it is (a wheel installed in a virtual environment: ``make wheel-test``). With
``TRICKTABLE_EXPECT_COMPILED=1`` the run fails unless the engine measured is the compiled one.
Each engine runs for ``--seconds`` in alternating rounds and the best round counts,
so a background process does not favour either side. Times are the wall clock by default
(``--clock wall``); ``--clock cpu`` counts the process's CPU time instead (everything runs in
this one process), which holds still on a shared, loaded machine where the wall clock's
rates swing with the other work::

    python bench/engine.py --clock cpu --json
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

_ACCEL = Path(__file__).resolve().parents[1] / "build" / "accel"
_USE_ACCEL = not {"--python", "--installed"} & set(sys.argv[1:])
if _USE_ACCEL and (_ACCEL / ".built-stamp").exists():
    sys.path.insert(0, str(_ACCEL))  # the compiled engine built by `make accel`

import tricktable  # noqa: E402
from tricktable import load_game  # noqa: E402
from tricktable.core import State, instance_attributes  # noqa: E402

CLOCK: list[Callable[[], float]] = [time.perf_counter]
"""How a rate's time is measured: the wall clock (``--clock wall``, the default) or the
process's CPU time (``--clock cpu``, right on a loaded machine: both engines run in this
process, one after the other)."""


def tricktable_hands(preset: str) -> Callable[[random.Random], None]:
    """One random hand (a whole single-hand match) through the public step API."""
    game = load_game("euchre", {"preset": preset, "target": None})

    def one_hand(rng: random.Random) -> None:
        state = game.new_state(rng.randrange(4))
        while not state.is_terminal():
            if state.is_chance():
                state.deal_random(rng)
            else:
                state.apply(rng.choice(state.legal_actions()))

    return one_hand


def openspiel_hands() -> Callable[[random.Random], None] | None:
    """One random hand of OpenSpiel's euchre, or None without open_spiel."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("euchre")

    def one_hand(rng: random.Random) -> None:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))

    return one_hand


def tricktable_single_deals(
    game_spec: str, rules: dict[str, Any], players: int
) -> Callable[[random.Random], None]:
    """One random single-deal match (Oh Hell) through the public step API."""
    game = load_game(game_spec, rules, players=players)

    def one_hand(rng: random.Random) -> None:
        state = game.new_match(rng)
        while not state.is_terminal():
            if state.is_chance():
                state.deal_random(rng)
            else:
                state.apply(rng.choice(state.legal_actions()))

    return one_hand


def openspiel_oh_hell(players: int, tricks: int) -> Callable[[random.Random], None] | None:
    """One random deal of OpenSpiel's oh_hell with a fixed number of tricks."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game(f"oh_hell(players={players},num_tricks_fixed={tricks})")

    def one_hand(rng: random.Random) -> None:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))

    return one_hand


def deals_per_second(
    game_spec: str, rules: dict[str, Any], players: int, seconds: float, seed: int
) -> float:
    """Random full deals per second over whole matches of a game."""
    game = load_game(game_spec, rules, players=players)
    rng = random.Random(seed)
    deals = 0
    start = CLOCK[0]()
    while CLOCK[0]() - start < seconds:
        state = game.new_match(rng)
        while not state.is_terminal():
            if state.is_chance():
                state.deal_random(rng)
                deals += 1
            else:
                state.apply(rng.choice(state.legal_actions()))
    return deals / (CLOCK[0]() - start)


def rate(one_hand: Callable[[random.Random], None], seconds: float, seed: int) -> float:
    """Hands per second over about ``seconds``."""
    rng = random.Random(seed)
    count = 0
    start = CLOCK[0]()
    deadline = start + seconds
    while True:
        for _ in range(50):
            one_hand(rng)
        count += 50
        now = CLOCK[0]()
        if now >= deadline:
            return count / (now - start)


def deep_size(obj: Any, seen: set[int] | None = None) -> int:
    """Bytes held by ``obj`` and everything it references that it does not share
    with the game definition (rules tables, the deck and cached trick tables)."""
    seen = set() if seen is None else seen
    if id(obj) in seen:
        return 0
    seen.add(id(obj))
    size = sys.getsizeof(obj)
    if isinstance(obj, dict):
        size += sum(deep_size(k, seen) + deep_size(v, seen) for k, v in obj.items())
    elif isinstance(obj, (list, tuple, set, frozenset)):
        size += sum(deep_size(item, seen) for item in obj)
    else:
        if hasattr(obj, "__dict__"):
            size += deep_size(vars(obj), seen)
        for name in instance_attributes(type(obj)):  # slots, and a compiled class's fields
            if hasattr(obj, name):
                size += deep_size(getattr(obj, name), seen)
    return size


def state_memory(seed: int) -> int:
    """Deep size of a euchre state in the middle of play, its undo record included
    (shared immutable game data excluded)."""
    game = load_game("euchre")
    rng = random.Random(seed)
    state: State = game.new_match(rng)
    state.deal_random(rng)
    while not state.is_terminal() and not state.is_chance():
        state.push(rng.choice(state.legal_actions()))
        trick_count = len(state.view(0).tricks)
        if trick_count >= 3:
            break
    shared: set[int] = set()
    deep_size(game, shared)
    table = getattr(state, "table", None)
    if table is not None:
        deep_size(table, shared)
    return deep_size(state, shared)


def _stale_sources() -> str | None:
    """A source file newer than the compiled build being measured, if any."""
    if engine_build() != "compiled" or not _USE_ACCEL:
        return None
    built = (_ACCEL / ".built-stamp").stat().st_mtime
    sources = Path(__file__).resolve().parents[1] / "src" / "tricktable"
    for path in sources.rglob("*.py"):
        if path.stat().st_mtime > built:
            return str(path.relative_to(sources.parent))
    return None


def engine_build() -> str:
    """``compiled`` when the engine modules are mypyc extensions (``make accel``), else
    ``python``."""
    import tricktable.core

    return "compiled" if not tricktable.core.__file__.endswith(".py") else "python"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per round and engine")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--clock",
        choices=["wall", "cpu"],
        default="wall",
        help="time by the wall clock (default) or by this process's CPU time",
    )
    parser.add_argument("--python", action="store_true", help="measure the Python sources")
    parser.add_argument(
        "--installed",
        action="store_true",
        help="measure the tricktable Python imports (an installed wheel), not build/accel",
    )
    args = parser.parse_args(argv)
    CLOCK[0] = time.process_time if args.clock == "cpu" else time.perf_counter
    if os.environ.get("TRICKTABLE_EXPECT_COMPILED") == "1" and engine_build() != "compiled":
        print(
            f"TRICKTABLE_EXPECT_COMPILED=1 but tricktable's engine is the Python sources in"
            f" {Path(tricktable.__file__).parent}",
            file=sys.stderr,
        )
        return 1
    stale = _stale_sources()
    if stale:
        print(f"warning: {stale} changed after the compiled build; run make accel", file=sys.stderr)

    ours = tricktable_hands("openspiel")
    theirs = openspiel_hands()
    best_ours = best_theirs = 0.0
    for round_index in range(args.rounds):
        best_ours = max(best_ours, rate(ours, args.seconds, args.seed + round_index))
        if theirs is not None:
            best_theirs = max(best_theirs, rate(theirs, args.seconds, args.seed + round_index))
    oh_ours = tricktable_single_deals("romanian_whist", {"preset": "oh_hell", "hand_size": 7}, 4)
    oh_theirs = openspiel_oh_hell(4, 7)
    best_oh_ours = best_oh_theirs = 0.0
    for round_index in range(args.rounds):
        best_oh_ours = max(best_oh_ours, rate(oh_ours, args.seconds, args.seed + round_index))
        if oh_theirs is not None:
            best_oh_theirs = max(
                best_oh_theirs, rate(oh_theirs, args.seconds, args.seed + round_index)
            )
    north_american = rate(tricktable_hands("north_american"), args.seconds, args.seed)
    all_fours_2 = deals_per_second("all_fours", {}, 2, args.seconds, args.seed)
    all_fours_4 = deals_per_second("all_fours", {}, 4, args.seconds, args.seed)
    whist_4 = deals_per_second("romanian_whist", {}, 4, args.seconds, args.seed)
    memory = state_memory(args.seed)
    result: dict[str, Any] = {
        "build": engine_build(),
        "clock": args.clock,
        "euchre": {
            "tricktable": round(best_ours, 1),
            "openspiel": round(best_theirs, 1) if theirs is not None else None,
            "ratio": round(best_ours / best_theirs, 3) if theirs is not None else None,
        },
        "oh_hell": {
            "tricktable": round(best_oh_ours, 1),
            "openspiel": round(best_oh_theirs, 1) if oh_theirs is not None else None,
            "ratio": round(best_oh_ours / best_oh_theirs, 3) if oh_theirs is not None else None,
        },
        "all_fours": {
            "deals_per_s_2_players": round(all_fours_2, 1),
            "deals_per_s_4_players": round(all_fours_4, 1),
        },
        "romanian_whist": {"deals_per_s_4_players": round(whist_4, 1)},
        "euchre_north_american_hands_per_s": round(north_american, 1),
        "state_bytes_mid_play": memory,
    }
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"tricktable build: {engine_build()} ({Path(tricktable.__file__).parent})")
    print(f"clock: {args.clock}")
    print(f"{'engine':<34}{'hands/s':>12}")
    print(f"{'tricktable euchre (openspiel preset)':<34}{best_ours:>12,.0f}")
    if theirs is not None:
        print(f"{'OpenSpiel euchre (pyspiel)':<34}{best_theirs:>12,.0f}")
        print(f"{'ratio tricktable / OpenSpiel':<34}{best_ours / best_theirs:>12.2f}")
    else:
        print("OpenSpiel not installed: pip install -e '.[bench]' to compare")
    print(f"{'tricktable euchre (north_american)':<34}{north_american:>12,.0f}")
    print()
    print(f"{'engine':<34}{'deals/s':>12}")
    print(f"{'tricktable oh_hell (4 players, 7)':<34}{best_oh_ours:>12,.0f}")
    if oh_theirs is not None:
        print(f"{'OpenSpiel oh_hell (4 players, 7)':<34}{best_oh_theirs:>12,.0f}")
        print(f"{'ratio tricktable / OpenSpiel':<34}{best_oh_ours / best_oh_theirs:>12.2f}")
    print(f"{'tricktable all_fours (2 players)':<34}{all_fours_2:>12,.0f}")
    print(f"{'tricktable all_fours (4 players)':<34}{all_fours_4:>12,.0f}")
    print(f"{'tricktable romanian_whist (4)':<34}{whist_4:>12,.0f}")
    print(f"state with undo record, mid-play: {memory:,} bytes (target < 10,240)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
