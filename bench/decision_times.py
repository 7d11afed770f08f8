"""How long the levels take a decision, game by game (one core, one process).

``expert`` is meant to stay within 2 s a decision on one core. This script takes the
decisions met in matches of ``medium`` at every seat (every phase, only decisions with a
choice), asks each level for each of them, and prints the median, the 95th percentile, the
slowest and how many took over 2 s. Nothing here is timed in the tests.

``PYTHONPATH=build/accel python bench/decision_times.py`` (the compiled build; without it the
Python sources, several times slower) ``--games euchre,all_fours --decisions 60``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from phases import PhaseSearch

from tricktable.bots import make_bot
from tricktable.core import Game, SeatView
from tricktable.games import load_game

GAMES = (
    "euchre",
    "two_handed_euchre",
    "three_handed_euchre",
    "bid_euchre",
    "setback_euchre",
    "all_fours",
    "romanian_whist",
)
LIMIT = 2.0
"""Seconds a decision of ``expert`` should stay within."""


def decision_views(
    game: Game[Any], count: int, seed: int, phases: tuple[str, ...] | None = None
) -> list[SeatView]:
    """``count`` views with more than one legal action (in ``phases`` only, if given), from
    matches of ``medium``, spread over the matches (each decision kept with chance one in
    four). A ``ValueError`` when no decision of ``phases`` comes in the first matches."""
    rng = random.Random(seed)
    bots = [make_bot("medium", game, seat) for seat in range(game.players)]
    views: list[SeatView] = []
    search = PhaseSearch(phases or ())
    while len(views) < count:
        search.next_match(found=len(views))
        state = game.new_match(random.Random(rng.getrandbits(32)))
        while not state.is_terminal() and len(views) < count:
            if state.is_chance():
                state.deal_random(random.Random(rng.getrandbits(32)))
                continue
            view = state.view(state.current_player)
            if len(view.legal) > 1 and search.wants(view.phase) and rng.random() < 0.25:
                views.append(view)
            state.apply_text(bots[view.seat].choose(view, rng))
    return views


def times(game: Game[Any], level: str, views: list[SeatView]) -> list[float]:
    """Seconds ``level`` takes for each view (a fresh bot per seat, a fixed generator)."""
    bots = {seat: make_bot(level, game, seat) for seat in range(game.players)}
    out = []
    for index, view in enumerate(views):
        start = time.perf_counter()
        bots[view.seat].choose(view, random.Random(index))
        out.append(time.perf_counter() - start)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated game names")
    parser.add_argument("--levels", default="hard,expert")
    parser.add_argument("--decisions", type=int, default=60, help="decisions per game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, help="seats, for games that allow several")
    parser.add_argument("--phases", help="only decisions in these view phases, e.g. stand_beg")
    args = parser.parse_args()
    print(f"{'game':<20} {'level':<7} {'median':>8} {'95%':>8} {'slowest':>8} {'> 2 s':>6}")
    for name in args.games.split(","):
        game = load_game(name, players=args.players)
        phases = None if args.phases is None else tuple(args.phases.split(","))
        try:
            views = decision_views(game, args.decisions, args.seed, phases)
        except ValueError as error:
            parser.error(f"{name}: {error}")
        for level in args.levels.split(","):
            taken = sorted(times(game, level, views))
            p95 = taken[min(len(taken) - 1, int(0.95 * len(taken)))]
            over = sum(1 for t in taken if t > LIMIT)
            print(
                f"{name:<20} {level:<7} {statistics.median(taken) * 1000:>6.0f}ms"
                f" {p95 * 1000:>6.0f}ms {taken[-1] * 1000:>6.0f}ms {over:>6}",
                flush=True,
            )


if __name__ == "__main__":
    main()
