"""Hints (``bots.tools.advice``): the values of a decision and what they count."""

from __future__ import annotations

import random

import pytest

from tricktable.bots.tools.advice import advise
from tricktable.testing import dealt_match, first_trick


@pytest.mark.parametrize("rules", ["two_handed_euchre", "three_handed_euchre", "setback_euchre"])
def test_bids_are_valued_in_points_and_cards_in_tricks(rules: str) -> None:
    """Where the play counts tricks, the bids' values are the deal's points (their
    evaluators score each world's deal): the hint says so, not "tricks"."""
    bidding = dealt_match(rules, 3)
    advice = advise(bidding.game, bidding.view(bidding.current_player), random.Random(1), 4)
    assert advice.values and advice.unit == "points"
    playing = first_trick(rules, 3)
    advice = advise(playing.game, playing.view(playing.current_player), random.Random(1), 4)
    assert advice.values and advice.unit == "tricks"
