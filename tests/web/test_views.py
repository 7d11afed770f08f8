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
from tricktable.web.views import secret_cards, spectator_view, view_message

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
