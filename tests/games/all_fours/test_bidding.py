"""Standing, begging, giving and running by sampled worlds (``bots.all_fours_bidding``)."""

from __future__ import annotations

import random

import pytest

from tricktable.bots import Bot, make_bot
from tricktable.core import SeatView, State
from tricktable.games import load_game, spec_of
from tricktable.games.all_fours.bidding import (
    MATCH_SWING,
    evaluate,
    net_value,
    play_to_solve_limit,
    stand_beg_values,
)
from tricktable.games.all_fours.facts import AllFoursFacts

GAME = load_game("all_fours")


class Watcher(Bot):
    """The heuristic, noting the legal actions of every decision it is asked."""

    def __init__(self, seat: int, seen: list[tuple[str, tuple[str, ...]]]) -> None:
        super().__init__(GAME, seat)
        self.inner = make_bot("heuristic", GAME, seat)
        self.seen = seen

    def choose(self, view: SeatView, rng: random.Random) -> str:
        self.seen.append((view.phase, view.legal))
        return self.inner.choose(view, rng)


def test_the_worlds_are_played_from_the_real_score() -> None:
    # Eldest at 6 of 7: a gift would win the match, so the dealer must run
    # (gift_may_win=False). A replay from 0-0 let the dealer give, and begging looked
    # like a sure win.
    for seed in range(4):
        state = GAME.new_match(random.Random(seed))
        eldest = 1 - state.dealer
        scores = [0, 0]
        scores[eldest] = 6
        setattr(state, "match_scores", list(scores))  # noqa: B010
        state.deal_random(random.Random(seed))
        if state.is_terminal():
            continue  # a kicked jack won the match
        seen: list[tuple[str, tuple[str, ...]]] = []
        watchers: list[Bot] = [Watcher(seat, seen) for seat in range(GAME.players)]
        view = state.view(eldest)
        values = stand_beg_values(GAME, view, random.Random(seed), 6, heuristic=watchers)
        assert set(values) == {"stand", "beg"}
        answers = [legal for phase, legal in seen if phase == "give_run"]
        assert answers and all(legal == ("run",) for legal in answers)


def test_four_players_in_partnerships_are_valued_too() -> None:
    """Four seats in two partnerships: stand / beg and give / run valued over worlds whose
    first tricks the heuristic plays and whose rest is solved."""
    four = load_game("all_fours", players=4)
    state = four.new_match(random.Random(5))
    state.deal_random(random.Random(5))
    view = state.view(state.current_player)
    values = evaluate(four, view, random.Random(1), 4)
    assert values is not None and set(values) == set(view.legal) == {"stand", "beg"}
    state.apply_text("beg")
    dealer = state.view(state.current_player)
    answers = evaluate(four, dealer, random.Random(1), 4)
    assert answers is not None and set(answers) == set(dealer.legal)


def at_a_choice(rules: str, players: int, seed: int, phase: str) -> State | None:
    """A first deal of ``rules`` brought by the heuristic to a choice of ``phase`` with two
    legal actions, or None where the deal never gets there."""
    game = load_game(rules, players=players)
    state = game.new_match(random.Random(seed))
    state.deal_random(random.Random(seed))
    bots = [make_bot("heuristic", game, seat) for seat in range(players)]
    while not state.is_terminal() and not state.is_chance() and state.phase.name != "PLAY":
        view = state.view(state.current_player)
        if view.phase == phase and len(view.legal) == 2:
            return state
        state.apply_text(bots[view.seat].choose(view, random.Random(seed)))
    return None


@pytest.mark.parametrize(
    ("rules", "players"), [("all_fours", 3), ("all_fours(partnerships=false)", 4)]
)
@pytest.mark.parametrize("phase", ["stand_beg", "give_run"])
def test_seats_each_for_itself_have_every_legal_choice_valued(
    rules: str, players: int, phase: str
) -> None:
    """Three seats, or four without partners: each choice valued by the seat's net score."""
    states = [at_a_choice(rules, players, seed, phase) for seed in range(12)]
    state = next(found for found in states if found is not None)
    view = state.view(state.current_player)
    values = evaluate(state.game, view, random.Random(1), 6)
    assert values is not None and sorted(values) == sorted(view.legal)
    # A net score less the others' mean: at most every point of a deal, and a match swing.
    assert all(abs(value) <= 8 + MATCH_SWING for value in values.values())


def test_a_gift_that_wins_the_match_for_eldest_costs_the_dealer_the_swing() -> None:
    """Three seats, eldest at 6 of 7 (gifts may win): the dealer's give ends the match in
    every world, a point to eldest and none to the others."""
    game = load_game("all_fours(gift_may_win=true)", players=3)
    for seed in range(20):
        state = game.new_match(random.Random(seed))
        eldest = (state.dealer + 1) % 3
        setattr(state, "match_scores", [6 if seat == eldest else 0 for seat in range(3)])  # noqa: B010
        state.deal_random(random.Random(seed))
        if state.is_terminal() or set(state.view(state.current_player).legal) != {"stand", "beg"}:
            continue
        state.apply_text("beg")
        view = state.view(state.current_player)
        if "give" not in view.legal or any(view.facts(AllFoursFacts).deal_points):
            continue  # no gift, or a kick already counted
        values = evaluate(game, view, random.Random(seed), 5)
        assert values is not None
        assert values["give"] == pytest.approx(-0.5 - MATCH_SWING)
        return
    pytest.fail("no deal brought eldest's beg to the dealer")


def test_the_net_value_is_the_seat_s_points_less_the_others_mean_and_the_swing() -> None:
    game = load_game("all_fours", players=3)
    state = game.new_match(random.Random(1))
    bots = [make_bot("heuristic", game, seat) for seat in range(3)]
    rng = random.Random(1)
    before = state.scores()
    while not state.is_terminal():
        if state.is_chance():
            before = state.scores()
            state.deal_random(rng)
            continue
        state.apply_text(bots[state.current_player].choose(state.view(state.current_player), rng))
    winner = state.winner()
    assert isinstance(winner, int)
    gains = [after - was for after, was in zip(state.scores(), before, strict=True)]
    for seat in range(3):
        others = sum(gains) - gains[seat]
        swing = MATCH_SWING if seat == winner else -MATCH_SWING
        assert net_value(state, before, seat) == pytest.approx(gains[seat] - others / 2 + swing)


def test_play_to_solve_limit_leaves_what_the_solver_takes() -> None:
    four = load_game("all_fours", players=4)
    state = four.new_match(random.Random(2))
    state.deal_random(random.Random(2))
    bots = [make_bot("heuristic", four, seat) for seat in range(4)]
    while state.phase.name != "PLAY":
        state.apply_text(
            bots[state.current_player].choose(state.view(state.current_player), random.Random(0))
        )
    play_to_solve_limit(four, state, bots, random.Random(0))
    assert state.phase.name == "PLAY"
    assert sum(hand.bit_count() for hand in state.hands) == spec_of(four).solve_limit
