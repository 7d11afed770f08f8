"""Set-back Euchre (RULES.md 1.10): scores count down; its bidding is valued by playouts
(``bots.search.playout_bidding``).
"""

from tricktable.games.spec import GameSpec, Part

SPEC = GameSpec(
    name="setback_euchre",
    title="Set-back Euchre",
    engine=Part("tricktable.games.setback_euchre.engine:SetbackEuchre"),
    heuristic=Part("tricktable.games.setback_euchre.heuristic:SetbackEuchreHeuristic"),
    search=Part("tricktable.games.setback_euchre.search:SEARCH"),
    decisions=Part("tricktable.bots.search.playout_bidding:evaluate"),
    card_places=Part("tricktable.games.euchre_family.checks:card_places"),
    bowers=True,
    value_unit="tricks",
    observation=Part("tricktable.games.setback_euchre.observation:encoder"),
)
