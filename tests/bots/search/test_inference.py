"""Learned inference (``tricktable.bots.search.inference``): worlds drawn as likely as the
others' bids make them, from the seat's view alone."""

from __future__ import annotations

import random
import statistics

from hypothesis import example, given
from hypothesis import strategies as st

from tricktable.bots import make_bot
from tricktable.bots.search.bid_reading import read_worlds
from tricktable.bots.search.inference import (
    choice_likelihood,
    drawn_in_proportion,
    inferred_worlds,
    learned_part,
)
from tricktable.bots.search.pimc import PimcBot
from tricktable.cards import count, mask_of, parse_cards
from tricktable.core import Deal, SeatView, State
from tricktable.games import load_game
from tricktable.games.romanian_whist.facts import WhistFacts
from tricktable.games.romanian_whist.learned import LEARNED, bid_features
from tricktable.search.resample import Resampler, World

OH_HELL = "romanian_whist(preset=oh_hell,hand_size=7)"
GAME = load_game(OH_HELL, players=4)
TURNED = parse_cards("5H")[0]
STRONG = parse_cards("AS KS AH KH AD KD AC")
"""Seat 0's hand in the deal where it bids high."""


def dealt(order: int, bids: list[int], first: tuple[int, ...] = tuple(STRONG)) -> State:
    """An Oh Hell deal with seat 0 holding ``first`` and the others the rest as ``order``
    shuffles them, each seat then bidding as ``bids`` says (from seat 0, the eldest)."""
    state = GAME.new_state(3)
    rest = [card for card in GAME.deck if card not in first and card != TURNED]
    random.Random(order).shuffle(rest)
    hands = [first, tuple(rest[0:7]), tuple(rest[7:14]), tuple(rest[14:21])]
    state.deal(Deal(tuple(hands), TURNED, tuple(rest[21:])))
    for bid in bids:
        state.apply_text(f"bid {bid}")
    return state


def test_the_worlds_read_only_the_seats_view() -> None:
    """Seat 1's view is the same whatever the others hold: so are the worlds it draws."""
    first = dealt(1, [1, 1, 1, 1], first=tuple(parse_cards("2S 3S 4S 2H 3H 4H 2D")))
    second = GAME.new_state(3)
    hands = list(first.deals[-1].hands)
    hands[0], hands[2] = hands[2], hands[0]  # seat 1's cards stay; two others swap hands
    second.deal(Deal(tuple(hands), TURNED, first.deals[-1].stock))
    for bid in (1, 1, 1, 1):
        second.apply_text(f"bid {bid}")
    view = first.view(1)
    assert view == second.view(1) and first.hands != second.hands  # type: ignore[attr-defined]
    assert learned_part(GAME) is LEARNED
    drawn = inferred_worlds(GAME, view, random.Random(4), 10)
    assert drawn == inferred_worlds(GAME, second.view(1), random.Random(4), 10)
    wire = SeatView.from_json(view.to_json(), WhistFacts)
    assert drawn == inferred_worlds(GAME, wire, random.Random(4), 10)


def test_each_bidders_view_is_rebuilt_as_it_was() -> None:
    """In the true world, the views the model rebuilds for the other bidders read as the
    views they bid from: the same features, the same legal bids."""
    state = dealt(5, [])
    seen: dict[int, SeatView] = {}
    for bid in (2, 0, 3, 1):
        seat = state.current_player
        seen[seat] = state.view(seat)
        state.apply_text(f"bid {bid}" if f"bid {bid}" in state.legal_texts() else "bid 0")
    me = 2
    view = state.view(me)
    hands: list[int] = state.hands  # type: ignore[attr-defined]
    truth = World(tuple(hands), mask_of(state.deals[-1].stock))
    choices = LEARNED.earlier_choices(GAME, view, truth)
    assert [then.seat for then, _ in choices] == [seat for seat in (0, 1, 3)]
    for then, action in choices:
        before = seen[then.seat]
        assert bid_features(GAME, then) == bid_features(GAME, before)
        assert then.legal == before.legal
        assert action in before.legal
    assert all(then.seat != me for then, _ in choices)


