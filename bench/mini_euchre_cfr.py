"""OpenSpiel's CFR+ on the research game ``tricktable_mini_euchre``: the exploitability of
its average policy by iteration, the game's size in information states, the CPU time.

OpenSpiel's Python solver (``open_spiel.python.algorithms.cfr``) walks the whole tree each
iteration; OpenSpiel's ``exploitability`` (half the NashConv: what a best response gains on
average over both seats, in points a deal) walks it again at each reported iteration, and
its time is counted in the total. ``--solver cfr`` runs plain CFR instead; ``--cpp`` runs
OpenSpiel's C++ solver and best response (``pyspiel.CFRPlusSolver``, ``pyspiel.exploitability``)
on the same Python game.

    python bench/mini_euchre_cfr.py --hand-size 1 --iterations 200
    python bench/mini_euchre_cfr.py --hand-size 2 --iterations 20 --cpp
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import pyspiel  # type: ignore[import-not-found]
from open_spiel.python import policy  # type: ignore[import-not-found]
from open_spiel.python.algorithms import cfr, exploitability  # type: ignore[import-not-found]

import tricktable.rl.mini_euchre  # noqa: F401  (registers tricktable_mini_euchre)

REPORTED = (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000)


def run(hand_size: int, iterations: int, solver_name: str, cpp: bool) -> dict[str, Any]:
    """The figures of one run."""
    game = pyspiel.load_game(f"tricktable_mini_euchre(hand_size={hand_size})")
    states = len(policy.TabularPolicy(game).state_lookup)
    if cpp:
        solver_class = pyspiel.CFRPlusSolver if solver_name == "cfr_plus" else pyspiel.CFRSolver
        measure = pyspiel.exploitability
        uniform = measure(game, pyspiel.UniformRandomPolicy(game))
    else:
        solver_class = cfr.CFRPlusSolver if solver_name == "cfr_plus" else cfr.CFRSolver
        measure = exploitability.exploitability
        uniform = measure(game, policy.UniformRandomPolicy(game))
    start = time.process_time()  # from the solver's creation, evaluations counted
    solver = solver_class(game)
    rows = []
    for iteration in range(1, iterations + 1):
        solver.evaluate_and_update_policy()
        if iteration in REPORTED or iteration == iterations:
            value = measure(game, solver.average_policy())
            rows.append(
                {
                    "iteration": iteration,
                    "exploitability": value,
                    "cpu_s": round(time.process_time() - start, 2),
                }
            )
    return {
        "hand_size": hand_size,
        "solver": solver_name,
        "information_states": states,
        "deals": game.max_chance_outcomes(),
        "uniform_exploitability": uniform,
        "rows": rows,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hand-size", type=int, default=1, choices=(1, 2, 3))
    parser.add_argument("--iterations", type=int, default=100)
    parser.add_argument("--solver", choices=("cfr_plus", "cfr"), default="cfr_plus")
    parser.add_argument("--cpp", action="store_true", help="OpenSpiel's C++ solver")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    figures = run(args.hand_size, args.iterations, args.solver, args.cpp)
    if args.json:
        print(json.dumps(figures, indent=2))
        return
    print(
        f"tricktable_mini_euchre(hand_size={args.hand_size}), {args.solver}:"
        f" {figures['deals']} deals, {figures['information_states']} information states"
    )
    print(f"uniform policy: exploitability {figures['uniform_exploitability']:.4f}")
    for row in figures["rows"]:
        print(
            f"iteration {row['iteration']:5d}: exploitability {row['exploitability']:.6f}"
            f"  ({row['cpu_s']} s CPU so far)"
        )


if __name__ == "__main__":
    main()
