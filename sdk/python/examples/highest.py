"""An example bot: it plays its highest legal card, and takes every other decision (bids,
trump, discards) at random from the generator seeded for it, so it plays the same on the
same deals. Every game, any rules.

    tricktable sim euchre --bots "medium,cmd:python sdk/python/examples/highest.py" --games 20
    tricktable engine-check "cmd:python sdk/python/examples/highest.py"

With the option ``lowest`` set (``cmd(lowest=true):python ...``) it plays its lowest card.
"""

import sys
from pathlib import Path

# From a checkout, without installing the SDK: its folder is this one's parent.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tricktable_bot import Option, View, run


def highest(view: View) -> str:
    cards = view.legal_cards("play")
    if not cards:  # bidding, naming trump, discarding ...: a seeded draw
        return view.rng.choice(view.legal)
    pick = min if view.options["lowest"] else max
    card = pick(cards, key=lambda card: card.value)
    return f"play {card}"


if __name__ == "__main__":
    run(highest, name="highest", author="tricktable", options=[Option("lowest", "bool", False)])
