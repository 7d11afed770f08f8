"""Playing for the game in four-handed euchre (``tricktable.games.euchre.odds``)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tricktable.bots.tools.advice import advise
from tricktable.core import State
from tricktable.games import load_game
from tricktable.games.euchre.bidding import play_points
from tricktable.games.euchre.odds import DEAL_OUTCOMES, deal_value, outcome_points, win_chance

RULES = load_game("euchre").rules
scores = st.integers(min_value=0, max_value=9)


@given(scores, scores)
def test_win_chance_is_a_chance_shared_by_the_two_sides(ours: int, theirs: int) -> None:
    chance = win_chance(RULES, ours, theirs)
    assert 0 < chance < 1
    assert chance + win_chance(RULES, theirs, ours) == pytest.approx(1)
    assert win_chance(RULES, ours + 1, theirs) > chance > win_chance(RULES, ours, theirs + 1)


def test_win_chance_agrees_with_simulated_games() -> None:
    """The table equals games played deal by deal from the outcome frequencies."""
    names = list(DEAL_OUTCOMES)
    weights = [DEAL_OUTCOMES[name] for name in names]
    points = outcome_points(RULES)
    rng = random.Random(4)
    games, won = 20_000, 0
    for _ in range(games):
        score = [6, 4]
        while max(score) < 10:
            value, to_makers = points[rng.choices(names, weights)[0]]
            makers = rng.randrange(2)
            score[makers if to_makers else 1 - makers] += value
        won += score[0] >= 10
    # Standard error about 0.003: five of them either way.
    assert won / games == pytest.approx(win_chance(RULES, 6, 4), abs=0.015)


def test_deal_value_is_about_the_points_early_and_the_game_late() -> None:
    for ours, theirs in ((1, 0), (2, 0), (0, 2), (4, 0)):
        assert deal_value(RULES, (0, 0), 0, ours, theirs) == pytest.approx(ours - theirs, rel=0.05)
    # At 9-9 the next points win: a make is worth a march, a euchre loses what a make wins.
    assert deal_value(RULES, (9, 9), 1, 1, 0) == deal_value(RULES, (9, 9), 1, 2, 0) == 1
    assert deal_value(RULES, (9, 9), 1, 0, 2) == -1
    # At 8-0 a march wins the game: worth less than two makes' worth of points.
    assert deal_value(RULES, (8, 0), 0, 2, 0) < 2 * deal_value(RULES, (8, 0), 0, 1, 0)
    # Side 1 at 9 against 6: the others need four points at once, so a lone march is dire.
    assert deal_value(RULES, (6, 9), 1, 0, 4) < 3 * deal_value(RULES, (6, 9), 1, 0, 2)


def test_a_single_hand_is_valued_by_its_points() -> None:
    single = load_game("euchre(preset=openspiel)").rules
    assert single.target is None
    assert deal_value(single, (0, 0), 0, 0, 2) == -2
    with pytest.raises(ValueError, match="target"):
        win_chance(single, 0, 0)


def test_the_rules_points_change_the_odds() -> None:
    five = load_game("euchre(target=5)").rules
    assert win_chance(five, 3, 0) > win_chance(RULES, 3, 0)  # a lead counts more in a short game
    richer = load_game("euchre(march_points=4)").rules
    assert deal_value(richer, (0, 0), 0, 4, 0) > 2 * deal_value(richer, (0, 0), 0, 1, 0) - 0.5


def _at_first_lead(scores: list[int], seed: int) -> State:
    game = load_game("euchre")
    state = game.new_match(random.Random(seed))
    state.match_scores = list(scores)  # type: ignore[attr-defined]
    state.deal_random(random.Random(seed))
    while state.phase.name != "PLAY":
        state.apply(state.legal_actions()[0])
    return state


def test_play_is_valued_by_the_game_score() -> None:
    early = _at_first_lead([0, 0], 8)
    late = _at_first_lead([9, 9], 8)
    maker = int(late.maker)  # type: ignore[attr-defined]
    game = load_game("euchre")
    assert [round(v) for v in play_points(game, early.view(maker))] == [-2, -2, -2, 1, 1, 2]
    assert play_points(game, late.view(maker)) == [-1, -1, -1, 1, 1, 1]
    assert play_points(game, late.view((maker + 1) % 4)) == [-1, -1, -1, 1, 1, 1]


def test_euchre_hints_in_play_count_points() -> None:
    state = _at_first_lead([3, 5], 8)
    seat = state.current_player
    advice = advise(load_game("euchre"), state.view(seat), random.Random(2), worlds=4)
    assert advice.unit == "points" and advice.values
