"""Bidding of the other games by sampled worlds, each deal played out double-dummy (``pimc``).

For the bidding of two-handed and set-back euchre, each legal choice is valued over
worlds drawn from the seat's view: the world's deal is rebuilt with the engine at the
match's score (``bid_reading.deal_start``: near the end the heuristic bids by the score,
and in set-back a failed march doubles the maker's score), the choice
applied, the later decisions before the play taken by the heuristic bot, and then the cards
played out with every seat playing a card of best double-dummy value for its camp (the
solver, move by move), so the engine itself scores the deal with every rule option of the
table. The value is the change of the seat's side's score minus the mean change of the other
sides' (the other way round where scores count down, as in set-back euchre).

Three-handed and bid euchre do not play out move by move: with 21 or 24 cards in the hands
that is too slow for a decision (docs/bots.md gives the measured times). Three-handed euchre
and both forms of bid euchre solve each world's play once instead (their ``bidding``
modules).

>>> import random
>>> from tricktable.testing import dealt_match
>>> state = dealt_match("two_handed_euchre(preset=keller)", 3)
>>> game = state.game
>>> values = playout_values(game, state.view(state.current_player), random.Random(1), 2)
>>> sorted(values) == sorted(state.legal_texts())
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from tricktable.bots.base import Bot
from tricktable.bots.search.bid_reading import deal_start
from tricktable.bots.search.sampled_worlds import (
    Rollout,
    capped_evaluator,
    replay_world,
    sampled_values,
    score_change,
    side_of_seat,
)
from tricktable.cards import card_name
from tricktable.core import Game, SeatView, State
from tricktable.search.adapter import search_adapter
from tricktable.search.position import position_from
from tricktable.search.resample import World
from tricktable.search.solver import Solver

PHASES = ("bid1", "bid2")
"""Their phases valued here: the bidding, before any card is picked up, discarded or played
(a world is rebuilt by replaying the deal's history from its first card)."""


def world_state(game: Game[Any], view: SeatView, world: World, rng: random.Random) -> State:
    """The state of ``view``'s deal rebuilt in ``world`` at its decision: the deal as the
    world deals it (with the turned card the adapter names) in a match at the score before
    the deal (``bid_reading.deal_start``), the decisions so far replayed."""
    turned = search_adapter(game).turned_card(view)
    return replay_world(game, view, world, rng, turned, deal_start(game, view))


RolloutOf = Callable[[Game[Any], SeatView], Rollout]
"""Makes the rollout that values a world's state after one choice for ``view``'s seat
(once per decision valued: it may keep what its rollouts share)."""


class WorldValues(Protocol):
    """Each legal action of ``view`` with its mean value over ``worlds`` sampled worlds
    (the later decisions by ``heuristic``, the game's heuristic bot by default)."""

    def __call__(
        self,
        game: Game[Any],
        view: SeatView,
        rng: random.Random,
        worlds: int,
        heuristic: list[Bot] | None = None,
    ) -> dict[str, float]: ...


def world_values(rollout_of: RolloutOf, read_bids: bool) -> WorldValues:
    """The valuation of a decision before the play that the bidding evaluators share: each
    world rebuilt at the decision (``world_state``), each legal action applied to a copy and
    valued by the rollout ``rollout_of(game, view)`` makes; with ``read_bids`` the worlds
    agree with the others' bids first (``bid_reading.read_worlds``).

    >>> import random
    >>> from tricktable.testing import dealt_match
    >>> state = dealt_match("two_handed_euchre(preset=keller)", 3)
    >>> constant = world_values(lambda game, view: lambda state, bots, rng: 1.0, False)
    >>> constant(state.game, state.view(state.current_player), random.Random(1), 2)
    {'order': 1.0, 'pass': 1.0}
    """

    def values(
        game: Game[Any],
        view: SeatView,
        rng: random.Random,
        worlds: int,
        heuristic: list[Bot] | None = None,
    ) -> dict[str, float]:
        rollout = rollout_of(game, view)
        return sampled_values(
            game, view, rng, worlds, world_state, rollout, heuristic, read_bids=read_bids
        )

    return values


def _rollout_of(game: Game[Any], view: SeatView) -> Rollout:
    """Heuristic decisions up to the play, then double-dummy play to the deal's end; the
    value is the change of ``view``'s side's score against the others'."""
    mine = side_of_seat(game, view.seat)

    def rollout(state: State, bots: list[Bot], rng: random.Random) -> float:
        before = list(state.scores())
        deals = len(state.deals)
        while not state.is_terminal() and not state.is_chance() and len(state.deals) == deals:
            actor = state.current_player
            seen = state.view(actor)
            if seen.phase == "play" and len(seen.legal) > 1:
                text = _best_card(game, state, seen)
            else:
                text = bots[actor].choose(seen, rng)
            state.apply_text(text)
        value = score_change(state, before, mine)
        return -value if game.scores_count_down else value

    return rollout


playout_values = world_values(_rollout_of, read_bids=False)
"""The mean value (score change of the seat's side against the others') of each legal
action of a view, each world's deal played out."""


def _best_card(game: Game[Any], state: State, view: SeatView) -> str:
    """The card of best double-dummy value for the seat to move (all hands open)."""
    solver = Solver(position_from(game, view, World(tuple(state.hands), 0)))
    card, _ = max(solver.move_values(), key=lambda pair: pair[1])
    return f"play {card_name(card)}"


def in_the_bidding(game: Game[Any], view: SeatView) -> bool:
    """Whether ``view`` is a decision of the bidding valued here (``PHASES``)."""
    return view.phase in PHASES


evaluate = capped_evaluator(in_the_bidding, playout_values)
"""The bidding's choices valued by playouts (the ``decisions`` of the games whose spec
names it)."""
