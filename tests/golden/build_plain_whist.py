"""Write the plain whist golden records of ``tests/golden/plain_whist/`` (run: python
tests/golden/build_plain_whist.py).

Every hand, action and expected result below was worked out by hand from
docs/rules/plain_whist.md; the trick-by-trick reasoning is in the comments (``0:AH`` = seat 0
plays AH). Nothing here asks the engine: the script only lays the data out as record files
(``NAME.json``), expected replay results (``NAME.expect.json``, a subset of the ``tricktable
replay --json`` object) and expected errors (``NAME.error.txt``: each line is a text the
one-line error message must contain). The template game's goldens: a new game copies this
file with the template.

Four seats, sides 0 (seats 0 and 2) and 1 (seats 1 and 3); every deal here has seat 3 as the
dealer (``first_dealer`` 3), so seat 0 is eldest and leads the first trick. The dealer's
thirteenth card is the turned one: the record gives the dealer's other twelve as its hand.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

if __package__:
    from .writing import plays, write_goldens
else:  # run as a script
    from writing import plays, write_goldens

HERE = Path(__file__).resolve().parent / "plain_whist"
GAME = "plain_whist"
DECK = [r + s for s in "SHDC" for r in "23456789TJQKA"]


def deal(hands: list[str], turned: str, actions: list[str]) -> dict[str, Any]:
    """A deal of the whole pack: the dealer's (seat 3's) hand without its turned card."""
    held = [card for hand in hands for card in hand.split()] + [turned]
    assert sorted(held) == sorted(DECK), "a deal holds the whole pack once"
    assert [len(hand.split()) for hand in hands] == [13, 13, 13, 12]
    return {"hands": [hand.split() for hand in hands], "turned": turned, "actions": actions}


def record(deals: list[dict[str, Any]], rules: Any = None, players: int = 4) -> dict[str, Any]:
    return {
        "format": "tricktable/1",
        "game": GAME,
        "rules": rules or {"preset": "short"},
        "players": players,
        "first_dealer": 3,
        "deals": deals,
    }


GOLDENS: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {}
ERRORS: dict[str, tuple[Any, list[str]]] = {}

# ODD: hearts trump (the turned 2H). Seat 0 holds the seven top hearts, seat 3 the six low.
# T1-T7 0 leads AH KH QH JH TH 9H 8H and wins each: seats 1 and 2 hold no heart and throw
# their low cards, seat 3 follows 7H 6H 5H 4H 3H 2H and throws 8C to T7.
# T8 0:2S 1:AS (follows, wins: nobody holds a heart now), then seat 1 leads KS QS JS TS 9S and
# wins T9-T13, seat 0 following with 3S-7S. Tricks: seat 0 7, seat 1 6: side 0 takes 7, one
# trick over its book of six: 1 point.
ODD_HANDS = [
    "AH KH QH JH TH 9H 8H 2S 3S 4S 5S 6S 7S",
    "AS KS QS JS TS 9S 8S 2D 3D 4D 5D 6D 7D",
    "AD KD QD JD TD 9D 8D 2C 3C 4C 5C 6C 7C",
    "7H 6H 5H 4H 3H AC KC QC JC TC 9C 8C",
]
ODD_PLAY = plays(
    "AH 2D 2C 7H",  # T1-T8: seats 0, 1, 2, 3
    "KH 3D 3C 6H",
    "QH 4D 4C 5H",
    "JH 5D 5C 4H",
    "TH 6D 6C 3H",
    "9H 7D 7C 2H",
    "8H 8S 8D 8C",
    "2S AS 9D 9C",
    "KS TD TC 3S",  # T9-T13: seat 1 leads, seats 1, 2, 3, 0
    "QS JD JC 4S",
    "JS QD QC 5S",
    "TS KD KC 6S",
    "9S AD AC 7S",
)
ODD = deal(ODD_HANDS, "2H", ODD_PLAY)
ODD_DONE = {
    "points": [1, 0],
    "scores": [1, 0],
    "tricks": [7, 6],
    "trump": "H",
    "makers": None,
    "events": ["side 0 takes 7 tricks: 1 point"],
    "complete": True,
}
GOLDENS["odd_trick"] = (
    record([ODD]),
    {
        "deals": [ODD_DONE],
        "scores": [1, 0],
        "finished": False,
        "winner": None,
        "to_act": None,
        "legal": [],
    },
)

# The same deal stopped after T1: seat 0 won it and leads T2 from its other twelve cards.
GOLDENS["stops_after_the_first_trick"] = (
    record([{**ODD, "actions": ODD_PLAY[:4]}]),
    {
        "deals": [
            {
                "points": [0, 0],
                "scores": [0, 0],
                "tricks": [1, 0],
                "trump": "H",
                "makers": None,
                "complete": False,
            }
        ],
        "finished": False,
        "to_act": 0,
        "legal": sorted(f"play {card}" for card in ODD_HANDS[0].split()[1:]),
    },
)

# SLAM: each seat holds one suit; clubs trump (the turned 2C). T1 0:AS 1:AH 2:AD 3:2C: seat 3
# trumps and wins; it leads AC KC ... 3C and wins T2-T13, the others throwing their next
# highest cards (seat order 3, 0, 1, 2). Side 1 takes 13 tricks: 7 points, past the target
# of 5: side 1 wins the game in one deal.
SLAM_HANDS = [
    " ".join(f"{rank}S" for rank in "AKQJT98765432"),
    " ".join(f"{rank}H" for rank in "AKQJT98765432"),
    " ".join(f"{rank}D" for rank in "AKQJT98765432"),
    " ".join(f"{rank}C" for rank in "AKQJT9876543"),
]
SLAM_PLAY = plays(
    "AS AH AD 2C",
    *(
        f"{lead}C {low}S {low}H {low}D"
        for lead, low in zip("AKQJT9876543", "KQJT98765432", strict=True)
    ),
)
GOLDENS["grand_slam_wins_the_match"] = (
    record([deal(SLAM_HANDS, "2C", SLAM_PLAY)]),
    {
        "deals": [
            {
                "points": [0, 7],
                "scores": [0, 7],
                "tricks": [0, 13],
                "trump": "C",
                "makers": None,
                "events": ["side 1 takes 13 tricks: 7 points", "side 1 wins the game"],
                "complete": True,
            }
        ],
        "scores": [0, 7],
        "finished": True,
        "winner": 1,
    },
)

# Errors: a revoke (seat 3 throws 8C to T1 while it holds 7H), a card not held (seat 1 plays
# the AH seat 0 just led), a deal without its turned card, and three players.
ERRORS["err_revoke"] = (
    record([{**ODD, "actions": [*ODD_PLAY[:3], "play 8C"]}]),
    ["deal 0", "play 8C", "must follow the led suit"],
)
ERRORS["err_card_not_held"] = (
    record([{**ODD, "actions": ["play AH", "play AH"]}]),
    ["deal 0", "seat 1 does not hold AH"],
)
ERRORS["err_no_turned_card"] = (
    record([{**ODD, "turned": None}]),
    ["deal 0", "turned card"],
)
ERRORS["err_three_players"] = (record([ODD], players=3), ["played by 4 players"])


def main() -> None:
    write_goldens(HERE, GOLDENS, ERRORS)


if __name__ == "__main__":
    main()
