"""Three-handed Euchre and cutthroat (RULES.md 1.10).

``hard`` and ``expert`` make trump by sampled worlds, each solved once double-dummy for the
maker's tricks (``bidding``): a move-by-move playout of 21 cards for every choice is too
slow for a decision (docs/bots.md).
"""

from tricktable.games.euchre_family import family_spec

SPEC = family_spec(__name__, title="Three-handed Euchre", value_unit="tricks")
