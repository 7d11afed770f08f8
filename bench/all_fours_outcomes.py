"""How All Fours deals score, measured in self-play: the figures behind
``tricktable.games.all_fours.odds.DEAL_CHANCES`` (the model of the rest of a game that lets
the bots play for the game rather than the deal).

Plays whole two-player matches with one bot level at both seats and counts, relative to
the dealer, how each category of a deal falls: kicks, a gift, High, Low, Jack (or not in
play), Game (or a tie). A category is counted only in the deals that reach it (a match
can end part-way through a deal's count); thrown-in deals are left out. Prints the
frequencies beside the ones the bots use now, and the win chances the model gives from a
few scores.

``python bench/all_fours_outcomes.py --deals 20000 --seed 5`` (about a minute on the
compiled build, ``PYTHONPATH=build/accel``).
"""

from __future__ import annotations

import argparse
import random
from collections import Counter

from tricktable.bots.levels import make_level
from tricktable.core import DealSummary
from tricktable.games import load_game
from tricktable.games.all_fours.odds import DEAL_CHANCES, win_chance
from tricktable.sim import play_match

OUTCOME_NAMES: dict[str, tuple[str, ...]] = {
    "kicks": ("none", "one", "two"),
    "gift": ("none", "one"),
    "high": ("dealer", "other"),
    "low": ("dealer", "other"),
    "jack": ("dealer", "other", "not in play"),
    "game": ("dealer", "other", "tie"),
}
"""The outcomes of each category, in ``DEAL_CHANCES``' order."""


def categories(summary: DealSummary, side_of: tuple[int, ...]) -> dict[str, int]:
    """Each category the deal's count reached, as an index into ``OUTCOME_NAMES``."""
    dealer_side = side_of[int(summary.extra["dealer"])]

    def relative(side: int) -> int:
        return 0 if side == dealer_side else 1

    def scorer(event: str) -> int:
        """The side a "... seat N" or "... side N" event scores for, dealer-relative."""
        number = int(event.rsplit(" ", 1)[1])
        return relative(side_of[number] if "seat" in event else number)

    events = summary.events
    out = {
        "kicks": sum(1 for e in events if e.startswith("kick:")),
        "gift": sum(1 for e in events if e.startswith("gift:")),
    }
    reached_jack = False
    for event in events:
        if event.startswith("High:"):
            out["high"] = scorer(event)
        elif event.startswith("Low:"):
            out["low"] = scorer(event)
        elif event.startswith("Jack:"):
            out["jack"] = scorer(event)
        elif event.startswith("Game tied"):
            out["game"] = 2
        elif event.startswith("Game:"):
            out["game"] = _game_leader(event, dealer_side)
        if event.startswith(("Game:", "Game tied")):
            reached_jack = True
    if reached_jack and "jack" not in out:
        out["jack"] = 2
    return out


def _game_leader(event: str, dealer_side: int) -> int:
    """The dealer-relative side counting most in "Game: side 0 12, side 1 9"."""
    counts = [int(part.rsplit(" ", 1)[1]) for part in event.split(":", 1)[1].split(",")]
    leader = counts.index(max(counts))
    return 0 if leader == dealer_side else 1


def count_outcomes(level: str, deals: int, seed: int) -> dict[str, Counter[int]]:
    """How each category fell in at least ``deals`` deals of ``level`` self-play."""
    game = load_game("all_fours", players=2)
    side_of: tuple[int, ...] = tuple(getattr(game, "side_of"))  # noqa: B009
    bots = [make_level(level, game, seat) for seat in range(game.players)]
    rng = random.Random(seed)
    counts: dict[str, Counter[int]] = {name: Counter() for name in OUTCOME_NAMES}
    seen = 0
    while seen < deals:
        state = play_match(game, bots, rng)
        for summary in state.summaries():
            if not summary.complete or summary.thrown_in:
                continue
            seen += 1
            for name, index in categories(summary, side_of).items():
                counts[name][index] += 1
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--level", default="medium", help="the bot level at both seats")
    parser.add_argument("--deals", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    counts = count_outcomes(args.level, args.deals, args.seed)
    print(f"all_fours (seven_up), two players, {args.level} at both seats, seed {args.seed}")
    print(f"{'category':<7} {'outcome':<12} {'deals':>7} {'measured':>9} {'in use':>7}")
    for name, outcomes in OUTCOME_NAMES.items():
        total = sum(counts[name].values())
        for index, outcome in enumerate(outcomes):
            share = counts[name][index] / total if total else 0.0
            in_use = DEAL_CHANCES[name][index]
            print(f"{name:<7} {outcome:<12} {counts[name][index]:>7} {share:>9.4f} {in_use:>7.4f}")
    rules = load_game("all_fours").rules
    print(f"the dealer's side's chance in a game to {rules.target} (dealer's-other's):")
    for dealer, other in ((0, 0), (3, 3), (5, 5), (6, 6), (6, 4), (4, 6)):
        print(f"  {dealer}-{other}: {win_chance(rules, (dealer, other), 0, 0):.3f}")


if __name__ == "__main__":
    main()
