"""Three-handed euchre's making of trump by sampled worlds (``pimc`` outside the play, levels
``hard`` and ``expert``).

Each legal choice of the making rounds (order the up-card or pass; call a suit or pass) is
valued over worlds drawn from the seat's view, those that agree with the others' passes
first (``bid_reading``): in each world the deal is rebuilt with the engine at the match's
score, the choice applied, every later decision before the play (the others' bids, the
dealer's discard) taken by the heuristic bot, and the play solved once double-dummy for the
maker's tricks, the two defenders together against it (as the game's search adapter plays
it). The deal is scored by the table's rules (``ThreeHandedEuchreRules.maker_points``) and the
value is the seat's points less the mean of the other two seats'. A euchred maker's 2 points
go to the defender with more tricks, which one solve for the maker's tricks does not say: the
two defenders are counted 1 point each, as if they tied. A deal that no one makes is worth 0.

One solve a world, not a move-by-move playout: with 21 cards in the hands a playout of
every choice is too slow for a decision (docs/bots.md).

>>> import random
>>> from tricktable.testing import dealt_match
>>> state = dealt_match("three_handed_euchre", 3)
>>> values = evaluate(state.game, state.view(state.current_player), random.Random(1), 3)
>>> values is not None and sorted(values) == sorted(state.legal_texts())
True
"""

from __future__ import annotations

import random
from typing import Any

from tricktable.bots.base import Bot
from tricktable.bots.search.playout_bidding import PHASES, world_values
from tricktable.bots.search.sampled_worlds import Rollout, bid_to_the_play, capped_evaluator
from tricktable.core import Game, SeatView, State
from tricktable.games.three_handed_euchre.engine import ThreeHandedEuchreState
from tricktable.search.position import position_from
from tricktable.search.resample import World
from tricktable.search.solver import Solver

EUCHRED_SHARE = 1.0
"""What each defender is counted when the maker is euchred: the 2 points go to one of them,
which the maker's trick count alone does not tell."""


def applies(game: Game[Any], view: SeatView) -> bool:
    """Whether this decision is valued here: the making rounds."""
    return view.phase in PHASES


def deal_value(rules: Any, maker: int, maker_tricks: int, seat: int) -> float:
    """``seat``'s points less the mean of the other two seats' for a deal whose maker took
    ``maker_tricks``.

    >>> from tricktable.games.three_handed_euchre.engine import ThreeHandedEuchreRules
    >>> rules = ThreeHandedEuchreRules()
    >>> deal_value(rules, 0, 5, 0), deal_value(rules, 0, 5, 1)    # made: 1 point
    (1.0, -0.5)
    >>> deal_value(rules, 0, 2, 0), deal_value(rules, 0, 2, 2)    # euchred
    (-1.0, 0.5)
    """
    made = rules.maker_points(maker_tricks)
    points = [EUCHRED_SHARE] * 3 if made == 0 else [0.0] * 3
    points[maker] = float(made)
    others = [value for other, value in enumerate(points) if other != seat]
    return points[seat] - sum(others) / len(others)


def _rollout_of(game: Game[Any], view: SeatView) -> Rollout:
    """Heuristic decisions up to the first lead, then one double-dummy solve, scored."""

    def rollout(state: State, bots: list[Bot], rng: random.Random) -> float:
        deals = len(state.deals)
        bid_to_the_play(state, bots, rng)
        if len(state.deals) != deals or state.phase.name != "PLAY":
            return 0.0  # no one made trump: the deal passes
        assert isinstance(state, ThreeHandedEuchreState)
        maker = state.maker
        pos = position_from(game, state.view(maker), World(tuple(state.hands), 0))
        tricks = state.tricks_won[maker] + Solver(pos).solve()
        return deal_value(state.rules, maker, tricks, view.seat)

    return rollout


making_values = world_values(_rollout_of, read_bids=True)
"""The mean value of each legal choice of a making round over the worlds."""

evaluate = capped_evaluator(applies, making_values)
"""Three-handed euchre's making of trump valued over sampled worlds (the spec's
``decisions``)."""
