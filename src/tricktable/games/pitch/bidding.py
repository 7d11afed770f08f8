"""Pitch's bids, and the pitcher's first lead that makes trump, by sampled worlds (``pimc``:
levels ``hard`` and ``expert``).

Each legal bid (or pass) of the seat, or each card the pitcher may lead first, is valued
over worlds drawn from its view, worlds in which the heuristic would have bid as the seats
did coming first (``bid_reading``): the deal is rebuilt at the match's score
(``bid_reading.deal_start``), the choice applied, the later seats' bids taken by the
heuristic, and the deal played out by the heuristic at every seat; the engine counts it
with every rule of the table (the pitcher's side first, the set back, a smudge, the
target). The value is the seat's side's score change less the mean change of the other
sides, and ``MATCH_SWING`` more (or less) when the deal ends the match.

Four to seven full hands are too many to solve double-dummy for each choice, so the play
of a world is the heuristic's. It reads neither the bids nor the high bid, so a world's
play depends only on who pitches (and, once led, on the first card): it is played once
per pitcher and its cards replayed for the other bids that leave the same pitcher, the
engine scoring each with its own bid.

>>> import random
>>> from tricktable.testing import dealt_match
>>> state = dealt_match("pitch", 3)
>>> values = bid_values(state.game, state.view(state.current_player), random.Random(1), 3)
>>> sorted(values) == sorted(state.legal_texts())
True
"""

from __future__ import annotations

import random
from typing import Any

from tricktable.bots.base import Bot
from tricktable.bots.search.playout_bidding import world_values
from tricktable.bots.search.sampled_worlds import (
    Rollout,
    bid_to_the_play,
    capped_evaluator,
    match_swung_change,
    side_of_seat,
)
from tricktable.core import Game, SeatView, State
from tricktable.games.pitch.engine import PitchState
from tricktable.games.pitch.facts import PitchFacts

MATCH_SWING = 4.0
"""Points worth winning (or losing) the match in the deal valued."""


def applies(game: Game[Any], view: SeatView) -> bool:
    """Whether this decision is valued here: a bid, or the pitcher's first lead."""
    if view.phase == "bid":
        return True
    return view.phase == "play" and view.facts(PitchFacts).trump is None


def _rollout_of(game: Game[Any], view: SeatView) -> Rollout:
    """The seat's side's score change less the others' mean once the deal is bid to the
    play and played out (``_play_out``), with ``MATCH_SWING`` for a match won or lost."""
    plays: dict[tuple[tuple[int, ...], int, int], list[str]] = {}
    mine = side_of_seat(game, view.seat)

    def rollout(state: State, bots: list[Bot], rng: random.Random) -> float:
        before = state.scores()
        bid_to_the_play(state, bots, rng)
        _play_out(state, bots, rng, plays)
        return _value(state, before, mine)

    return rollout


bid_values = world_values(_rollout_of, read_bids=True)
"""The mean value of each legal bid (or first lead) of a view (the seat's side's score
change less the others' mean, ``MATCH_SWING`` for a match won or lost) over the worlds."""


def _play_out(
    state: State,
    bots: list[Bot],
    rng: random.Random,
    plays: dict[tuple[tuple[int, ...], int, int], list[str]],
) -> None:
    """Play the deal to its end: the cards played before for the same hands and pitcher,
    else the heuristic's (and keep them)."""
    if state.is_terminal() or state.is_chance():
        return  # thrown in
    assert isinstance(state, PitchState)
    key = (tuple(state.hands), state.pitcher, state.trump)
    known = plays.get(key)
    deals = len(state.deals)
    if known is not None:
        for text in known:
            state.apply_text(text)
        return
    played: list[str] = []
    while not state.is_terminal() and not state.is_chance() and len(state.deals) == deals:
        actor = state.current_player
        text = bots[actor].choose(state.view(actor), rng)
        state.apply_text(text)
        played.append(text)
    plays[key] = played


def _value(state: State, before: list[int], mine: int) -> float:
    """The seat's side's score change less the others' mean, with ``MATCH_SWING``."""
    return match_swung_change(state, before, mine, MATCH_SWING)


evaluate = capped_evaluator(applies, bid_values)
"""Pitch's bids and first leads valued over sampled worlds (the spec's ``decisions``)."""
