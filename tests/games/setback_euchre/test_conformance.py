"""The conformance suite (tricktable.testing) over set-back euchre, plus properties.

- ``setback_places`` is the card-places hook of the game (named by its spec): hands (a
  seat that threw in keeps its cards), the trick in progress, completed tricks, the stock,
  the dealer's discard and the up-card while the dealer has not taken it up.
- ``run_conformance`` runs over every option mix (the single suite, ``test_conformance.py``,
  plays the preset): a few seconds by default; ``TRICKTABLE_LONG=1`` plays 10,000 random
  deals per option mix.
- Hypothesis properties over random options and seeds: cards are conserved, a deal moves
  each score by at most what the rules allow, the pool only grows, by the stakes of
  the deal, and replaying the record reproduces the score sheet.
"""

from __future__ import annotations

import random
from typing import Any, cast

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tricktable.games.euchre_family.checks import card_places as setback_places
from tricktable.games.setback_euchre.engine import SetbackEuchre, SetbackEuchreState, SetbackSheet
from tricktable.record import record_of, replay_record
from tricktable.testing import check_card_conservation

from ..test_conformance import check_conformance, check_random_deals, seed_of

MIXES: dict[str, dict[str, Any]] = {
    "stick_the_dealer": {"stick_the_dealer": True},
    "declare_march": {"declare_march": True},
    "euchre_relief": {"euchre_relief": True},
    "all_options": {
        "stick_the_dealer": True,
        "declare_march": True,
        "euchre_relief": True,
        "packets": "2-3",
        "first_dealer": "first_jack",
    },
    "long_game": {"start_score": 12, "ante": 0, "declare_march": True},
    "short_game": {"start_score": 1, "first_dealer": "draw_low"},
}
CASES = [(name, 4) for name in sorted(MIXES)] + [
    (name, players) for players in (2, 3) for name in ("declare_march", "all_options")
]
"""Every option mix with 4 players; the declaring mixes also with 2 and 3."""


def make_game(name: str, players: int = 4) -> SetbackEuchre:
    return SetbackEuchre.from_spec(dict(MIXES[name]), players=players)


@pytest.mark.parametrize(("name", "players"), CASES)
def test_conformance_option_mix(name: str, players: int) -> None:
    game = make_game(name, players)
    whole = check_conformance(game, seed_of(name) + players, matches=8, whole=2)
    assert whole.finished == whole.matches, "whole matches end within 3,000 decisions"


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players"), CASES)
def test_long_random_deals(name: str, players: int) -> None:
    """10,000 random deals per option mix with TRICKTABLE_LONG=1 (a dozen by default)."""
    assert check_random_deals(make_game(name, players), seed=20_000) >= 12


@st.composite
def rule_options(draw: st.DrawFn) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for name in ("stick_the_dealer", "declare_march", "euchre_relief"):
        if draw(st.booleans()):
            options[name] = draw(st.booleans())
    if draw(st.booleans()):
        options["start_score"] = draw(st.integers(1, 12))
    if draw(st.booleans()):
        options["ante"] = draw(st.integers(0, 3))
    if draw(st.booleans()):
        options["packets"] = draw(st.sampled_from(["3-2", "2-3"]))
    return options


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=rule_options(), players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**32))
def test_properties(options: dict[str, Any], players: int, seed: int) -> None:
    game = SetbackEuchre.from_spec(options, players=players)
    rules = game.rules
    rng = random.Random(seed)
    state = cast(SetbackEuchreState, game.new_match(rng))
    pool = players * rules.ante
    assert state.view(0).public.to_json()["pool"] == pool
    while not state.is_terminal() and len(state.deals) <= 15:
        if state.is_chance():
            state.deal_random(rng)
        else:
            state.apply(rng.choice(state.legal_actions()))
        check_card_conservation(state)
        assert sum(mask.bit_count() for _, mask in setback_places(state)) == 24
        if players == 2:
            assert "throw in" not in state.legal_texts()
    for summary in state.summaries():
        if not summary.complete:
            continue
        sheet = summary.details
        assert isinstance(sheet, SetbackSheet)
        stakes, declarer = sheet.stakes, sheet.declarer
        # a stake for a euchre, and one for a defender's failed declaration
        assert sum(stakes) <= 1 + (declarer is not None and declarer != summary.makers)
        assert sheet.pool == pool + sum(stakes)
        pool = sheet.pool
        if summary.thrown_in:
            assert summary.points == [0] * players
            continue
        assert sum(summary.tricks) == 5
        maker = summary.makers
        assert maker is not None
        for seat, (points, tricks) in enumerate(zip(summary.points, summary.tricks, strict=True)):
            if seat in sheet.threw_in:
                assert points == 0 and tricks == 0
            elif seat == declarer and seat != maker:
                assert stakes[seat] == (tricks < 5)
                assert points == (-5 if tricks == 5 else summary.scores[seat] // 2)
            elif seat != maker:
                relief = 2 if rules.euchre_relief and summary.tricks[maker] < 3 else 0
                assert points == (-tricks if tricks else 1) - relief
        if stakes[maker]:
            assert summary.tricks[maker] < 3 or declarer == maker
        assert len(sheet.threw_in) <= players - 2
    if state.is_terminal():
        winner = state.winner()
        winners = winner if isinstance(winner, list) else [winner]
        scores = state.scores()
        declared_march = (
            state.summaries()[-1].to_json()["declared"] and 5 in state.summaries()[-1].tricks
        )
        assert declared_march or all(scores[w] <= 0 and scores[w] == min(scores) for w in winners)
    again = replay_record(record_of(state))
    assert [s.to_json() for s in again.summaries()] == [s.to_json() for s in state.summaries()]
    assert again.winner() == state.winner()
