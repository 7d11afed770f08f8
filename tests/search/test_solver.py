"""The double-dummy solver equals plain minimax, for every game."""

from __future__ import annotations

import os
import random

import pytest

from tricktable.cards import mask_of, parse_cards
from tricktable.games import load_game
from tricktable.search.minimax import minimax, minimax_moves
from tricktable.search.position import move_values, position_from, solve_position
from tricktable.search.resample import resample
from tricktable.search.solver import FOLLOW, MODE_WHIST, Position, Solver, whist_score
from tricktable.tricks import euchre_rules, plain_rules

from .helpers import SPECS, play_views

LONG = os.environ.get("TRICKTABLE_LONG") == "1"
PER_GAME = 400 if LONG else 40


@pytest.mark.parametrize(("spec", "players"), SPECS)
def test_solver_equals_minimax_on_random_positions(spec: str, players: int | None) -> None:
    """Random small positions (a few tricks left, hands dealt by resampling a real
    view): the solver's value and its per-card values equal exhaustive minimax."""
    compared = 0
    limit = 3 if (players or 4) <= 4 else 2
    for index, (game, _, view) in enumerate(play_views(spec, players, 7, 20 * PER_GAME)):
        if len(view.hand) > limit or not view.hand:
            continue
        world = resample(game, view, random.Random(index))
        pos = position_from(game, view, world)
        expected = minimax(pos)
        assert Solver(pos).solve() == expected
        assert dict(Solver(pos).move_values()) == minimax_moves(pos)
        compared += 1
        if compared >= PER_GAME:
            break
    assert compared >= PER_GAME // 2


def test_full_euchre_hand_from_the_first_lead() -> None:
    game = load_game("euchre")
    rng = random.Random(3)
    state = game.new_match(rng)
    state.deal_random(rng)
    state.apply_text("order")
    state.apply(state.legal_actions()[0])
    view = state.view(state.current_player)
    world = resample(game, view, random.Random(0))
    value = solve_position(game, view, world)
    values = move_values(game, view, world)
    assert 0 <= value <= 5
    assert max(values.values()) == value
    assert sorted(values) == sorted(state.legal_actions())


def test_simple_euchre_position() -> None:
    table = euchre_rules(1, None)
    hands = [mask_of(parse_cards(t)) for t in ("JH AS", "AH KS", "JD 9S", "QH TS")]
    pos = Position.make(hands, table, FOLLOW, [1, 2, 3, 0], leader=0, team=0b0101)
    assert Solver(pos).solve() == 2
    pos.team = 0b1010
    assert Solver(pos).solve() == 0


def test_whist_exact_bid() -> None:
    """One seat against three, bid 1: the others hold no spade to follow its 7S, so it
    must take both tricks and misses by one."""
    table = plain_rules()
    hands = [mask_of(parse_cards(t)) for t in ("AS 7S", "KS 8H", "QS 9H", "JS TH")]
    pos = Position.make(hands, table, FOLLOW, [1, 2, 3, 0], leader=0, team=0b0001)
    pos.mode = MODE_WHIST
    pos.bid = 1
    pos.exact_bonus = 5
    assert Solver(pos).solve() == minimax(pos) == whist_score(1, 2, 5, False) == -1
