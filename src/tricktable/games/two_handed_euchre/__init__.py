"""Two-handed Euchre (RULES.md 1.10): each seat plays for itself; its bidding is valued by
playouts (``bots.search.playout_bidding``).
"""

from tricktable.games.spec import GameSpec, Part

SPEC = GameSpec(
    name="two_handed_euchre",
    title="Two-handed Euchre",
    engine=Part("tricktable.games.two_handed_euchre.engine:TwoHandedEuchre"),
    heuristic=Part("tricktable.games.two_handed_euchre.heuristic:TwoHandedEuchreHeuristic"),
    search=Part("tricktable.games.two_handed_euchre.search:SEARCH"),
    decisions=Part("tricktable.bots.search.playout_bidding:evaluate"),
    card_places=Part("tricktable.games.euchre_family.checks:card_places"),
    bowers=True,
    value_unit="tricks",
    observation=Part("tricktable.games.two_handed_euchre.observation:encoder"),
)
