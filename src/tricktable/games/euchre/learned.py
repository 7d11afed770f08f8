"""Learned bidding for four-handed euchre: the chance of each net score of the deal after
each choice of the making rounds.

The model (``learn.model.OutcomeModel``, weights in ``bidding_model.json``) was trained on
self-play deals (``tricktable train bidding euchre``): for each decision of the two making
rounds (``order``, ``order alone``, ``call X``, ``call X alone``, ``pass``) it saw the
seat's view features (``bid_features``), the choice, and what the deal then scored under
real, hidden-card play: the seat's side's points minus the other side's, from -4 to +4
(outcome ``net + NET_SPAN``). A pass has no trick aim of its own, and needs none: its
outcome is the deal's score too, whoever then makes trump. A choice's value is that score
as the game's score weighs it (``odds.deal_value``, as the sampled valuation counts it).

Every feature comes from the seat's ``SeatView``: its hand, the up-card, its place from the
dealer, the round, the score and the table's rules. Each trump suit the seat could name
gets a block of the same features (``suit_block``), in the up-card's order: its suit, next
(the same colour), then the two others. An action's inputs are the view's features, the
block of the suit it names, and what kind of choice it is (``EuchreBidding.inputs``).

>>> from tricktable.testing import dealt_match
>>> state = dealt_match("euchre", 3)
>>> game = state.game
>>> view = state.view(state.current_player)
>>> LEARNED.applies(game, view), len(bid_features(game, view)) == FEATURES
(True, True)
>>> values = LEARNED.values(game, view)
>>> values is not None and sorted(values) == sorted(view.legal)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tricktable.actions import ActionKind, argument_of, kind_of, parse_action
from tricktable.cards import (
    ACE,
    JACK,
    SUITS,
    CardMask,
    Suit,
    count,
    make_card,
    mask_of,
    same_colour_suit,
)
from tricktable.core import Game, SeatView
from tricktable.games.euchre.engine import Euchre, EuchreRules
from tricktable.games.euchre.facts import EuchreFacts
from tricktable.games.euchre.heuristic import TRUMP_VALUES, deck_mask, hand_strength, trick_rules
from tricktable.games.euchre.odds import deal_value
from tricktable.games.euchre_family.heuristic import (
    after_pickup,
    lone_losers,
    trump_order,
    trump_value,
)
from tricktable.learn.part import Example, ShippedModel, Table
from tricktable.search.resample import World

NET_SPAN = 4
"""The largest net score of a deal the model tells apart (a lone march); more is counted as
this much."""
MOST = 2 * NET_SPAN
"""The largest outcome: net scores -``NET_SPAN`` .. +``NET_SPAN`` as ``0 .. MOST``."""
BLOCK = 8
"""Features per trump suit (``suit_block``)."""
CONTEXT = 15
"""Features of the view before the suits' blocks."""
FEATURES = CONTEXT + 4 * BLOCK + 4
"""How many features ``bid_features`` gives: the context, a block per suit, and the suits
of the blocks (read by ``inputs`` to find a named suit's block, not given to the model)."""
KINDS = (ActionKind.PASS, ActionKind.ORDER, ActionKind.ORDER_ALONE)
CALLS = (ActionKind.CALL, ActionKind.CALL_ALONE)
LONE = (ActionKind.ORDER_ALONE, ActionKind.CALL_ALONE)
BIDDING_PHASES = ("bid1", "bid2")
WEIGHTS = Path(__file__).with_name("bidding_model.json")
SAMPLED_SHARE = 0.75
"""The share of the sampled worlds' values (``bidding.evaluate``) in a choice's value beside
the model's (``LearnedDecisions.sampled_share``; docs/bots.md gives the measurements)."""
TEMPERATURE = 1.0
"""Unused: euchre's others' bids are read by the heuristic as their model (``bid_reading``),
so the model reads no earlier choices (``earlier_choices`` is empty)."""


def _euchre(game: Game[Any]) -> Euchre:
    if not isinstance(game, Euchre):
        raise TypeError(f"learned euchre bidding plays euchre, not {game.name!r}")
    return game


def block_suits(upcard_suit: Suit) -> list[Suit]:
    """The suits in the blocks' order: the up-card's, next (the same colour), the others.

    >>> from tricktable.cards import SUIT_LETTERS, CLUBS
    >>> "".join(SUIT_LETTERS[suit] for suit in block_suits(CLUBS))
    'CSHD'
    """
    same = same_colour_suit(upcard_suit)
    return [upcard_suit, same, *(suit for suit in SUITS if suit not in (upcard_suit, same))]


def suit_block(hand: CardMask, trump: Suit, unseen: CardMask, rules: EuchreRules) -> list[float]:
    """What ``hand`` is worth with ``trump``: the heuristic's expected tricks, its trumps and
    whether it holds the top three, the cards it would lose alone, its side aces and voids."""
    table = trick_rules(trump, rules)
    order = trump_order(table, deck_mask(rules))
    trumps = hand & table.suit_masks[trump]
    side = [suit for suit in SUITS if suit != trump]
    return [
        hand_strength(hand, trump, rules),
        float(count(trumps)),
        *(float(len(order) > place and bool(hand >> order[place] & 1)) for place in range(3)),
        lone_losers(hand, unseen, table),
        float(sum(1 for suit in side if hand >> make_card(suit, ACE) & 1)),
        float(sum(1 for suit in side if not hand & table.suit_masks[suit])),
    ]


