"""Solver positions from a seat's view and a world (all hands open).

``position_from(game, view, world)`` builds the double-dummy ``Position`` of the deal in
play, valued for the camp of ``view.seat`` as the game's search adapter says
(``SearchAdapter.value_position``): in the euchre family the tricks that camp takes from
here on, in Romanian whist the seat's deal score given its bid, in All Fours the points its
side still wins.

>>> import random
>>> from tricktable.testing import first_trick
>>> from tricktable.search.resample import resample
>>> state = first_trick("euchre(preset=north_american)", 4)
>>> game = state.game
>>> view = state.view(state.current_player)
>>> 0 <= solve_position(game, view, resample(game, view, random.Random(1))) <= 5
True
"""

from __future__ import annotations

from typing import Any

from tricktable.core import Game, SeatView
from tricktable.search.adapter import search_adapter
from tricktable.search.resample import World
from tricktable.search.solver import Position, Solver


def position_from(game: Game[Any], view: SeatView, world: World) -> Position:
    """The solver position of ``view``'s deal in ``world``, valued for ``view.seat``."""
    adapter = search_adapter(game)
    facts = adapter.play_facts(game, view)
    if facts is None:
        raise ValueError("no play position before trump is known")
    n = game.players
    hands = [world.hands[s] if facts.next_seat[s] >= 0 else 0 for s in range(n)]
    trick = [(seat, card) for seat, card in view.trick]
    leader = view.to_act if not trick else trick[0][0]
    pos = Position.make(hands, facts.table, facts.follow, list(facts.next_seat), leader, 0, trick)
    adapter.value_position(game, view, world, pos)
    return pos


def solve_position(game: Game[Any], view: SeatView, world: World) -> int:
    """The double-dummy value of the deal in ``world`` for ``view.seat``'s camp."""
    return Solver(position_from(game, view, world)).solve()


def move_values(game: Game[Any], view: SeatView, world: World) -> dict[int, int]:
    """Each legal card of the seat to move, with its double-dummy value in ``world``."""
    return dict(Solver(position_from(game, view, world)).move_values())
