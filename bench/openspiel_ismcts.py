"""OpenSpiel's ISMCTS on tricktable's own euchre (``tricktable_euchre``) against a tricktable bot.

OpenSpiel's Python ``ISMCTSBot`` (``open_spiel.python.algorithms.ismcts``, random-rollout
evaluation, ``--simulations`` worlds a decision, each drawn by the game's
``resample_from_infostate``) holds one side of ``tricktable_euchre`` (one deal an episode,
the ``north_american`` preset unless ``--rules`` says otherwise); a tricktable bot
(``--bot``, ``medium`` by default) holds the other, choosing from its seat's ``SeatView``
inside the same OpenSpiel state. Every deal is played twice with the sides swapped (the same
cards, the same first dealer), so the luck of the cards cancels; the figure is ISMCTS's side's
mean points per deal minus the bot's side's, with its 95% confidence interval over the
pairs. (OpenSpiel's C++ ``pyspiel.ISMCTSBot`` cannot play any Python game: docs/rl.md.)

    python bench/openspiel_ismcts.py --deals 100
    python bench/openspiel_ismcts.py --deals 100 --simulations 200 --json
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import time
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]
from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-not-found]

import tricktable.rl.openspiel  # noqa: F401  (registers the tricktable_* games)
from tricktable.bots import make_bot


def play_deal(
    game: Any, seed: int, searched_side: int, simulations: int, bot_name: str
) -> list[int]:
    """One deal from ``seed``: ISMCTS in the seats of side ``searched_side``, the bot in
    the others; each side's points."""
    chance = random.Random(seed)
    generator = np.random.RandomState(seed % 2**32)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=generator)
    search = ismcts.ISMCTSBot(game, evaluator, 2.0, simulations, random_state=generator)
    state = game.new_initial_state()
    bots: dict[int, Any] = {}
    bot_rng = random.Random(seed + 1)
    start: list[int] = []
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(chance.choices(outcomes, probabilities)[0])
            continue
        engine = state.state
        if not start:
            start = engine.game.new_state(engine.first_dealer).scores()
        seat = state.current_player()
        sides = engine.game.sides
        side = next(n for n, members in enumerate(sides) if seat in members)
        if side == searched_side:
            state.apply_action(search.step(state))
        else:
            bot = bots.setdefault(seat, make_bot(bot_name, engine.game, seat))
            text = bot.choose(engine.view(seat), bot_rng)
            state.apply_action(state.setup.encoder.index_of(text))
    engine = state.state
    sign = -1 if engine.game.scores_count_down else 1
    return [sign * (now - then) for now, then in zip(engine.scores(), start, strict=True)]


def interval(values: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% confidence interval (normal approximation)."""
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return mean, half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100, help="deals, each played twice")
    parser.add_argument("--simulations", type=int, default=100, help="ISMCTS worlds a decision")
    parser.add_argument("--bot", default="medium", help="the tricktable bot (default medium)")
    parser.add_argument("--rules", default="", help="OpenSpiel parameters, as preset=british")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    game = pyspiel.load_game(
        f"tricktable_euchre({args.rules})" if args.rules else "tricktable_euchre"
    )
    started = time.process_time()
    differences, searched_points, bot_points = [], [], []
    for deal in range(args.deals):
        seed = args.seed * 1_000_003 + deal
        pair = []
        for searched in (0, 1):
            points = play_deal(game, seed, searched, args.simulations, args.bot)
            searched_points.append(points[searched])
            bot_points.append(points[1 - searched])
            pair.append(points[searched] - points[1 - searched])
        differences.append(statistics.fmean(pair))
    mean, half = interval(differences)
    result = {
        "deals": args.deals,
        "simulations": args.simulations,
        "bot": args.bot,
        "ismcts_points": statistics.fmean(searched_points),
        "bot_points": statistics.fmean(bot_points),
        "difference": mean,
        "interval": [mean - half, mean + half],
        "cpu_seconds": time.process_time() - started,
    }
    if args.json:
        print(json.dumps(result))
        return
    print(
        f"tricktable_euchre, OpenSpiel's ISMCTS ({args.simulations} simulations) against"
        f" {args.bot}, {args.deals} deals each played twice (seed {args.seed})"
    )
    print(f"ISMCTS side   {result['ismcts_points']:.3f} points per deal")
    print(f"{args.bot} side   {result['bot_points']:.3f} points per deal")
    low, high = mean - half, mean + half
    print(f"difference    {mean:+.3f} points per deal (95% CI {low:+.3f} to {high:+.3f})")
    print(f"CPU time      {result['cpu_seconds']:.0f} s")


if __name__ == "__main__":
    main()
