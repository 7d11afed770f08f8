"""Bradley-Terry ratings: the fit answers the likelihood equations, and stays finite."""

from __future__ import annotations

import math

import pytest

from tricktable.sim.ratings import ELO, VIRTUAL_TIES, bradley_terry

RESULTS = [(0, 1, 14.0, 20), (1, 2, 11.5, 20), (0, 2, 17.0, 20), (2, 3, 12.0, 20), (1, 3, 13, 20)]


def test_expected_scores_match_the_results() -> None:
    ratings = bradley_terry(4, RESULTS)
    strength = [r / ELO for r in ratings.elo]
    for entry in range(4):
        actual = expected = 0.0
        for i, j, points, matches in RESULTS:
            if entry not in (i, j):
                continue
            games = matches + VIRTUAL_TIES
            mine = points + VIRTUAL_TIES / 2 if entry == i else matches - points + VIRTUAL_TIES / 2
            other = j if entry == i else i
            actual += mine
            expected += games / (1 + math.exp(strength[other] - strength[entry]))
        assert expected == pytest.approx(actual, abs=0.01)
    assert sum(ratings.elo) == pytest.approx(0, abs=0.5)
    assert ratings.elo == sorted(ratings.elo, reverse=True)


def test_equal_records_rate_equal_and_more_games_narrow_the_interval() -> None:
    few = bradley_terry(2, [(0, 1, 5.0, 10)])
    many = bradley_terry(2, [(0, 1, 500.0, 1000)])
    assert few.elo == [0.0, 0.0] and many.elo == [0.0, 0.0]
    assert many.stderr[0] < few.stderr[0] / 5


def test_winning_everything_stays_finite() -> None:
    ratings = bradley_terry(3, [(0, 1, 10.0, 10), (1, 2, 10.0, 10), (0, 2, 10.0, 10)])
    assert all(math.isfinite(r) for r in ratings.elo)
    assert ratings.elo[0] > ratings.elo[1] > ratings.elo[2]
    assert ratings.ci95[0][0] > ratings.ci95[2][1]


def test_entries_that_never_meet_the_others_cannot_be_rated() -> None:
    with pytest.raises(ValueError, match="one connected group"):
        bradley_terry(4, [(0, 1, 3.0, 6), (2, 3, 3.0, 6)])
