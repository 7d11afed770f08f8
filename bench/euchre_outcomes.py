"""How four-handed euchre deals end, measured in self-play: the figures behind
``tricktable.games.euchre.odds.DEAL_OUTCOMES`` (the model of the rest of a game that lets the
bots play for the game rather than the deal).

Plays whole matches with one bot level at every seat and counts each deal's ending: a
make, a march, a euchre, and the same for a lone maker, or a throw-in. Prints the
frequencies beside the ones the bots use now, and the win chances the model gives from a
few scores.

``python bench/euchre_outcomes.py --deals 20000 --seed 5`` (about 30 s on the compiled build,
``PYTHONPATH=build/accel``).
"""

from __future__ import annotations

import argparse
import random
from collections import Counter

from tricktable.bots.levels import make_level
from tricktable.core import DealSummary
from tricktable.games import load_game
from tricktable.games.euchre.odds import DEAL_OUTCOMES, win_chance
from tricktable.sim import play_match


def outcome_of(summary: DealSummary) -> str:
    """The ``DEAL_OUTCOMES`` name of a finished deal."""
    if summary.thrown_in:
        return "thrown in"
    events = " ".join(summary.events)
    lone = "lone maker" in events or "lone march" in events
    if summary.makers is not None and summary.points[summary.makers] > 0:
        made = "march" if "march" in events else "make"
    else:
        made = "euchred"
    return f"lone {made}" if lone else made


def count_outcomes(spec: str, level: str, deals: int, seed: int) -> Counter[str]:
    """The endings of at least ``deals`` deals of ``level`` self-play."""
    game = load_game(spec)
    bots = [make_level(level, game, seat) for seat in range(game.players)]
    rng = random.Random(seed)
    counts: Counter[str] = Counter()
    while sum(counts.values()) < deals:
        state = play_match(game, bots, rng)
        counts.update(outcome_of(summary) for summary in state.summaries() if summary.complete)
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="euchre", help="a four-handed euchre spec")
    parser.add_argument("--level", default="medium", help="the bot level at every seat")
    parser.add_argument("--deals", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    counts = count_outcomes(args.game, args.level, args.deals, args.seed)
    total = sum(counts.values())
    print(f"{args.game}, {args.level} at every seat, {total:,} deals, seed {args.seed}")
    print(f"{'outcome':<14} {'deals':>7} {'measured':>9} {'in use':>7}")
    for name, in_use in DEAL_OUTCOMES.items():
        print(f"{name:<14} {counts[name]:>7} {counts[name] / total:>9.4f} {in_use:>7.4f}")
    rules = load_game(args.game).rules
    if rules.target is not None:
        print(f"win chances of the model in a game to {rules.target} (ours-theirs):")
        for ours, theirs in ((0, 0), (5, 5), (8, 5), (9, 9), (6, 9)):
            print(f"  {ours}-{theirs}: {win_chance(rules, ours, theirs):.3f}")


if __name__ == "__main__":
    main()
