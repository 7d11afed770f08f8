"""Every game's typed public facts (``SeatView.public``) and ``SeatView.to_json``: the JSON is
what the wire carried before the facts were typed, and ``known_cards`` names every card the
view shows.

The references are built from the engines' states directly, written out once per game (as
the engines wrote their facts as text), not from the facts classes: each game's
``Conformance.facts_reference``, in its package's ``testdata.py``.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from tricktable.actions import CoreKind, argument_of, kind_of, parse_action
from tricktable.cards import Card, card_name, cards_of, parse_card
from tricktable.core import SeatView, State
from tricktable.errors import ActionParseError, JsonFieldError
from tricktable.games import CHECKED_NAMES, load_game, spec_of

CASES = [
    *CHECKED_NAMES,
    *(case for name in CHECKED_NAMES for case in spec_of(name).part("testdata").facts_cases),
]
"""Each game's default rules, and the rule strings its ``Conformance`` adds."""


def reference_view(state: State, seat: int) -> dict[str, Any]:
    """The JSON of ``state.view(seat)``, built from the state, not from the view."""
    hidden = not state.view(seat).hand and bool(state.hands[seat])
    history = [
        [actor, "discard" if kind_of(action) == CoreKind.DISCARD and actor != seat else text]
        for actor, action, text in zip(
            state.actors[-1] if state.actions else [],
            state.actions[-1] if state.actions else [],
            state.history_texts()[-1] if state.actions else [],
            strict=True,
        )
    ]
    return {
        "game": state.game.name,
        "seat": seat,
        "players": state.game.players,
        "dealer": state.dealer,
        "to_act": state.current_player,
        "phase": state.phase.name.lower(),
        "hand": [] if hidden else [card_name(card) for card in cards_of(state.hands[seat])],
        "history": history,
        "trick": [[s, card_name(c)] for s, c in zip(state.trick_seats, state.trick, strict=True)],
        "tricks": [[[s, card_name(c)] for s, c in trick] for trick in state.completed],
        "trick_winners": list(state.trick_winners),
        "scores": state.scores(),
        "legal": state.legal_texts() if seat == state.current_player else [],
        "public": spec_of(state.game).part("testdata").facts_reference(state, seat),
    }


def states_of(rules: str, seed: int = 5, matches: int = 2) -> Iterator[State]:
    """Every decision point of a few random matches of ``rules``."""
    game = load_game(rules)
    rng = random.Random(seed)
    for _ in range(matches):
        state = game.new_match(rng)
        for _ in range(150):
            if state.is_terminal():
                break
            if state.is_chance():
                state.deal_random(rng)
                continue
            yield state
            state.apply_text(rng.choice(state.legal_texts()))


@pytest.mark.parametrize("rules", CASES)
def test_view_json_is_what_the_wire_carried(rules: str) -> None:
    checked = 0
    for state in states_of(rules):
        for seat in range(state.game.players):
            view = state.view(seat)
            wire = json.dumps(view.to_json())
            assert wire == json.dumps(reference_view(state, seat)), (rules, seat, state.phase)
            checked += 1
    assert checked > 100


def cards_named(view: SeatView) -> set[Card]:
    """Every card the view's JSON names: its hand, the tricks, the plays and discards of the
    history, and every text of the public facts that is a card's name."""
    out = view.to_json()
    named: set[Card] = set()

    def collect(value: Any) -> None:
        if isinstance(value, str):
            with contextlib.suppress(ValueError):
                named.add(parse_card(value))
        elif isinstance(value, dict):
            for item in value.values():
                collect(item)
        elif isinstance(value, list):
            for item in value:
                collect(item)

    collect(out["hand"])
    collect(out["trick"])
    collect(out["tricks"])
    collect(out["public"])
    for _, text in out["history"]:
        with contextlib.suppress(ActionParseError):
            action = parse_action(text)
            if kind_of(action) in (CoreKind.PLAY, CoreKind.DISCARD):
                named.add(argument_of(action))
    return named


@pytest.mark.parametrize("rules", CASES)
def test_known_cards_are_the_cards_the_view_names(rules: str) -> None:
    for state in states_of(rules, seed=8):
        for seat in range(state.game.players):
            view = state.view(seat)
            assert view.known_cards() == cards_named(view), (rules, seat, state.phase)


