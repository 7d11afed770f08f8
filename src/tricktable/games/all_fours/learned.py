"""Learned standing, begging, giving and running for All Fours: the chance of each net score
of the deal after each choice.

The model (``learn.model.OutcomeModel``, weights in ``bidding_model.json``) was trained on
self-play deals (``tricktable train bidding all_fours``): for eldest's ``stand`` / ``beg`` and
the dealer's ``give`` / ``run`` it saw the seat's view features (``stand_features``), the
choice, and what the deal then scored under real, hidden-card play: the seat's side's points
minus the other side's, kicks and the gift included, from -6 to +6 (outcome ``net +
NET_SPAN``). A choice's value is that score as the match's score weighs it: the side's
chance of winning the game once the points still to come are counted, in points worth at
the score (``odds.PointScale``), as the sampled valuation (``bidding``) counts it.

Every feature comes from the seat's ``SeatView``: its hand, the turned card, whether it
deals, the score and the table's rules, and the heuristic's own judgement of them
(``AllFoursHeuristic.prospect`` and ``run_value``). ``LEARNED`` (the spec's part) learns
the tables with two sides (two players, or four in partnerships), where the chance of
winning is modelled (``odds.two_sided``). Where each seat plays for itself (three players,
or four without partnerships) the part of the form (``part_in``, ``learn.part.FormsOfPart``)
is ``EACH_FOR_ITSELF``, with its own weights (``each_for_itself_model.json``, trained by
``tricktable train bidding all_fours --players 3``): its outcome is the seat's points less
the mean of the others' in half points, and a choice's value the expected net score, with
``bidding.MATCH_SWING`` for a net that ends the match (``each_outcome_worth``), as the
sampled valuation counts it.

>>> from tricktable.testing import dealt_match
>>> state = dealt_match("all_fours", 3)
>>> game = state.game
>>> view = state.view(state.current_player)
>>> LEARNED.applies(game, view), len(stand_features(game, view)) == FEATURES
(True, True)
>>> values = LEARNED.values(game, view)
>>> values is not None and sorted(values) == sorted(view.legal)
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tricktable.actions import kind_of, parse_action
from tricktable.cards import (
    ACE,
    JACK,
    SUIT_MASKS,
    SUITS,
    TEN,
    CardMask,
    Suit,
    cards_of,
    count,
    make_card,
    mask_of,
    rank_of,
    suit_of,
)
from tricktable.core import Game, SeatView
from tricktable.games.all_fours import odds
from tricktable.games.all_fours.engine import GAME_VALUES, AllFours
from tricktable.games.all_fours.facts import AllFoursFacts
from tricktable.games.all_fours.heuristic import AllFoursHeuristic
from tricktable.games.all_fours.verbs import AllFoursKind
from tricktable.games.all_fours_family.heuristic import DECK
from tricktable.learn.part import Example, NetScoreDecisions, Table, a_choice_among, game_as

NET_SPAN = 6
"""The largest net score of a deal: two kicks, High, Low, Jack and Game to one side."""
MOST = 2 * NET_SPAN
"""The largest outcome: net scores -``NET_SPAN`` .. +``NET_SPAN`` as ``0 .. MOST``."""
CONTEXT = 15
"""Features of the seat's role, the score, the rules and the turned card."""
TRUMPS = 8
"""Features of the hand's trumps (``suit_features``)."""
CARDS = 7
"""Features of the hand's other cards."""
FEATURES = CONTEXT + TRUMPS + CARDS + 4
"""How many features ``stand_features`` gives: the three groups and the heuristic's
judgement (the turned suit's prospect, a run's, the first less the second, the best other
suit's)."""
MARGIN = CONTEXT + TRUMPS + CARDS + 2
"""Where ``stand_features`` puts the heuristic's turned suit less a run (``inputs`` weighs
it by whether the action keeps the turned suit)."""
PHASES = ("stand_beg", "give_run")
ACTIONS = (AllFoursKind.STAND, AllFoursKind.BEG, AllFoursKind.GIVE, AllFoursKind.RUN)
KEEPS = (AllFoursKind.STAND, AllFoursKind.GIVE)
"""The choices that keep the turned suit as trump."""
WEIGHTS = Path(__file__).with_name("bidding_model.json")
SAMPLED_SHARE = 0.5
"""The share of the sampled worlds' values (``bidding.evaluate``) in a choice's value beside
the model's (``LearnedDecisions.sampled_share``; docs/bots.md gives the measurements)."""
HALF_SPAN = 12
"""Where each seat plays for itself: the largest net score told apart, in half points."""
EACH_FEATURES = FEATURES + 2
"""How many features ``each_features`` gives."""
EACH_WEIGHTS = Path(__file__).with_name("each_for_itself_model.json")
EACH_MATCHES = 24000
"""The self-play matches that trained ``EACH_WEIGHTS``."""
EACH_SAMPLED_SHARE = 0.75
"""``SAMPLED_SHARE`` where each seat plays for itself (docs/bots.md gives the
measurements)."""


