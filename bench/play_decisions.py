"""Card play judged position by position: each bot plays the same deals from the first lead.

Whole matches mix the bidding, the play and the luck of the cards. Here the positions are
fixed: deals reached by ``medium`` at every seat, stopped at the first lead, each with one
side drawn to be judged. That side's seats are played by the bot under test, the others by
``medium``, to the end of the deal (the bots' generator is seeded by the position). The
figure is the side's deal points minus the other sides' mean, and for each bot after the
first its paired difference from the first with the standard error over the positions.
It is how the worlds per decision of ``hard`` and ``expert`` were chosen
(``tricktable.bots.levels.GAME_WORLDS``).

``python bench/play_decisions.py --game euchre --positions 1000 --seed 4 --workers 2``
(bots ``medium,pimc:20,pimc:50,pimc:100`` by default: a level name, ``pimc:WORLDS``,
``ismcts:ITERATIONS[:LEAF[:WORLDS[:C]]]`` or a bot name with settings, ``pimc(postpone=1)``;
in Oh Hell, ``--game "romanian_whist(preset=oh_hell,hand_size=7)" --players 4``, each seat
is its own side; use
the compiled build, ``PYTHONPATH=build/accel``, for the solver's speed).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from paired import against

from tricktable.bots import Bot, make_bot
from tricktable.bots.search.ismcts import EXPLORATION, IsmctsBot
from tricktable.bots.search.pimc import PimcBot
from tricktable.core import Game, State
from tricktable.games import load_game

GAME: list[Game[Any]] = []
POSITIONS: list[tuple[State, int]] = []
"""The game and positions of this run, made before the worker processes fork."""


def make_positions(game: Game[Any], count: int, seed: int) -> list[tuple[State, int]]:
    """``count`` first leads of matches of ``medium`` at every seat, each with a side drawn."""
    rng = random.Random(seed)
    bots = [make_bot("medium", game, seat) for seat in range(game.players)]
    out: list[tuple[State, int]] = []
    while len(out) < count:
        state = game.new_match(random.Random(rng.getrandbits(32)))
        while not state.is_terminal() and len(out) < count:
            if state.is_chance():
                state.deal_random(random.Random(rng.getrandbits(32)))
                continue
            seat = state.current_player
            state.apply_text(bots[seat].choose(state.view(seat), rng))
            if state.is_chance() or state.is_terminal() or state.phase.name != "PLAY":
                continue
            view = state.view(state.current_player)
            if not view.tricks and not view.trick:
                out.append((state.clone(), rng.randrange(len(game.sides))))
    return out


def make_player(name: str, game: Game[Any], seat: int) -> Bot:
    """A bot by level name, ``pimc:WORLDS[:DEPTH]`` (``DEPTH`` of the seat's own cards
    chosen once per group of worlds it cannot tell apart, ``search.lookahead``) or
    ``ismcts:ITERATIONS[:LEAF[:WORLDS[:C]]]`` (leaf ``random`` or ``solver``; ``WORLDS``
    worlds drawn once and gone round; ``C`` the UCB exploration constant)."""
    if name.startswith("pimc:"):
        parts = name.split(":")[1:]
        depth = int(parts[1]) if len(parts) > 1 else 1
        return PimcBot(game, seat, worlds=int(parts[0]), depth=depth)
    if name.startswith("ismcts:"):
        parts = name.split(":")[1:]
        return IsmctsBot(
            game,
            seat,
            iterations=int(parts[0]),
            leaf=parts[1] if len(parts) > 1 else "random",
            worlds=int(parts[2]) if len(parts) > 2 else None,
            exploration=float(parts[3]) if len(parts) > 3 else EXPLORATION,
        )
    return make_bot(name, game, seat, trusted=True)


def play_from(job: tuple[str, int]) -> float:
    """The judged side's deal points minus the other sides' mean, ``name`` playing for it."""
    name, index = job
    game = GAME[0]
    start, side = POSITIONS[index]
    state = start.clone()
    ours = game.sides[side]
    bots = [
        make_player(name, game, seat) if seat in ours else make_bot("medium", game, seat)
        for seat in range(game.players)
    ]
    rng = random.Random(1000 + index)
    deal = len(state.deals) - 1
    while not state.is_terminal() and not state.is_chance() and len(state.deals) - 1 == deal:
        actor = state.current_player
        state.apply_text(bots[actor].choose(state.view(actor), rng))
    points = state.summaries()[deal].points
    others = [p for index, p in enumerate(points) if index != side]
    return points[side] - sum(others) / len(others)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="euchre", help="a game name or rule string")
    parser.add_argument("--players", type=int)
    parser.add_argument("--positions", type=int, default=400)
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--bots", default="medium,pimc:20,pimc:50,pimc:100")
    args = parser.parse_args()
    GAME.append(load_game(args.game, players=args.players))
    POSITIONS[:] = make_positions(GAME[0], args.positions, args.seed)
    names = args.bots.split(",")
    print(f"{args.game}: {args.positions} first leads, seed {args.seed}")
    results: dict[str, list[float]] = {}
    with ProcessPoolExecutor(args.workers) as pool:
        for name in names:
            start = time.perf_counter()
            jobs = [(name, index) for index in range(args.positions)]
            results[name] = list(pool.map(play_from, jobs, chunksize=8))
            line = f"  {name:<10} {statistics.mean(results[name]):+.3f} points a deal"
            if name != names[0]:
                line += ", " + against(results[name], results[names[0]], names[0])
            print(f"{line}  [{time.perf_counter() - start:.0f} s]", flush=True)


if __name__ == "__main__":
    main()
