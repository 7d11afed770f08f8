"""Three-handed Euchre and cutthroat (RULES.md 1.10).

Its bidding is left to the heuristic: playing 24-card deals out for every choice is too
slow for a decision (docs/bots.md).
"""

from tricktable.games.euchre_family import family_spec

SPEC = family_spec(__name__, title="Three-handed Euchre", value_unit="tricks")
