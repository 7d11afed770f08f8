"""``Solver.advance`` / ``retreat`` and the lookahead that chooses the seat's later cards
once per group of worlds it cannot tell apart (``search.lookahead``)."""

from __future__ import annotations

import random

import pytest

from tricktable.bots.search.pimc import PimcBot
from tricktable.games import load_game
from tricktable.search.lookahead import best_move, lookahead_totals
from tricktable.search.minimax import minimax_moves
from tricktable.search.position import position_from
from tricktable.search.resample import resample
from tricktable.search.solver import Position, Solver

from .helpers import SPECS, play_views


@pytest.mark.parametrize(("spec", "players"), SPECS)
def test_advance_matches_move_values_and_retreat_restores(spec: str, players: int | None) -> None:
    """Laying cards one by one: what a card gains now plus the value after it equals the
    card's value before it, and taking every card back restores every value."""
    checked = 0
    for index, (game, _, view) in enumerate(play_views(spec, players, 13, 400)):
        if not 1 <= len(view.hand) <= 4:
            continue
        rng = random.Random(index)
        solver = Solver(position_from(game, view, resample(game, view, rng)))
        before = solver.move_values()
        start = solver.solve()
        laid = 0
        while solver.remaining:
            values = dict(solver.move_values())
            card = rng.choice(sorted(values))
            gained = solver.advance(card)
            laid += 1
            after = solver.solve() if not solver.by_final or solver.remaining else None
            if after is not None:
                assert gained + after == values[card]
        for _ in range(laid):
            solver.retreat()
        assert solver.move_values() == before
        assert solver.solve() == start
        checked += 1
        if checked >= 20:
            break
    assert checked >= 10


def _worlds(spec: str, players: int | None, hand_limit: int, count: int) -> list[list[Position]]:
    """Groups of six positions, each group six worlds of one view."""
    out: list[list[Position]] = []
    for index, (game, _, view) in enumerate(play_views(spec, players, 17, 600)):
        if not 2 <= len(view.hand) <= hand_limit:
            continue
        rng = random.Random(index)
        worlds = [resample(game, view, rng) for _ in range(6)]
        out.append([position_from(game, view, world) for world in worlds])
        if len(out) >= count:
            break
    return out


TRICK_SPECS = [(spec, players) for spec, players in SPECS if not spec.startswith("romanian")]


@pytest.mark.parametrize(("spec", "players"), TRICK_SPECS)
def test_deeper_lookahead_never_values_a_card_higher(spec: str, players: int | None) -> None:
    """Depth 1 is plain pimc (each world's move values summed, equal to minimax); each
    level deeper can only lower a card's value (one choice must serve a group); the
    solvers are left as they were."""
    groups = _worlds(spec, players, 4, 8)
    assert len(groups) >= 4
    for positions in groups:
        solvers = [Solver(pos) for pos in positions]
        seat = solvers[0].to_move
        plain: dict[int, float] = {}
        for solver in solvers:
            for card, value in solver.move_values():
                plain[card] = plain.get(card, 0.0) + value
        before = [solver.move_values() for solver in solvers]
        assert lookahead_totals(solvers, seat, 1, float) == plain
        two = lookahead_totals(solvers, seat, 2, float)
        three = lookahead_totals(solvers, seat, 3, float)
        assert set(two) == set(plain) == set(three)
        for card in plain:
            assert three[card] <= two[card] <= plain[card]
        assert max(two.values()) <= max(plain.values())
        assert [solver.move_values() for solver in solvers] == before


@pytest.mark.parametrize(("spec", "players"), [TRICK_SPECS[0], ("all_fours", 2)])
def test_one_world_or_copies_of_one_lose_nothing(spec: str, players: int | None) -> None:
    """With every world alike the seat can tell nothing apart that matters: the deepest
    lookahead's best equals the double-dummy value (minimax, independently written)."""
    for positions in _worlds(spec, players, 3, 5):
        pos = positions[0]
        copies = [Solver(pos) for _ in range(3)]
        exact = minimax_moves(pos)
        deep = lookahead_totals(copies, pos.to_move, 4, float)
        assert max(deep.values()) == 3 * max(exact.values())


def test_best_move_is_best_for_the_camp() -> None:
    """The seat to move gets its camp's best card by the solver's values."""
    game = load_game("euchre")
    for index, (_, _, view) in enumerate(play_views("euchre", None, 19, 60)):
        if len(view.hand) > 3:
            continue
        pos = position_from(game, view, resample(game, view, random.Random(index)))
        values = minimax_moves(pos)
        chosen = best_move(Solver(pos))
        team = pos.team >> pos.to_move & 1
        best = max(values.values()) if team else min(values.values())
        assert values[chosen] == best


def test_whist_is_refused() -> None:
    game = load_game("romanian_whist", players=4)
    _, _, view = next(iter(play_views("romanian_whist", 4, 3, 1)))
    solver = Solver(position_from(game, view, resample(game, view, random.Random(1))))
    with pytest.raises(ValueError, match="not by_final_tricks"):
        lookahead_totals([solver], view.seat, 2, float)


@pytest.mark.parametrize(
    ("spec", "players"), [("euchre", None), ("all_fours", 2), ("romanian_whist", 4)]
)
def test_pimc_with_depth_plays_legal_cards(spec: str, players: int | None) -> None:
    """``PimcBot(depth=2)`` plays a legal card in every game (Romanian whist at depth 1)."""
    game = load_game(spec, players=players)
    for index, (_, _, view) in enumerate(play_views(spec, players, 23, 6)):
        bot = PimcBot(game, view.seat, worlds=6, depth=2)
        assert bot.choose(view, random.Random(index)) in view.legal


def test_pimc_depth_must_be_positive() -> None:
    with pytest.raises(ValueError, match="depth must be >= 1"):
        PimcBot(load_game("euchre"), 0, depth=0)
