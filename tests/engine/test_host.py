"""``tricktable engine --bot NAME`` answers the protocol line by line."""

from __future__ import annotations

import json
import random
import subprocess
import sys

from tricktable import load_game
from tricktable.engine.protocol import decide_message, encode, game_message


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
