"""Bidding by sampled worlds for four-handed euchre (``pimc`` in the bidding rounds).

Each legal choice of a bidding round (``order``, ``order alone``, ``call X [alone]``,
``pass``) is valued over worlds drawn from the seat's view: in each world the deal is
rebuilt with the engine, the choice applied, every later decision before the play (the
others' bids, the dealer's discard, going alone ...) taken by the heuristic bot, and the
play solved double-dummy for the makers' tricks, scored with the match's rules (make,
march, lone march, euchre, lone and super euchre). The value is what the deal's points are
worth to the seat's side at the game's score (``game_odds.deal_value``: early in a game about
its points minus the other side's, and weighted by the chance of winning the game near its
end); a thrown-in deal is worth 0.

>>> import random
>>> from tricktable.testing import dealt_match
>>> state = dealt_match("euchre", 3)
>>> game = state.game
>>> values = bidding_values(game, state.view(state.current_player), random.Random(1), 4)
>>> sorted(values) == sorted(state.legal_texts())
True
"""

from __future__ import annotations

import random
from typing import Any

from tricktable.bots.base import Bot
from tricktable.bots.search.playout_bidding import world_values
from tricktable.bots.search.sampled_worlds import Rollout, bid_to_the_play, capped_evaluator
from tricktable.core import Game, SeatView, State
from tricktable.games.euchre.facts import EuchreFacts
from tricktable.games.euchre.odds import deal_value
from tricktable.search.position import position_from
from tricktable.search.resample import World
from tricktable.search.solver import Solver

BIDDING_PHASES = ("bid1", "bid2")
"""The euchre phases whose decisions are valued here."""


def deal_points(game: Game[Any], state: State, makers_tricks: int) -> tuple[int, int]:
    """``(makers' points, defenders' points)`` of the deal when the makers take
    ``makers_tricks`` tricks (the scoring of RULES.md 1.6 without its house extras)."""
    alone = bool(getattr(state, "alone", False))
    lone_defence = int(getattr(state, "lone_defender", -1)) >= 0
    return points_of(game.rules, alone, lone_defence, makers_tricks)


def points_of(rules: Any, alone: bool, lone_defence: bool, makers_tricks: int) -> tuple[int, int]:
    """``(makers' points, defenders' points)`` for ``makers_tricks`` of five tricks.

    >>> from tricktable.games import load_game
    >>> rules = load_game("euchre").rules
    >>> [points_of(rules, False, False, tricks) for tricks in (2, 3, 5)]
    [(0, 2), (1, 0), (2, 0)]
    """
    if makers_tricks >= 3:
        if makers_tricks == 5:
            return (rules.lone_march_points if alone else rules.march_points), 0
        return rules.make_points, 0
    if lone_defence:
        value = rules.lone_defender_points
    elif alone:
        value = rules.lone_euchre_points
    else:
        value = rules.euchre_points
    if makers_tricks == 0 and rules.super_euchre_points > value:
        value = rules.super_euchre_points
    return 0, value


def play_points(game: Game[Any], view: SeatView) -> list[float] | None:
    """In four-handed euchre's play, the deal's value for ``view.seat`` (its side's points
    minus the other side's, weighted by the game's score: ``game_odds.deal_value``) by the
    tricks its side takes from here on (the solver's value): entry ``k`` for ``k`` more
    tricks. ``None`` for other games or before trump is made.

    >>> from tricktable.testing import first_trick
    >>> state = first_trick("euchre", 8)
    >>> game = state.game
    >>> maker = state.maker
    >>> [round(v, 2) for v in play_points(game, state.view(maker))]  # euchred, made, marched
    [-2.02, -2.02, -2.02, 1.0, 1.0, 2.02]
    """
    if game.name != "euchre":
        return None
    facts = view.facts(EuchreFacts)
    maker = facts.maker
    if maker is None:
        return None
    mine = view.seat % 2
    won = facts.tricks_won
    so_far = sum(t for seat, t in enumerate(won) if seat % 2 == mine)
    left = 5 - sum(won)
    alone = facts.alone
    lone_defence = facts.lone_defender is not None
    out: list[float] = []
    for more in range(left + 1):
        our_tricks = so_far + more
        makers_tricks = our_tricks if maker % 2 == mine else 5 - our_tricks
        made, defended = points_of(game.rules, alone, lone_defence, makers_tricks)
        ours, theirs = (made, defended) if maker % 2 == mine else (defended, made)
        out.append(deal_value(game.rules, view.scores, mine, ours, theirs))
    return out


def _rollout_of(game: Game[Any], view: SeatView) -> Rollout:
    """The deal's worth to ``view``'s side at the game's score (``_rollout``)."""

    def rollout(state: State, bots: list[Bot], rng: random.Random) -> float:
        return _rollout(game, state, view.seat, view.scores, bots, rng)

    return rollout


bidding_values = world_values(_rollout_of, read_bids=True)
"""The mean value (the seat's side's points minus the others') of each legal action of a
view, over worlds that agree with the others' bids first."""


def _rollout(
    game: Game[Any],
    state: State,
    seat: int,
    scores: tuple[int, ...],
    bots: list[Bot],
    rng: random.Random,
) -> float:
    """Heuristic decisions up to the first lead, then the double-dummy play; the deal's
    worth to ``seat``'s side at the game's ``scores``."""
    deals = len(state.deals)
    bid_to_the_play(state, bots, rng)
    if state.phase.name != "PLAY" or len(state.deals) != deals:
        return 0.0  # thrown in (or otherwise over without play)
    maker = int(getattr(state, "maker"))  # noqa: B009
    view = state.view(maker)
    tricks = Solver(position_from(game, view, World(tuple(state.hands), 0))).solve()
    made, defended = deal_points(game, state, tricks)
    ours, theirs = (made, defended) if maker % 2 == seat % 2 else (defended, made)
    return deal_value(game.rules, scores, seat % 2, ours, theirs)


def in_the_making_rounds(game: Game[Any], view: SeatView) -> bool:
    """Whether ``view`` is a decision of the two making rounds."""
    return view.phase in BIDDING_PHASES


evaluate = capped_evaluator(in_the_making_rounds, bidding_values)
"""The making rounds' choices valued over sampled worlds (the spec's ``decisions``)."""
