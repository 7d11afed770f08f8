"""Learned decisions before the play for set-back euchre: the chance of each net score of the
deal after each choice of the making rounds (``order``, ``call X``, ``pass``) and of a
defender's ``throw in``, ``pass`` (stay in) or ``declare`` (option ``declare_march``).

The maker's own ``declare`` is not learned: a declared march is worth the game and the pool,
which a deal's net score does not count (a plain march scores the same five tricks), so the
heuristic, which declares only where that wins more, keeps it (docs/bots.md gives the
measurements).

The part is the family's ``UpCardBidding`` (``euchre_family.learned_making``) with set-back's
own outcome, hand judgement, score and decisions after trump is made:

- **Outcome.** Each seat plays for itself and scores count down (a trick taken subtracts 1),
  so the net score of a deal is the mean change of the others' scores less the seat's own
  (as the sampled valuation, ``playout_bidding``, and ``bench/bid_decisions.py`` count it),
  in half points, from ``-net_span`` to ``+net_span``. With four players the others' mean
  is in thirds of a point: it is rounded to the nearest half point.
- **Score.** No target: each seat counts down from ``start_score`` to 0 (``to_go``: the
  seat's score and the lowest other score, as shares of the start).
- **Hand judgement** (``strength``): the heuristic's ``defence_tricks``, the tricks the hand
  can count on; the block's ``lone_losers`` is the heuristic's judgement of making alone.
- **After trump is made** (a defender's choice) the features say so, where the trump suit's
  block is, the maker's place, who threw in or declared, the hand's defence tricks and
  whether the seat's score is above the hand size (only then does a declared march win more
  than a plain one); the action's inputs name the trump suit's block.

The model (weights in ``bidding_model.json``) is trained by ``tricktable train bidding
setback_euchre``.

>>> from tricktable.testing import dealt_match
>>> state = dealt_match("setback_euchre", 3)
>>> game = state.game
>>> view = state.view(state.current_player)
>>> LEARNED.applies(game, view), len(LEARNED.features(game, view)) == SETBACK_FEATURES
(True, True)
>>> values = LEARNED.values(game, view)
>>> values is not None and sorted(values) == sorted(view.legal)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tricktable.actions import CoreKind, kind_of, parse_action
from tricktable.cards import CardMask, Suit, mask_of
from tricktable.core import Game, SeatView
from tricktable.games.euchre_family.heuristic import defence_tricks, own_discards
from tricktable.games.euchre_family.learned_making import (
    BLOCK,
    CONTEXT,
    FEATURES,
    UpCardBidding,
    block_suits,
)
from tricktable.games.setback_euchre.engine import HAND_SIZE, SetbackEuchre
from tricktable.games.setback_euchre.facts import SetbackEuchreFacts
from tricktable.games.setback_euchre.verbs import SetbackKind
from tricktable.learn.part import Example, Table, a_choice_among, game_as

WEIGHTS = Path(__file__).with_name("bidding_model.json")
AFTER_TRUMP = ("throw_in",)
"""The phase of the decisions it learns after trump is made: a defender's."""
AFTER_KINDS = (CoreKind.PASS, SetbackKind.THROW_IN, SetbackKind.DECLARE)
EXTRA = 14
"""Set-back's own features, after the family's blocks (``after_trump_features``)."""
SETBACK_FEATURES = FEATURES + EXTRA
"""How many features ``features`` gives: the family's context and blocks, set-back's own,
and the suits of the blocks."""
MAKE_AIM = 5
"""What making trump aims at, in half points above an even deal (a make of three tricks
against the others' mean)."""
SAMPLED_SHARE = 0.5
"""The share of the sampled worlds' values (``playout_bidding``) in a making choice's value
beside the model's (``LearnedDecisions.sampled_share``; docs/bots.md gives the
measurements). A defender's decisions have no sampled valuation: the model alone values
them."""


def _setback(game: Game[Any]) -> SetbackEuchre:
    return game_as(game, SetbackEuchre, "learned set-back bidding")