def _all_fours(game: Game[Any]) -> AllFours:
    return game_as(game, AllFours, "learned All Fours bidding")


def _rank_share(rank: int) -> float:
    """A rank as a share: 2 is 1/13, the ace 1."""
    return (rank - 1) / (ACE - 1)


def suit_features(hand: CardMask, suit: Suit, out: CardMask) -> list[float]:
    """What ``hand`` holds in the trump ``suit``: its trumps, the highest and lowest (as rank
    shares, 0 without a trump), the jack and ace, whether its highest is High and its lowest
    Low for sure (no higher, or lower, trump can be in another hand), its trumps' Game count.

    >>> from tricktable.cards import HEARTS, parse_cards
    >>> [round(value, 3) for value in suit_features(mask_of(parse_cards("AH JH 2H 9S")), HEARTS, 0)]
    [3.0, 1.0, 0.077, 1.0, 1.0, 1.0, 1.0, 0.25]
    """
    trumps = hand & SUIT_MASKS[suit]
    unseen = DECK & SUIT_MASKS[suit] & ~hand & ~out
    ranks = [rank_of(card) for card in cards_of(trumps)]
    high, low = (max(ranks), min(ranks)) if ranks else (0, 0)
    sure_high = bool(ranks) and not any(rank_of(c) > high for c in cards_of(unseen))
    sure_low = bool(ranks) and not any(rank_of(c) < low for c in cards_of(unseen))
    return [
        float(len(ranks)),
        _rank_share(high) if ranks else 0.0,
        _rank_share(low) if ranks else 0.0,
        float(bool(trumps >> make_card(suit, JACK) & 1)),
        float(bool(trumps >> make_card(suit, ACE) & 1)),
        float(sure_high),
        float(sure_low),
        sum(GAME_VALUES.get(rank, 0) for rank in ranks) / 20,
    ]


def _leading_other(per_side: Sequence[int], mine: int) -> int:
    """The most any side but ``mine`` has (the other side's, with two)."""
    return max(int(value) for side, value in enumerate(per_side) if side != mine)


def stand_features(game: Game[Any], view: SeatView) -> list[float]:
    """What the seat knows as it stands, begs, gives or runs, as numbers (``FEATURES`` of
    them), from its view. Where each seat plays for itself, "the others" are the leading
    other seat (its score, its points this deal)."""
    all_fours = _all_fours(game)
    rules = all_fours.rules
    heuristic = AllFoursHeuristic(all_fours, view.seat)
    facts = view.facts(AllFoursFacts)
    turned = facts.turned_card()
    suit = suit_of(turned)
    hand = mask_of(view.hand)
    out = facts.known_out()
    mine = all_fours.side_of[view.seat]
    target = rules.target
    ours, theirs = int(view.scores[mine]), _leading_other(view.scores, mine)
    gift_winner = heuristic.gift_winner(view)
    others = [other for other in SUITS if other != suit]
    side_suits = sorted(count(hand & SUIT_MASKS[other]) for other in others)
    plain = [card for card in cards_of(hand) if suit_of(card) != suit]
    prospect = heuristic.prospect(hand, suit, out, view.seat)
    running = heuristic.run_value(view, hand, turned, out)
    best_other = max(heuristic.prospect(hand, other, out, view.seat) for other in others)
    context = [
        float(view.phase == "give_run"),
        float(view.players == 4),
        (target - ours) / target,
        (target - theirs) / target,
        float(ours + 1 >= target),
        float(theirs + 1 >= target),
        target / 10,
        float(rules.gift_may_win),
        float(rules.low_point == "dealt"),
        float(rules.game_tie == "non_dealer"),
        float(facts.deal_points[mine] - _leading_other(facts.deal_points, mine)),
        float(gift_winner == mine),
        float(gift_winner is not None and gift_winner != mine),
        _rank_share(rank_of(turned)),
        float(rank_of(turned) == JACK),
    ]
    cards = [
        sum(GAME_VALUES.get(rank_of(card), 0) for card in cards_of(hand)) / 20,
        float(sum(1 for card in plain if rank_of(card) == ACE)),
        float(sum(1 for card in plain if rank_of(card) == TEN)),
        float(sum(1 for card in plain if TEN < rank_of(card) < ACE)),
        *(float(length) for length in reversed(side_suits)),
    ]
    judgement = [prospect, running, prospect - running, best_other]
    return [*context, *suit_features(hand, suit, out), *cards, *judgement]


