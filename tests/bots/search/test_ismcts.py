"""``ismcts``: legal and reproducible play, and the solver leaf's values."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.search.helpers import SPECS, conceding_euchre, play_views, random_states
from tricktable.bots import make_bot
from tricktable.bots.search.ismcts import IsmctsBot, _Playout, bid_rollout_card, leaf_value
from tricktable.cards import cards_of
from tricktable.games import load_game
from tricktable.games.all_fours import odds as all_fours_odds
from tricktable.games.all_fours_family.valuation import point_cards
from tricktable.games.romanian_whist.valuation import ExactBidScore
from tricktable.search.position import position_from
from tricktable.search.resample import Resampler
from tricktable.search.solver import Position, Solver
from tricktable.tricks import NO_TRUMP, plain_rules


@pytest.mark.parametrize(("spec", "players"), SPECS[::3])
def test_ismcts_plays_legal_actions(spec: str, players: int | None) -> None:
    game = load_game(spec, players=players)
    bot = IsmctsBot(game, iterations=30)
    asked = 0
    for state in random_states(game, 6, 80, play_only=True):
        view = state.view(state.current_player)
        assert bot.choose(view, random.Random(asked)) in view.legal
        asked += 1
    assert asked > 5


def test_ismcts_is_reproducible_and_visits_legal_cards() -> None:
    game = load_game("euchre")
    bot = IsmctsBot(game, iterations=150)
    state = next(
        s for s in random_states(game, 4, 200, play_only=True) if len(s.legal_actions()) > 1
    )
    view = state.view(state.current_player)
    visits = bot.search(view, random.Random(3))
    assert set(visits) <= set(view.legal) and sum(visits.values()) == 150
    assert bot.choose(view, random.Random(3)) == bot.choose(view, random.Random(3))


@pytest.mark.parametrize(("spec", "players"), [("all_fours", 2), ("euchre", None)])
def test_solver_leaves_over_a_pool_of_worlds(spec: str, players: int | None) -> None:
    game = load_game(spec, players=players)
    bot = IsmctsBot(game, iterations=60, leaf="solver", worlds=12)
    asked = 0
    for state in random_states(game, 2, 120, play_only=True):
        view = state.view(state.current_player)
        if len(view.legal) < 2:
            continue
        visits = bot.search(view, random.Random(asked))
        assert set(visits) <= set(view.legal) and sum(visits.values()) == 60
        assert bot.choose(view, random.Random(asked)) == bot.choose(view, random.Random(asked))
        asked += 1
    assert asked > 3


def test_unknown_leaf_or_pool_is_refused() -> None:
    game = load_game("euchre")
    with pytest.raises(ValueError, match="leaf must be one of random, solver"):
        IsmctsBot(game, leaf="rollout")
    with pytest.raises(ValueError, match="worlds must be >= 1"):
        IsmctsBot(game, worlds=0)


def _consistent(pos: Position, playout: _Playout, depth: int) -> int:
    """``leaf_value`` of the playout, checked against the best of its children's (the
    camp maximizes, the others minimize) ``depth`` plies down."""
    value = leaf_value(pos, playout)
    if playout.done() or depth == 0:
        return value
    children = []
    for card in cards_of(playout.legal()):
        child = _Playout(pos)
        child.hands = list(playout.hands)
        child.trick = list(playout.trick)
        child.to_move = playout.to_move
        child.won = [(winner, list(cards)) for winner, cards in playout.won]
        child.play(card)
        children.append(_consistent(pos, child, depth - 1))
    camp = bool(pos.team >> playout.to_move & 1)
    assert value == (max(children) if camp else min(children))
    return value


@pytest.mark.parametrize(
    ("spec", "players"),
    [("all_fours", 2), ("all_fours", 4), ("euchre", None), ("romanian_whist", 3)],
)
def test_leaf_value_agrees_with_its_children_and_the_solver(spec: str, players: int | None) -> None:
    # The value after a few cards (tricks closed on the way: Game counts, Jack and Low
    # taken, whist tricks) must be the best of the values one card further, and at the
    # root the solver's: so the folding of what a playout settled is exact.
    checked = 0
    for game, _, view in play_views(spec, players, 11, 40):
        world = Resampler(game, view).sample(random.Random(checked))
        pos = position_from(game, view, world)
        if all_fours_odds.play_scale(game, view) is not None:
            utilities = all_fours_odds.play_utilities(game, view, pos)
            point_cards(pos.valuation).utilities = utilities
        if sum(hand.bit_count() for hand in pos.hands) > 12:
            continue
        assert _consistent(pos, _Playout(pos), 3) == Solver(pos).solve()
        checked += 1
    assert checked >= 10


def test_ismcts_plays_a_card_where_the_maker_may_concede() -> None:
    """A concession is never worth more than the best card, so ismcts plays a card."""
    # the makers hold three tricks, seat 0 leads the fourth
    game, view = conceding_euchre(["JH JD QH 9H", "AH TD KH TH", "AS KS 9D QD"])
    assert view.legal == ("concede", "play 9C", "play QC")
    bot = IsmctsBot(game, iterations=60)
    assert set(bot.search(view, random.Random(1))) == {"play 9C", "play QC"}
    assert bot.choose(view, random.Random(1)).startswith("play ")


OH_HELL = ("romanian_whist(preset=oh_hell,hand_size=5)", 5)
"""Oh Hell: every seat scored by its own bid (a valuation ``by_final_tricks``), where the
objective-aware settings apply."""


@pytest.mark.parametrize(
    "settings",
    [
        {"objective": "each", "rollout": "heuristic"},
        {"objective": "each", "rollout": "random", "spite": 1.0},
        {"objective": "each", "rollout": "heuristic", "switch": 12},
        {"objective": "camp", "rollout": "heuristic"},
    ],
)
def test_objective_aware_search_plays_legal_and_reproducible_cards(
    settings: dict[str, Any],
) -> None:
    spec, players = OH_HELL
    asked = 0
    for game, _, view in play_views(spec, players, 5, 40):
        if len(view.legal) < 2:
            continue
        bot = IsmctsBot(game, iterations=40, **settings)
        visits = bot.search(view, random.Random(asked))
        assert set(visits) <= set(view.legal) and sum(visits.values()) == 40
        assert bot.choose(view, random.Random(asked)) == bot.choose(view, random.Random(asked))
        assert bot.choose(view, random.Random(asked)) in view.legal
        asked += 1
    assert asked >= 5


def test_the_hybrid_solves_the_whole_play_when_the_switch_covers_it() -> None:
    # With every card in play under the switch the tree is the root's cards alone, each
    # valued by solving the iteration's world each for itself: every legal card is tried.
    spec, players = OH_HELL
    checked = 0
    for game, _, view in play_views(spec, players, 8, 30):
        cards = [text for text in view.legal if text.startswith("play ")]
        if len(cards) < 2:
            continue
        bot = IsmctsBot(game, iterations=3 * len(cards), objective="each", switch=60)
        visits = bot.search(view, random.Random(checked))
        assert set(visits) == set(cards)
        checked += 1
    assert checked >= 5


def test_bid_rollout_card_wins_while_short_and_ducks_once_made() -> None:
    # Two seats, no trump; seat 0 led the 5 (card 5 of suit 0), seat 1 holds 3 and 9.
    pos = Position.make([0b0, (1 << 3) | (1 << 9)], plain_rules(NO_TRUMP), 0, [1, 0], 0, 2)
    pos.trick_seats, pos.trick_cards, pos.to_move = [0], [5], 1
    pos.valuation, pos.takens = ExactBidScore([0, 1], 5, False), [0, 0]
    playout = _Playout(pos)
    assert bid_rollout_card(playout, playout.legal()) == 9  # short of its bid: take it
    pos.takens = [0, 1]
    playout = _Playout(pos)
    assert bid_rollout_card(playout, playout.legal()) == 3  # made: the card that loses


def test_heuristic_rollouts_play_legal_cards_to_the_end() -> None:
    spec, players = OH_HELL
    rng = random.Random(4)
    for game, _, view in play_views(spec, players, 9, 10):
        pos = position_from(game, view, Resampler(game, view).sample(rng))
        playout = _Playout(pos)
        while not playout.done():
            legal = playout.legal()
            card = bid_rollout_card(playout, legal)
            assert legal >> card & 1
            playout.play(card)
            in_hands = sum(hand.bit_count() for hand in playout.hands)
            assert playout.left == in_hands + len(playout.trick)
        assert sum(playout.takens) == sum(pos.takens) + len(playout.won)


def test_each_for_itself_tricks_agree_with_the_solvers_value() -> None:
    spec, players = OH_HELL
    for checked, (game, _, view) in enumerate(play_views(spec, players, 12, 25)):
        pos = position_from(game, view, Resampler(game, view).sample(random.Random(checked)))
        pos.each_for_itself = True
        tricks = Solver(pos).each_for_itself_tricks()
        left = max(hand.bit_count() for hand in pos.hands)
        assert sum(tricks) == sum(pos.takens) + left
        me = pos.team.bit_length() - 1
        mine = pos.valuation.seat_score(me, tricks[me])
        assert mine == Solver(pos).solve()
    pos.each_for_itself = False
    with pytest.raises(ValueError, match="each_for_itself"):
        Solver(pos).each_for_itself_tricks()


def test_bad_settings_are_refused() -> None:
    game = load_game("euchre")
    for settings, says in [
        ({"rollout": "smart"}, "rollout must be one of random, heuristic"),
        ({"objective": "mine"}, "objective must be one of camp, each"),
        ({"switch": -1}, "switch must be >= 0"),
        ({"iterations": 0}, "iterations must be >= 1"),
    ]:
        with pytest.raises(ValueError, match=says):
            IsmctsBot(game, **settings)


def test_ismcts_takes_settings_by_name() -> None:
    bot = make_bot(
        "ismcts(iterations=50,objective=each,switch=8)", load_game("euchre"), trusted=True
    )
    assert isinstance(bot, IsmctsBot)
    assert (bot.iterations, bot.objective, bot.switch) == (50, "each", 8)
