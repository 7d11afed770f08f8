"""Standing, begging, giving and running by sampled worlds (``bots.all_fours_bidding``)."""

from __future__ import annotations

import random

from tricktable.bots import Bot, make_bot
from tricktable.core import SeatView
from tricktable.games import load_game
from tricktable.games.all_fours.bidding import stand_beg_values

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
