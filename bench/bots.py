"""Bot benchmarks: solver speed, resampling speed, pimc decision time, and strength.

    python bench/bots.py                     # every figure, a short strength run
    python bench/bots.py --matches 500 --workers 8     # a longer strength run
    python bench/bots.py --json
    python bench/bots.py --solver-only       # the two solver figures only

Figures (none of them is asserted in the tests):

* solver full-hand solves per second: euchre (north_american) from the first lead, and
  Romanian whist with 8 cards each for 4 players (the first deal of ``8-1-8``), the hands
  drawn by resampling the leader's view after random bidding;
* resamples per second from a euchre view at the first lead and one late in the play;
* pimc with 50 worlds: the median time to decide the euchre opening lead;
* strength: ``hard`` against ``medium`` in duplicate euchre matches to 10, win rate with
  its Wilson 95% interval (``--matches`` deal seeds, each played in both seatings).

It says whether the solver module runs compiled (mypyc) or interpreted. Times are the wall
clock by default (``--clock wall``); ``--clock cpu`` counts the process's CPU time instead,
which holds still on a shared, loaded machine (the strength run's seconds stay on the wall
clock: its matches may run in other processes)::

    python bench/bots.py --solver-only --clock cpu --json
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from tricktable import load_game
from tricktable.bots.search.pimc import PimcBot
from tricktable.core import Game, SeatView
from tricktable.search import solver as solver_module
from tricktable.search.position import position_from
from tricktable.search.resample import Resampler, resample
from tricktable.search.solver import Position, Solver
from tricktable.sim import simulate

CLOCK: list[Callable[[], float]] = [time.perf_counter]
"""How the speeds are timed: the wall clock (``--clock wall``, the default) or the process's
CPU time (``--clock cpu``, right on a loaded machine)."""
EUCHRE_POSITIONS = 200
"""Euchre first-lead positions solved (within the budget) and views for the pimc times."""
WHIST_POSITIONS = 20
"""Romanian whist positions of 8 cards each for 4 players solved (within the budget)."""


def first_lead_views(game: Game[Any], count: int, seed: int) -> list[SeatView]:
    """Views of the leader at the first lead of ``count`` random deals (random bidding),
    for Romanian whist only deals of 8 cards each."""
    views: list[SeatView] = []
    rng = random.Random(seed)
    while len(views) < count:
        state = game.new_state(rng.randrange(game.players))
        state.deal_random(rng)
        while not state.is_terminal() and not state.is_chance() and state.phase.name != "PLAY":
            state.apply(rng.choice(state.legal_actions()))
        if state.phase.name != "PLAY" or state.completed or state.trick:
            continue
        views.append(state.view(state.current_player))
    return views


def positions(game: Game[Any], views: list[SeatView], seed: int) -> list[Position]:
    rng = random.Random(seed)
    return [position_from(game, view, resample(game, view, rng)) for view in views]


def solves_per_second(positions_: list[Position], budget: float) -> tuple[float, int]:
    """Full solves per second over the positions (stopping after ``budget`` seconds)."""
    done = 0
    start = CLOCK[0]()
    for pos in positions_:
        Solver(pos).solve()
        done += 1
        if CLOCK[0]() - start > budget:
            break
    return done / (CLOCK[0]() - start), done


def resamples_per_second(game: Game[Any], view: SeatView, budget: float = 1.0) -> float:
    """Fresh ``resample`` calls (constraints worked out each time) per second."""
    rng = random.Random(1)
    done = 0
    start = CLOCK[0]()
    while CLOCK[0]() - start < budget:
        resample(game, view, rng)
        done += 1
    return done / (CLOCK[0]() - start)


def late_view(game: Game[Any], seed: int) -> SeatView:
    """A view in the third trick or later, with a void shown if one can be found."""
    rng = random.Random(seed)
    fallback: SeatView | None = None
    for _ in range(500):
        state = game.new_state(rng.randrange(game.players))
        state.deal_random(rng)
        while not state.is_terminal() and not state.is_chance():
            if state.phase.name == "PLAY" and len(state.completed) >= 2:
                view = state.view(state.current_player)
                fallback = fallback or view
                if not Resampler(game, view).simple:
                    return view
                break
            state.apply(rng.choice(state.legal_actions()))
    assert fallback is not None
    return fallback


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--matches", type=int, default=10, help="strength: deal seeds (x2)")
    parser.add_argument("--workers", type=int, default=1, help="strength: processes")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--solver-only", action="store_true", help="only the solver figures")
    parser.add_argument(
        "--clock",
        choices=["wall", "cpu"],
        default="wall",
        help="time the speeds by the wall clock (default) or by this process's CPU time",
    )
    args = parser.parse_args(argv)
    CLOCK[0] = time.process_time if args.clock == "cpu" else time.perf_counter
    out: dict[str, Any] = {}
    compiled = not solver_module.__file__.endswith(".py")
    out["solver_compiled"] = compiled
    out["clock"] = args.clock

    euchre = load_game("euchre")
    euchre_views = first_lead_views(euchre, EUCHRE_POSITIONS, args.seed)
    rate, count = solves_per_second(positions(euchre, euchre_views, 2), budget=10.0)
    out["euchre_solves_per_s"] = round(rate, 1)
    out["euchre_solves"] = count

    whist = load_game("romanian_whist(schedule=8-1-8)", players=4)
    whist_views = first_lead_views(whist, WHIST_POSITIONS, args.seed)
    rate, count = solves_per_second(positions(whist, whist_views, 3), budget=20.0)
    out["whist_8x4_solves_per_s"] = round(rate, 2)
    out["whist_8x4_solves"] = count

    if args.solver_only:
        report(out, args.json)
        return

    out["resamples_per_s_first_lead"] = round(resamples_per_second(euchre, euchre_views[0]))
    out["resamples_per_s_late_with_voids"] = round(
        resamples_per_second(euchre, late_view(euchre, args.seed))
    )

    bot = PimcBot(euchre, worlds=50)
    times = []
    for index, view in enumerate(euchre_views[:15]):
        start = CLOCK[0]()
        bot.choose(view, random.Random(index))
        times.append(CLOCK[0]() - start)
    out["pimc50_opening_lead_median_ms"] = round(1000 * statistics.median(times), 1)

    if args.matches > 0:
        start = time.perf_counter()
        result = simulate(
            euchre,
            ["hard", "medium"],
            args.matches,
            args.seed,
            duplicate=True,
            workers=args.workers,
        )
        out["strength"] = {
            "game": result.rules,
            "bots": result.bots,
            "matches": result.matches,
            "wins": result.wins,
            "win_rate": result.win_rate,
            "ci95": result.ci95,
            "points_per_deal": result.points_per_deal,
            "seconds": round(time.perf_counter() - start, 1),
        }
    report(out, args.json)


def report(out: dict[str, Any], as_json: bool = False) -> None:
    """Print the figures measured (as one JSON line with ``as_json``)."""
    if as_json:
        print(json.dumps(out))
        return
    mode = "compiled (mypyc)" if out["solver_compiled"] else "interpreted"
    print(f"solver: {mode}, clock: {out['clock']}")
    print(
        f"euchre full-hand solves/s (first lead):     {out['euchre_solves_per_s']:>10}"
        f"  ({out['euchre_solves']} solves)"
    )
    print(
        f"romanian whist 8 cards x 4 solves/s:         {out['whist_8x4_solves_per_s']:>10}"
        f"  ({out['whist_8x4_solves']} solves)"
    )
    if "resamples_per_s_first_lead" not in out:
        return
    print(f"resamples/s, euchre first lead:             {out['resamples_per_s_first_lead']:>10}")
    print(
        f"resamples/s, euchre late play with voids:   {out['resamples_per_s_late_with_voids']:>10}"
    )
    print(
        f"pimc 50 worlds, euchre opening lead median: {out['pimc50_opening_lead_median_ms']:>8} ms"
    )
    if "strength" in out:
        s = out["strength"]
        print(f"\nstrength, duplicate {s['game']}, matches to 10 ({s['seconds']} s):")
        print(f"  {'bot':<8} {'won':>5} {'of':>5}  {'win rate':>8}  95% CI")
        for index, name in enumerate(s["bots"]):
            low, high = s["ci95"][index]
            print(
                f"  {name:<8} {s['wins'][index]:>5} {s['matches']:>5}  "
                f"{s['win_rate'][index]:>8.1%}  [{low:.1%}, {high:.1%}]"
            )


if __name__ == "__main__":
    main()
