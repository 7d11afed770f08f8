"""The chance of winning an All Fours game from a score, so bots play for the game.

In All Fours the points of a deal are counted in order (kick and gift as they happen,
then High, Low, Jack, Game) and the first side to reach the target wins at that moment
(RULES.md 2.4). Near the end of a game the points are not worth the same: at 6-6 in a
game to 7 the holder of High has won before a card is played, and a side one point short
that holds Low cares for nothing but keeping it. ``win_chance`` gives a side's chance of
winning the game from a score, and ``play_utilities`` what each way the deal's open
points (Jack, captured Low, Game) can fall is worth, scored in the rules' order, for the
double-dummy solver to maximize (``tricktable.search.solver``, ``utilities``).

The chance is worked out by a Markov model of the remaining deals. Each deal scores its
categories independently, at frequencies measured in ``medium`` self-play relative to
the dealer (``DEAL_CHANCES``, ``bench/all_fours_outcomes.py``), in the rules' order and
with the rules' tie rule; the deal passes to the other side. Two sides only (two players,
or four in partnerships); throw-ins are left out.

Values are turned back into points worth at the current score (``PointScale``): the
change in the side's chance divided by what one point is worth there, so a deal's value
early in a game is about its points difference and the bots' margins keep their meaning.

>>> from tricktable.games import load_game
>>> rules = load_game("all_fours").rules
>>> round(win_chance(rules, (6, 6), 0, 0), 2)    # the dealer's side at 6-6: a gift first
0.44
>>> win_chance(rules, (7, 3), 0, 1)
1.0
>>> round(win_chance(rules, (0, 0), 0, 0), 3)   # dealing is worth a little less
0.487
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from typing import Any

from tricktable.core import Game, SeatView
from tricktable.games.all_fours.facts import AllFoursFacts
from tricktable.games.all_fours_family.search import trumps_in_play
from tricktable.games.all_fours_family.valuation import UTILITY_SCALE, point_cards
from tricktable.search.solver import Position

DEALER, OTHER, NOBODY = 0, 1, 2
"""Who a category scores for, relative to the dealer's side."""

DEAL_CHANCES: dict[str, tuple[float, ...]] = {
    "kicks": (0.8989, 0.0993, 0.0017),
    "gift": (0.7997, 0.2003),
    "high": (0.4761, 0.5239),
    "low": (0.4727, 0.5273),
    "jack": (0.1664, 0.1708, 0.6628),
    "game": (0.4468, 0.5280, 0.0252),
}
"""How the categories of a deal fall, measured in ``medium`` self-play (``seven_up``, two
players, 20,000 deals: ``python bench/all_fours_outcomes.py --deals 20000 --seed 5``):
``kicks``: none, one, two (a jack turned, and another after running); ``gift``: none, one;
``high`` and ``low``: to the dealer's side, to the other; ``jack``: to the dealer's side,
to the other, not in play; ``game``: the dealer's side counts most, the other, a tie."""


def two_sided(game: Game[Any]) -> bool:
    """Whether the model applies: All Fours with two sides."""
    if game.name != "all_fours":
        return False
    side_of: tuple[int, ...] = tuple(getattr(game, "side_of"))  # noqa: B009
    return max(side_of) == 1


def win_chance(rules: Any, scores: tuple[int, int], side: int, dealer_side: int) -> float:
    """The modelled chance that ``side`` wins the game from ``scores`` (per side) before a
    deal by ``dealer_side``.

    >>> from tricktable.games import load_game
    >>> rules = load_game("all_fours").rules
    >>> round(win_chance(rules, (6, 0), 0, 1), 3), round(win_chance(rules, (0, 6), 0, 1), 3)
    (0.993, 0.008)
    """
    target = int(rules.target)
    if scores[side] >= target:
        return 1.0
    if scores[1 - side] >= target:
        return 0.0
    table = _dealer_table(target, rules.game_tie == "non_dealer")
    dealer = table[scores[dealer_side], scores[1 - dealer_side]]
    return dealer if side == dealer_side else 1.0 - dealer


def _sequences(tie_to_non_dealer: bool) -> list[tuple[float, tuple[int, ...]]]:
    """Every way a deal can score, as ``(chance, sides in scoring order)``."""
    chances = DEAL_CHANCES
    out: dict[tuple[int, ...], float] = {}
    for kicks, gift, high, low, jack, game in product(
        range(3), range(2), range(2), range(2), range(3), range(3)
    ):
        chance = (
            chances["kicks"][kicks]
            * chances["gift"][gift]
            * chances["high"][high]
            * chances["low"][low]
            * chances["jack"][jack]
            * chances["game"][game]
        )
        if game == NOBODY and tie_to_non_dealer:
            game = OTHER
        order = (DEALER,) * kicks + (OTHER,) * gift + (high, low, jack, game)
        key = tuple(side for side in order if side != NOBODY)
        out[key] = out.get(key, 0.0) + chance
    return [(chance, key) for key, chance in out.items()]


