"""Every game's typed public facts (``SeatView.public``) and ``SeatView.to_json``: the JSON is
what the wire carried before the facts were typed, and ``known_cards`` names every card the
view shows.

The references below are built from the engines' states directly, written out here once
per game (as the engines wrote their facts as text), not from the facts classes.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tricktable.actions import ActionKind, argument_of, kind_of, parse_action
from tricktable.cards import SUIT_LETTERS, Card, card_name, cards_of, parse_card
from tricktable.core import SeatView, State
from tricktable.errors import ActionParseError, JsonFieldError
from tricktable.games import GAME_NAMES, load_game

CASES = [
    *GAME_NAMES,
    "euchre(preset=british)",
    "euchre(preset=cornish)",
    "romanian_whist(forehead=first_and_last)",
    "all_fours(preset=seven_up)",
]


def _card(card: int) -> str | None:
    return card_name(card) if card >= 0 else None


def _suit(suit: int) -> str | None:
    return SUIT_LETTERS[suit] if suit >= 0 else None


def _seats_out(state: Any) -> list[int]:
    return [seat for seat in range(state.seats) if state.out_mask >> seat & 1]


def _making(state: Any, seat: int) -> dict[str, Any]:
    return {
        "upcard": _card(state.upcard),
        "upcard_suit": _suit(state.upsuit),
        "turned_down": state.turned_down,
        "dealer_took_up": state.dealer_took_up,
        "trump": _suit(state.trump),
        "maker": state.maker if state.maker >= 0 else None,
    }


def _shown(state: Any) -> dict[int, list[str]]:
    return {seat: [card_name(card) for card in cards] for seat, cards in state.shown.items()}


def _own_discards(state: Any, seat: int) -> list[str]:
    return [card_name(card) for card in state.discards[seat]]


def euchre(state: Any, seat: int) -> dict[str, Any]:
    return {
        **_making(state, seat),
        "alone": state.alone,
        "lone_defender": state.lone_defender if state.lone_defender >= 0 else None,
        "sitting_out": _seats_out(state),
        "tricks_won": list(state.tricks_won),
        "shown": _shown(state),
        "games": list(state.games_won),
        "target": state.rules.target,
        "own_discards": _own_discards(state, seat),
        "own_hand_hidden": state.phase.name == "NAME_SUIT" and seat == state.dealer,
    }


def two_handed_euchre(state: Any, seat: int) -> dict[str, Any]:
    return {
        **_making(state, seat),
        "tricks_won": list(state.tricks_won),
        "stock_size": len(state.stock),
        "target": state.rules.target,
        "own_discards": _own_discards(state, seat),
    }


def three_handed_euchre(state: Any, seat: int) -> dict[str, Any]:
    return {
        **_making(state, seat),
        "tricks_won": list(state.tricks_won),
        "shown": _shown(state),
        "hand_size": state.rules.hand_size,
        "target": state.rules.target,
        "own_discards": _own_discards(state, seat),
    }


def setback_euchre(state: Any, seat: int) -> dict[str, Any]:
    return {
        **_making(state, seat),
        "declared": state.declared,
        "declarer": state.declarer if state.declarer >= 0 else None,
        "threw_in": _seats_out(state),
        "sitting_out": _seats_out(state),
        "tricks_won": list(state.tricks_won),
        "pool": state.pool,
        "stakes_paid": list(state.stakes_paid),
        "start_score": state.rules.start_score,
        "own_discards": _own_discards(state, seat),
    }


def bid_euchre(state: Any, seat: int) -> dict[str, Any]:
    made = state.phase.name not in ("DEAL", "BID") or state.contract is not None
    return {
        "hand_size": state.hand_size,
        "bids": list(state.bids),
        "high_bid": state.high_bid or None,
        "bidder": state.bidder if state.bidder >= 0 else None,
        "maker": state.bidder if made and state.bidder >= 0 else None,
        "trump": state.contract,
        "decisions": list(state.decisions),
        "dropped": _seats_out(state),
        "sitting_out": _seats_out(state),
        "tricks_won": list(state.tricks_won),
        "sets": list(state.sets),
        "start_score": state.rules.start_score,
        "set_points": state.rules.set_points,
    }


def all_fours(state: Any, seat: int) -> dict[str, Any]:
    return {
        "turned": _card(state.turned),
        "set_aside": [card_name(card) for card in state.set_aside],
        "trump": _suit(state.trump),
        "eldest": state.eldest,
        "target": state.rules.target,
        "sides": state.game.sides,
        "game_points": state.game_counts(),
        "deal_points": list(state.deal_points),
        "hand_sizes": [hand.bit_count() for hand in state.hands],
        "own_discards": _own_discards(state, seat),
    }


def pitch(state: Any, seat: int) -> dict[str, Any]:
    return {
        "trump": _suit(state.trump),
        "eldest": state.eldest,
        "target": state.rules.target,
        "sides": state.game.sides,
        "game_points": state.game_counts(),
        "hand_sizes": [hand.bit_count() for hand in state.hands],
        "bids": list(state.bids),
        "high_bid": state.high_bid or None,
        "bidder": state.pitcher if state.pitcher >= 0 else None,
    }


def romanian_whist(state: Any, seat: int) -> dict[str, Any]:
    phase = state.phase.name
    forehead_now = state.is_forehead() and phase in ("BID", "PLAY")
    return {
        "turned": _card(state.turned),
        "trump": _suit(state.trump) if state.trump < 4 else None,
        "hand_size": state.hand_size,
        "row": state.row_label(),
        "bids": list(state.bids),
        "tricks_won": list(state.tricks_won),
        "active": list(state.active),
        "deal_index": state.deal_index,
        "deals_in_schedule": len(state.whist.schedule),
        "forehead": {
            other: card_name(cards_of(state.hands[other])[0])
            for other in state.active
            if forehead_now and other != seat and state.hands[other]
        },
        "blind": state.is_blind(),
        "own_hand_hidden": (phase == "BID" and state.is_blind()) or forehead_now,
        "hand_count": state.hands[seat].bit_count(),
    }


REFERENCES: dict[str, Callable[[Any, int], dict[str, Any]]] = {
    "euchre": euchre,
    "two_handed_euchre": two_handed_euchre,
    "three_handed_euchre": three_handed_euchre,
    "setback_euchre": setback_euchre,
    "bid_euchre": bid_euchre,
    "all_fours": all_fours,
    "pitch": pitch,
    "romanian_whist": romanian_whist,
}


def reference_view(state: State, seat: int) -> dict[str, Any]:
    """The JSON of ``state.view(seat)``, built from the state, not from the view."""
    hidden = not state.view(seat).hand and bool(state.hands[seat])
    history = [
        [actor, "discard" if kind_of(action) == ActionKind.DISCARD and actor != seat else text]
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
        "public": REFERENCES[state.game.name](state, seat),
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
            if kind_of(action) in (ActionKind.PLAY, ActionKind.DISCARD):
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
    for name in GAME_NAMES:
        state = load_game(name).new_match(random.Random(1))
        state.deal_random(random.Random(1))
        facts = state.view(0).public
        assert not hasattr(facts, "__dict__"), name
        with pytest.raises(dataclasses.FrozenInstanceError):
            facts.trump = 0  # type: ignore[misc]


def test_no_fact_has_a_property_as_its_default() -> None:
    """A field declared without a default is required, also where a class above answers
    its name by a property (``FactsDefaults.alone``, ``FamilyFacts.turned``)."""
    for name in GAME_NAMES:
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
