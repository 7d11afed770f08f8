"""The core classes (``tricktable.core``)."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from tricktable.cards import cards_of, parse_card
from tricktable.core import Deal, Game, State, deal_in_rounds, dealt_sizes, does_not_hold
from tricktable.games import load_game
from tricktable.games.euchre.engine import Euchre, EuchreState
from tricktable.games.romanian_whist.engine import RomanianWhist, WhistState
from tricktable.tricks import plain_rules, winning_play


def test_isinstance_of_one_game_says_nothing_of_another() -> None:
    # In the compiled build the games' classes once shared one ABC cache: a negative answer
    # for one class became the answer for another, and so did a positive one.
    euchre = load_game("euchre(preset=north_american)")
    state = euchre.new_state(0)
    assert not isinstance(euchre, RomanianWhist)
    assert not isinstance(state, WhistState)
    assert issubclass(Euchre, Game) and issubclass(EuchreState, State)
    assert isinstance(euchre, Game) and isinstance(state, State)
    assert not isinstance(euchre, RomanianWhist)
    assert not isinstance(state, WhistState)
    whist = load_game("romanian_whist(preset=romanian_whist)")
    assert isinstance(whist, RomanianWhist) and not isinstance(whist, Euchre)


# -- the shared trick-taking pieces ----------------------------------------------------------


@given(
    st.integers(2, 7).flatmap(
        lambda seats: st.tuples(
            st.just(seats),
            st.permutations(range(seats)).flatmap(
                lambda order: st.integers(1, len(order)).map(lambda k: list(order[:k]))
            ),
            st.lists(st.integers(1, 2), min_size=1, max_size=4),  # never the whole deck
            st.booleans(),
        )
    )
)
def test_deal_in_rounds_deals_each_packet_round_robin_and_turns_the_next_card(
    case: tuple[int, list[int], list[int], bool],
) -> None:
    seats, order, packets, turn_up = case
    deck = list(range(100, 160))
    deal = deal_in_rounds(deck, seats, order, packets, turn_up)
    # a card by card reference: packet after packet, each seat of the order in turn
    expected: list[list[int]] = [[] for _ in range(seats)]
    cards = iter(deck)
    for packet in packets:
        for seat in order:
            expected[seat].extend(next(cards) for _ in range(packet))
    rest = list(cards)
    assert [list(hand) for hand in deal.hands] == expected
    if turn_up:
        assert (deal.turned, list(deal.stock)) == (rest[0], rest[1:])
    else:
        assert (deal.turned, list(deal.stock)) == (None, rest)
    assert dealt_sizes(seats, order, sum(packets)) == [len(hand) for hand in deal.hands]


def test_a_deal_of_the_whole_deck_turns_no_card() -> None:
    deal = deal_in_rounds(list(range(6)), 3, (1, 2, 0), (2,))
    assert deal == Deal(((4, 5), (0, 1), (2, 3)), None, ())


def test_the_play_loop_passes_the_turn_and_the_trick_winner_leads() -> None:
    state = load_game("plain_whist").new_state(0)
    state.deal_random(random.Random(3))
    trick: list[tuple[int, int]] = []
    for _ in range(4):
        seat = state.current_player
        assert seat == (trick[-1][0] + 1) % 4 if trick else seat == 1
        card = state.legal_actions()[0]
        trick.append((seat, card))
        state.apply(card)
    assert state.trick == [] and state.completed == [tuple(trick)]
    assert state.current_player == winning_play(trick, plain_rules(state.trump))[0]
    assert state.trick_winners == [state.current_player]


def test_reset_trick_clears_every_trick_field_of_the_base_state() -> None:
    played = load_game("plain_whist").new_state(0)
    played.deal_random(random.Random(5))
    for _ in range(5):  # past the first trick, into the second
        played.apply(played.legal_actions()[0])
    assert played.completed and played.trick and played.best_seat >= 0
    played._reset_trick()
    fresh = load_game("plain_whist").new_state(0)
    fields = ("trick", "trick_seats", "completed", "trick_winners", "led_suit", "led_mask")
    for name in (*fields, "best_power", "best_seat"):
        assert getattr(played, name) == getattr(fresh, name), name


def test_a_card_not_held_is_refused_in_the_same_words_by_every_game() -> None:
    assert does_not_hold(2, parse_card("AS")) == "seat 2 does not hold AS"
    assert does_not_hold(0, 99) == "seat 0 does not hold 99"
    state = load_game("plain_whist").new_state(0)
    state.deal_random(random.Random(3))
    seat = state.current_player
    absent = cards_of(state.hands[(seat + 1) % 4])[0]
    assert state.why_illegal(absent) == does_not_hold(seat, absent)