@lru_cache(maxsize=16)
def _dealer_table(target: int, tie_to_non_dealer: bool) -> dict[tuple[int, int], float]:
    """The dealer's side's chance from each score ``(dealer's, other's)`` below ``target``."""
    table: dict[tuple[int, int], float] = {}
    sequences = _sequences(tie_to_non_dealer)

    def after(dealer: int, other: int, sides: tuple[int, ...]) -> float:
        for side in sides:
            if side == DEALER:
                dealer += 1
                if dealer >= target:
                    return 1.0
            else:
                other += 1
                if other >= target:
                    return 0.0
        return 1.0 - table[other, dealer]  # the other side deals next

    # Every deal scores High, so the total rises: fill from the highest total down.
    for total in range(2 * (target - 1), -1, -1):
        for dealer in range(max(0, total - target + 1), min(total, target - 1) + 1):
            other = total - dealer
            table[dealer, other] = sum(
                chance * after(dealer, other, sides) for chance, sides in sequences
            )
    return table


@dataclass(frozen=True, slots=True)
class PointScale:
    """Turns a side's chance of winning into points worth at one score: ``(chance -
    now) / point``, ``point`` being half the difference between scoring one point and
    conceding one."""

    now: float
    point: float

    def points(self, chance: float) -> float:
        """``chance`` in points worth at this score."""
        return (chance - self.now) / self.point


def point_scale(rules: Any, scores: tuple[int, int], side: int, dealer_side: int) -> PointScale:
    """The ``PointScale`` of ``side`` at ``scores`` in a deal by ``dealer_side`` (the
    chances are those before the deal's remaining points are counted).

    >>> from tricktable.games import load_game
    >>> scale = point_scale(load_game("all_fours").rules, (0, 0), 0, 0)
    >>> round(scale.points(win_chance(load_game("all_fours").rules, (1, 0), 0, 0)), 1)
    1.0
    """
    now = win_chance(rules, scores, side, dealer_side)
    up = list(scores)
    up[side] += 1
    down = list(scores)
    down[1 - side] += 1
    gain = win_chance(rules, (up[0], up[1]), side, dealer_side)
    loss = win_chance(rules, (down[0], down[1]), side, dealer_side)
    point = (gain - loss) / 2
    return PointScale(now, point if point > 1e-9 else 1.0)


def deal_end_chance(
    rules: Any, scores: tuple[int, int], side: int, dealer_side: int, sides: tuple[int, ...]
) -> float:
    """``side``'s chance of winning once the points going to ``sides`` (side numbers, in
    scoring order) are counted from ``scores``, the next deal by the other side."""
    target = int(rules.target)
    now = list(scores)
    for scorer in sides:
        now[scorer] += 1
        if now[scorer] >= target:
            return 1.0 if scorer == side else 0.0
    return win_chance(rules, (now[0], now[1]), side, 1 - dealer_side)


def play_scale(game: Game[Any], view: SeatView) -> PointScale | None:
    """The ``PointScale`` of ``view``'s side in the deal in play, where the model applies
    (two-sided All Fours); None elsewhere."""
    if not two_sided(game):
        return None
    side_of: tuple[int, ...] = tuple(getattr(game, "side_of"))  # noqa: B009
    scores = (int(view.scores[0]), int(view.scores[1]))
    return point_scale(game.rules, scores, side_of[view.seat], side_of[view.dealer])


def play_utilities(game: Game[Any], view: SeatView, pos: Position) -> list[int]:
    """The solver's ``utilities`` for ``pos`` (a position of ``view``'s deal with every hand
    open, ``search.position.position_from``): for each way Jack, captured Low and Game
    can still fall (``Solver`` indexes them as ``jack * 6 + low * 3 + game``; ``jack`` and
    ``low`` 1 when the seat's side wins them; ``game`` 0 the seat's side, 1 the other, 2
    nobody), the seat's side's chance of winning the game in ``UTILITY_SCALE`` units,
    counting High, Low, Jack and Game in order from the view's score."""
    if not two_sided(game):
        raise ValueError("the All Fours game model needs two sides")
    rules: Any = game.rules
    side_of: tuple[int, ...] = tuple(getattr(game, "side_of"))  # noqa: B009
    mine = side_of[view.seat]
    trump = view.facts(AllFoursFacts).trump_made()
    trumps = trumps_in_play(view, pos, trump)
    high, low, jack = trumps.high, trumps.low, trumps.jack

    def side_of_card(card: int, captured: bool) -> int:
        return side_of[trumps.taker[card] if captured else trumps.holder(card)]

    def fixed(card: int, open_card: int, captured: bool) -> int | None:
        """The side a category already belongs to, or None while it is open."""
        return None if card == open_card else side_of_card(card, captured)

    open_jack = point_cards(pos.valuation).jack
    open_low = point_cards(pos.valuation).low
    captured_low = rules.low_point == "captured"
    high_side = side_of_card(high, False) if high >= 0 else None
    low_side = fixed(low, open_low, captured_low) if low >= 0 else None
    jack_side = fixed(jack, open_jack, True) if jack in trumps.trumps else None
    scores = (int(view.scores[0]), int(view.scores[1]))
    dealer_side = side_of[view.dealer]
    utilities: list[int] = []
    for jack_bit, low_bit, game_to in product(range(2), range(2), range(3)):
        order: list[int | None] = [high_side]
        order.append(low_side if open_low < 0 else (mine if low_bit else 1 - mine))
        order.append(jack_side if open_jack < 0 else (mine if jack_bit else 1 - mine))
        order.append((mine, 1 - mine, None)[game_to])
        sides = tuple(side for side in order if side is not None)
        chance = deal_end_chance(rules, scores, mine, dealer_side, sides)
        utilities.append(round(chance * UTILITY_SCALE))
    return utilities
