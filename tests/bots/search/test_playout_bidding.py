"""Bidding by sampled worlds played out double-dummy (``bots/search/playout_bidding.py``)."""

from __future__ import annotations

import math
import random

import pytest

from tricktable.bots import make_bot
from tricktable.bots.search.pimc import PimcBot
from tricktable.bots.search.playout_bidding import PHASES, playout_values
from tricktable.core import SeatView
from tricktable.games import all_specs, load_game
from tricktable.search.adapter import search_adapter

GAMES = [
    spec.name
    for spec in all_specs()
    if spec.decisions is not None and spec.decisions.module == playout_values.__module__
]
"""The games whose spec values their bidding by these playouts."""


def bidding_views(game_name: str, deals: int) -> list[SeatView]:
    """Views of the bidding decisions with a choice, the heuristic bidding for every seat."""
    game = load_game(game_name)
    bots = [make_bot("heuristic", game, seat) for seat in range(game.players)]
    views = []
    for seed in range(deals):
        state = game.new_match(random.Random(seed))
        state.deal_random(random.Random(seed))
        rng = random.Random(seed)
        while not state.is_terminal() and not state.is_chance():
            view = state.view(state.current_player)
            if view.phase == "play":
                break
            if view.phase in PHASES and len(view.legal) > 1:
                views.append(view)
            state.apply_text(bots[state.current_player].choose(view, rng))
    return views


@pytest.mark.parametrize("game_name", GAMES)
def test_every_legal_bid_gets_a_value_and_the_same_seed_the_same_values(game_name: str) -> None:
    game = load_game(game_name)
    views = bidding_views(game_name, 2)
    assert views
    for view in views[:3]:
        values = playout_values(game, view, random.Random(5), 2)
        assert sorted(values) == sorted(view.legal)
        assert all(math.isfinite(value) for value in values.values())
        assert playout_values(game, view, random.Random(5), 2) == values


def test_two_handed_and_set_back_euchre_value_their_bidding_here() -> None:
    assert sorted(GAMES) == ["setback_euchre", "two_handed_euchre"]


@pytest.mark.parametrize("game_name", GAMES)
def test_pimc_bids_legally_with_it(game_name: str) -> None:
    game = load_game(game_name)
    for view in bidding_views(game_name, 1)[:2]:
        bot = PimcBot(game, view.seat, worlds=2)
        assert bot.choose(view, random.Random(3)) in view.legal


@pytest.mark.parametrize("game_name", GAMES)
def test_worlds_are_rebuilt_at_the_matchs_score(game_name: str) -> None:
    # Near the end the heuristic bids by the score, and in set-back a failed march doubles
    # the maker's score: the rebuilt deal must start from the match's score, not 0-0.
    from tricktable.bots.search.playout_bidding import world_state
    from tricktable.search.resample import Resampler

    game = load_game(game_name)
    checked = 0
    for seed in range(6):
        state = game.new_match(random.Random(seed))
        scores = [3 + (seed + seat) % 5 for seat in range(game.players)]
        assert search_adapter(game).rebuilt_at_score
        state.match_scores = list(scores)
        state.deal_random(random.Random(seed))
        view = state.view(state.current_player)
        if view.phase not in PHASES:
            continue
        world = Resampler(game, view).sample(random.Random(seed))
        rebuilt = world_state(game, view, world, random.Random(seed))
        assert rebuilt.scores() == list(view.scores) == scores
        assert rebuilt.view(view.seat).legal == view.legal
        checked += 1
    assert checked >= 4


@pytest.mark.parametrize("players", [2, 3])
def test_set_back_with_two_or_three_players_plays_legal_matches(players: int) -> None:
    """``pimc`` (few worlds) in every seat: bidding valued by playouts, a declaration by any
    player still in, and the play searched for 2 or 3 seats, every choice legal."""
    game = load_game("setback_euchre(declare_march=true,start_score=6)", players=players)
    bots = [PimcBot(game, seat, worlds=2) for seat in range(players)]
    rng = random.Random(players)
    deals = 0
    for _ in range(2):
        state = game.new_match(rng)
        while not state.is_terminal():
            if state.is_chance():
                state.deal_random(rng)
                continue
            view = state.view(state.current_player)
            choice = bots[view.seat].choose(view, rng)
            assert choice in view.legal, (choice, view.legal)
            state.apply_text(choice)
        assert state.winner() is not None
        deals += len(state.deals)
    assert deals > 2


def test_world_values_makes_one_rollout_per_decision() -> None:
    """``world_values`` asks for the rollout once per decision valued (a rollout may keep
    what its worlds share, as Pitch's keeps the cards played for each pitcher) and values
    every legal action in every world with it."""
    from typing import Any

    from tricktable.bots.base import Bot
    from tricktable.bots.search.playout_bidding import world_values
    from tricktable.bots.search.sampled_worlds import Rollout
    from tricktable.core import Game, State

    made: list[int] = []
    rolled: list[int] = []

    def rollout_of(game: Game[Any], view: SeatView) -> Rollout:
        made.append(view.seat)

        def rollout(state: State, bots: list[Bot], rng: random.Random) -> float:
            rolled.append(len(state.actions[-1]))
            return float(len(rolled))

        return rollout

    view = bidding_views("two_handed_euchre", 1)[0]
    values = world_values(rollout_of, read_bids=False)(
        load_game("two_handed_euchre"), view, random.Random(2), 3
    )
    assert made == [view.seat]
    assert sorted(values) == sorted(view.legal)
    assert len(rolled) == 3 * len(view.legal)


def test_the_evaluators_rebuild_worlds_as_the_playouts_do() -> None:
    """Euchre's, All Fours' and bid euchre's worlds are the playouts' ``world_state``: the
    turned card the search adapter names, the match's score where it is rebuilt at it."""
    from tricktable.bots.search.playout_bidding import world_state
    from tricktable.search.resample import Resampler

    for name in ("euchre", "all_fours", "bid_euchre(preset=partnership)"):
        game = load_game(name)
        state = game.new_match(random.Random(4))
        state.deal_random(random.Random(4))
        view = state.view(state.current_player)
        world = Resampler(game, view).sample(random.Random(4))
        rebuilt = world_state(game, view, world, random.Random(4))
        assert rebuilt.view(view.seat).hand == view.hand
        assert rebuilt.view(view.seat).legal == view.legal
        assert search_adapter(game).turned_card(rebuilt.view(view.seat)) == (
            search_adapter(game).turned_card(view)
        )
