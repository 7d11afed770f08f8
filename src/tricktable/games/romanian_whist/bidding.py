"""Bidding in Romanian whist by sampled worlds and heuristic playouts (``pimc``).

Each legal bid is valued over worlds drawn from the seat's view: the deal is rebuilt
with the engine at the match's deal number (hand size, trump card, dealer), the bid
made, and the rest of the deal played by the heuristic bot at every seat (which plays
toward each seat's bid); the value is the seat's points for the deal. Bids are rare and
decide most of the score, so playouts of the whole deal are affordable here.

Two things keep this cheap enough for a few dozen worlds. The heuristic's bid comes from
the trick distribution of its hand, which does not depend on the bids before it (the hook
only removes a choice), so within one valuation each hand's distribution is worked out
once and reused for every bid tried (``MemoBidder``). And only the bids the heuristic finds
plausible are tried (``likely_bids``): its own bid, the bids next to it and any other it
gives a fair chance; a bid far from the hand's trick count is never the best.

>>> import random
>>> from tricktable.testing import dealt_later
>>> state = dealt_later("romanian_whist", 3, 5, players=4)   # the first deal of 2 cards
>>> game = state.game
>>> values = bid_values(game, state.view(state.current_player), random.Random(1), 3)
>>> sorted(values) == sorted(state.legal_texts())
True
>>> likely = likely_bids(game, state.view(state.current_player), random.Random(1))
>>> set(likely) <= set(values)
True
"""

from __future__ import annotations

import random
from typing import Any

from tricktable.actions import argument_of, parse_action
from tricktable.bots.base import Bot
from tricktable.bots.search.sampled_worlds import replay_world, sampled_values
from tricktable.core import Game, SeatView, State
from tricktable.errors import TricktableError
from tricktable.games.romanian_whist.facts import WhistFacts
from tricktable.games.romanian_whist.heuristic import WhistHeuristic, best_bid
from tricktable.search.resample import World

LIKELY_CHANCE = 0.08
"""A bid further than one from the heuristic's own is tried when the heuristic gives the
hand at least this chance of taking exactly that many tricks."""


class MemoBidder(WhistHeuristic):
    """The whist heuristic, remembering each hand's trick distribution in ``memo`` (shared
    between the bots of one valuation; a hand's distribution does not depend on the bids
    made before it). Deals bid without seeing one's own cards are not remembered."""

    def __init__(
        self, game: Game[Any], seat: int | None, memo: dict[tuple[Any, ...], list[float]]
    ) -> None:
        super().__init__(game, seat)
        self.memo = memo

    def trick_distribution(self, view: SeatView, rng: random.Random) -> list[float]:
        facts = view.facts(WhistFacts)
        if facts.own_hand_hidden or facts.forehead or not view.hand:
            return super().trick_distribution(view, rng)
        key = (
            view.seat,
            frozenset(view.hand),
            facts.trump,
            facts.turned,
            facts.hand_size,
            facts.active,
        )
        known = self.memo.get(key)
        if known is None:
            known = self.memo[key] = super().trick_distribution(view, rng)
        return known


def likely_bids(game: Game[Any], view: SeatView, rng: random.Random) -> list[str]:
    """The legal bids worth valuing: the heuristic's bid, its neighbours, and any bid the
    heuristic gives at least ``LIKELY_CHANCE`` of being exactly made (an example is in the
    module's docstring)."""
    bidder = WhistHeuristic(game, view.seat)
    chances = bidder.trick_distribution(view, rng)
    legal = {argument_of(parse_action(text)): text for text in view.legal}
    own = best_bid(chances, list(legal), bidder.rules)
    return [
        text
        for bid, text in legal.items()
        if abs(bid - own) <= 1 or (bid < len(chances) and chances[bid] >= LIKELY_CHANCE)
    ]


def applies(game: Game[Any], view: SeatView) -> bool:
    """Whether this decision is a Romanian-whist bid of a scheduled deal."""
    facts = view.facts(WhistFacts)
    return view.phase == "bid" and facts.deal_index < facts.deals_in_schedule


BID_WORLDS = 60
"""At most this many worlds for a bid, three per card-play world (each plays out the whole
deal for every likely bid, ``likely_bids``)."""
BID_CARDS = 1152
"""At most this many cards in the hands of a bid's playouts (worlds times likely bids times
hand size), which bounds a bid's time on the longest hands (docs/bots.md)."""


def evaluate(
    game: Game[Any], view: SeatView, rng: random.Random, worlds: int
) -> dict[str, float] | None:
    """The likely bids valued over sampled worlds (``bid_values``): three per card-play world,
    at most ``BID_WORLDS`` and ``BID_CARDS``; ``None`` for any other decision (the spec's
    ``decisions``)."""
    if not applies(game, view):
        return None
    bids = likely_bids(game, view, rng)
    size = view.facts(WhistFacts).hand_size
    affordable = BID_CARDS // max(1, len(bids) * size)
    count = max(1, min(3 * worlds, BID_WORLDS, affordable))
    return bid_values(game, view, rng, count, bids=bids)


def _world_state(game: Game[Any], view: SeatView, world: World, rng: random.Random) -> State:
    state = game.new_state(view.dealer)
    # Start the match at this deal of the schedule (the engine plans a deal from these).
    facts = view.facts(WhistFacts)
    state.deal_index = facts.deal_index  # type: ignore[attr-defined]
    state._plan_deal()  # type: ignore[attr-defined]
    if getattr(state, "hand_size") != facts.hand_size:  # noqa: B009
        raise ValueError("the rebuilt deal does not have the view's hand size")
    return replay_world(game, view, world, rng, facts.turned, state)


def bid_values(
    game: Game[Any],
    view: SeatView,
    rng: random.Random,
    worlds: int,
    heuristic: list[Bot] | None = None,
    bids: list[str] | None = None,
) -> dict[str, float]:
    """The mean deal points of the seat for each legal bid (or for each of ``bids``); the
    later decisions by ``heuristic`` (by default ``MemoBidder`` at every seat)."""

    def rollout(state: State, bots: list[Bot], rng: random.Random) -> float:
        deal = len(state.deals) - 1
        while not state.is_chance() and not state.is_terminal():
            actor = state.current_player
            state.apply_text(bots[actor].choose(state.view(actor), rng))
        return state.summaries()[deal].points[view.seat]

    if heuristic is None:
        memo: dict[tuple[Any, ...], list[float]] = {}
        heuristic = [MemoBidder(game, seat, memo) for seat in range(game.players)]
    skip = (TricktableError, ValueError)
    return sampled_values(
        game, view, rng, worlds, _world_state, rollout, heuristic, skip, actions=bids
    )
