"""Two-handed Euchre (RULES.md 1.10): each seat plays for itself; its bidding is valued by
playouts (``bots.search.playout_bidding``).
"""

from tricktable.games.euchre_family import PLAYOUT_BIDDING, family_spec

SPEC = family_spec(
    __name__, title="Two-handed Euchre", value_unit="tricks", decisions=PLAYOUT_BIDDING
)
