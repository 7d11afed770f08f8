"""Euchre, four-handed with partners, and its presets (RULES.md section 1).

Four-handed euchre's solves are quick and its play gains from more worlds: ``hard`` and
``expert`` sample more of them (docs/bots.md).
"""

from tricktable.games.euchre_family import family_spec
from tricktable.games.spec import Learn, Levels

SPEC = family_spec(
    __name__,
    title="Euchre",
    value_unit="points",
    levels=Levels(hard=50, expert=100),
    learn=Learn("euchre", "Euchre", guided=("north_american", 4)),
)
