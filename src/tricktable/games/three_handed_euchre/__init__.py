"""Three-handed Euchre and cutthroat (RULES.md 1.10).

Its bidding is left to the heuristic: playing 24-card deals out for every choice is too
slow for a decision (docs/bots.md).
"""

from tricktable.games.spec import GameSpec, Part

SPEC = GameSpec(
    name="three_handed_euchre",
    title="Three-handed Euchre",
    engine=Part("tricktable.games.three_handed_euchre.engine:ThreeHandedEuchre"),
    heuristic=Part("tricktable.games.three_handed_euchre.heuristic:ThreeHandedEuchreHeuristic"),
    search=Part("tricktable.games.three_handed_euchre.search:SEARCH"),
    decisions=None,
    card_places=Part("tricktable.games.euchre_family.checks:card_places"),
    bowers=True,
    value_unit="tricks",
    observation=Part("tricktable.games.three_handed_euchre.observation:encoder"),
)
