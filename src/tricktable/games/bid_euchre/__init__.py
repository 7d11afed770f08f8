"""Bid Euchre, individual (RULES.md 1.10).

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
    bowers=True,
    value_unit="tricks",
    observation=Part("tricktable.games.bid_euchre.observation:encoder"),
)
