"""``tricktable engine --bot NAME`` answers the protocol line by line."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys

import pytest

from tricktable import load_game
from tricktable.bots import make_bot
from tricktable.engine.host import serve
from tricktable.engine.protocol import decide_message, encode, game_message
from tricktable.games import GAME_NAMES


def talk(bot: str, messages: list[dict[str, object]]) -> tuple[int, list[dict[str, object]]]:
    process = subprocess.run(
        [sys.executable, "-m", "tricktable", "engine", "--bot", bot],
        input=b"".join(encode(m) for m in messages),
        capture_output=True,
        timeout=60,
        check=False,
    )
    return process.returncode, [json.loads(line) for line in process.stdout.splitlines()]


def test_a_whole_conversation() -> None:
    game = load_game("euchre")
    state = game.new_match(random.Random(1))
    state.deal_random(random.Random(1))
    seat = state.current_player
    status, answers = talk(
        "hard",
        [
            {"type": "hello", "protocol": 1},
            {"type": "options", "values": {}},
            game_message(game, seat),
            decide_message(state.view(seat), 5, 1000, None),
            {"type": "quit"},
            {"type": "hello", "protocol": 1},  # never read: quit came first
        ],
    )
    assert status == 0
    assert [a["type"] for a in answers] == ["ready", "ok", "ok", "action"]
    assert answers[0]["protocol"] == 1 and answers[0]["name"] == "hard"
    assert answers[3]["action"] in state.legal_texts()


def test_mistakes_get_error_answers_and_the_engine_goes_on() -> None:
    game = load_game("euchre")
    state = game.new_match(random.Random(1))
    state.deal_random(random.Random(1))
    status, answers = talk(
        "random",
        [
            {"type": "hello", "protocol": 2},
            {"type": "decide", "view": {}, "seed": 1},
            {"type": "ponder"},
            {"type": "options", "values": {"worlds": 3}},
            {"type": "game", "rules": "euchre(trump=blue)", "players": 4, "seat": 0},
            {"type": "hello", "protocol": 1},
        ],
    )
    assert status == 0
    assert [a["type"] for a in answers] == ["error"] * 5 + ["ready"]
    messages = [str(a.get("message")) for a in answers[:5]]
    assert "protocol 2 is not spoken here" in messages[0]
    assert "decide before game" in messages[1]
    assert "unknown message type 'ponder'" in messages[2]
    assert "no options here; got worlds" in messages[3]
    assert "trump" in messages[4]


def test_an_unknown_bot_is_refused_at_once() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "tricktable", "engine", "--bot", "oracle"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 2
    assert "unknown bot 'oracle'" in result.stderr


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_served_heuristic_reads_the_typed_facts_of_every_game(name: str) -> None:
    """The heuristic bots read their game's own facts (``view.facts(...)``): served over the
    protocol, each chooses what it chooses in process."""
    game = load_game(name)
    rng = random.Random(3)
    state = game.new_match(rng)
    state.deal_random(rng)
    messages: list[dict[str, object]] = [{"type": "hello", "protocol": 1}]
    wanted = []
    for _ in range(12):
        if state.is_terminal() or state.is_chance():
            break
        seat = state.current_player
        bot = make_bot("heuristic", game, seat)
        messages += [game_message(game, seat), decide_message(state.view(seat), 7, None, None)]
        wanted.append(bot.choose(state.view(seat), random.Random(7)))
        state.apply_text(wanted[-1])
    out = io.BytesIO()
    lines = b"".join(encode(message) for message in [*messages, {"type": "quit"}])
    assert serve("heuristic", io.BytesIO(lines), out) == 0
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [a["action"] for a in answers if a["type"] == "action"] == wanted, answers


def test_a_view_of_another_game_gets_an_error_answer() -> None:
    whist = load_game("romanian_whist")
    state = whist.new_match(random.Random(1))
    state.deal_random(random.Random(1))
    messages = [
        game_message(load_game("euchre"), 0),
        decide_message(state.view(0), 1, None, None),
        {"type": "quit"},
    ]
    out = io.BytesIO()
    serve("random", io.BytesIO(b"".join(encode(m) for m in messages)), out)
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert answers[1]["type"] == "error"
    assert "a view of 'romanian_whist', but the game is 'euchre'" in answers[1]["message"]