class AllFoursBidding(NetScoreDecisions):
    """Two-sided All Fours' learned part: the chance of each net score of the deal for each
    choice of eldest (stand or beg) and of the dealer (give or run). The game's spec names
    it; where each seat plays for itself ``part_in`` gives ``EACH_FOR_ITSELF``."""

    tables = (
        Table("all_fours(preset=seven_up)", 2, 6),
        Table("all_fours(preset=seven_up)", 4, 3),
        Table("all_fours(preset=all_fours)", 2, 2),
        Table("all_fours(preset=seven_up,gift_may_win=true)", 2, 1),
        Table("all_fours(preset=all_fours)", 4, 1),
        Table("all_fours(preset=seven_up,target=10)", 2, 1),
    )
    matches = 48000
    weights = WEIGHTS
    sampled_share = SAMPLED_SHARE
    net_span = NET_SPAN

    @property
    def forms(self) -> tuple[AllFoursBidding, ...]:
        """Both forms' parts (``learn.part.FormsOfPart``)."""
        return (LEARNED, EACH_FOR_ITSELF)

    def part_in(self, game: Game[Any]) -> AllFoursBidding:
        """This part with two sides, ``EACH_FOR_ITSELF`` where each seat plays for itself
        (``learn.part.FormsOfPart``)."""
        return LEARNED if odds.two_sided(game) else EACH_FOR_ITSELF

    def applies(self, game: Game[Any], view: SeatView) -> bool:
        return odds.two_sided(game) and _a_choice_to_learn(view)

    def features(self, game: Game[Any], view: SeatView) -> list[float]:
        return stand_features(game, view)

    def aim(self, action: str) -> int:
        """Keeping the turned suit (stand, give) aims at winning the deal by a point, a beg
        or a run at an even deal (a better suit, or the gift)."""
        return NET_SPAN + 1 if kind_of(parse_action(action)) in KEEPS else NET_SPAN

    def inputs(self, features: Sequence[float], action: str) -> list[float]:
        kind = kind_of(parse_action(action))
        keeps = float(kind in KEEPS)
        return [
            *features,
            *(float(kind == each) for each in ACTIONS),
            keeps * features[MARGIN],
        ]

    def worth(self, game: Game[Any], view: SeatView) -> list[float]:
        return outcome_worth(game, view)


def _a_choice_to_learn(view: SeatView) -> bool:
    """Whether ``view`` is a stand / beg or give / run with a choice, the card turned."""
    if view.phase not in PHASES or not a_choice_among(view, ACTIONS):
        return False
    return view.facts(AllFoursFacts).turned is not None


def outcome_worth(game: Game[Any], view: SeatView) -> list[float]:
    """What each outcome (the deal's net score ``outcome - NET_SPAN``, the points already
    scored this deal included) is worth to the seat's side: its chance of winning the game
    once the rest of that net is counted from the view's score, in points worth there
    (``odds.PointScale``: about the net itself early in a game).

    >>> from tricktable.testing import dealt_match
    >>> state = dealt_match("all_fours", 3)
    >>> worth = outcome_worth(state.game, state.view(state.current_player))
    >>> len(worth) == MOST + 1 and worth == sorted(worth)
    True
    """
    all_fours = _all_fours(game)
    scale = odds.play_scale(all_fours, view)
    if scale is None:
        raise ValueError("the worth of a deal's net score needs two sides")
    side_of = all_fours.side_of
    mine, dealer_side = side_of[view.seat], side_of[view.dealer]
    done = view.facts(AllFoursFacts).deal_points
    already = done[mine] - done[1 - mine]
    scores = (int(view.scores[0]), int(view.scores[1]))
    worth = []
    for outcome in range(MOST + 1):
        rest = outcome - NET_SPAN - already
        sides = (mine,) * max(rest, 0) + (1 - mine,) * max(-rest, 0)
        chance = odds.deal_end_chance(all_fours.rules, scores, mine, dealer_side, sides)
        worth.append(scale.points(chance))
    return worth


