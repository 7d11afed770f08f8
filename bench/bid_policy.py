"""How well the learned bidding model predicts the others' bids: its temperature, fitted.

``bots.search.inference`` reads the other seats' hands from their bids by taking each seat
to bid in proportion to ``exp(value / temperature)``, the values being the learned model's
(``LearnedDecisions.values``). This script plays seeded matches of one bot at every seat,
keeps every bid with more than one legal choice, and prints, for a range of temperatures,
the mean log-likelihood of the bids made, beside two references: a seat that bids uniformly
at random, and one that always bids the model's best. The temperature with the highest
likelihood is the one to ship (``TEMPERATURE`` in the game's ``learned`` module).

    python bench/bid_policy.py                       # romanian_whist and Oh Hell, medium
    python bench/bid_policy.py --bot hard --matches 40
"""

from __future__ import annotations

import argparse
import math
import random
import time

from tricktable.bots import make_bot
from tricktable.bots.search.inference import learned_part, softmax_policy
from tricktable.games import load_game
from tricktable.sim.arena import deal_if_due

TABLES = (("romanian_whist", 4, 6), ("romanian_whist(preset=oh_hell,hand_size=7)", 4, 300))
"""(rules, players, matches at ``--matches 1``): about as many bids of each."""
TEMPERATURES = (0.25, 0.5, 0.75, 0.9, 1.0, 1.1, 1.25, 1.5, 2.0, 3.0, 5.0)


def bids_made(bot: str, scale: float, seed: int) -> list[tuple[dict[str, float], str]]:
    """Every bid of the matches with the model's value of each legal bid."""
    out: list[tuple[dict[str, float], str]] = []
    for rules, players, matches in TABLES:
        game = load_game(rules, players=players)
        part = learned_part(game)
        assert part is not None
        for match in range(max(1, round(matches * scale))):
            rng = random.Random(seed * 100_003 + match)
            state = game.new_match(rng)
            bots = [make_bot(bot, game, seat) for seat in range(players)]
            while not state.is_terminal():
                if deal_if_due(state, rng):
                    continue
                seat = state.current_player
                view = state.view(seat)
                text = bots[seat].choose(view, rng)
                values = part.values(game, view)
                if values:
                    out.append((values, text))
                state.apply_text(text)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="medium", help="the bot at every seat")
    parser.add_argument("--matches", type=float, default=1.0, help="scale of the match counts")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    start = time.perf_counter()
    bids = bids_made(args.bot, args.matches, args.seed)
    print(f"{len(bids)} bids by {args.bot} ({time.perf_counter() - start:.0f} s)")
    uniform = sum(-math.log(len(values)) for values, _ in bids) / len(bids)
    best = sum(max(values, key=lambda text: values[text]) == made for values, made in bids)
    print(f"  uniform bids: log-likelihood {uniform:.4f} a bid")
    print(f"  the model's best bid is the one made {best / len(bids):.1%} of the time")
    fits = []
    for temperature in TEMPERATURES:
        likelihood = sum(
            math.log(softmax_policy(values, temperature)[made]) for values, made in bids
        ) / len(bids)
        fits.append((likelihood, temperature))
        print(f"  temperature {temperature:4.2f}: log-likelihood {likelihood:.4f} a bid")
    print(f"best temperature: {max(fits)[1]}")


if __name__ == "__main__":
    main()
