"""Reading the bids (``bots.bid_reading``) and euchre's play valued in points."""

from __future__ import annotations

import random

from tests.search.helpers import random_states
from tricktable.bots import make_bot
from tricktable.bots.search.bid_reading import (
    applies,
    bids_agree,
    deal_start,
    dealt_hands,
    read_worlds,
)
from tricktable.cards import mask_of, parse_card
from tricktable.core import SeatView, State
from tricktable.games import load_game
from tricktable.games.euchre.bidding import play_points
from tricktable.games.euchre.facts import EuchreFacts
from tricktable.search.resample import Resampler, World

GAME = load_game("euchre")
BIDDERS = [make_bot("heuristic", GAME, seat) for seat in range(4)]


def _after_passes(seed: int, passes: int) -> State:
    """A deal of ``seed`` after ``passes`` heuristic passes (or the first seed on that
    finds the heuristic passing that often)."""
    while True:
        state = GAME.new_match(random.Random(seed))
        state.deal_random(random.Random(seed))
        texts: list[str] = []
        for _ in range(passes):
            seat = state.current_player
            text = BIDDERS[seat].choose(state.view(seat), random.Random(0))
            texts.append(text)
            state.apply_text(text)
        if all(text == "pass" for text in texts):
            return state
        seed += 1


def test_read_worlds_respect_the_view_and_the_seed() -> None:
    state = _after_passes(5, 3)
    view = state.view(state.current_player)
    sizes = Resampler(GAME, view).know.sizes
    first = read_worlds(GAME, view, random.Random(7), 10)
    assert read_worlds(GAME, view, random.Random(7), 10) == first
    assert len(first) == 10
    for world in first:
        assert world.hands[view.seat] == mask_of(view.hand)
        assert [hand.bit_count() for hand in world.hands] == sizes


def test_read_worlds_agree_with_the_passes() -> None:
    state = _after_passes(11, 3)
    view = state.view(state.current_player)
    worlds = read_worlds(GAME, view, random.Random(2), 12)
    assert all(bids_agree(GAME, view, world, BIDDERS) for world in worlds)
    # The true deal agrees too (the passes came from the model bidders).
    assert bids_agree(GAME, view, _true_world(state), BIDDERS)


def test_a_pass_with_a_laydown_hand_does_not_agree() -> None:
    state = _after_passes(11, 1)
    view = state.view(state.current_player)
    passer = (view.seat - 1) % 4
    sampler = Resampler(GAME, view)
    rng = random.Random(3)
    disagreeing = 0
    for _ in range(200):
        world = sampler.sample(rng)
        if not bids_agree(GAME, view, world, BIDDERS):
            disagreeing += 1
            order = BIDDERS[passer].choose(_replayed(view, world).view(passer), random.Random(0))
            assert order != "pass"
    assert disagreeing > 0


def test_no_reading_before_any_bid_or_in_other_games() -> None:
    state = GAME.new_match(random.Random(1))
    state.deal_random(random.Random(1))
    view = state.view(state.current_player)
    plain = Resampler(GAME, view)
    rng = random.Random(4)
    expected = [plain.sample(rng) for _ in range(5)]
    assert read_worlds(GAME, view, random.Random(4), 5) == expected


def test_dealt_hands_rebuild_the_deal_during_play() -> None:
    for state in random_states(GAME, 3, 60, play_only=True):
        view = state.view(state.current_player)
        deal = dealt_hands(GAME, view, _true_world(state))
        true = state.deals[-1]
        for seat in range(4):
            if (
                seat != view.dealer
                or not view.facts(EuchreFacts).dealer_took_up
                or seat == view.seat
            ):
                assert sorted(deal.hands[seat]) == sorted(true.hands[seat])
        assert deal.turned == true.turned


def test_play_points_follow_the_scoring() -> None:
    for state in random_states(GAME, 4, 80, play_only=True):
        view = state.view(state.current_player)
        points = play_points(GAME, view)
        assert points is not None
        left = 5 - sum(view.public.to_json()["tricks_won"])
        assert len(points) == left + 1
        assert points == sorted(points)  # more tricks are never worth less
    assert play_points(load_game("all_fours"), view) is None


def _true_world(state: State) -> World:
    """The world as it is: every hand now, the rest (less the up-card and the tricks) the pile."""
    hands = tuple(state.hands)
    seen = 0
    for hand in hands:
        seen |= hand
    view = state.view(0)
    for trick in (*view.tricks, view.trick):
        for _, card in trick:
            seen |= 1 << card
    seen |= 1 << parse_card(str(view.public.to_json()["upcard"]))
    return World(hands, mask_of(getattr(GAME, "deck")) & ~seen)  # noqa: B009


def _replayed(view: SeatView, world: World) -> State:
    state = GAME.new_state(view.dealer)
    state.deal(dealt_hands(GAME, view, world))
    return state


def test_all_fours_worlds_agree_with_the_stand_or_beg() -> None:
    game = load_game("all_fours")
    bidders = [make_bot("heuristic", game, seat) for seat in range(game.players)]
    for seed in range(6):
        state = game.new_match(random.Random(seed))
        state.deal_random(random.Random(seed))
        eldest = state.current_player
        state.apply_text(bidders[eldest].choose(state.view(eldest), random.Random(0)))
        if state.phase.name != "PLAY":
            continue
        view = state.view(1 - eldest)
        worlds = read_worlds(game, view, random.Random(seed), 8)
        assert read_worlds(game, view, random.Random(seed), 8) == worlds
        assert all(bids_agree(game, view, world, bidders) for world in worlds)
        assert all(world.hands[view.seat] == mask_of(view.hand) for world in worlds)


def test_no_reading_after_the_cards_are_run() -> None:
    game = load_game("all_fours")
    state = game.new_match(random.Random(2))
    state.deal_random(random.Random(2))
    state.apply_text("beg")
    assert applies(game, state.view(state.current_player))
    state.apply_text("run")
    assert not applies(game, state.view(0))
    assert not applies(game, state.view(1))


def test_all_fours_stands_and_begs_are_read_at_the_score() -> None:
    # Near the target the heuristic stands and begs by the score (a gift may not win the
    # match, High may win it): the true deal must agree with what eldest did.
    game = load_game("all_fours")
    bidders = [make_bot("heuristic", game, seat) for seat in range(game.players)]
    read = 0
    for seed in range(60):
        state = game.new_match(random.Random(seed))
        eldest = 1 - state.dealer
        scores = [0, 0]
        scores[eldest], scores[state.dealer] = 6, seed % 7
        setattr(state, "match_scores", list(scores))  # noqa: B010
        state.deal_random(random.Random(seed))
        if state.is_terminal() or state.current_player != eldest:
            continue  # a kicked jack won the match
        state.apply_text(bidders[eldest].choose(state.view(eldest), random.Random(0)))
        if state.is_terminal() or state.is_chance():
            continue
        view = state.view(state.dealer)
        truth = World(tuple(state.hands), mask_of(state.stock))
        assert deal_start(game, view).scores() == scores  # before the kick, if any
        assert bids_agree(game, view, truth, bidders), seed
        read += 1
    assert read > 40