class EachForItselfBidding(AllFoursBidding):
    """The learned part where each seat plays for itself (three players, or four without
    partnerships): the chance of each net score of the deal for each choice, the seat's
    points less the mean of the others' (kicks and gifts included), in half points
    (``HALF_SPAN``), as the sampled valuation counts it (``bidding.net_value``)."""

    tables = (
        Table("all_fours(preset=seven_up)", 3, 3),
        Table("all_fours(preset=seven_up,partnerships=false)", 4, 3),
        Table("all_fours(preset=all_fours)", 3, 1),
        Table("all_fours(preset=all_fours,partnerships=false)", 4, 1),
        Table("all_fours(preset=seven_up,three_player_gift=both)", 3, 1),
        Table("all_fours(preset=seven_up,gift_may_win=true)", 3, 1),
    )
    matches = EACH_MATCHES
    weights = EACH_WEIGHTS
    sampled_share = EACH_SAMPLED_SHARE
    net_span = HALF_SPAN

    def applies(self, game: Game[Any], view: SeatView) -> bool:
        return game.name == "all_fours" and not odds.two_sided(game) and _a_choice_to_learn(view)

    def features(self, game: Game[Any], view: SeatView) -> list[float]:
        return each_features(game, view)

    def net(self, example: Example) -> int:
        """The seat's points less the others' mean, in half points (to the nearest)."""
        others = example.others / (example.players - 1)
        return math.floor(2 * (example.points - others) + 0.5)

    def aim(self, action: str) -> int:
        """Keeping the turned suit aims at a point above the others' mean, a beg or a run at
        an even deal."""
        return HALF_SPAN + 2 if kind_of(parse_action(action)) in KEEPS else HALF_SPAN

    def worth(self, game: Game[Any], view: SeatView) -> list[float]:
        return each_outcome_worth(game, view)


def each_features(game: Game[Any], view: SeatView) -> list[float]:
    """``stand_features`` and what only a table of three or four single seats has: whether a
    gift scores for both of the dealer's opponents (three players), and the trailing other
    seat's distance to the target (``EACH_FEATURES`` in all)."""
    all_fours = _all_fours(game)
    rules = all_fours.rules
    mine = all_fours.side_of[view.seat]
    trailing = min(int(score) for side, score in enumerate(view.scores) if side != mine)
    both = view.players == 3 and rules.three_player_gift == "both"
    return [
        *stand_features(game, view),
        float(both),
        (rules.target - trailing) / rules.target,
    ]


def each_outcome_worth(game: Game[Any], view: SeatView) -> list[float]:
    """What each outcome (a net score of ``(outcome - HALF_SPAN) / 2`` points, the points
    already scored this deal included) is worth to a seat that plays for itself: the net,
    and ``bidding.MATCH_SWING`` more where that net alone brings the seat to the target (it
    took at least the net), less where it brings the leading other seat there (taking at
    least what the seat fell short of the others' mean).

    >>> from tricktable.games import load_game
    >>> import random
    >>> state = load_game("all_fours", players=3).new_match(random.Random(2))
    >>> state.deal_random(random.Random(2))
    >>> worth = each_outcome_worth(state.game, state.view(state.current_player))
    >>> len(worth) == 2 * HALF_SPAN + 1, worth[HALF_SPAN], worth[HALF_SPAN + 1]
    (True, 0.0, 0.5)
    """
    from tricktable.games.all_fours.bidding import MATCH_SWING

    all_fours = _all_fours(game)
    target = all_fours.rules.target
    mine = all_fours.side_of[view.seat]
    done = view.facts(AllFoursFacts).deal_points
    start = [int(score) - points for score, points in zip(view.scores, done, strict=True)]
    leader = _leading_other(start, mine)
    worth = []
    for outcome in range(2 * HALF_SPAN + 1):
        net = (outcome - HALF_SPAN) / 2
        value = net
        if start[mine] + math.ceil(max(net, 0.0)) >= target:
            value += MATCH_SWING
        elif leader + math.ceil(max(-net, 0.0)) >= target:
            value -= MATCH_SWING
        worth.append(value)
    return worth


LEARNED = AllFoursBidding()
EACH_FOR_ITSELF = EachForItselfBidding()
