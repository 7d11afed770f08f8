"""Card values over sampled worlds with the seat's own later cards chosen once for all the
worlds it cannot tell apart (a remedy for the strategy fusion of plain ``pimc``).

Plain perfect-information Monte Carlo solves each world double-dummy: in each world the
seat may play its later cards differently, as if it knew that world's hands. Here, to
``depth`` of the seat's own decisions, the seat's card is instead chosen once for every
world in which it would have seen the same cards played (what it can observe):

* the seat plays a candidate card in every world;
* the other seats then play, in each world, their double-dummy best card (the opponents'
  best against the seat's camp, partners' best for it; ties to the weakest card) until the
  seat is to play again or the deal ends;
* the worlds are grouped by the cards the others played, and in each group the seat picks
  the one card that is best summed over the group (recursively, down to ``depth`` 1, where
  each world is solved as plain ``pimc`` solves it).

A candidate's value is thus at most its plain double-dummy sum (the best card for a group
is never better than each world's own best), which prunes: candidates are searched best
bound first, and one whose bound is below the best value found is left at its bound. The
other seats still see every card (they are solved double-dummy), as in ``pimc``; this is a
cut-down alpha-mu search (Cazenave and Ventos, 2019) with double-dummy opponents.

>>> from tricktable.cards import parse_cards, mask_of
>>> from tricktable.tricks import euchre_rules
>>> from tricktable.search.solver import FOLLOW, Position, Solver
>>> table = euchre_rules(1, None)          # hearts trump, two seats
>>> def world(last_card):                  # the other seat holds QC QD AC and one more
...     hands = [mask_of(parse_cards("AH 9S KD JS")), mask_of(parse_cards("QC QD AC " + last_card))]
...     return Solver(Position.make(hands, table, FOLLOW, [1, 0], leader=0, team=0b01))
>>> worlds = [world(card) for card in ("TD", "KS", "TH")]
>>> king = parse_cards("KD")[0]
>>> lookahead_totals(worlds, 0, 1, float)[king], lookahead_totals(worlds, 0, 2, float)[king]
(11.0, 10.0)

After the king of diamonds the other seat follows with the queen where it holds the king
of spades or the ten of hearts: the seat cannot tell those two worlds apart, and its next
card must serve both.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from tricktable.search.solver import Solver


def lookahead_totals(
    solvers: list[Solver], seat: int, depth: int, worth: Callable[[int], float]
) -> dict[int, float]:
    """Each legal card of ``seat`` (to move in every solver, each a world of the same
    view) with its value summed over the worlds: ``worth`` of the team's value in the
    world, the seat's own next ``depth - 1`` cards chosen once per group of worlds it
    cannot tell apart. The solvers are left as they were."""
    if any(solver.by_final for solver in solvers):
        raise ValueError(
            "lookahead_totals takes solvers valued trick by trick or by the cards won, "
            "not by_final_tricks"
        )
    return _totals([(solver, 0) for solver in solvers], seat, depth, worth)


def summed_values(
    worlds: Iterable[tuple[Solver, int]], worth: Callable[[int], float]
) -> dict[int, float]:
    """Plain ``pimc``'s sums: each legal card of the seat to move with ``worth`` of its
    double-dummy value summed over the worlds, each world a solver and the value its team
    has gained since the decision (any mode, Romanian whist too)."""
    sums: dict[int, float] = {}
    for solver, gained in worlds:
        for card, value in solver.move_values():
            sums[card] = sums.get(card, 0.0) + worth(gained + value)
    return sums


def _totals(
    worlds: list[tuple[Solver, int]], seat: int, depth: int, worth: Callable[[int], float]
) -> dict[int, float]:
    bounds = summed_values(worlds, worth)
    if depth <= 1 or len(bounds) == 1:
        return bounds
    out = dict(bounds)
    best = float("-inf")
    for card in sorted(bounds, key=lambda candidate: (-bounds[candidate], candidate)):
        if bounds[card] < best:
            break  # it cannot beat the best: it keeps its bound
        total = _after(worlds, card, seat, depth, worth)
        out[card] = total
        best = max(best, total)
    return out


def _after(
    worlds: list[tuple[Solver, int]],
    card: int,
    seat: int,
    depth: int,
    worth: Callable[[int], float],
) -> float:
    """The summed value of ``card``: the others play on in each world, then the worlds the
    seat cannot tell apart share its next choice."""
    total = 0.0
    groups: dict[tuple[int, ...], list[tuple[Solver, int]]] = {}
    laid: list[int] = []
    for solver, gained in worlds:
        gained += solver.advance(card)
        seen: list[int] = []
        while solver.remaining and solver.to_move != seat:
            other = best_move(solver)
            gained += solver.advance(other)
            seen.append(other)
        laid.append(len(seen) + 1)
        if solver.remaining:
            groups.setdefault(tuple(seen), []).append((solver, gained))
        else:
            total += worth(gained + solver.solve())
    for group in groups.values():
        total += max(_totals(group, seat, depth - 1, worth).values())
    for (solver, _), count in zip(worlds, laid, strict=True):
        for _ in range(count):
            solver.retreat()
    return total


def best_move(solver: Solver) -> int:
    """The double-dummy best card of the seat to move (the team's best for a team seat,
    its worst for the others; ties to the weakest card, then the lowest id).

    >>> from tricktable.cards import parse_cards, card_name, mask_of
    >>> from tricktable.tricks import euchre_rules
    >>> from tricktable.search.solver import FOLLOW, Position
    >>> hands = [mask_of(parse_cards(t)) for t in ("AS", "KS", "QS", "JC")]
    >>> pos = Position.make(hands, euchre_rules(1, None), FOLLOW, [1, 2, 3, 0], 0, 0b0101)
    >>> card_name(best_move(Solver(pos)))
    'AS'
    """
    seat = solver.to_move
    sign = 1 if solver.team >> seat & 1 else -1
    chosen = -1
    key = (0, 0)
    for card, value in solver.move_values():
        rank = (-sign * value, solver.power[solver.local[card]])
        if chosen < 0 or rank < key:
            chosen = card
            key = rank
    return chosen