def test_known_cards_hold_the_up_card_and_the_dealers_own_discard() -> None:
    state = load_game("euchre(preset=north_american)").new_state(first_dealer=0)
    state.deal_random(random.Random(3))
    state.apply_text("order")  # eldest orders the up-card up: the dealer picks it up
    dealer = state.view(0)
    upcard = dealer.facts(type(dealer.public)).upcard
    assert upcard is not None and upcard in dealer.known_cards()
    discard = next(text for text in dealer.legal if text != f"discard {card_name(upcard)}")
    state.apply_text(discard)
    card = parse_card(discard.split()[1])
    assert card in state.view(0).known_cards() and card in state.view(0).public.cards()
    assert card not in state.view(1).known_cards()  # face down to the others
    assert state.view(1).to_json()["history"][-1] == [0, "discard"]


def test_known_cards_hold_the_cards_seen_on_foreheads() -> None:
    state = load_game("romanian_whist(forehead=first_and_last)").new_match(random.Random(2))
    state.deal_random(random.Random(2))
    view = state.view(0)
    assert view.hand == () and view.public.own_hand_hidden
    foreheads = {other: cards_of(state.hands[other])[0] for other in range(1, state.game.players)}
    assert set(foreheads.values()) <= view.known_cards()
    assert view.to_json()["public"]["forehead"] == {
        seat: card_name(card) for seat, card in foreheads.items()
    }


def test_facts_are_frozen_and_slotted() -> None:
    for name in CHECKED_NAMES:
        state = load_game(name).new_match(random.Random(1))
        state.deal_random(random.Random(1))
        facts = state.view(0).public
        assert not hasattr(facts, "__dict__"), name
        with pytest.raises(dataclasses.FrozenInstanceError):
            facts.trump = 0  # type: ignore[misc]


def test_no_fact_has_a_property_as_its_default() -> None:
    """A field declared without a default is required, also where a class above answers
    its name by a property (``public_facts.FactsBase.__init_subclass__``)."""
    for name in CHECKED_NAMES:
        facts_type = load_game(name).facts_type
        assert dataclasses.is_dataclass(facts_type), name
        for field in dataclasses.fields(facts_type):
            assert not isinstance(field.default, property), (name, field.name)


def test_facts_of_another_class_are_refused() -> None:
    state = load_game("euchre").new_match(random.Random(1))
    state.deal_random(random.Random(1))
    from tricktable.games.all_fours.facts import AllFoursFacts

    with pytest.raises(TypeError, match="EuchreFacts, not AllFoursFacts"):
        state.view(0).facts(AllFoursFacts)


@pytest.mark.parametrize("rules", CASES)
def test_facts_are_read_back_from_their_json(rules: str) -> None:
    """``from_json`` is the exact inverse of ``to_json``, after a JSON round trip (whose
    object keys are strings: the seat-keyed ``shown`` and ``forehead``); the game names its
    facts class as ``facts_type``."""
    for state in states_of(rules, seed=11):
        facts_type = state.game.facts_type
        for seat in range(state.game.players):
            facts = state.view(seat).public
            assert type(facts) is facts_type
            assert facts_type.from_json(json.loads(json.dumps(facts.to_json()))) == facts


def test_a_wrong_fact_is_named() -> None:
    state = load_game("romanian_whist(forehead=first_and_last)").new_match(random.Random(2))
    state.deal_random(random.Random(2))
    data = json.loads(json.dumps(state.view(0).public.to_json()))
    assert data["forehead"]
    facts_type = state.game.facts_type
    with pytest.raises(JsonFieldError, match=r"public.forehead must be keyed by seat numbers"):
        facts_type.from_json({**data, "forehead": {"left": "AS"}})
    with pytest.raises(JsonFieldError, match=r"public.bids\[0\] must be an integer, not 'one'"):
        facts_type.from_json({**data, "bids": ["one"]})
    with pytest.raises(JsonFieldError, match="public must be a JSON object, not"):
        facts_type.from_json([data])
