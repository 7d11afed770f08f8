"""What clients are sent: a spectator's message names no card hidden from any seat, a seat's
message none hidden from that seat (random playouts of every game)."""

from __future__ import annotations

import ast
import json
import random
import re
from pathlib import Path

import pytest

import tricktable.web
from tricktable.cards import card_name, cards_of, mask_of
from tricktable.games import GAMES, load_game
from tricktable.presentation.hands import cards_for_people
from tricktable.public_facts import CAPABILITIES, has, turned_of, upcard_of
from tricktable.web.views import people_card, secret_cards, spectator_view, view_message

CARD = re.compile(r"\b(?:[1-9TJQKA][SHDC]|JO)\b")

CASES = [(name, None) for name in GAMES] + [
    ("romanian_whist", "romanian_whist(forehead=first_and_last)"),
    ("euchre", "euchre(preset=british)"),
]


@pytest.mark.parametrize(("name", "rules"), CASES)
def test_messages_hold_no_hidden_card(name: str, rules: str | None) -> None:
    game = load_game(rules or name)
    rng = random.Random(4)
    state = game.new_match(rng)
    for _ in range(400):
        if state.is_terminal():
            break
        if state.is_chance():
            state.deal_random(rng)
            continue
        secret = {card_name(c) for c in cards_of(secret_cards(state))}
        public = view_message(state, None, 0, None, with_sheet=False)  # the sheet: past deals
        named = set(CARD.findall(json.dumps(public)))
        assert not named & secret, named & secret
        spectator = spectator_view(state)
        assert spectator.hand == ()
        assert not mask_of(spectator.known_cards()) & secret_cards(state)
        assert spectator.public.to_json() == public["public"]
        seat_facts = state.view(0).public
        for capability in CAPABILITIES:  # a spectator asks what a seat may, and no more
            assert has(spectator.public, capability) == has(seat_facts, capability)
        shown = (upcard_of(spectator.public), turned_of(spectator.public))
        assert not mask_of(card for card in shown if card is not None) & secret_cards(state)
        for seat in range(game.players):
            hidden = {card_name(c) for c in cards_of(state.hidden_from(seat))}
            message = view_message(state, seat, 0, None, with_sheet=False)
            named = set(CARD.findall(json.dumps(message)))
            assert not named & hidden, (seat, named & hidden)
        state.apply_text(rng.choice(state.legal_texts()))


def test_the_web_imports_nothing_from_the_cli() -> None:
    """What the web shows people comes from ``tricktable.presentation``, not the terminal's code."""
    for path in Path(tricktable.web.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            assert not [n for n in names if n.split(".")[:2] == ["tricktable", "cli"]], path


@pytest.mark.parametrize("name", list(GAMES))
def test_the_sheet_gives_each_event_as_parts_the_page_names(name: str) -> None:
    """``event_parts`` are the records' ``events`` with each seat and side left for the page
    to name and each card written for people (``A♠``): named as the records name them, the
    parts read as the records' sentences with their cards so written."""
    game = load_game(name)
    rng = random.Random(8)
    state = game.new_state(game.choose_first_dealer(rng))
    while not state.is_terminal() and not any(s.events for s in state.summaries() if s.complete):
        if state.is_chance():
            state.deal_random(rng)
        else:
            state.apply_text(rng.choice(state.legal_texts()))
    summaries = view_message(state, 0, 0, None)["summaries"]
    assert summaries and any(summary["events"] for summary in summaries)
    for summary in summaries:
        assert len(summary["event_parts"]) == len(summary["events"])
        for parts, sentence in zip(summary["event_parts"], summary["events"], strict=True):
            said = _seat_lists(cards_for_people(sentence, people_card))
            assert "".join(_as_the_records_name(part) for part in parts) == said


def _as_the_records_name(part: str | dict[str, int | str]) -> str:
    if isinstance(part, str):
        return part
    name = f"seat {part['seat']}" if "seat" in part else f"side {part['side']}"
    return f"{name} {part['verb']}" if "verb" in part else name


def _seat_lists(sentence: str) -> str:
    """A tie's ``seats 0, 1`` as the parts have it: each seat named (``seat 0, seat 1``)."""
    return re.sub(
        r"\bseats ([\d, and]+\d)",
        lambda m: re.sub(r"(\d+)", r"seat \1", m.group(1)),
        sentence,
    )


def test_the_view_names_the_trick_winner_the_bowers_and_the_dealt_hands() -> None:
    game = load_game("euchre(preset=north_american)")
    rng = random.Random(5)
    state = game.new_match(rng)
    state.deal_random(rng)
    first_hands = [[card_name(c) for c in hand] for hand in state.deals[0].hands]
    winners = 0
    while not state.is_terminal() and len(state.deals) == 1:
        for seat in range(game.players):
            message = view_message(state, seat, 0, None)
            trump = message["public"]["trump"]
            held = {card for group in message["hand"] for card in group}
            if trump is None:
                assert message["hand_marks"] == {} and message["hand_trumps"] == 0
            elif f"J{trump}" in held:
                assert message["hand_marks"][f"J{trump}"] == "right bower"
            if message["trick"]:
                assert message["trick_winner"] == state.best_seat
                winners += 1
            else:
                assert message["trick_winner"] is None
        state.apply_text(rng.choice(state.legal_texts()))
        if state.is_chance():
            state.deal_random(rng)
    assert winners
    summary = view_message(state, 0, 0, None)["summaries"][0]
    assert sorted(map(sorted, summary["hands"])) == sorted(map(sorted, first_hands))
