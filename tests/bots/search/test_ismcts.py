"""``ismcts``: legal and reproducible play, and the solver leaf's values."""

from __future__ import annotations

import random

import pytest

from tests.search.helpers import SPECS, conceding_euchre, play_views, random_states
from tricktable.bots.search.ismcts import IsmctsBot, _Playout, leaf_value
from tricktable.cards import cards_of
from tricktable.games import load_game
from tricktable.games.all_fours import odds as all_fours_odds
from tricktable.search.position import position_from
from tricktable.search.resample import Resampler
from tricktable.search.solver import Position, Solver


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
            pos.utilities = all_fours_odds.play_utilities(game, view, pos)
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
