"""Standing, begging, giving and running in All Fours by sampled worlds (``pimc``).

Each legal choice of eldest (``stand`` / ``beg``) or of the dealer (``give`` / ``run``)
is valued over worlds drawn from the seat's view: the deal is rebuilt with the engine
(the unseen cards, stock order included, from the world) in a match at its score before
the deal (``bid_reading.deal_start``: so a gift that would win the match stays barred,
and the heuristic answers as it would at that score), the choice applied, every later
decision before the play (the dealer's answer, discards after running the cards) taken
by the heuristic bot, and the play solved double-dummy. The value is the seat's side's
chance of winning the game once the deal is counted in the rules' order (kick, gift,
High, Low, Jack, Game; ``all_fours_odds``), given in points worth at the present score:
early in a game about the deal's points minus the other side's, and near its end what
the points in their order decide. A thrown-in deal leaves the chance where the kick and
gift put it. Four players' full hands take too long to solve for each choice, so there the
heuristic plays each world's first tricks, as ``pimc`` does, until the cards left fit the
game's ``solve_limit``, and the rest is solved.

Where each seat plays for itself (three players, or four without partnerships) the chance of
winning is not modelled (``odds.two_sided``) and the solver would give the seat only its own
points, so each world's deal is played out by the heuristic at every seat (as Pitch's are)
and counted by the engine with every rule of the table. The value is then the seat's points
in the deal less the mean of the other seats' (kicks and gifts included: ``net_value``), and
``MATCH_SWING`` more (or less) when the deal ends the match.

>>> import random
>>> from tricktable.testing import dealt_match
>>> state = dealt_match("all_fours", 3)
>>> game = state.game
>>> values = stand_beg_values(game, state.view(state.current_player), random.Random(1), 3)
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
from tricktable.games import spec_of
from tricktable.games.all_fours import odds as all_fours_odds
from tricktable.games.all_fours.facts import AllFoursFacts
from tricktable.games.all_fours_family.valuation import UTILITY_SCALE, point_cards
from tricktable.search.position import position_from
from tricktable.search.resample import World
from tricktable.search.solver import Solver

PHASES = ("stand_beg", "give_run")
"""The All Fours phases whose decisions are valued here."""
MATCH_SWING = 4.0
"""Points worth winning (or losing) the match in the deal valued, where each seat plays for
itself (``net_value``)."""


def applies(game: Game[Any], view: SeatView) -> bool:
    """Whether this decision is valued here: All Fours's stand / beg or give / run, with two
    sides or each seat for itself.

    >>> from tricktable.games import load_game
    >>> def first_view(rules: str, players: int) -> SeatView:
    ...     state = load_game(rules, players=players).new_match(random.Random(3))
    ...     state.deal_random(random.Random(3))
    ...     return state.view(state.current_player)
    >>> [applies(load_game(rules, players=n), first_view(rules, n)) for rules, n in (
    ...     ("all_fours", 2), ("all_fours", 4), ("all_fours(partnerships=false)", 4),
    ...     ("all_fours", 3))]
    [True, True, True, True]
    """
    return game.name == "all_fours" and view.phase in PHASES


def _rollout_of(game: Game[Any], view: SeatView) -> Rollout:
    """With two sides, the seat's side's chance of winning the game once the deal is counted
    (``_rollout_chance``), in points worth at the score (``all_fours_odds.PointScale``);
    with each seat for itself, the deal's net score played out (``_net_rollout``)."""
    scale = all_fours_odds.play_scale(game, view)
    if scale is None:
        done = view.facts(AllFoursFacts).deal_points
        before = [int(score) - points for score, points in zip(view.scores, done, strict=True)]
        return _net_rollout(side_of_seat(game, view.seat), before)

    def rollout(state: State, bots: list[Bot], rng: random.Random) -> float:
        return scale.points(_rollout_chance(game, state, view, bots, rng))

    return rollout


stand_beg_values = world_values(_rollout_of, read_bids=True)
"""The mean value (with two sides the side's chance of winning the game, in points worth at
the score; else the seat's net score, ``net_value``) of each legal action of a view, over
worlds that agree with the other's stand or beg first."""


def _net_rollout(mine: int, before: list[int]) -> Rollout:
    """The deal bid to the play and played out by ``bots``, valued by ``net_value`` for
    side ``mine`` from the scores ``before`` the deal (its kick and any gift counted)."""

    def rollout(state: State, bots: list[Bot], rng: random.Random) -> float:
        bid_to_the_play(state, bots, rng)
        deals = len(state.deals)
        while not state.is_terminal() and not state.is_chance() and len(state.deals) == deals:
            actor = state.current_player
            state.apply_text(bots[actor].choose(state.view(actor), rng))
        return net_value(state, before, mine)

    return rollout


def net_value(state: State, before: list[int], mine: int) -> float:
    """Side ``mine``'s points since ``before`` less the mean of the other sides',
    ``MATCH_SWING`` more when it has won the match, less when another has."""
    return match_swung_change(state, before, mine, MATCH_SWING)


def _rollout_chance(
    game: Game[Any],
    state: State,
    view: SeatView,
    bots: list[Bot],
    rng: random.Random,
) -> float:
    """The chance that ``view``'s side wins the game once ``state`` (a replay of the deal
    from the score before it, ``bid_reading.deal_start``) is bid to the play and the play
    solved double-dummy."""
    side_of: tuple[int, ...] = tuple(getattr(game, "side_of"))  # noqa: B009
    mine = side_of[view.seat]
    dealer_side = side_of[view.dealer]
    bid_to_the_play(state, bots, rng)
    first, second = state.scores()  # two players: two sides
    scores = (int(first), int(second))
    target = int(getattr(game.rules, "target"))  # noqa: B009
    if max(scores) >= target:
        return 1.0 if scores[mine] >= target else 0.0
    if state.phase.name != "PLAY":  # thrown in: the same dealer deals again
        return all_fours_odds.win_chance(game.rules, scores, mine, dealer_side)
    play_to_solve_limit(game, state, bots, rng)
    play_view = state.view(view.seat)
    pos = position_from(game, play_view, World(tuple(state.hands), 0))
    point_cards(pos.valuation).utilities = all_fours_odds.play_utilities(game, play_view, pos)
    return Solver(pos).solve() / UTILITY_SCALE


def play_to_solve_limit(game: Game[Any], state: State, bots: list[Bot], rng: random.Random) -> None:
    """Let ``bots`` play ``state``'s first cards until the cards in the hands fit the game's
    ``solve_limit`` (none where it has no limit, or two players' hands already fit)."""
    limit = spec_of(game).solve_limit
    if limit is None:
        return
    while state.phase.name == "PLAY" and sum(hand.bit_count() for hand in state.hands) > limit:
        actor = state.current_player
        state.apply_text(bots[actor].choose(state.view(actor), rng))


evaluate = capped_evaluator(applies, stand_beg_values)
"""Stand / beg and give / run valued over sampled worlds where ``applies`` (the spec's
``decisions``)."""
