"""Resampling: the seat's view is unchanged, voids are kept, and the draw is uniform."""

from __future__ import annotations

import itertools
import math
import random
from typing import Any

import pytest

from tricktable.cards import mask_of, parse_card
from tricktable.core import Game, SeatView, State
from tricktable.games import load_game
from tricktable.search.play_facts import legal_mask, play_facts
from tricktable.search.resample import Resampler, World, knowledge, resample

from .helpers import SPECS, random_states


def world_state(state: State, world: World) -> State:
    """The true state with every hand replaced by the world's (for view comparisons)."""
    other = state.clone()
    other.hands = list(world.hands)
    return other


def assert_consistent(game: Game[Any], state: State, view: SeatView, world: World) -> None:
    n = game.players
    # A partition of the deck: hands and pile disjoint, sizes as in the true deal.
    seen = 0
    for seat in range(n):
        assert not world.hands[seat] & seen
        seen |= world.hands[seat]
        assert world.hands[seat].bit_count() == state.hands[seat].bit_count()
    assert not world.pile & seen
    deck = mask_of(getattr(game, "deck"))  # noqa: B009
    hidden = deck & ~mask_of(view.known_cards())
    assert hidden & ~(seen | world.pile) == 0  # every unseen card is somewhere
    played = mask_of(card for trick in (*view.tricks, view.trick) for _, card in trick)
    assert not (seen | world.pile) & played
    # Every card played was a legal play from the world's hands at that time.
    facts = play_facts(game, view)
    if facts is None or not facts.infer_voids:
        return
    held = list(world.hands)
    tricks = [*view.tricks, view.trick]
    for trick in reversed(tricks):
        for seat, card in trick:
            held[seat] |= 1 << card
    for trick in tricks:
        led = -1
        for seat, card in trick:
            allowed = legal_mask(held[seat], led, facts.follow, facts.table)
            assert allowed >> card & 1, f"seat {seat} could not have played card {card}"
            held[seat] &= ~(1 << card)
            if led < 0:
                led = facts.table.eff_suit[card]
    # The seat's own view is the same in the resampled world.
    assert world_state(state, world).view(view.seat) == view


@pytest.mark.parametrize(("spec", "players"), SPECS)
def test_view_identical_and_consistent_after_resampling(spec: str, players: int | None) -> None:
    game = load_game(spec, players=players)
    checked = 0
    for seed in range(3):
        for step, state in enumerate(random_states(game, seed, 120)):
            seat = (state.current_player + step) % game.players
            view = state.view(seat)
            world = resample(game, view, random.Random(step))
            assert_consistent(game, state, view, world)
            checked += 1
    assert checked > 50


def _void_view() -> tuple[Game[Any], State, int, int]:
    """A euchre state where some seat has shown out of a suit."""
    game = load_game("euchre")
    for seed in range(200):
        for state in random_states(game, seed, 200, play_only=True):
            view = state.view(state.current_player)
            know = knowledge(game, view)
            for seat in range(4):
                if seat != view.seat and know.forbid[seat] and know.sizes[seat] >= 2:
                    return game, state, view.seat, seat
    raise AssertionError("no void found")


def test_no_card_of_a_shown_void_suit_is_dealt_to_that_seat() -> None:
    game, state, seat, void_seat = _void_view()
    view = state.view(seat)
    forbid = knowledge(game, view).forbid[void_seat]
    sampler = Resampler(game, view)
    rng = random.Random(11)
    for _ in range(500):
        world = sampler.sample(rng)
        assert not world.hands[void_seat] & forbid
        assert_consistent(game, state, view, world)


def _hits_bound(trials: int, p: float) -> float:
    """Chance frequency plus five standard deviations (a false alarm rate below 1e-6)."""
    return trials * p + 5 * math.sqrt(trials * p * (1 - p))


