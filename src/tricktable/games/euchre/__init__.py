"""Euchre, four-handed with partners, and its presets (RULES.md section 1).

Four-handed euchre's solves are quick and its play gains from more worlds: ``hard`` and
``expert`` sample more of them (docs/bots.md).
"""

from tricktable.games.spec import GameSpec, Levels, Part

SPEC = GameSpec(
    name="euchre",
    title="Euchre",
    engine=Part("tricktable.games.euchre.engine:Euchre"),
    heuristic=Part("tricktable.games.euchre.heuristic:EuchreHeuristic"),
    search=Part("tricktable.games.euchre.search:SEARCH"),
    decisions=Part("tricktable.games.euchre.bidding:evaluate"),
    card_places=Part("tricktable.games.euchre_family.checks:card_places"),
    bowers=True,
    value_unit="points",
    levels=Levels(hard=50, expert=100),
    openspiel=Part("tricktable.games.euchre.openspiel:TRANSLATION"),
    egn=Part("tricktable.games.euchre.egn:TRANSLATION"),
    observation=Part("tricktable.games.euchre.observation:encoder"),
)
