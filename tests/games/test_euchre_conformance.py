"""The conformance suite (tricktable.testing) over every Euchre preset and option mix.

The default run plays a few hundred seeded random matches (most cut after a few deals,
one full match per configuration). ``TRICKTABLE_LONG=1`` turns the ``slow`` test into
10,000 random hands per preset.
"""

from __future__ import annotations

import dataclasses
import os
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tricktable.cards import card_name, parse_card, parse_cards
from tricktable.core import CHANCE, TERMINAL, Deal, SeatView
from tricktable.errors import RuleError
from tricktable.games import load_game
from tricktable.games.euchre.engine import PRESETS, Euchre, EuchreRules
from tricktable.rules import option_infos
from tricktable.testing import (
    ConformanceError,
    check_card_conservation,
    check_clone,
    check_illegal_actions,
    check_push_pop,
    check_replay,
    check_state_invariants,
    match_signature,
    random_playout,
    run_conformance,
    snapshot,
)

LONG = os.environ.get("TRICKTABLE_LONG") == "1"

MIXES: dict[str, dict[str, Any]] = {
    "renege_callable": {"renege": "callable"},
    "renege_callable_british": {"preset": "british", "renege": "callable"},
    "robson": {"robson": True},
    "robson_point_on_partner": {"robson": True, "point_on_partner": True, "target": 5},
    "farmers_hand": {"farmers_hand": True},
    "ace_no_face_exchange": {"ace_no_face": "exchange"},
    "ace_no_face_redeal": {"ace_no_face": "redeal"},
    "farmers_and_ace_no_face": {"farmers_hand": True, "ace_no_face": "exchange", "deck": 32},
    "minimum_trump_all": {"minimum_trump": "all", "stick_the_dealer": True},
    "minimum_trump_dealer": {"minimum_trump": "dealer"},
    "after_discard": {"alone_timing": "after_discard"},
    "after_discard_canadian": {"preset": "canadian", "alone_timing": "after_discard"},
    "deck_28": {"deck": 28},
    "deck_32": {"deck": 32},
    "deck_33": {"deck": 33, "defend_alone": True, "partner_may_take_over": True},
    "benny_2s": {"deck": 25, "benny": "2S"},
    "benny_2s_blind_call": {"preset": "cornish", "benny": "2S"},
    "packets_2_3": {"packets": "2-3", "first_dealer": "first_jack"},
    "draw_low": {"first_dealer": "draw_low", "super_euchre_points": 4},
    "no_pickup_when_partner_alone": {
        "preset": "canadian",
        "dealer_picks_up_when_partner_alone": False,
    },
    "british_best_of_3_short": {"preset": "british", "match": "best_of_3", "target": 3},
    "single_hand_robson": {"target": None, "robson": True},
}


def _game(options: dict[str, Any]) -> Euchre:
    return Euchre.from_spec(dict(options))


CONFIGS: dict[str, dict[str, Any]] = {
    **{f"preset_{name}": {"preset": name} for name in PRESETS},
    **MIXES,
}


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_conformance(name: str) -> None:
    game = _game(CONFIGS[name])
    seed = sum(map(ord, name))
    # many short matches (a few deals each), then one whole match
    short = run_conformance(game, matches=10, seed=seed, max_deals=3, check_rate=0.3)
    whole = run_conformance(game, matches=1, seed=seed + 1, max_steps=1_500, check_rate=0.15)
    assert short.matches == 10 and whole.matches == 1
    assert short.conservation_checked
    assert short.decisions > 0 and short.illegal_tried > 0 and short.push_pops > 0
    if game.rules.match == "single" and (game.rules.target or 0) <= 11:
        assert whole.finished == 1, "a whole match should end within 1,500 decisions"


def test_every_preset_is_covered() -> None:
    assert {f"preset_{name}" for name in PRESETS} <= set(CONFIGS)


@pytest.mark.slow
@pytest.mark.parametrize("preset", list(PRESETS))
def test_long_random_hands(preset: str) -> None:
    """10,000 random hands per preset with TRICKTABLE_LONG=1 (a few dozen by default)."""
    game = _game({"preset": preset})
    hands = 10_000 if LONG else 12
    played, seed = 0, 0
    while played < hands:
        report = run_conformance(
            game,
            matches=200 if LONG else 3,
            seed=10_000 + seed,
            max_deals=5,
            check_rate=0.05 if LONG else 0.2,
        )
        played += report.deals
        seed += 1
    assert played >= hands


# -- option mixes drawn by hypothesis ----------------------------------------------------------

_CHOICES = {info.name: info.choices for info in option_infos(EuchreRules) if info.choices}
_BOOLS = [info.name for info in option_infos(EuchreRules) if info.kind == "bool"]


