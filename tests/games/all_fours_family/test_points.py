"""What All Fours and Pitch share of the deal: the 52 cards, the deal in packets of three
from eldest with a card turned up where the game turns one (``turns_up``), the check of a
given deal, and the match each game makes."""

from __future__ import annotations

import random

import pytest

from tricktable.core import Deal
from tricktable.errors import RecordError
from tricktable.games import load_game
from tricktable.games.all_fours.engine import AllFoursState
from tricktable.games.all_fours_family.points import DECK, HAND_SIZE
from tricktable.games.pitch.engine import PitchState


@pytest.mark.parametrize(
    ("spec", "state_class", "turns_up"),
    [("all_fours", AllFoursState, True), ("pitch", PitchState, False)],
)
def test_each_game_deals_its_own_way_from_the_shared_deal(
    spec: str, state_class: type[object], turns_up: bool
) -> None:
    game = load_game(spec)
    assert game.deck == DECK and len(DECK) == 52
    state = game.new_state(first_dealer=0)
    assert type(state) is state_class
    deal = state.random_deal(random.Random(3))
    assert [len(hand) for hand in deal.hands] == [HAND_SIZE] * game.players
    assert (deal.turned is not None) is turns_up
    dealt = sum(len(hand) for hand in deal.hands) + (1 if turns_up else 0) + len(deal.stock)
    assert dealt == 52
    state.deal(deal)
    assert not state.is_chance()
    with pytest.raises(RecordError, match="no deal is due now"):
        state.deal(deal)


def test_all_fours_refuses_a_deal_without_its_turned_card() -> None:
    state = load_game("all_fours").new_state(first_dealer=0)
    deal = state.random_deal(random.Random(3))
    with pytest.raises(RecordError):
        state.deal(Deal(deal.hands, None, deal.stock))
