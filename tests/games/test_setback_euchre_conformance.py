"""The conformance suite (tricktable.testing) over set-back euchre, plus properties.

- ``setback_places`` is the card-places hook of the game (registered on import): hands
  (a seat that threw in keeps its cards), the trick in progress, completed tricks, the
  stock, the dealer's discard and the up-card while the dealer has not taken it up.
- ``run_conformance`` runs over every preset and option mix: a few seconds by default;
  ``TRICKTABLE_LONG=1`` plays 10,000 random deals per option set.
- Hypothesis properties over random options and seeds: cards are conserved, a deal moves
  each score by at most what the rules allow, the pool only grows, by the stakes of
  the deal, and replaying the record reproduces the score sheet.
"""

from __future__ import annotations

import os
import random
from typing import Any, cast

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tricktable.games import spec_of
from tricktable.games.setback_euchre.checks import card_places as setback_places
from tricktable.games.setback_euchre.engine import PRESETS, SetbackEuchre, SetbackEuchreState
from tricktable.record import record_of, replay_record
from tricktable.testing import (
    ConformanceError,
    check_card_conservation,
    check_replay,
    check_state_invariants,
    random_playout,
    run_conformance,
)

LONG = os.environ.get("TRICKTABLE_LONG") == "1"

CONFIGS: dict[str, dict[str, Any]] = {
    **{f"preset_{name}": {"preset": name} for name in PRESETS},
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


def make_game(name: str) -> SetbackEuchre:
    return SetbackEuchre.from_spec(dict(CONFIGS[name]))


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_conformance(name: str) -> None:
    game = make_game(name)
    seed = sum(map(ord, name))
    short = run_conformance(game, matches=8, seed=seed, max_deals=3, check_rate=0.3)
    whole = run_conformance(game, matches=2, seed=seed + 1, max_steps=3_000, check_rate=0.1)
    assert short.matches == 8 and whole.matches == 2
    assert short.conservation_checked
    assert short.decisions > 0 and short.illegal_tried > 0 and short.push_pops > 0
    assert whole.finished == 2, "whole matches end within 3,000 decisions"


def test_every_preset_is_covered() -> None:
    assert {f"preset_{name}" for name in PRESETS} <= set(CONFIGS)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_long_random_deals(name: str) -> None:
    """10,000 random deals per option set with TRICKTABLE_LONG=1 (a dozen by default)."""
    game = make_game(name)
    wanted = 10_000 if LONG else 12
    played, seed = 0, 0
    while played < wanted:
        report = run_conformance(
            game,
            matches=200 if LONG else 3,
            seed=20_000 + seed,
            max_deals=5,
            check_rate=0.03 if LONG else 0.2,
        )
        played += report.deals
        seed += 1
    assert played >= wanted


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
@given(options=rule_options(), seed=st.integers(0, 2**32))
def test_properties(options: dict[str, Any], seed: int) -> None:
    game = SetbackEuchre.from_spec(options)
    rules = game.rules
    rng = random.Random(seed)
    state = cast(SetbackEuchreState, game.new_match(rng))
    pool = 4 * rules.ante
    assert state.view(0).public["pool"] == pool
    while not state.is_terminal() and len(state.deals) <= 15:
        if state.is_chance():
            state.deal_random(rng)
        else:
            state.apply(rng.choice(state.legal_actions()))
        check_card_conservation(state)
        assert sum(mask.bit_count() for _, mask in setback_places(state)) == 24
    for summary in state.summaries():
        if not summary.complete:
            continue
        stakes = summary.extra["stakes"]
        assert sum(stakes) <= 1 and summary.extra["pool"] == pool + sum(stakes)
        pool = summary.extra["pool"]
        if summary.thrown_in:
            assert summary.points == [0, 0, 0, 0]
            continue
        assert sum(summary.tricks) == 5
        maker = summary.makers
        assert maker is not None
        for seat, (points, tricks) in enumerate(zip(summary.points, summary.tricks, strict=True)):
            if seat in summary.extra["threw_in"]:
                assert points == 0 and tricks == 0
            elif seat != maker:
                relief = 2 if rules.euchre_relief and summary.tricks[maker] < 3 else 0
                assert points == (-tricks if tricks else 1) - relief
        if stakes[maker]:
            assert summary.tricks[maker] < 3 or summary.extra["declared"]
        assert len(summary.extra["threw_in"]) <= 2
    if state.is_terminal():
        winner = state.winner()
        winners = winner if isinstance(winner, list) else [winner]
        scores = state.scores()
        declared_march = (
            state.summaries()[-1].extra["declared"] and 5 in state.summaries()[-1].tricks
        )
        assert declared_march or all(scores[w] <= 0 and scores[w] == min(scores) for w in winners)
    again = replay_record(record_of(state))
    assert [s.to_json() for s in again.summaries()] == [s.to_json() for s in state.summaries()]
    assert again.winner() == state.winner()


def test_whole_matches_end_with_a_winner() -> None:
    game = SetbackEuchre()
    for seed in range(5):
        state = random_playout(game, random.Random(seed))
        assert state.is_terminal() and state.legal_actions() == []
        assert state.winner() is not None
        check_state_invariants(state)
        check_replay(state)


def _midway(seed: int = 3) -> SetbackEuchreState:
    rng = random.Random(seed)
    state = cast(SetbackEuchreState, SetbackEuchre().new_match(rng))
    state.deal_random(rng)
    while not state.is_chance() and len(state.actions[-1]) < 10:
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_hook_is_registered_and_catches_faults() -> None:
    assert spec_of("setback_euchre").card_places.load() is setback_places
    state = _midway()
    assert check_card_conservation(state)
    seat = next(s for s in range(4) if state.hands[s])
    held = state.hands[seat] & -state.hands[seat]
    state.stock.append(held.bit_length() - 1)  # a held card also in the stock
    with pytest.raises(ConformanceError, match="two places"):
        check_card_conservation(state)
    state = _midway()
    state.hands[seat] &= state.hands[seat] - 1  # a card vanishes
    with pytest.raises(ConformanceError, match="missing"):
        check_card_conservation(state)