class SetbackBidding(UpCardBidding):
    """Set-back euchre's learned part: the chance of each net score of the deal (the others'
    mean change less the seat's own, in half points) for each choice before the play."""

    tables = (
        Table("setback_euchre", 4, 4),
        Table("setback_euchre", 3, 4),
        Table("setback_euchre", 2, 3),
        Table("setback_euchre(declare_march=true)", 4, 2),
        Table("setback_euchre(declare_march=true)", 3, 1),
        Table("setback_euchre(declare_march=true)", 2, 1),
        Table("setback_euchre(euchre_relief=true)", 4, 1),
        Table("setback_euchre(stick_the_dealer=true)", 4, 1),
        Table("setback_euchre(stick_the_dealer=true)", 3, 1),
    )
    matches = 24000
    weights = WEIGHTS
    sampled_share = SAMPLED_SHARE
    net_span = 16
    net_unit = 0.5

    def net(self, example: Example) -> int:
        """The others' mean change less the seat's own, in half points (scores count down:
        a seat that takes tricks lowers its score).

        >>> from tricktable.learn.part import Example
        >>> made = Example("setback_euchre", 3, 0, 0, 0, (), "order", 21, 32, 3, -3, -1)
        >>> LEARNED.net(made)   # the maker took 3, one defender 2 (-2), one none (+1)
        5
        """
        others = example.others / (example.players - 1)
        return round(2 * (others - example.points))

    def strength(self, game: Game[Any], hand: CardMask, trump: Suit, unseen: CardMask) -> float:
        """The tricks the hand can count on with ``trump`` (the heuristic's
        ``defence_tricks``)."""
        return defence_tricks(hand, unseen, self.trick_table(game, trump))

    def to_go(self, game: Game[Any], view: SeatView) -> list[float]:
        """The seat's score and the lowest other score as shares of the start (the first to
        0 wins); a game with a target (0 for none)."""
        start = _setback(game).rules.start_score
        scores = [int(score) for score in view.scores]
        lowest_other = min(score for seat, score in enumerate(scores) if seat != view.seat)
        return [scores[view.seat] / start, lowest_other / start, 0.0]

    # -- the LearnedDecisions protocol ------------------------------------------------------
    def applies(self, game: Game[Any], view: SeatView) -> bool:
        if view.phase not in AFTER_TRUMP:
            return super().applies(game, view)
        return a_choice_among(view, AFTER_KINDS)

    def features(self, game: Game[Any], view: SeatView) -> list[float]:
        family = self.bid_features(game, view)
        return [*family[:-4], *self.after_trump_features(game, view), *family[-4:]]

    def aim(self, action: str) -> int:
        """A pass or a throw-in aims at an even deal, making trump at a make, a declaration
        at the largest net score (a march)."""
        kind = kind_of(parse_action(action))
        if kind in (CoreKind.PASS, SetbackKind.THROW_IN):
            return self.net_span
        if kind == SetbackKind.DECLARE:
            return 2 * self.net_span
        return self.net_span + MAKE_AIM

    def inputs(self, features: Sequence[float], action: str) -> list[float]:
        """The family's inputs (after trump is made: the trump suit's block, the pass flag),
        and whether the action declares or throws in."""
        kind = kind_of(parse_action(action))
        own = features[-4 - EXTRA : -4]
        if own[0]:
            place = [int(flag) for flag in own[1:5]].index(1)
            start = CONTEXT + place * BLOCK
            head = [
                *features[:-4],
                *features[start : start + BLOCK],
                float(kind == CoreKind.PASS),
                0.0,
                0.0,
                *(float(place == index) for index in range(3)),
            ]
        else:
            head = super().inputs(features, action)
        return [*head, float(kind == SetbackKind.DECLARE), float(kind == SetbackKind.THROW_IN)]

    # -- features -----------------------------------------------------------------------------
    def after_trump_features(self, game: Game[Any], view: SeatView) -> list[float]:
        """Set-back's own features (``EXTRA`` of them): a defender's decision after trump is
        made, where the trump suit's block is, the maker's place, who threw in or declared,
        the hand's defence tricks with trump, the seat's score above the hand size, and the
        rules."""
        rules = _setback(game).rules
        facts = view.facts(SetbackEuchreFacts)
        players = game.players
        after = view.phase in AFTER_TRUMP and facts.trump is not None
        places = [0.0] * 4
        maker_facts = [0.0, 0.0]
        defence = 0.0
        if after and facts.trump is not None and facts.maker is not None:
            assert facts.upcard_suit is not None
            places[block_suits(facts.upcard_suit).index(facts.trump)] = 1.0
            maker = facts.maker
            maker_facts = [
                float(maker == view.dealer),
                (maker - view.seat) % players / players,
            ]
            hand = mask_of(view.hand)
            unseen = self.deck(game) & ~hand & ~own_discards(view)
            defence = defence_tricks(hand, unseen, self.trick_table(game, facts.trump))
        return [
            float(after),
            *places,
            *maker_facts,
            len(facts.sitting_out) / players,
            float(facts.declared),
            defence,
            float(int(view.scores[view.seat]) > HAND_SIZE),
            float(rules.declare_march),
            float(rules.euchre_relief),
            float(rules.stick_the_dealer),
        ]


LEARNED = SetbackBidding()
