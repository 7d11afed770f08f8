"""Learned making rounds for two-handed euchre (the family's ``UpCardBidding``): the chance
of each net score of the deal after each choice, the seat's points minus the other's.

The model (weights in ``bidding_model.json``) is trained by ``tricktable train bidding
two_handed_euchre``; the hand judgement is the heuristic's (``heuristic.expected_tricks``
against one opponent holding a hand of the unseen cards).

>>> from tricktable.testing import dealt_match
>>> state = dealt_match("two_handed_euchre", 3)
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
from tricktable.games.two_handed_euchre.heuristic import expected_tricks
from tricktable.learn.part import Table

WEIGHTS = Path(__file__).with_name("bidding_model.json")


class TwoHandedBidding(UpCardBidding):
    """Two-handed euchre's learned part."""

    tables = (
        Table("two_handed_euchre(preset=keller)", 2, 3),
        Table("two_handed_euchre(preset=mathews_1844)", 2, 1),
    )
    matches = 12000
    weights = WEIGHTS

    def strength(self, game: Game[Any], hand: CardMask, trump: Suit, unseen: CardMask) -> float:
        return expected_tricks(hand, trump, unseen)


LEARNED = TwoHandedBidding()
