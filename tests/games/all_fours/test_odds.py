"""Playing for the game in All Fours (``tricktable.games.all_fours.odds``)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tricktable.bots.search.pimc import PimcBot
from tricktable.cards import card_name
from tricktable.core import State
from tricktable.games import load_game
from tricktable.games.all_fours import odds as all_fours_odds
from tricktable.games.all_fours.odds import (
    DEAL_CHANCES,
    deal_end_chance,
    play_scale,
    play_utilities,
    point_scale,
    two_sided,
    win_chance,
)
from tricktable.games.all_fours_family.valuation import UTILITY_SCALE
from tricktable.search.position import position_from
from tricktable.search.resample import resample

RULES = load_game("all_fours").rules
SEVEN_UP = load_game("all_fours(preset=seven_up)").rules
scores = st.integers(min_value=0, max_value=6)
sides = st.integers(min_value=0, max_value=1)


@given(scores, scores, sides)
def test_win_chance_is_a_chance_shared_by_the_two_sides(
    ours: int, theirs: int, dealer: int
) -> None:
    chance = win_chance(SEVEN_UP, (ours, theirs), 0, dealer)
    assert 0 < chance < 1
    assert chance + win_chance(SEVEN_UP, (ours, theirs), 1, dealer) == pytest.approx(1)
    assert win_chance(SEVEN_UP, (ours + 1, theirs), 0, dealer) > chance
    assert chance > win_chance(SEVEN_UP, (ours, theirs + 1), 0, dealer)


def _simulated_game(rng: random.Random, score: list[int], dealer: int, target: int) -> int:
    """The winning side of a game played on from ``score`` by the model's frequencies."""
    while True:
        kicks = rng.choices(range(3), DEAL_CHANCES["kicks"])[0]
        gift = rng.choices(range(2), DEAL_CHANCES["gift"])[0]
        order = [0] * kicks + [1] * gift
        for name in ("high", "low", "jack", "game"):
            outcome = rng.choices(range(len(DEAL_CHANCES[name])), DEAL_CHANCES[name])[0]
            if outcome < 2:
                order.append(outcome)
        for relative in order:
            side = dealer if relative == 0 else 1 - dealer
            score[side] += 1
            if score[side] >= target:
                return side
        dealer = 1 - dealer


def test_win_chance_agrees_with_simulated_games() -> None:
    """The table equals games played deal by deal, point by point in order, from the
    measured frequencies (``seven_up``: a tied Game scores for nobody)."""
    rng = random.Random(4)
    games = 20_000
    won = sum(_simulated_game(rng, [4, 5], 1, 7) == 0 for _ in range(games))
    # Standard error about 0.0035: four of them either way.
    assert won / games == pytest.approx(win_chance(SEVEN_UP, (4, 5), 0, 1), abs=0.015)


def test_points_count_in_order() -> None:
    # At 6-6 the first point wins, whatever follows.
    assert deal_end_chance(SEVEN_UP, (6, 6), 0, 0, (0, 1, 1, 1)) == 1.0
    assert deal_end_chance(SEVEN_UP, (6, 6), 0, 0, (1, 0, 0, 0)) == 0.0
    # At 5-6 side 0 needs two points before side 1 takes one.
    assert deal_end_chance(SEVEN_UP, (5, 6), 0, 0, (0, 0, 1)) == 1.0
    assert deal_end_chance(SEVEN_UP, (5, 6), 0, 0, (0, 1, 0)) == 0.0
    # Nobody reaches 7: the game goes on, the other side dealing.
    assert deal_end_chance(SEVEN_UP, (0, 0), 0, 0, (0, 1)) == win_chance(SEVEN_UP, (1, 1), 0, 1)


def test_point_scale_is_about_one_point_early() -> None:
    scale = point_scale(SEVEN_UP, (0, 0), 0, 1)
    for points in (1, 2, 3):
        chance = win_chance(SEVEN_UP, (points, 0), 0, 1)
        assert scale.points(chance) == pytest.approx(points, rel=0.2)
    assert scale.points(scale.now) == 0


