"""The SDKs (sdk/python, sdk/js): bots as functions from a view to an action, speaking the
engine protocol; what they send is checked against the shipped JSON Schemas."""

from __future__ import annotations

import random
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator

from tricktable import load_game
from tricktable.engine.protocol import decide_message, game_message, hello_message
from tricktable.engine.schema import PROTOCOL, load_schema

ROOT = Path(__file__).resolve().parents[2]
PYTHON_SDK = ROOT / "sdk" / "python"
JS_SDK = ROOT / "sdk" / "js"
PYTHON_EXAMPLE = f"{sys.executable} {PYTHON_SDK / 'examples' / 'highest.py'}"
"""The Python SDK's example bot's command line."""
NODE = shutil.which("node")
JS_EXAMPLE = f"{NODE} {JS_SDK / 'examples' / 'highest.js'}"
"""The JavaScript SDK's example bot's command line (when node is installed)."""
NO_NODE = "needs node (Node.js 18 or newer) for the JavaScript SDK; CI installs it"

if str(PYTHON_SDK) not in sys.path:
    sys.path.insert(0, str(PYTHON_SDK))

_PROTOCOL_LINE = Draft202012Validator(load_schema(PROTOCOL))


def protocol_errors(message: Any) -> list[str]:
    """What the engine-protocol schema finds wrong with one message (nothing: it matches)."""
    return [error.message for error in _PROTOCOL_LINE.iter_errors(message)]


def conversation(
    rules: str, decisions: int, seed: int = 1, players: int | None = None
) -> Iterator[dict[str, Any]]:
    """What tricktable sends one engine over seeded matches of ``rules``: ``hello``, then for
    ``decisions`` positions (the seat to act each time) its ``game`` and ``decide`` messages,
    every move drawn at random; each ``decide`` carries the state's ``legal`` list. Ends with
    ``quit``."""
    game = load_game(rules, players=players)
    rng = random.Random(seed)
    yield hello_message()
    asked = 0
    while asked < decisions:
        state = game.new_match(rng)
        while not state.is_terminal() and asked < decisions:
            if state.is_chance():
                state.deal_random(rng)
                continue
            seat = state.current_player
            yield game_message(game, seat)
            yield decide_message(state.view(seat), rng.getrandbits(63), 1000, None)
            asked += 1
            state.apply_text(rng.choice(state.legal_texts()))
    yield {"type": "quit"}


def action_errors(game: str, action: str) -> list[str]:
    """What ``game``'s schema finds wrong with an action's text (its action grammar)."""
    if game not in _ACTIONS:
        schema = load_schema(f"games/{game}")
        _ACTIONS[game] = Draft202012Validator({**schema, "$ref": "#/$defs/action"})
    return [error.message for error in _ACTIONS[game].iter_errors(action)]


_ACTIONS: dict[str, Draft202012Validator] = {}
