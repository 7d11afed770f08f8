"""Bid Euchre (RULES.md 1.10): the individual form (Indiana, preset ``indiana``) and the
partnership form (Auction, Pepper; preset ``partnership``, module ``partnership``).

Both forms' decisions before the play are valued over sampled worlds, each world's play
solved once double-dummy (``bidding``): the partnership form's bids and naming of trump, the
individual form's bids, naming of trump and stay or drop; a model learned from self-play
values the same decisions of both forms (``learned``), and ``pimc`` weighs the two.
"""

from tricktable.games.euchre_family import family_spec

SPEC = family_spec(
    __name__,
    title="Bid Euchre",
    value_unit="tricks",
    preset_notes={
        "indiana": "the individual form: 3 or 4 players, each counting down from the start score",
        "partnership": "the partnership form: 4 players, seats 1 and 3 against 2 and 4,"
        " sides counting up to the target",
    },
)