def test_the_model_needs_two_sides() -> None:
    assert two_sided(load_game("all_fours", players=2))
    assert two_sided(load_game("all_fours", players=4))
    assert not two_sided(load_game("all_fours", players=3))
    assert not two_sided(load_game("all_fours(partnerships=false)", players=4))
    assert not two_sided(load_game("euchre"))


def _play_state(spec: str, start: tuple[int, int], seed: int, trump: bool = False) -> State:
    """A two-player match at ``start`` (side scores) at its first lead, no kick or gift
    (and the seat to lead holding a trump, if ``trump``)."""
    game = load_game(spec, players=2)
    for attempt in range(seed, seed + 200):
        state = game.new_match(random.Random(attempt))
        state_any: Any = state
        state_any.match_scores = list(start)
        state.deal_random(random.Random(attempt))
        while state.phase.name in ("STAND_BEG", "GIVE_RUN", "DISCARD"):
            # Stand where allowed: no gift, no running.
            texts = state.legal_texts()
            state.apply_text("stand" if "stand" in texts else texts[0])
        if state.phase.name == "PLAY" and tuple(state.scores()) == start:
            view = state.view(state.current_player)
            if not trump or str(view.public.to_json()["trump"]) in {
                card_name(c)[-1] for c in view.hand
            }:
                return state
    raise AssertionError("no deal reached the play without points")


def test_at_six_all_high_decides_and_the_play_does_not_matter() -> None:
    game = load_game("all_fours", players=2)
    state = _play_state("all_fours", (6, 6), 3, trump=True)  # so High is in play
    view = state.view(state.current_player)
    pos = position_from(game, view, resample(game, view, random.Random(1)))
    utilities = play_utilities(game, view, pos)
    assert len(set(utilities)) == 1
    assert utilities[0] in (0, UTILITY_SCALE)
    values = PimcBot(game, worlds=6).card_values(view, random.Random(2))
    assert len({round(value, 9) for value in values.values()}) == 1


def test_one_point_short_high_is_counted_first() -> None:
    """Side 0 at 6, side 1 at 5: when side 0 holds High it has won before a card is
    played (every way the open points can fall is worth the same); when side 1 holds it,
    the score is 6-6 and the open points (captured Low, Jack, Game) decide."""
    game = load_game("all_fours(preset=seven_up)", players=2)
    state = _play_state("all_fours(preset=seven_up)", (6, 5), 5)
    view = state.view(state.current_player)
    mine = view.seat  # two players: seat = side
    seen = set()
    for index in range(40):
        world = resample(game, view, random.Random(index))
        pos = position_from(game, view, world)
        trumps = [
            card
            for hand in world.hands
            for card in range(64)
            if (hand & pos.suit_masks[pos.trump]) >> card & 1
        ]
        if not trumps:
            continue
        utilities = play_utilities(game, view, pos)
        high = max(trumps, key=lambda card: pos.power[card])
        high_side = next(seat for seat, hand in enumerate(world.hands) if hand >> high & 1)
        seen.add(high_side)
        if high_side == 0:
            assert set(utilities) == {UTILITY_SCALE if mine == 0 else 0}
        else:
            assert len(set(utilities)) > 1
    assert seen == {0, 1}


def test_pimc_values_in_points_worth() -> None:
    """Early in a game the card values are about the deal's points (from -4 to +4)."""
    game = load_game("all_fours", players=2)
    state = _play_state("all_fours", (0, 0), 7)
    view = state.view(state.current_player)
    scale = play_scale(game, view)
    assert scale is not None and 0 < scale.point < 0.2
    values = PimcBot(game, worlds=6).card_values(view, random.Random(2))
    assert values and all(-4.5 < value < 4.5 for value in values.values())
    assert play_scale(load_game("all_fours", players=3), view) is None
    assert all_fours_odds.UTILITY_SCALE == UTILITY_SCALE
