"""Learned making rounds for the up-card euchres: the chance of each net score of the deal
after each choice of the two rounds (``order``, ``order alone``, ``call X``, ``call X
alone``, ``pass``).

A game's ``learned`` part is an ``UpCardBidding`` with its own hand judgement (``strength``:
its heuristic's expected tricks with a trump), its tables and weights. The model
(``learn.model.OutcomeModel``) is trained on self-play deals (``tricktable train bidding
GAME``): for each decision of the two rounds it saw the seat's view features
(``bid_features``), the choice, and what the deal then scored under real, hidden-card play:
the seat's side's points minus the others', from ``-net_span`` to ``+net_span`` (outcome
``net + net_span``). A pass has no trick aim of its own, and needs none: its outcome is the
deal's score too, whoever then makes trump. A choice's value is that score as the game
weighs it (``worth``: the net points, or what four-handed euchre's score makes of them).

Every feature comes from the seat's ``SeatView``: its hand, the up-card, its place from the
dealer, the round, the score and the table's rules. Each trump suit the seat could name gets
a block of the same features (``suit_block``), in the up-card's order: its suit, next (the
same colour), then the two others. An action's inputs are the view's features, the block of
the suit it names, and what kind of choice it is (``UpCardBidding.inputs``).
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from typing import Any

from tricktable.actions import CoreKind, argument_of, kind_of, parse_action
from tricktable.bots.search.sampled_worlds import side_of_seat
from tricktable.cards import (
    ACE,
    JACK,
    SUITS,
    Card,
    CardMask,
    Suit,
    count,
    make_card,
    mask_of,
    same_colour_suit,
)
from tricktable.core import Game, SeatView
from tricktable.games.euchre_family.facts import UpCardFacts
from tricktable.games.euchre_family.heuristic import (
    after_pickup,
    lone_losers,
    trump_order,
)
from tricktable.games.euchre_family.state import FamilyGame
from tricktable.games.euchre_family.verbs import FamilyKind
from tricktable.learn.part import NetScoreDecisions, a_choice_among
from tricktable.tricks import TrickRules, euchre_rules

BLOCK = 8
"""Features per trump suit (``suit_block``)."""
CONTEXT = 20
"""Features of the view before the suits' blocks."""
FEATURES = CONTEXT + 4 * BLOCK + 4
"""How many features ``bid_features`` gives: the context, a block per suit, and the suits
of the blocks (read by ``inputs`` to find a named suit's block, not given to the model)."""
UPCARD_VALUES = (1.0, 0.9, 0.8, 0.7, 0.6, 0.5, 0.45, 0.4)
"""The up-card's worth as a trump by its place in the trump order (a feature)."""
KINDS = (CoreKind.PASS, FamilyKind.ORDER, FamilyKind.ORDER_ALONE)
CALLS = (FamilyKind.CALL, FamilyKind.CALL_ALONE)
LONE = (FamilyKind.ORDER_ALONE, FamilyKind.CALL_ALONE)
BIDDING_PHASES = ("bid1", "bid2")


def block_suits(upcard_suit: Suit) -> list[Suit]:
    """The suits in the blocks' order: the up-card's, next (the same colour), the others.

    >>> from tricktable.cards import SUIT_LETTERS, CLUBS
    >>> "".join(SUIT_LETTERS[suit] for suit in block_suits(CLUBS))
    'CSHD'
    """
    same = same_colour_suit(upcard_suit)
    return [upcard_suit, same, *(suit for suit in SUITS if suit not in (upcard_suit, same))]


