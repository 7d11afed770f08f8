"""Two-handed Euchre (RULES.md 1.10).

The package holds everything about the game, and ``SPEC`` names it for the rest of
tricktable: ``engine`` (the rules), ``heuristic`` (its heuristic bot), ``search`` (what
the search bots must know), ``checks`` (where its cards lie).
"""

from tricktable.games.spec import GameSpec, Part

SPEC = GameSpec(
    name="two_handed_euchre",
    title="Two-handed Euchre",
    engine=Part("tricktable.games.two_handed_euchre.engine:TwoHandedEuchre"),
    heuristic=Part("tricktable.games.two_handed_euchre.heuristic:TwoHandedEuchreHeuristic"),
    search=Part("tricktable.games.two_handed_euchre.search:SEARCH"),
    decisions=Part("tricktable.bots.search.playout_bidding:evaluate"),
    card_places=Part("tricktable.games.two_handed_euchre.checks:card_places"),
    value_unit="tricks",
)
