"""The conformance suite (tricktable.testing) over three-handed Euchre, plus properties.

- ``run_conformance`` runs over the option mixes (the single suite, ``test_conformance.py``,
  plays both presets): a few seconds by default; ``TRICKTABLE_LONG=1`` plays 10,000 random
  deals per option mix.
- Hypothesis properties: cards are conserved; every seat holds ``hand_size`` cards at the
  first lead; a deal scores only the amounts RULES.md 1.10 allows, to the right seats;
  scores never decrease; replaying the record reproduces the score sheet.
"""

from __future__ import annotations

import random
from typing import Any, cast

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tricktable.core import State
from tricktable.games.three_handed_euchre.engine import (
    PRESETS,
    Phase,
    ThreeHandedEuchre,
    ThreeHandedEuchreState,
)
from tricktable.record import record_of, replay_record
from tricktable.testing import (
    check_card_conservation,
    check_state_invariants,
    random_playout,
)

from ..test_conformance import check_conformance, check_random_deals, seed_of

MIXES: dict[str, dict[str, Any]] = {
    "stick_the_dealer": {"stick_the_dealer": True},
    "ace_no_face": {"ace_no_face": "redeal", "packets": "4-3"},
    "cutthroat_ace_no_face_stick": {
        "preset": "cutthroat",
        "ace_no_face": "redeal",
        "stick_the_dealer": True,
        "packets": "2-3",
    },
    "single_hand": {"target": None, "first_dealer": "draw_low"},
    "short_match": {"target": 3, "first_dealer": "first_jack"},
    "cutthroat_draw_high": {"preset": "cutthroat", "first_dealer": "draw_high", "target": 5},
}


def _game(options: dict[str, Any]) -> ThreeHandedEuchre:
    return ThreeHandedEuchre.from_spec(dict(options))


@pytest.mark.parametrize("name", sorted(MIXES))
def test_conformance_option_mix(name: str) -> None:
    whole = check_conformance(_game(MIXES[name]), seed_of(name), matches=6)
    assert whole.finished == whole.matches, "a whole match should end within 3,000 decisions"


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(MIXES))
def test_long_random_deals(name: str) -> None:
    """10,000 random deals per option mix with TRICKTABLE_LONG=1 (a dozen by default)."""
    assert check_random_deals(_game(MIXES[name]), seed=20_000) >= 12


# -- hypothesis properties -----------------------------------------------------------------------
@st.composite
def rule_options(draw: st.DrawFn) -> dict[str, Any]:
    options: dict[str, Any] = {"preset": draw(st.sampled_from(list(PRESETS)))}
    if draw(st.booleans()):
        options["stick_the_dealer"] = draw(st.booleans())
    if draw(st.booleans()):
        options["ace_no_face"] = draw(st.sampled_from(["off", "redeal"]))
    if draw(st.booleans()):
        options["target"] = draw(st.sampled_from([None, 1, 4, 10]))
    return options


def _allowed_points(state: ThreeHandedEuchreState, points: list[int], maker: int | None) -> bool:
    if maker is None:
        return points == [0, 0, 0]
    others = [points[s] for s in range(3) if s != maker]
    if points[maker]:
        return points[maker] in (1, 2, 4) and others == [0, 0]
    return sorted(others) in ([1, 1], [0, 2])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=rule_options(), seed=st.integers(0, 2**32))
def test_properties_of_random_matches(options: dict[str, Any], seed: int) -> None:
    game = _game(options)
    size = game.rules.hand_size
    previous = [0, 0, 0]

    def on_step(state: State, rng: random.Random) -> None:
        s = cast(ThreeHandedEuchreState, state)
        check_card_conservation(s)
        if s.phase == Phase.PLAY and not s.completed and not s.trick:
            assert [h.bit_count() for h in s.hands] == [size] * 3
        scores = s.scores()
        assert all(a >= b for a, b in zip(scores, previous, strict=True))
        previous[:] = scores

    state = random_playout(game, random.Random(seed), max_steps=800, on_step=on_step)
    s = cast(ThreeHandedEuchreState, state)
    check_state_invariants(s)
    summaries = s.summaries()
    for summary in summaries:
        if summary.complete:
            assert _allowed_points(s, summary.points, summary.makers)
            if not summary.thrown_in:
                assert sum(summary.tricks) == size
                need = size // 2 + 1
                assert (summary.tricks[summary.makers or 0] >= need) == (
                    summary.points[summary.makers or 0] > 0
                )
    totals = [sum(summary.points[seat] for summary in summaries) for seat in range(3)]
    assert totals == s.scores()
    again = replay_record(record_of(s))
    assert [x.to_json() for x in again.summaries()] == [x.to_json() for x in summaries]
    if s.is_terminal() and game.rules.target is not None:
        assert max(s.scores()) >= game.rules.target
