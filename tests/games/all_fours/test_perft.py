"""All Fours' perft counts (its ``testdata.py``) counted a fourth way, by the plain model of
RULES.md section 2 (``test_conformance.Reference``)."""

from __future__ import annotations

import copy
from typing import Any

from tricktable.actions import action_text
from tricktable.games.all_fours.engine import AllFours
from tricktable.games.all_fours.testdata import TESTDATA
from tricktable.testing import OPENING_DEPTH, late_depth, late_position, opening_position

from .test_conformance import Reference


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
    state = opening_position("all_fours")
    assert perft_reference(reference_of(state), OPENING_DEPTH) == TESTDATA.opening.count
    state = late_position("all_fours")
    assert perft_reference(reference_of(state), late_depth(state)) == TESTDATA.late.count