class UpCardBidding(NetScoreDecisions):
    """An up-card euchre's learned part: the chance of each net score of the deal for each
    choice of the making rounds. Each game gives its hand judgement, tables and weights."""

    net_unit = 1.0
    """Points a unit of ``net`` is worth."""
    sampled_share = 0.5
    """The share of the sampled worlds' values in a choice's value beside the model's
    (``LearnedDecisions.sampled_share``; docs/bots.md gives the measurements)."""

    @abstractmethod
    def strength(self, game: Game[Any], hand: CardMask, trump: Suit, unseen: CardMask) -> float:
        """The game's heuristic's expected tricks of ``hand`` with ``trump`` (``unseen``: the
        cards others may hold)."""

    def trick_table(self, game: Game[Any], trump: Suit) -> TrickRules:
        """The trick table of ``trump`` (bowers are trumps; no Benny unless the game says)."""
        return euchre_rules(trump, self.benny(game))

    def benny(self, game: Game[Any]) -> Card | None:
        """The Joker of the game's deck, if it has one (none by default)."""
        return None

    def deck(self, game: Game[Any]) -> CardMask:
        """Every card of the game's deck."""
        if not isinstance(game, FamilyGame):
            raise TypeError(f"the learned making rounds play a euchre, not {game.name!r}")
        return mask_of(game.deck)

    def worth(self, game: Game[Any], view: SeatView) -> list[float]:
        """What each outcome (a net score ``outcome - net_span``) is worth to the seat: the
        net points by default."""
        return [(k - self.net_span) * self.net_unit for k in range(2 * self.net_span + 1)]

    # -- the LearnedDecisions protocol ------------------------------------------------------
    def applies(self, game: Game[Any], view: SeatView) -> bool:
        if view.phase not in BIDDING_PHASES or not a_choice_among(view, KINDS + CALLS):
            return False
        return view.facts(UpCardFacts).upcard_suit is not None

    def features(self, game: Game[Any], view: SeatView) -> list[float]:
        return self.bid_features(game, view)

    def aim(self, action: str) -> int:
        """A pass aims at nothing (a net 0), an order or call at a make, alone at a march."""
        kind = kind_of(parse_action(action))
        if kind == CoreKind.PASS:
            return self.net_span
        return 2 * self.net_span if kind in LONE else self.net_span + 1

    def inputs(self, features: Sequence[float], action: str) -> list[float]:
        parsed = parse_action(action)
        kind = kind_of(parsed)
        suits = [int(suit) for suit in features[-4:]]
        if kind in CALLS:
            place = suits.index(argument_of(parsed))
        else:
            place = 0 if kind != CoreKind.PASS else -1
        named = [0.0] * BLOCK
        if place >= 0:
            start = CONTEXT + place * BLOCK
            named = list(features[start : start + BLOCK])
        return [
            *features[:-4],
            *named,
            float(kind == CoreKind.PASS),
            float(kind in LONE),
            float(kind in CALLS),
            *(float(place == index) for index in range(3)),
        ]

    # -- features -----------------------------------------------------------------------------
    def to_go(self, game: Game[Any], view: SeatView) -> list[float]:
        """How far the match is from its end, as three numbers: the share of the target the
        seat's side still needs, the share the closest other side needs, and whether the
        game has no target (both shares 0 then). A game whose scores count otherwise gives
        its own."""
        target: int | None = game.rules.target
        if target is None:
            return [0.0, 0.0, 1.0]
        side = side_of_seat(game, view.seat)
        scores = [int(score) for score in view.scores]
        best_other = max(score for index, score in enumerate(scores) if index != side)
        return [(target - scores[side]) / target, (target - best_other) / target, 0.0]

    def suit_block(
        self, game: Game[Any], hand: CardMask, trump: Suit, unseen: CardMask, deck: CardMask
    ) -> list[float]:
        """What ``hand`` is worth with ``trump``: the heuristic's expected tricks, its trumps
        and whether it holds the top three of ``deck``, the cards it would lose alone, its side
        aces and voids."""
        table = self.trick_table(game, trump)
        order = trump_order(table, deck)
        side = [suit for suit in SUITS if suit != trump]
        return [
            self.strength(game, hand, trump, unseen),
            float(count(hand & table.suit_masks[trump])),
            *(float(len(order) > place and bool(hand >> order[place] & 1)) for place in range(3)),
            lone_losers(hand, unseen, table),
            float(sum(1 for suit in side if hand >> make_card(suit, ACE) & 1)),
            float(sum(1 for suit in side if not hand & table.suit_masks[suit])),
        ]

    def bid_features(self, game: Game[Any], view: SeatView) -> list[float]:
        """What the seat knows as it bids, as numbers (``FEATURES`` of them), from its view."""
        facts = view.facts(UpCardFacts)
        assert facts.upcard is not None and facts.upcard_suit is not None
        upcard, turned = facts.upcard, facts.upcard_suit
        players = game.players
        relation = (view.seat - view.dealer) % players  # 0 the dealer, 1 the seat after ...
        second_round = view.phase == "bid2"
        dealt = mask_of(view.hand)
        deck = self.deck(game)
        side = side_of_seat(game, view.seat)
        dealer_side = side_of_seat(game, view.dealer)
        benny = self.benny(game)
        table = self.trick_table(game, turned)
        order = trump_order(table, deck)
        upcard_place = order.index(upcard) if upcard in order else len(UPCARD_VALUES) - 1
        context = [
            float(second_round),
            *(float(relation == seat) for seat in range(4)),
            *(float(players == seats) for seats in (2, 3, 4)),
            float(relation != 0 and side == dealer_side),
            *self.to_go(game, view),
            (count(deck) - 24) / 8,
            len(view.hand) / 8,
            float(benny is not None),
            float("pass" not in view.legal),
            float(any(kind_of(parse_action(text)) in LONE for text in view.legal)),
            UPCARD_VALUES[min(upcard_place, len(UPCARD_VALUES) - 1)],
            float(benny == upcard),
            float(upcard == make_card(turned, JACK)),
        ]
        blocks: list[float] = []
        suits = block_suits(turned)
        for suit in suits:
            hand = dealt
            if suit == turned and relation == 0 and view.phase == "bid1":
                hand = after_pickup(dealt, upcard, self.trick_table(game, suit))
            blocks += self.suit_block(game, hand, suit, deck & ~dealt & ~(1 << upcard), deck)
        return [*context, *blocks, *(float(suit) for suit in suits)]
