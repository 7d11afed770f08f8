"""Learned bidding for Pitch: the chance of each net score of the deal after each bid.

The model (``learn.model.OutcomeModel``, weights in ``bidding_model.json``) is trained on
self-play matches (``tricktable train bidding pitch``): for each bid with a choice (``pass``,
``bid N``, ``bid smudge`` where the rules have it) it saw the seat's view features
(``bid_features``), the bid, and what the deal then scored under real, hidden-card play, as
the sampled valuation (``bidding``) counts it: the seat's side's score change less the mean
change of the other sides (a pitcher's side set back counts its bid lost), in half points
(with several other sides the mean is in thirds or smaller: rounded to the nearest half),
from ``-NET_SPAN / 2`` to ``+NET_SPAN / 2`` points (outcome ``2 * net + NET_SPAN``).

A bid's value is that net's expected worth (``outcome_worth``): the net in points, and
``bidding.MATCH_SWING`` more where the net alone says the match is won there (the seat's
side gains at least its points still to go when the others' mean is not negative), or less
where it says another side reaches the target (it loses at least the points the nearest
other side still needs). The net does not tell every match's end (two sides may both score,
and a smudge made wins whatever its points), so that part is an approximation; the sampled
worlds, which the model is weighed with (``SAMPLED_SHARE``), count every end exactly.

Every feature comes from the seat's ``SeatView``: the table (players, sides, the rules),
the seat's place in the bidding, the bids so far, the score and the target, and its hand as
the heuristic judges it (``PitchHeuristic.pitch_points`` for each suit as trump, from the
best, with each suit's trumps, top and bottom trump, Jack, whether High and Low are sure,
and ``game_chance``). The pitcher's first lead, which makes trump, is not learned: it stays
with the sampled worlds (``bidding.evaluate``).

>>> from tricktable.testing import dealt_match
>>> state = dealt_match("pitch", 3)
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

from tricktable.actions import CoreKind, argument_of, kind_of, parse_action
from tricktable.cards import (
    ACE,
    JACK,
    SUIT_MASKS,
    SUITS,
    TEN,
    CardMask,
    Suit,
    cards_of,
    make_card,
    mask_of,
    rank_of,
)
from tricktable.core import Game, SeatView
from tricktable.games.all_fours_family.heuristic import DECK
from tricktable.games.all_fours_family.points import GAME_VALUES
from tricktable.games.pitch.bidding import MATCH_SWING
from tricktable.games.pitch.engine import HIGHEST_NUMBER, Pitch
from tricktable.games.pitch.facts import SMUDGE, PitchFacts
from tricktable.games.pitch.heuristic import PitchHeuristic
from tricktable.games.pitch.verbs import PitchKind
from tricktable.learn.part import Example, NetScoreDecisions, Table, a_choice_among, game_as

NET_UNIT = 0.5
"""Points in one unit of the net score the model learns (half points)."""
NET_SPAN = 16
"""The largest net score of a deal told apart, in half points: 8 points, a set-back bid of
4 while the one other side takes all four."""
MOST = 2 * NET_SPAN
"""The largest outcome: net scores -``NET_SPAN`` .. +``NET_SPAN`` as ``0 .. MOST``."""
SIDES = 0
"""Where ``bid_features`` puts how many sides the table has (``net`` reads it)."""
TO_GO = 11
"""Where ``bid_features`` puts the points the seat's side still needs, in twelfths (at most
1; ``inputs`` reads it)."""
CONTEXT = 23
"""Features of the table, the bidding so far, the score and the rules."""
BLOCK = 9
"""Features per suit as trump (``suit_block``)."""
FEATURES = CONTEXT + len(SUITS) * BLOCK + 3
"""How many features ``bid_features`` gives: the context, a block per suit from the best,
and the hand's other cards (aces, tens, count for Game)."""
KINDS = (CoreKind.PASS, CoreKind.BID, PitchKind.BID_SMUDGE)
WEIGHTS = Path(__file__).with_name("bidding_model.json")
SAMPLED_SHARE = 0.75
"""The share of the sampled worlds' values (``bidding.evaluate``) in a bid's value beside the
model's (``LearnedDecisions.sampled_share``): mostly the worlds, the mix that did best on
both seeds measured; the model alone did a little worse than the worlds alone
(docs/bots.md gives the measurements)."""


def _pitch(game: Game[Any]) -> Pitch:
    return game_as(game, Pitch, "learned Pitch bidding")


def _rank_share(rank: int) -> float:
    """A rank as a share: 2 is 1/13, the ace 1."""
    return (rank - 1) / (ACE - 1)


