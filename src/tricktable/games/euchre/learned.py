"""Learned bidding for four-handed euchre: the chance of each net score of the deal after
each choice of the making rounds (the family's ``UpCardBidding``).

The model (weights in ``bidding_model.json``) is trained by ``tricktable train bidding
euchre``; the hand judgement is the heuristic's (``heuristic.hand_strength``, Benny
included), and a net score is worth what the game's score makes of it (``odds.deal_value``,
as the sampled valuation counts it).

>>> from tricktable.testing import dealt_match
>>> state = dealt_match("euchre", 3)
>>> game = state.game
>>> view = state.view(state.current_player)
>>> LEARNED.applies(game, view), len(LEARNED.bid_features(game, view)) == FEATURES
(True, True)
>>> values = LEARNED.values(game, view)
>>> values is not None and sorted(values) == sorted(view.legal)
True
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tricktable.cards import Card, CardMask, Suit
from tricktable.core import Game, SeatView
from tricktable.games.euchre.engine import Euchre
from tricktable.games.euchre.heuristic import hand_strength
from tricktable.games.euchre.odds import deal_value
from tricktable.games.euchre_family.learned_making import FEATURES, UpCardBidding
from tricktable.learn.part import Table, game_as

__all__ = ["FEATURES", "LEARNED", "SAMPLED_SHARE", "EuchreBidding"]

WEIGHTS = Path(__file__).with_name("bidding_model.json")
SAMPLED_SHARE = 0.75
"""The share of the sampled worlds' values (``bidding.evaluate``) in a choice's value beside
the model's (``LearnedDecisions.sampled_share``; docs/bots.md gives the measurements)."""


def _euchre(game: Game[Any]) -> Euchre:
    return game_as(game, Euchre, "learned euchre bidding")


class EuchreBidding(UpCardBidding):
    """Four-handed euchre's learned part."""

    tables = (
        Table("euchre(preset=north_american)", 4, 6),
        Table("euchre(preset=tournament)", 4, 2),
        Table("euchre(preset=british)", 4, 2),
        Table("euchre(preset=openspiel)", 4, 2),
        Table("euchre(preset=canadian)", 4, 1),
        Table("euchre(preset=cornish)", 4, 1),
        Table("euchre(preset=mathews_1844)", 4, 1),
    )
    matches = 20000
    weights = WEIGHTS
    sampled_share = SAMPLED_SHARE

    def strength(self, game: Game[Any], hand: CardMask, trump: Suit, unseen: CardMask) -> float:
        return hand_strength(hand, trump, _euchre(game).rules)

    def benny(self, game: Game[Any]) -> Card | None:
        return _euchre(game).rules.benny_card

    def worth(self, game: Game[Any], view: SeatView) -> list[float]:
        """A net score as the game's score weighs it (``odds.deal_value``)."""
        rules = _euchre(game).rules
        side = view.seat % 2
        out = []
        for outcome in range(2 * self.net_span + 1):
            net = outcome - self.net_span
            out.append(deal_value(rules, view.scores, side, max(net, 0), max(-net, 0)))
        return out


LEARNED = EuchreBidding()
