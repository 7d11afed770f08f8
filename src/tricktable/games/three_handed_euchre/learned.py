"""Learned making rounds for three-handed euchre (the family's ``UpCardBidding``): the
chance of each net score of the deal after each choice, the seat's points minus the mean of
the two others' (as the sampled valuation counts it, ``bidding``), in half points.

The model (weights in ``bidding_model.json``) is trained by ``tricktable train bidding
three_handed_euchre``; the hand judgement is the heuristic's (``heuristic.expected_tricks``
alone against two others).

>>> from tricktable.testing import dealt_match
>>> state = dealt_match("three_handed_euchre", 3)
>>> view = state.view(state.current_player)
>>> values = LEARNED.values(state.game, view)
>>> values is not None and sorted(values) == sorted(view.legal)
True
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tricktable.cards import CardMask, Suit
from tricktable.core import Game
from tricktable.games.euchre_family.learned_making import UpCardBidding
from tricktable.games.three_handed_euchre.heuristic import DEFAULT_TUNING, expected_tricks
from tricktable.learn.part import Example, Table

WEIGHTS = Path(__file__).with_name("bidding_model.json")


class ThreeHandedBidding(UpCardBidding):
    """Three-handed euchre's learned part."""

    tables = (
        Table("three_handed_euchre(preset=three_handed)", 3, 2),
        Table("three_handed_euchre(preset=cutthroat)", 3, 1),
    )
    matches = 12000
    weights = WEIGHTS
    net_span = 8
    net_unit = 0.5

    def net(self, example: Example) -> int:
        """The seat's points minus the others' mean, in half points."""
        return 2 * example.points - example.others

    def strength(self, game: Game[Any], hand: CardMask, trump: Suit, unseen: CardMask) -> float:
        rules: Any = game.rules
        return expected_tricks(hand, trump, int(rules.hand_size), DEFAULT_TUNING.length_bonus)


LEARNED = ThreeHandedBidding()
