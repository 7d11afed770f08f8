"""Standing, begging, giving and running by sampled worlds (``bots.all_fours_bidding``)."""

from __future__ import annotations

import random

from tricktable.bots import Bot, make_bot
from tricktable.core import SeatView
from tricktable.games import load_game, spec_of
from tricktable.games.all_fours.bidding import evaluate, play_to_solve_limit, stand_beg_values

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
    first tricks the heuristic plays and whose rest is solved; four seats each for
    themself (no two sides to weigh) are left to the heuristic."""
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
    alone = load_game("all_fours(partnerships=false)", players=4)
    state = alone.new_match(random.Random(5))
    state.deal_random(random.Random(5))
    assert evaluate(alone, state.view(state.current_player), random.Random(1), 4) is None


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