@pytest.mark.parametrize(
    ("spec", "players"), [("euchre", None), ("all_fours", 2), ("romanian_whist", 4)]
)
def test_true_location_chosen_no_more_often_than_chance(spec: str, players: int | None) -> None:
    """With no void shown, each unseen card lands in its true hand (or pile) with
    probability (that place's free room) / (unseen cards): never more often."""
    game = load_game(spec, players=players)
    state = next(
        s
        for s in random_states(game, 3, 400)
        if s.phase.name in ("BID1", "STAND_BEG", "BID") and len(s.view(s.current_player).hand) >= 5
    )
    seat = state.current_player
    view = state.view(seat)
    sampler = Resampler(game, view)
    assert sampler.simple
    pool = sampler.know.pool
    card = (pool & -pool).bit_length() - 1
    true_bin = next((s for s in range(game.players) if state.hands[s] >> card & 1), game.players)
    room = sampler.capacity[true_bin]
    p = room / pool.bit_count()
    trials = 3000
    rng = random.Random(2024)
    hits = 0
    for _ in range(trials):
        world = sampler.sample(rng)
        place = world.pile if true_bin == game.players else world.hands[true_bin]
        hits += place >> card & 1
    assert hits <= _hits_bound(trials, p)
    assert hits >= trials * p - 5 * math.sqrt(trials * p * (1 - p))


def test_buried_discard_is_not_returned_more_often_than_chance() -> None:
    """The euchre dealer's face-down discard: another seat must not find it in the pile
    more often than any other unseen card (a known bug of other programs)."""
    game = load_game("euchre")
    for seed in range(100):
        rng = random.Random(seed)
        state = game.new_match(rng)
        state.deal_random(rng)
        state.apply_text("order")
        if state.phase.name != "DEALER_DISCARD":
            continue
        discard = state.legal_actions()[0]
        state.apply(discard)
        if state.phase.name == "PLAY":
            break
    seat = (state.dealer + 1) % 4
    view = state.view(seat)
    sampler = Resampler(game, view)
    card = discard & 127
    assert sampler.know.pool >> card & 1
    p = sampler.capacity[4] / sampler.know.pool.bit_count()
    trials = 3000
    hits = sum(sampler.sample(random.Random(i)).pile >> card & 1 for i in range(trials))
    assert hits <= _hits_bound(trials, p)


def test_draws_are_uniform_over_the_consistent_placements() -> None:
    """On a late position with voids, every placement meeting the constraints is drawn,
    about equally often (chi-square well inside its bound), and no other."""
    game = load_game("euchre")
    chosen: tuple[SeatView, Resampler] | None = None
    for seed in range(300):
        for state in random_states(game, seed, 200, play_only=True):
            view = state.view(state.current_player)
            sampler = Resampler(game, view)
            if not sampler.simple and 4 <= sampler.know.pool.bit_count() <= 9:
                chosen = (view, sampler)
                break
        if chosen:
            break
    assert chosen is not None
    view, sampler = chosen
    know = sampler.know
    cards = [c for c in range(64) if know.pool >> c & 1]
    bins = list(range(len(sampler.capacity)))
    placements = []
    for assignment in itertools.product(bins, repeat=len(cards)):
        counts = [assignment.count(b) for b in bins]
        if counts != list(sampler.capacity):
            continue
        if any(b < 4 and know.forbid[b] >> c & 1 for c, b in zip(cards, assignment, strict=True)):
            continue
        placements.append(assignment)
    assert sampler._count(0, sampler.capacity) == len(placements)
    index = {p: i for i, p in enumerate(placements)}
    observed = [0] * len(placements)
    rng = random.Random(99)
    trials = 200 * len(placements)
    for _ in range(trials):
        world = sampler.sample(rng)
        key = tuple(next((s for s in range(4) if world.hands[s] >> c & 1), 4) for c in cards)
        observed[index[key]] += 1  # a KeyError would be an inconsistent placement
    expected = trials / len(placements)
    chi2 = sum((o - expected) ** 2 / expected for o in observed)
    df = len(placements) - 1
    assert min(observed) > 0
    assert chi2 < df + 6 * math.sqrt(2 * df) + 10


def test_upcard_picked_up_by_the_dealer_stays_with_the_dealer() -> None:
    game = load_game("euchre")
    rng = random.Random(5)
    state = game.new_match(rng)
    state.deal_random(rng)
    state.apply_text("order")
    upcard = parse_card(str(state.view(0).public.to_json()["upcard"]))
    state.apply(
        state.legal_actions()[-1]
        if state.legal_actions()[-1] & 127 != upcard
        else state.legal_actions()[0]
    )
    seat = (state.dealer + 1) % 4
    world = resample(game, state.view(seat), random.Random(1))
    assert world.hands[state.dealer] >> upcard & 1
