"""perft for every game: the number of distinct legal action sequences from fixed seeded
positions, written here, each counted in three ways so that the numbers are not merely
self-referential.

The positions (each game's default rules and player count, matches from a fixed seed,
played on by seeded random legal actions):

- ``opening``: the first decision of the first deal in which the seat to act holds at least
  five cards (Romanian whist starts with one-card deals); counted ``OPENING_DEPTH``
  decisions deep: bidding, ordering, discards and the first plays.
- ``late``: the start of a trick once each seat to act holds three cards; counted to the
  end of the deal (every sequence of the last three tricks).

The three ways: ``tricktable.testing.perft`` (``push`` and ``pop`` on one state, which must
come back unchanged), ``clone`` and the checked ``apply`` per branch, and a rebuild of every
position from its record (``new_state``, ``deal``, ``apply``: neither ``clone`` nor
``pop``). All Fours is counted a fourth way, by the plain model of RULES.md section 2 in
``all_fours/test_conformance.py``; Euchre has its own perft against a reference written
from the rules (``euchre/test_perft.py``).
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from tricktable.actions import action_text
from tricktable.cards import cards_text
from tricktable.games import GAME_NAMES, load_game
from tricktable.games.all_fours.engine import AllFours
from tricktable.testing import perft, replay, snapshot

from .all_fours.test_conformance import Reference

SEED = 1
OPENING_DEPTH = 6


def deal_over(state: Any) -> bool:
    return bool(state.current_player < 0)  # a deal is due, or the match is over


def seeded(name: str, stop: Any) -> Any:
    """The seeded match of ``name`` played on by seeded random actions until ``stop``
    holds at a decision."""
    game = load_game(name)
    rng = random.Random(SEED)
    state = game.new_match(rng)
    for _ in range(100_000):
        if state.is_chance():
            state.deal_random(rng)
            continue
        assert not state.is_terminal(), f"{name}: the match ended before the position"
        if stop(state):
            return state
        state.apply(rng.choice(state.legal_actions()))
    raise AssertionError(f"{name}: no position in 100,000 decisions")


def opening(name: str) -> Any:
    return seeded(name, lambda s: not s.actions[-1] and len(s.view(s.current_player).hand) >= 5)


def late(name: str) -> Any:
    def stop(state: Any) -> bool:
        view = state.view(state.current_player)
        return bool(view.tricks) and not view.trick and len(view.hand) == 3

    return seeded(name, stop)


def late_depth(state: Any) -> int:
    return 3 * int(state.game.players)


def describe(state: Any) -> str:
    """Where the position is: deal, decisions so far, phase, and the cards of the seat to
    act (a change of dealing or of the seeded play shows here first)."""
    view = state.view(state.current_player)
    return (
        f"deal {len(state.deals)} step {len(state.actions[-1])} {view.phase}: "
        f"seat {view.seat} holds {cards_text(view.hand)}"
    )


# -- the counts --------------------------------------------------------------------------------

OPENING: dict[str, tuple[str, int]] = {
    "euchre": ("deal 1 step 0 bid1: seat 2 holds AS JD KD TC KC", 2_427),
    "all_fours": ("deal 1 step 0 stand_beg: seat 1 holds 6S KS 9D 2C 7C KC", 6_101),
    "romanian_whist": ("deal 8 step 0 bid: seat 1 holds KS 9H QH KH TC", 11_160),
    "two_handed_euchre": ("deal 1 step 0 bid1: seat 1 holds 9S KS JD KD KC", 1_399),
    "three_handed_euchre": ("deal 1 step 0 bid1: seat 1 holds QH 9D JD KD TC JC KC", 2_695),
    "bid_euchre": ("deal 1 step 0 bid: seat 2 holds AS JD KD TC KC AC", 2_448),
    "setback_euchre": ("deal 1 step 0 bid1: seat 2 holds AS JD KD TC KC", 298),
    "pitch": ("deal 1 step 0 bid: seat 2 holds 3S 6S TS AH 2C KC", 419),
}
"""Each game's opening position and its perft at ``OPENING_DEPTH``."""

LATE: dict[str, tuple[str, int]] = {
    "euchre": ("deal 1 step 11 play: seat 0 holds QS 9H KH", 256),
    "all_fours": ("deal 1 step 14 play: seat 1 holds 7D 9D 2C", 26),
    "romanian_whist": ("deal 7 step 8 play: seat 0 holds 9H TH QC", 144),
    "two_handed_euchre": ("deal 1 step 6 play: seat 1 holds KS KD KC", 24),
    "three_handed_euchre": ("deal 1 step 14 play: seat 0 holds 9S JS JH", 44),
    "bid_euchre": ("deal 1 step 14 play: seat 3 holds QS TH AH", 24),
    "setback_euchre": ("deal 1 step 9 play: seat 1 holds JS QH QD", 14),
    "pitch": ("deal 1 step 16 play: seat 1 holds TD 8C 9C", 144),
}
"""Each game's late position and its perft to the end of the deal."""


def test_every_game_has_its_counts() -> None:
    assert set(OPENING) == set(GAME_NAMES) and set(LATE) == set(GAME_NAMES)


# -- two more ways of counting -----------------------------------------------------------------


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


# -- every game, three ways --------------------------------------------------------------------


@pytest.mark.parametrize("name", GAME_NAMES)
def test_opening_perft(name: str) -> None:
    state = opening(name)
    where, expected = OPENING[name]
    assert describe(state) == where
    before = snapshot(state)
    assert perft(state, OPENING_DEPTH) == expected
    assert snapshot(state) == before
    assert perft_clone(state, OPENING_DEPTH) == expected
    assert perft_rebuilt(state, OPENING_DEPTH) == expected


@pytest.mark.parametrize("name", GAME_NAMES)
def test_late_trick_perft(name: str) -> None:
    state = late(name)
    where, expected = LATE[name]
    assert describe(state) == where
    depth = late_depth(state)
    before = snapshot(state)
    assert perft(state, depth) == expected
    assert snapshot(state) == before
    assert perft_clone(state, depth) == expected
    assert perft_rebuilt(state, depth) == expected


# -- All Fours, a fourth way -------------------------------------------------------------------


def reference_of(state: Any) -> Reference:
    """The plain model of All Fours with the state's whole record played into it."""
    game = state.game
    assert isinstance(game, AllFours)
    model = Reference(game.rules, game.players, state.first_dealer)
    for deal, actions in zip(state.deals, state.actions, strict=True):
        model.deal(deal)
        for action in actions:
            model.act(action_text(action))
    return model


def perft_reference(model: Reference, depth: int) -> int:
    if depth == 0 or model.phase in ("deal", "over"):
        return 1
    total = 0
    for text in model.legal():
        child = copy.deepcopy(model)
        child.act(text)
        total += perft_reference(child, depth - 1)
    return total


def test_all_fours_perft_by_the_reference() -> None:
    state = opening("all_fours")
    assert perft_reference(reference_of(state), OPENING_DEPTH) == OPENING["all_fours"][1]
    state = late("all_fours")
    assert perft_reference(reference_of(state), late_depth(state)) == LATE["all_fours"][1]
