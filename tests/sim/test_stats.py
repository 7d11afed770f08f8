"""Paired differences on duplicate deals: only deals every seating reached, seeds as units."""

from __future__ import annotations

import pytest

from tricktable.sim.stats import paired_difference


def test_unpaired_deals_are_left_out() -> None:
    # seed 1: the second seating's match ended after one deal, so only deal 1 pairs
    result = paired_difference({1: [[1.0, 5.0, 5.0], [3.0]], 2: [[0.0, 2.0], [2.0, 0.0]]})
    assert result.deals == 3 and result.seeds == 2
    assert result.mean == pytest.approx((2.0 + 1.0 + 1.0) / 3, abs=1e-4)


def test_the_interval_needs_two_seeds_and_grows_with_their_spread() -> None:
    assert paired_difference({1: [[1.0, 2.0], [3.0, 4.0]]}).ci95 is None
    alike = paired_difference({1: [[1.0], [1.0]], 2: [[1.0], [1.0]], 3: [[1.0], [1.0]]})
    assert alike.ci95 == (1.0, 1.0)
    apart = paired_difference({1: [[0.0], [0.0]], 2: [[2.0], [2.0]], 3: [[1.0], [1.0]]})
    assert apart.ci95 is not None and apart.ci95[0] < 1.0 < apart.ci95[1]


def test_no_deals() -> None:
    result = paired_difference({})
    assert (result.mean, result.ci95, result.deals) == (0.0, None, 0)
