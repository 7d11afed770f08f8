"""The view on the wire: every field of the seat view, in canonical text, and back."""

from __future__ import annotations

import json
import random

import pytest

from tricktable import load_game
from tricktable.bots import make_bot
from tricktable.engine import ProtocolError, view_from_message, view_message
from tricktable.engine.protocol import decode, encode
from tricktable.games import GAME_NAMES


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_view_survives_the_wire(name: str) -> None:
    game = load_game(name)
    rng = random.Random(5)
    state = game.new_match(rng)
    bot = make_bot("random", game)
    for _ in range(200):
        if state.is_terminal():
            break
        if state.is_chance():
            state.deal_random(rng)
            continue
        view = state.view(state.current_player)
        message = json.loads(encode({"type": "decide", "view": view_message(view)}))["view"]
        assert view_from_message(message) == view
        assert message["legal"] == list(state.legal_texts())
        state.apply_text(bot.choose(view, rng))


def test_hard_chooses_the_same_from_the_wire() -> None:
    game = load_game("euchre")
    rng = random.Random(2)
    state = game.new_match(rng)
    state.deal_random(rng)
    bot = make_bot("pimc(worlds=4)", game, trusted=True)
    for _ in range(8):
        view = state.view(state.current_player)
        wired = view_from_message(json.loads(json.dumps(view_message(view))))
        direct = bot.choose(view, random.Random(9))
        assert bot.choose(wired, random.Random(9)) == direct
        state.apply_text(direct)


@pytest.mark.parametrize(
    ("line", "says"),
    [(b"play AS", "not a JSON line"), (b"[1, 2]", "string 'type'"), (b'{"type": 3}', "'type'")],
)
def test_bad_lines_say_what_is_wrong(line: bytes, says: str) -> None:
    with pytest.raises(ProtocolError, match=says):
        decode(line)


def test_a_view_without_its_fields_is_refused() -> None:
    with pytest.raises(ProtocolError, match="not a seat view"):
        view_from_message({"game": "euchre"})