def test_a_high_bid_draws_strong_hands() -> None:
    """Seat 0 bid 6 of 7: in the worlds seat 2 draws with inference it holds more aces
    and kings than in uniform worlds."""
    state = dealt(7, [6, 0, 0, 0])
    view = state.view(2)
    tops = mask_of(parse_cards("AS KS AH KH AD KD AC KC"))
    uniform = Resampler(GAME, view)
    rng = random.Random(3)
    plain = [count(uniform.sample(rng).hands[0] & tops) for _ in range(400)]
    assert learned_part(GAME) is not None
    inferred = inferred_worlds(GAME, view, random.Random(3), 400)
    assert inferred is not None
    read = [count(world.hands[0] & tops) for world in inferred]
    assert statistics.fmean(read) > statistics.fmean(plain) + 0.5


def test_a_world_that_fits_the_bids_is_likelier() -> None:
    state = dealt(7, [6, 0, 0, 0])
    view = state.view(2)
    hands: list[int] = state.hands  # type: ignore[attr-defined]
    truth = World(tuple(hands), mask_of(state.deals[-1].stock))
    swapped = World((hands[1], hands[0], hands[2], hands[3]), truth.pile)
    assert choice_likelihood(GAME, view, truth) > 10 * choice_likelihood(GAME, view, swapped)


def test_nothing_is_read_before_anyone_else_has_bid() -> None:
    state = dealt(2, [])
    view = state.view(state.current_player)
    assert inferred_worlds(GAME, view, random.Random(1), 4) is None
    # read_worlds then draws plain worlds, exactly as without inference
    assert read_worlds(GAME, view, random.Random(1), 4) == read_worlds(
        GAME, view, random.Random(1), 4, inference=False
    )


def test_blind_and_forehead_bids_are_not_read() -> None:
    game = load_game("romanian_whist(forehead=last)", players=4)
    state = game.new_match(random.Random(2))
    checked = 0
    while not state.is_terminal():
        if state.is_chance():
            state.deal_random(random.Random(len(state.deals)))
            continue
        view = state.view(state.current_player)
        if view.phase == "play" and view.facts(WhistFacts).forehead:
            world = Resampler(game, view).sample(random.Random(1))
            assert LEARNED.earlier_choices(game, view, world) == []
            checked += 1
        state.apply(state.legal_actions()[0])
    assert checked > 0


def test_pimc_takes_the_inference_setting() -> None:
    bot = make_bot("pimc(inference=false)", GAME, 0, trusted=True)
    assert isinstance(bot, PimcBot) and not bot.inference
    assert PimcBot(GAME, 0).inference
    state = dealt(7, [6, 0, 0, 0])
    state.apply_text(state.legal_texts()[0])  # seat 0 leads
    view = state.view(state.current_player)
    assert make_bot("hard", GAME, view.seat).choose(view, random.Random(1)) in view.legal


@given(
    st.lists(st.floats(min_value=0.0, max_value=10.0), min_size=1, max_size=12),
    st.integers(min_value=1, max_value=30),
    st.integers(min_value=0, max_value=2**32 - 1),
)
@example([5e-324, 5e-324], 3, 0)  # weights too small to space the points: all went to one
def test_items_are_drawn_in_proportion_to_their_weights(
    weights: list[float], wanted: int, seed: int
) -> None:
    items = list(range(len(weights)))
    drawn = drawn_in_proportion(items, weights, wanted, random.Random(seed))
    assert len(drawn) == wanted
    total = sum(weights)
    if total <= 0:
        return
    for item, weight in enumerate(weights):
        expected = wanted * weight / total
        assert expected - 1.000001 <= drawn.count(item) <= expected + 1.000001
