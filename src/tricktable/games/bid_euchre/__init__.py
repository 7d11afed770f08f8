"""Bid Euchre, individual (RULES.md 1.10).

The package holds everything about the game, and ``SPEC`` names it for the rest of
tricktable: ``engine`` (the rules), ``heuristic`` (its heuristic bot), ``search`` (what
the search bots must know), ``checks`` (where its cards lie).

Its bidding is left to the heuristic: playing its deals out for every choice is too slow
for a decision (docs/bots.md).
"""

from tricktable.games.spec import GameSpec, Part

SPEC = GameSpec(
    name="bid_euchre",
    title="Bid Euchre",
    engine=Part("tricktable.games.bid_euchre.engine:BidEuchre"),
    heuristic=Part("tricktable.games.bid_euchre.heuristic:BidEuchreHeuristic"),
    search=Part("tricktable.games.bid_euchre.search:SEARCH"),
    decisions=None,
    card_places=Part("tricktable.games.bid_euchre.checks:card_places"),
    value_unit="tricks",
)
