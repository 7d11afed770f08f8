"""Extended perfect-information Monte Carlo for the play of every seat for its own bid.

Plain ``pimc`` solves each sampled world with every card open: in each world the seat plays
its later cards as if it knew that world's hands (strategy fusion), which flatters the lines
that need the right guess later. Extended PIMC (Arjonilla, Cazenave and Saffidine, 2024,
"Perfect Information Monte Carlo with Postponing Reasoning") postpones the
perfect-information valuation: the decisions above a depth are taken over information sets
(one choice for every history the player cannot tell apart), and only below it is each world
solved with every card open. In the sampled worlds of one view the other seats' hands differ
from world to world, so each of their decisions is its own information set and is taken in
each world as the solver takes it; the seat's own later decisions are where the worlds meet.
Here the depth (``postpone``) counts the seat's own later cards:

* the seat plays a candidate card in every world;
* the other seats then play, in each world, the card the solver finds best for them (every
  seat for its own bid where the world is solved each for itself, the card the solver's
  max^n plays; else against the seat, the paranoid model, ties to the weakest card) until
  the seat is to play again or the deal ends;
* the worlds are grouped by the cards the others played (what the seat sees), and in each
  group the seat plays the one card that is best summed over the group (down to ``postpone``
  of its own cards; below, each world is solved as ``pimc`` solves it).

``postpone=0`` is plain ``pimc``. The values are the seat's deal score given its bid
(a valuation ``by_final_tricks``: Romanian whist and Oh Hell); the euchre family and All Fours have
``pimc``'s ``depth`` (``search.lookahead``), the same idea for a camp against the others.

In one world the seat sees everything: postponing changes nothing there (the
tests hold a position of four worlds where it changes the card played).

>>> from tricktable.cards import parse_cards, mask_of, card_name
>>> from tricktable.games.romanian_whist.valuation import ExactBidScore
>>> from tricktable.search.solver import Position, Solver
>>> from tricktable.tricks import plain_rules, NO_TRUMP
>>> from tricktable.search.play_facts import FOLLOW
>>> hands = [mask_of(parse_cards("AS KH")), mask_of(parse_cards("QS 9H"))]
>>> pos = Position.make(hands, plain_rules(NO_TRUMP), FOLLOW, [1, 0], leader=0, team=0b01)
>>> pos.valuation, pos.takens = ExactBidScore([2, 0], 5, False), [0, 0]
>>> for postpone in (0, 1):
...     totals = postponed_totals([Solver(pos)], 0, postpone)
...     print({card_name(card): value for card, value in totals.items()})
{'AS': 7.0, 'KH': 7.0}
{'AS': 7.0, 'KH': 7.0}
"""

from __future__ import annotations

from collections.abc import Callable

from tricktable.search.lookahead import best_move
from tricktable.search.solver import Solver, legal_cards


def postponed_totals(
    solvers: list[Solver], seat: int, postpone: int, worth: Callable[[int], float] = float
) -> dict[int, float]:
    """Each legal card of ``seat`` (to move in every solver, each a world of the same view
    valued ``by_final_tricks``) with ``worth`` of the seat's deal score summed over the
    worlds, its next ``postpone`` cards chosen once per group of worlds it cannot tell apart.
    The solvers are left as they were.

    >>> postponed_totals([], 0, 1)
    {}
    """
    if postpone < 0:
        raise ValueError(f"postpone must be >= 0, not {postpone}")
    if not solvers:
        return {}
    out: dict[int, float] = {}
    for card in _legal(solvers[0]):
        out[card] = _after(solvers, card, seat, postpone, worth)
    return out


def _legal(solver: Solver) -> list[int]:
    """The legal card ids of the seat to move, lowest id first."""
    mask = legal_cards(
        solver.hands[solver.to_move], solver.led, solver.follow, solver.suit_masks, solver.trump
    )
    cards: list[int] = []
    while mask:
        low = mask & -mask
        cards.append(solver.card_of[low.bit_length() - 1])
        mask ^= low
    return sorted(cards)


def _after(
    solvers: list[Solver], card: int, seat: int, postpone: int, worth: Callable[[int], float]
) -> float:
    """The summed value of ``card`` for ``seat``: the others play on in each world, then the
    worlds the seat cannot tell apart share its next choice (``postpone`` more levels)."""
    if postpone == 0:
        total = 0.0
        for solver in solvers:
            solver.advance(card)
            total += worth(solver.solve())
            solver.retreat()
        return total
    total = 0.0
    groups: dict[tuple[int, ...], list[Solver]] = {}
    laid: list[int] = []
    for solver in solvers:
        solver.advance(card)
        seen: list[int] = []
        while solver.remaining and solver.to_move != seat:
            other = _own_best(solver) if solver.each_for_itself else best_move(solver)
            solver.advance(other)
            seen.append(other)
        laid.append(len(seen) + 1)
        if solver.remaining:
            groups.setdefault(tuple(seen), []).append(solver)
        else:
            total += worth(solver.solve())
    for group in groups.values():
        total += max(_after(group, mine, seat, postpone - 1, worth) for mine in _legal(group[0]))
    for solver, count in zip(solvers, laid, strict=True):
        for _ in range(count):
            solver.retreat()
    return total


def _own_best(solver: Solver) -> int:
    """Each seat for itself: the card of the seat to move that the solver's max^n plays
    (``Solver.each_for_itself_tricks``): its cards tried weakest first, suit by suit, the
    first of the best deal score for it kept (of equal ones, a card worse for the team seat
    replaces it), and the search stops at a card that brings the best it could still score."""
    mover = solver.to_move
    me = solver.me
    taken = solver.takens[mover]
    left = solver.hands[mover].bit_count()
    score = solver.valuation.seat_score
    most = max(score(mover, taken + more) for more in range(left + 1))
    chosen, best_own, best_mine = -1, 0, 0
    mask = legal_cards(
        solver.hands[mover], solver.led, solver.follow, solver.suit_masks, solver.trump
    )
    while mask:
        low = mask & -mask
        mask ^= low
        card = solver.card_of[low.bit_length() - 1]
        solver.advance(card)
        ends = solver.each_for_itself_tricks()
        solver.retreat()
        own = score(mover, ends[mover])
        mine = score(me, ends[me])
        if chosen < 0 or own > best_own or (own == best_own and mine < best_mine):
            chosen, best_own, best_mine = card, own, mine
        if own >= most:
            break
    return chosen
