"""Bid Euchre, individual (RULES.md 1.10).

Its bidding is left to the heuristic: playing its deals out for every choice is too slow
for a decision (docs/bots.md).
"""

from tricktable.games.euchre_family import family_spec
from tricktable.games.spec import Part

SPEC = family_spec(
    __name__,
    title="Bid Euchre",
    value_unit="tricks",
    prompts=Part("tricktable.games.euchre_family.prompts:BID_PROMPTS"),
)
