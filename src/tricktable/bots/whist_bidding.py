"""Bidding in Romanian whist by sampled worlds and heuristic playouts (``pimc``).

Each legal bid is valued over worlds drawn from the seat's view: the deal is rebuilt
with the engine at the match's deal number (hand size, trump card, dealer), the bid
made, and the rest of the deal played by the heuristic bot at every seat (which plays
toward each seat's bid); the value is the seat's points for the deal. Bids are rare and
decide most of the score, so playouts of the whole deal are affordable here.

>>> import random
>>> from tricktable.games import load_game
>>> game = load_game("romanian_whist", players=4)
>>> state = game.new_match(random.Random(3))
>>> for _ in range(5):   # to the first deal of 2 cards
...     state.deal_random(random.Random(4))
...     while not state.is_chance():
...         state.apply(state.legal_actions()[0])
>>> state.deal_random(random.Random(5))
>>> values = bid_values(game, state.view(state.current_player), random.Random(1), 3)
>>> sorted(values) == sorted(state.legal_texts())
True
"""

from __future__ import annotations

import random
from typing import Any

from tricktable.bots.base import Bot
from tricktable.bots.sampled_worlds import replay_world, sampled_values
from tricktable.cards import parse_card
from tricktable.core import Game, SeatView, State
from tricktable.errors import TricktableError
from tricktable.search.resample import World


def applies(game: Game[Any], view: SeatView) -> bool:
    """Whether this decision is a Romanian-whist bid of a scheduled deal."""
    public = view.public
    return (
        game.name == "romanian_whist"
        and view.phase == "bid"
        and int(public.get("deal_index", 0)) < int(public.get("deals_in_schedule", 0))
    )


def _world_state(game: Game[Any], view: SeatView, world: World, rng: random.Random) -> State:
    state = game.new_state(view.dealer)
    # Start the match at this deal of the schedule (the engine plans a deal from these).
    state.deal_index = int(view.public["deal_index"])  # type: ignore[attr-defined]
    state._plan_deal()  # type: ignore[attr-defined]
    if getattr(state, "hand_size") != view.public["hand_size"]:  # noqa: B009
        raise ValueError("the rebuilt deal does not have the view's hand size")
    turned_text = view.public.get("turned")
    turned = None if turned_text is None else parse_card(str(turned_text))
    return replay_world(game, view, world, rng, turned, state)


def bid_values(
    game: Game[Any],
    view: SeatView,
    rng: random.Random,
    worlds: int,
    heuristic: list[Bot] | None = None,
) -> dict[str, float]:
    """The mean deal points of the seat for each legal bid."""

    def rollout(state: State, bots: list[Bot], rng: random.Random) -> float:
        deal = len(state.deals) - 1
        while not state.is_chance() and not state.is_terminal():
            actor = state.current_player
            state.apply_text(bots[actor].choose(state.view(actor), rng))
        return state.summaries()[deal].points[view.seat]

    skip = (TricktableError, ValueError)
    return sampled_values(game, view, rng, worlds, _world_state, rollout, heuristic, skip)