def points_to_go(pitch: Pitch, view: SeatView) -> tuple[int, int]:
    """The points the seat's side still needs to reach the target, and the fewest any other
    side still needs.

    >>> from tricktable.testing import dealt_match
    >>> state = dealt_match("pitch", 3)
    >>> points_to_go(state.game, state.view(state.current_player))
    (7, 7)
    """
    target = view.facts(PitchFacts).target
    mine = pitch.side_of[view.seat]
    scores = [int(score) for score in view.scores]
    nearest_other = min(target - score for side, score in enumerate(scores) if side != mine)
    return target - scores[mine], nearest_other


def suit_block(heuristic: PitchHeuristic, hand: CardMask, suit: Suit, seat: int) -> list[float]:
    """What ``hand`` is worth with ``suit`` trump and ``seat`` pitching: the heuristic's
    points (``pitch_points``), the trumps, the highest and lowest (as rank shares, 0 without
    a trump), the Jack and the ace, whether High and Low are sure (no higher, or lower,
    trump in another hand), and the heuristic's chance of Game (``game_chance``).

    >>> from tricktable.cards import HEARTS, parse_cards
    >>> from tricktable.games import load_game
    >>> bot = PitchHeuristic(load_game("pitch"))
    >>> hand = mask_of(parse_cards("AH JH 2H 9S KC 3D"))
    >>> [round(value, 2) for value in suit_block(bot, hand, HEARTS, 0)][1:]
    [3.0, 1.0, 0.08, 1.0, 1.0, 1.0, 1.0, 0.49]
    """
    trumps = hand & SUIT_MASKS[suit]
    ranks = [rank_of(card) for card in cards_of(trumps)]
    if not ranks:
        return [0.0] * BLOCK
    unseen = DECK & SUIT_MASKS[suit] & ~hand
    high, low = max(ranks), min(ranks)
    return [
        heuristic.pitch_points(hand, suit, seat),
        float(len(ranks)),
        _rank_share(high),
        _rank_share(low),
        float(bool(trumps >> make_card(suit, JACK) & 1)),
        float(high == ACE),
        float(not any(rank_of(c) > high for c in cards_of(unseen))),
        float(not any(rank_of(c) < low for c in cards_of(unseen))),
        heuristic.game_chance(hand, suit),
    ]


def bid_features(game: Game[Any], view: SeatView) -> list[float]:
    """What the seat knows as it bids, as numbers (``FEATURES`` of them), from its view."""
    pitch = _pitch(game)
    rules = pitch.rules
    facts = view.facts(PitchFacts)
    heuristic = PitchHeuristic(pitch, view.seat)
    players = view.players
    side_of = pitch.side_of
    mine = side_of[view.seat]
    sides = len(pitch.sides)
    target = facts.target
    to_go, nearest_other = points_to_go(pitch, view)
    after = (view.dealer - view.seat) % players  # seats still to bid after this one
    before = players - 1 - after
    bids = [bid for seat, bid in enumerate(facts.bids) if seat != view.seat and bid is not None]
    high = facts.high_bid or 0
    partner_high = (
        facts.bidder is not None and facts.bidder != view.seat and side_of[facts.bidder] == mine
    )
    context = [
        float(sides),
        players / 7,
        float(rules.partnerships),
        after / (players - 1),
        before / (players - 1),
        float(view.seat == view.dealer),
        min(high, HIGHEST_NUMBER) / HIGHEST_NUMBER,
        float(high == SMUDGE),
        float(partner_high),
        len(bids) / players,
        float("pass" not in view.legal),
        min(to_go, 12) / 12,
        min(nearest_other, 12) / 12,
        float(to_go <= rules.min_bid),
        float(nearest_other <= 2),
        target / 21,
        rules.min_bid / HIGHEST_NUMBER,
        float(rules.smudge),
        float(rules.dealer_may_steal),
        float(rules.all_pass == "redeal"),
        float(rules.low_point == "captured"),
        float(rules.smudge_wins),
        float(rules.game_tie == "non_dealer"),
    ]
    hand = mask_of(view.hand)
    blocks = sorted(
        (suit_block(heuristic, hand, suit, view.seat) for suit in SUITS),
        key=lambda block: -block[0],
    )
    cards = [
        float(sum(1 for card in cards_of(hand) if rank_of(card) == ACE)),
        float(sum(1 for card in cards_of(hand) if rank_of(card) == TEN)),
        sum(GAME_VALUES.get(rank_of(card), 0) for card in cards_of(hand)) / 20,
    ]
    assert len(context) == CONTEXT
    return [*context, *(value for block in blocks for value in block), *cards]


