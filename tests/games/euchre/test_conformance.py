"""The conformance suite (tricktable.testing) over Euchre's option mixes, plus properties.

Every preset is played by the single suite (``test_conformance.py``); here the option
mixes (a few short matches and one whole match each), option mixes drawn by hypothesis,
and the Joker's blind call of the dealer's hidden hand.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tricktable.cards import parse_card, parse_cards
from tricktable.core import Deal
from tricktable.errors import RuleError
from tricktable.games import load_game
from tricktable.games.euchre.engine import PRESETS, Euchre, EuchreRules
from tricktable.rules import option_infos
from tricktable.testing import (
    check_replay,
    check_state_invariants,
    random_playout,
    run_conformance,
)

from ..test_conformance import check_conformance, seed_of

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
    "dealer_opens": {"dealer_opens": True, "minimum_trump": "dealer"},
    "dealer_opens_british": {"preset": "british", "dealer_opens": True},
    "deck_36": {"deck": 36, "farmers_hand": True},
    "concede": {"maker_may_concede": True, "point_on_partner": True},
    "concede_callable_renege": {
        "preset": "british",
        "maker_may_concede": True,
        "renege": "callable",
        "robson": True,
    },
    "minimum_trump_left": {"minimum_trump": "all", "minimum_trump_jack": "left"},
    "defend_alone_any_eldest": {
        "defend_alone": True,
        "defend_alone_any": True,
        "partner_may_take_over": True,
    },
    "renege_deduct": {"renege": "callable", "renege_penalty": "deduct", "target": 1},
    "renege_deduct_single_hand": {
        "renege": "callable",
        "renege_penalty": "deduct",
        "target": None,
    },
}


def _game(options: dict[str, Any]) -> Euchre:
    return Euchre.from_spec(dict(options))


@pytest.mark.parametrize("name", sorted(MIXES))
def test_conformance_option_mix(name: str) -> None:
    game = _game(MIXES[name])
    # many short matches (a few deals each), then one whole match
    whole = check_conformance(game, seed_of(name), matches=10, whole_steps=1_500, whole_rate=0.15)
    if game.rules.match == "single" and (game.rules.target or 0) <= 11:
        assert whole.finished == whole.matches, "a whole match should end in 1,500 decisions"


# -- option mixes drawn by hypothesis ----------------------------------------------------------

_CHOICES = {info.name: info.choices for info in option_infos(EuchreRules) if info.choices}
_BOOLS = [info.name for info in option_infos(EuchreRules) if info.kind == "bool"]


@st.composite
def rule_options(draw: st.DrawFn) -> dict[str, Any]:
    options: dict[str, Any] = {"preset": draw(st.sampled_from(list(PRESETS)))}
    deck = draw(st.sampled_from([None, 24, 25, 28, 32, 33, 36]))
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


def _refused_by(options: dict[str, Any]) -> str | None:
    """The option a mix is refused for (matched in the error), or ``None`` if it is valid."""
    rules = {**PRESETS[options["preset"]], **options}
    if rules.get("benny") == "2S" and rules.get("deck", 24) not in (25, 33):
        return "benny"
    if rules.get("dealer_opens") and rules.get("stick_the_dealer"):
        return "dealer_opens"
    if rules.get("defend_alone_any") and not rules.get("defend_alone"):
        return "defend_alone_any"
    return None


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=rule_options(), seed=st.integers(0, 2**32))
def test_conformance_random_rules(options: dict[str, Any], seed: int) -> None:
    refused = _refused_by(options)
    if refused is not None:
        with pytest.raises(RuleError, match=refused):
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


# -- whole matches and the hidden hand ---------------------------------------------------------


def test_whole_match_reaches_terminal() -> None:
    game = load_game("euchre(target=3)")
    state = random_playout(game, random.Random(11))
    assert state.is_terminal() and state.legal_actions() == []
    assert max(state.scores()) >= 3 and state.winner() in (0, 1)
    check_state_invariants(state)
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