def bid_features(game: Game[Any], view: SeatView) -> list[float]:
    """What the seat knows as it bids, as numbers (``FEATURES`` of them), from its view."""
    rules = _euchre(game).rules
    facts = view.facts(EuchreFacts)
    assert facts.upcard is not None and facts.upcard_suit is not None
    upcard, turned = facts.upcard, facts.upcard_suit
    relation = (view.seat - view.dealer) % 4  # 0 dealer, 1 eldest, 2 partner, 3 right
    second_round = view.phase == "bid2"
    dealt = mask_of(view.hand)
    table = trick_rules(turned, rules)
    deck = deck_mask(rules)
    side = view.seat % 2
    target = rules.target
    ours, theirs = (int(view.scores[side]), int(view.scores[1 - side]))
    to_go = [0.0, 0.0] if target is None else [(target - ours) / target, (target - theirs) / target]
    context = [
        float(second_round),
        *(float(relation == place) for place in range(4)),
        *to_go,
        float(target is None),
        (count(deck) - 24) / 8,
        float(rules.benny_card is not None),
        float("pass" not in view.legal),
        float(any(kind_of(parse_action(text)) in LONE for text in view.legal)),
        trump_value(upcard, table, deck, TRUMP_VALUES),
        float(rules.benny_card == upcard),
        float(upcard == make_card(turned, JACK)),
    ]
    blocks: list[float] = []
    suits = block_suits(turned)
    for suit in suits:
        hand = dealt
        if suit == turned and relation == 0 and not second_round:
            hand = after_pickup(dealt, upcard, trick_rules(suit, rules))
        blocks += suit_block(hand, suit, deck & ~dealt & ~(1 << upcard), rules)
    return [*context, *blocks, *(float(suit) for suit in suits)]


class EuchreBidding(ShippedModel):
    """Four-handed euchre's learned part: the chance of each net score of the deal for each
    choice of the making rounds."""

    name = "bidding"
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
    temperature = TEMPERATURE
    sampled_share = SAMPLED_SHARE

    def applies(self, game: Game[Any], view: SeatView) -> bool:
        if view.phase not in BIDDING_PHASES or len(view.legal) < 2 or not view.hand:
            return False
        if view.facts(EuchreFacts).upcard_suit is None:
            return False
        return all(kind_of(parse_action(text)) in KINDS + CALLS for text in view.legal)

    def features(self, game: Game[Any], view: SeatView) -> list[float]:
        return bid_features(game, view)

    def aim(self, action: str) -> int:
        """A pass aims at nothing (a net 0), an order or call at a make, alone at a march."""
        kind = kind_of(parse_action(action))
        if kind == ActionKind.PASS:
            return NET_SPAN
        return MOST if kind in LONE else NET_SPAN + 1

    def outcome(self, example: Example) -> int:
        net = example.points - example.others
        return NET_SPAN + max(-NET_SPAN, min(NET_SPAN, net))

    def most(self, game: Game[Any], view: SeatView) -> int:
        return MOST

    def inputs(self, features: Sequence[float], action: str) -> list[float]:
        parsed = parse_action(action)
        kind = kind_of(parsed)
        suits = [int(suit) for suit in features[-4:]]
        if kind in CALLS:
            place = suits.index(argument_of(parsed))
        else:
            place = 0 if kind != ActionKind.PASS else -1
        named = [0.0] * BLOCK
        if place >= 0:
            start = CONTEXT + place * BLOCK
            named = list(features[start : start + BLOCK])
        return [
            *features[:-4],
            *named,
            float(kind == ActionKind.PASS),
            float(kind in LONE),
            float(kind in CALLS),
            *(float(place == index) for index in range(3)),
        ]

    def values(self, game: Game[Any], view: SeatView) -> dict[str, float] | None:
        if not self.applies(game, view):
            return None
        rules = _euchre(game).rules
        side = view.seat % 2
        worth = []
        for outcome in range(MOST + 1):
            net = outcome - NET_SPAN
            worth.append(deal_value(rules, view.scores, side, max(net, 0), max(-net, 0)))
        features = self.features(game, view)
        rows = [self.inputs(features, text) for text in view.legal]
        aims = [self.aim(text) for text in view.legal]
        return {
            text: sum(p * value for p, value in zip(chances, worth, strict=True))
            for text, chances in zip(
                view.legal, self.model.chances_each(rows, aims, MOST), strict=True
            )
        }

    def earlier_choices(
        self, game: Game[Any], view: SeatView, world: World
    ) -> list[tuple[SeatView, str]]:
        """None: the others' bids are read by the heuristic (``bid_reading``)."""
        return []


LEARNED = EuchreBidding()