class PitchBidding(NetScoreDecisions):
    """Pitch's learned part: the chance of each net score of the deal (the seat's side's
    change less the other sides' mean, in half points) for each bid."""

    tables = (
        Table("pitch", 4, 6),
        Table("pitch", 2, 2),
        Table("pitch", 3, 2),
        Table("pitch", 5, 1),
        Table("pitch", 6, 1),
        Table("pitch", 7, 1),
        Table("pitch(partnerships=true)", 4, 2),
        Table("pitch(smudge=true)", 4, 1),
        Table("pitch(smudge=true,smudge_wins=false)", 3, 1),
        Table("pitch(dealer_may_steal=true)", 4, 1),
        Table("pitch(all_pass=redeal)", 4, 1),
        Table("pitch(target=11)", 4, 1),
        Table("pitch(target=11,partnerships=true)", 4, 1),
        Table("pitch(low_point=captured)", 3, 1),
        Table("pitch(min_bid=1)", 2, 1),
    )
    matches = 12000
    weights = WEIGHTS
    sampled_share = SAMPLED_SHARE
    net_span = NET_SPAN

    def net(self, example: Example) -> int:
        """The seat's side's change less the other sides' mean, in half points, to the
        nearest (a side with no other: its own change).

        >>> from tricktable.learn.part import Example
        >>> made = Example("pitch", 4, 0, 0, 0, (4.0,), "bid 3", 22, 32, 5, 3, 1)
        >>> LEARNED.net(made)   # 3 less a third of a point, to the nearest half
        5
        """
        sides = int(example.features[SIDES])
        others = example.others / (sides - 1) if sides > 1 else 0.0
        return round(2 * (example.points - others))

    def worth(self, game: Game[Any], view: SeatView) -> list[float]:
        return outcome_worth(game, view)

    def applies(self, game: Game[Any], view: SeatView) -> bool:
        if not isinstance(game, Pitch) or view.phase != "bid":
            return False
        return a_choice_among(view, KINDS)

    def features(self, game: Game[Any], view: SeatView) -> list[float]:
        return bid_features(game, view)

    def aim(self, action: str) -> int:
        """A pass aims at an even deal, ``bid N`` at a net of ``N`` points, a smudge at all
        four points."""
        parsed = parse_action(action)
        kind = kind_of(parsed)
        if kind == CoreKind.BID:
            return NET_SPAN + round(argument_of(parsed) / NET_UNIT)
        if kind == PitchKind.BID_SMUDGE:
            return NET_SPAN + round(HIGHEST_NUMBER / NET_UNIT)
        return NET_SPAN

    def inputs(self, features: Sequence[float], action: str) -> list[float]:
        """The view's features, the bid's kind, its number, how far the best suit's points
        (the heuristic's) are above it, whether a made bid reaches the target, and for a
        smudge whether the best suit holds High, Low and the Jack for sure."""
        parsed = parse_action(action)
        kind = kind_of(parsed)
        number = 0
        if kind == CoreKind.BID:
            number = argument_of(parsed)
        elif kind == PitchKind.BID_SMUDGE:
            number = HIGHEST_NUMBER
        best = features[CONTEXT]
        to_go = features[TO_GO] * 12
        bidding = float(kind != CoreKind.PASS)
        smudge = float(kind == PitchKind.BID_SMUDGE)
        sure = features[CONTEXT + 4] * features[CONTEXT + 6] * features[CONTEXT + 7]
        return [
            *features,
            *(float(kind == each) for each in KINDS),
            number / HIGHEST_NUMBER,
            bidding * (best - number),
            bidding * float(number >= to_go),
            smudge * sure,
        ]


def outcome_worth(game: Game[Any], view: SeatView) -> list[float]:
    """What each outcome (a net score of ``(outcome - NET_SPAN) / 2`` points) is worth to the
    seat's side: the net, and ``MATCH_SWING`` more where the net reaches the side's points
    still to go, or less where the others' mean lead reaches the points the nearest other
    side still needs (as ``bidding``'s values count a match won or lost).

    >>> from tricktable.testing import dealt_match
    >>> state = dealt_match("pitch", 3)
    >>> worth = outcome_worth(state.game, state.view(state.current_player))
    >>> worth[NET_SPAN], worth[NET_SPAN + 12], worth[NET_SPAN + 14]   # the target is 7 away
    (0.0, 6.0, 11.0)
    """
    to_go, nearest_other = points_to_go(_pitch(game), view)
    worth = []
    for outcome in range(MOST + 1):
        net = (outcome - NET_SPAN) * NET_UNIT
        value = net
        if net > 0 and net >= to_go:
            value += MATCH_SWING
        elif net < 0 and -net >= nearest_other:
            value -= MATCH_SWING
        worth.append(value)
    return worth


LEARNED = PitchBidding()
