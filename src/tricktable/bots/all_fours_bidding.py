"""Standing, begging, giving and running in All Fours by sampled worlds (``pimc``).

Each legal choice of eldest (``stand`` / ``beg``) or of the dealer (``give`` / ``run``)
is valued over worlds drawn from the seat's view: the deal is rebuilt with the engine
(the unseen cards, stock order included, from the world), the choice applied, every later
decision before the play (the dealer's answer, discards after running the cards) taken
by the heuristic bot, and the play solved double-dummy. The value is the seat's side's
points of the deal minus the other side's: points already scored (kick, gift), High and
(``low_point=dealt``) Low by who holds them, and Jack, captured Low and Game from the
solver (which counts the seat's side's share; the rest of those points is the other
side's, a tied Game counted as the other side's too). A thrown-in deal is worth 0.
Two players only (four players' full hands take too long to solve for a decision).

>>> import random
>>> from tricktable.games import load_game
>>> game = load_game("all_fours")
>>> state = game.new_match(random.Random(3))
>>> state.deal_random(random.Random(3))
>>> values = stand_beg_values(game, state.view(state.current_player), random.Random(1), 3)
>>> sorted(values) == sorted(state.legal_texts())
True
"""

from __future__ import annotations

import random
from typing import Any

from tricktable.bots.base import Bot
from tricktable.bots.sampled_worlds import bid_to_the_play, replay_world, sampled_values
from tricktable.cards import parse_card
from tricktable.core import Game, SeatView, State
from tricktable.search.position import position_from
from tricktable.search.resample import World
from tricktable.search.solver import Solver

PHASES = ("stand_beg", "give_run")
"""The All Fours phases whose decisions are valued here."""


def applies(game: Game[Any], view: SeatView) -> bool:
    """Whether this decision is valued here (two-player All Fours, before the play; the
    full hands of four players take too long to solve for a decision)."""
    return game.name == "all_fours" and game.players == 2 and view.phase in PHASES


def _world_state(game: Game[Any], view: SeatView, world: World, rng: random.Random) -> State:
    return replay_world(game, view, world, rng, parse_card(str(view.public["turned"])))


def stand_beg_values(
    game: Game[Any],
    view: SeatView,
    rng: random.Random,
    worlds: int,
    heuristic: list[Bot] | None = None,
    read_bids: bool = True,
) -> dict[str, float]:
    """The mean value (points of the seat's side minus the other's) of each legal action
    (over worlds that agree with the other's stand or beg first, unless ``read_bids`` is
    off)."""

    def rollout(state: State, bots: list[Bot], rng: random.Random) -> float:
        return _rollout(game, state, view.seat, bots, rng)

    return sampled_values(
        game, view, rng, worlds, _world_state, rollout, heuristic, read_bids=read_bids
    )


def _rollout(game: Game[Any], state: State, seat: int, bots: list[Bot], rng: random.Random) -> int:
    side_of: tuple[int, ...] = tuple(getattr(game, "side_of"))  # noqa: B009
    mine = side_of[seat]
    bid_to_the_play(state, bots, rng)
    if state.phase.name != "PLAY":
        return 0  # thrown in: the pack ran out (a fresh match cannot be won by a kick)
    points: list[int] = [int(p) for p in getattr(state, "deal_points")]  # noqa: B009
    rules: Any = game.rules
    trump = int(getattr(state, "trump"))  # noqa: B009
    trumps = 0
    for hand in state.hands:
        trumps |= hand & (0x7FFE << (16 * trump))
    if trumps:
        high = trumps.bit_length() - 1
        low = (trumps & -trumps).bit_length() - 1
        points[side_of[_holder(state, high)]] += 1
        if rules.low_point == "dealt":
            points[side_of[_holder(state, low)]] += 1
    view = state.view(seat)
    pos = position_from(game, view, World(tuple(state.hands), 0))
    won = Solver(pos).solve()
    at_stake = 1 + (1 if pos.jack >= 0 else 0) + (1 if pos.low >= 0 else 0)
    points[mine] += won
    points[1 - mine] += at_stake - won
    return points[mine] - points[1 - mine]


def _holder(state: State, card: int) -> int:
    for seat, hand in enumerate(state.hands):
        if hand >> card & 1:
            return seat
    raise ValueError(f"nobody holds card {card}")