@st.composite
def rule_options(draw: st.DrawFn) -> dict[str, Any]:
    options: dict[str, Any] = {"preset": draw(st.sampled_from(list(PRESETS)))}
    deck = draw(st.sampled_from([None, 24, 25, 28, 32, 33]))
    if deck is not None:
        options["deck"] = deck
        if deck in (25, 33) and draw(st.booleans()):
            options["benny"] = "2S"
    for name in draw(st.lists(st.sampled_from(sorted(_BOOLS)), max_size=5, unique=True)):
        options[name] = draw(st.booleans())
    for name in draw(st.lists(st.sampled_from(sorted(_CHOICES)), max_size=4, unique=True)):
        if name in ("benny", "first_dealer", "deck"):
            continue
        options[name] = draw(st.sampled_from(_CHOICES[name]))
    if draw(st.booleans()):
        options["target"] = draw(st.sampled_from([None, 1, 3, 5]))
    return options


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=rule_options(), seed=st.integers(0, 2**32))
def test_conformance_random_rules(options: dict[str, Any], seed: int) -> None:
    deck = int(options.get("deck", PRESETS[options["preset"]].get("deck", 24)))
    if options.get("benny") == "2S" and deck not in (25, 33):
        with pytest.raises(RuleError, match="benny"):
            _game(options)
        return
    game = _game(options)
    report = run_conformance(
        game,
        matches=1,
        seed=seed,
        max_deals=3,
        check_rate=0.5,
    )
    assert report.matches == 1


# -- the suite itself: it accepts good states and catches broken ones --------------------------


def test_random_playout_is_deterministic() -> None:
    game = load_game("euchre(preset=british)")
    first = random_playout(game, random.Random(5), max_steps=300)
    second = random_playout(game, random.Random(5), max_steps=300)
    third = random_playout(game, random.Random(6), max_steps=300)
    assert match_signature(first) == match_signature(second)
    assert match_signature(first) != match_signature(third)


def test_random_playout_stops_at_limits() -> None:
    game = load_game("euchre")
    state = random_playout(game, random.Random(1), max_steps=7)
    assert sum(len(actions) for actions in state.actions) == 7
    state = random_playout(game, random.Random(1), max_deals=2)
    assert len(state.deals) == 2 and state.current_player in (CHANCE, TERMINAL)


def test_whole_match_reaches_terminal() -> None:
    game = load_game("euchre(target=3)")
    state = random_playout(game, random.Random(11))
    assert state.is_terminal() and state.legal_actions() == []
    assert max(state.scores()) >= 3 and state.winner() in (0, 1)
    check_state_invariants(state)
    check_replay(state)


def _midway(seed: int = 2) -> Any:
    game = load_game("euchre")
    rng = random.Random(seed)
    state = game.new_match(rng)
    state.deal_random(rng)
    for _ in range(9):
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_single_checks_pass_on_a_good_state() -> None:
    state = _midway()
    rng = random.Random(0)
    before = snapshot(state)
    check_state_invariants(state)
    assert check_illegal_actions(state, rng, tries=10) >= 10
    check_clone(state, rng)
    assert check_push_pop(state, rng, depth=4) >= 1
    check_replay(state)
    assert check_card_conservation(state)
    assert snapshot(state) == before


def test_conservation_catches_a_lost_card() -> None:
    state = _midway()
    hand = state.hands[state.current_player]
    state.hands[state.current_player] = hand & (hand - 1)  # drop one card
    with pytest.raises(ConformanceError, match="missing"):
        check_card_conservation(state)


def test_conservation_catches_a_duplicated_card() -> None:
    state = _midway()
    state.stock.append(next(iter(state.view(0).hand)))
    with pytest.raises(ConformanceError, match="two places"):
        check_card_conservation(state)


def test_leak_check_catches_a_visible_hidden_card() -> None:
    state = _midway()
    other = (state.current_player + 1) % 4
    leaked = card_name(state.view(other).hand[0])
    # an engine that wrote another seat's card into the public facts would leak it
    # (the view is patched, not public_facts: a compiled class calls its own methods directly)
    original = type(state).view

    def leaky(self: Any, seat: int) -> SeatView:
        view: SeatView = original(self, seat)
        return dataclasses.replace(view, public={**view.public, "oops": [leaked]})

    type(state).view = leaky  # type: ignore[method-assign]
    try:
        with pytest.raises(ConformanceError, match="shows hidden cards"):
            check_state_invariants(state)
    finally:
        type(state).view = original  # type: ignore[method-assign]


def test_replay_check_catches_a_diverging_state() -> None:
    state = _midway()
    seat = state.current_player
    state.hands[seat] &= state.hands[seat] - 1  # a card vanishes outside the rules
    with pytest.raises(ConformanceError, match="replaying"):
        check_replay(state)


def test_hidden_from_lists_the_dealers_unseen_hand() -> None:
    """While the dealer names the Joker's suit unseen, its own cards are hidden from it."""
    game = load_game("euchre(preset=british)")
    state = game.new_state(3)
    hands = ["9S TS QS KS 9D", "TD QD KD AD 9C", "AS TC QC KC AC", "JH JD AH 9H TH"]
    state.deal(
        Deal(
            tuple(tuple(parse_cards(hand)) for hand in hands),
            parse_card("JO"),
            tuple(parse_cards("QH KH JS JC")),
        )
    )
    assert state.view(3).hand == ()  # the dealer names a suit before looking
    assert state.hidden_from(3) & state.hands[3] == state.hands[3]
    check_state_invariants(state)
