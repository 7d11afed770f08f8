"""perft for every game: the number of distinct legal action sequences from fixed seeded
positions, each counted in three ways so that the numbers are not merely self-referential.

The counts are each game's, in its package (``testdata.py``: ``Conformance.opening`` and
``late``), recorded once by ``python -m tricktable.testing perft GAME``, which counts them by
``tricktable.testing.perft`` (``push`` and ``pop`` on one state, which must come back
unchanged). The positions (each game's default rules and player count, the match of
``PERFT_SEED`` played on by seeded random legal actions):

- ``opening``: the first decision of the first deal in which the seat to act holds at least
  five cards (Romanian whist starts with one-card deals); counted ``OPENING_DEPTH``
  decisions deep: bidding, ordering, discards and the first plays.
- ``late``: the start of a trick once each seat to act holds three cards; counted to the
  end of the deal (every sequence of the last three tricks).

Here each is counted again by ``perft``, by ``clone`` and the checked ``apply`` per branch,
and by a rebuild of every position from its record (``new_state``, ``deal``, ``apply``:
neither ``clone`` nor ``pop``). All Fours is counted a fourth way, by the plain model of
RULES.md section 2 (``all_fours/test_perft.py``); Euchre has its own perft against a
reference written from the rules (``euchre/test_perft.py``).
"""

from __future__ import annotations

from typing import Any

import pytest

from tricktable.games import CHECKED_NAMES, spec_of
from tricktable.testing import (
    OPENING_DEPTH,
    describe,
    late_depth,
    late_position,
    main,
    opening_position,
    perft,
    replay,
    snapshot,
)


def deal_over(state: Any) -> bool:
    return bool(state.current_player < 0)  # a deal is due, or the match is over


def perft_clone(state: Any, depth: int) -> int:
    """Every sequence, one clone per branch, each action through the checked ``apply``."""
    if depth == 0 or deal_over(state):
        return 1
    total = 0
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        total += perft_clone(child, depth - 1)
    return total


def perft_rebuilt(state: Any, depth: int) -> int:
    """Every sequence, each position rebuilt from its record (first dealer, deals and
    actions) and asked for its legal actions (at the last decision they are counted
    without playing them)."""
    return _count_rebuilt(replay(state), depth)


def _count_rebuilt(state: Any, depth: int) -> int:
    if depth == 0 or deal_over(state):
        return 1
    legal = state.legal_actions()
    if depth == 1:
        return len(legal)
    total = 0
    for action in legal:
        child = replay(state)
        child.apply(action)
        total += _count_rebuilt(child, depth - 1)
    return total


def check_three_ways(state: Any, depth: int, where: str, expected: int) -> None:
    """The position is the recorded one, and the three counts are the recorded count."""
    assert describe(state) == where
    before = snapshot(state)
    assert perft(state, depth) == expected
    assert snapshot(state) == before
    assert perft_clone(state, depth) == expected
    assert perft_rebuilt(state, depth) == expected


@pytest.mark.parametrize("name", CHECKED_NAMES)
def test_opening_perft(name: str) -> None:
    recorded = spec_of(name).part("testdata").opening
    check_three_ways(opening_position(name), OPENING_DEPTH, recorded.where, recorded.count)


@pytest.mark.parametrize("name", CHECKED_NAMES)
def test_late_trick_perft(name: str) -> None:
    recorded = spec_of(name).part("testdata").late
    state = late_position(name)
    check_three_ways(state, late_depth(state), recorded.where, recorded.count)


def test_the_recording_command_prints_the_lines_a_game_keeps(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``python -m tricktable.testing perft GAME`` prints the two lines of its ``TESTDATA``
    as they are written there (a game with small counts)."""
    recorded = spec_of("setback_euchre").part("testdata")
    assert main(["perft", "setback_euchre"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        f'    opening=Perft("{recorded.opening.where}", {recorded.opening.count:_}),',
        f'    late=Perft("{recorded.late.where}", {recorded.late.count:_}),',
    ]
    assert main(["perft"]) == 2
    assert "usage: python -m tricktable.testing perft GAME" in capsys.readouterr().err
