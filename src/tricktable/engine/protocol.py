"""The engine protocol's messages: one JSON object a line, each with a ``type``.

Both sides of the protocol (``tricktable.engine.client``, which drives a program, and
``tricktable.engine.host``, which serves one of our bots as a program) build and read
their messages here, so the wire format is written once. docs/engine-protocol.md is the
specification.

>>> import random
>>> from tricktable import load_game
>>> game = load_game("euchre(preset=north_american)")
>>> state = game.new_match(random.Random(1))
>>> state.deal_random(random.Random(1))
>>> view = state.view(state.current_player)
>>> message = view_message(view)
>>> message["legal"]
['order', 'order alone', 'pass']
>>> view_from_message(json.loads(encode(message)), game) == view
True
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from typing import Any

from tricktable.core import Game, SeatView
from tricktable.errors import TricktableError

PROTOCOL_VERSION = 1
"""The protocol version this tricktable speaks (``hello`` and ``ready`` carry it)."""


class ProtocolError(TricktableError):
    """A message that is not valid JSON, not an object, or lacks a field it needs."""


def encode(message: Mapping[str, Any]) -> bytes:
    """One message as a line of compact JSON (UTF-8, ending in a newline)."""
    return (json.dumps(message, separators=(",", ":")) + "\n").encode("utf-8")


def decode(line: bytes | str) -> dict[str, Any]:
    """One received line as a message; ``ProtocolError`` says what is wrong with it.

    >>> decode(b'{"type": "action", "action": "pass"}')
    {'type': 'action', 'action': 'pass'}
    >>> decode("pass")
    Traceback (most recent call last):
    ...
    tricktable.engine.protocol.ProtocolError: not a JSON line: 'pass'
    """
    text = line.decode("utf-8", errors="replace") if isinstance(line, bytes) else line
    text = text.strip()
    try:
        message = json.loads(text)
    except json.JSONDecodeError:
        raise ProtocolError(f"not a JSON line: {shorten(text)!r}") from None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise ProtocolError(f"not a message object with a string 'type': {shorten(text)!r}")
    return message


def shorten(text: str, limit: int = 120) -> str:
    """``text`` cut to ``limit`` characters, ending in ``...`` when cut."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


def hello_message() -> dict[str, Any]:
    """The first message tricktable sends."""
    from tricktable import __version__

    return {"type": "hello", "protocol": PROTOCOL_VERSION, "tricktable": __version__}


def rules_in_full(game: Game[Any]) -> dict[str, Any]:
    """The game's name, its rule string and its rules in full: every option's value (and the
    preset they start from), so that a program needs no table of presets. ``game`` carries
    it, and ``tricktable rules GAME --json`` prints it.

    >>> from tricktable import load_game
    >>> full = rules_in_full(load_game("euchre(preset=british)"))
    >>> full["rules"], full["options"]["preset"], full["options"]["deck"]
    ('euchre(preset=british)', 'british', 25)
    """
    rules = game.rules
    options = {field.name: getattr(rules, field.name) for field in dataclasses.fields(rules)}
    return {"game": game.name, "rules": game.rule_string(), "options": options}


def game_message(game: Game[Any], seat: int) -> dict[str, Any]:
    """The game, its rules in full and the engine's seat, sent before the match's first
    decision."""
    return {
        "type": "game",
        **rules_in_full(game),
        "players": game.players,
        "sides": [list(side) for side in game.sides],
        "seat": seat,
    }


def view_message(view: SeatView) -> dict[str, Any]:
    """The seat's view as the protocol sends it (``decide``'s ``view``): cards as text.

    The one place the view becomes JSON on the engine wire.
    """
    return view.to_json()


def view_from_message(message: object, game: Game[Any]) -> SeatView:
    """The ``SeatView`` a ``view_message`` of ``game`` describes, its public facts typed by
    the game's ``facts_type`` (what a served bot receives). ``ProtocolError`` names what is
    wrong with a view that is malformed or of another game.

    >>> from tricktable import load_game
    >>> game = load_game("euchre(preset=north_american)")
    >>> view_from_message({"game": game.name, "seat": 0}, game)
    Traceback (most recent call last):
    ...
    tricktable.engine.protocol.ProtocolError: not a seat view: view has no field 'players'
    """
    if isinstance(message, Mapping) and "game" in message and message["game"] != game.name:
        raise _not_this_game(message["game"], game)
    try:
        view = SeatView.from_json(message, game.facts_type)
    except TricktableError as error:
        raise ProtocolError(f"not a seat view: {error}") from None
    if view.players != game.players:
        raise _not_this_game(view.game, game, f" for {view.players} players")
    return view


def _not_this_game(name: object, game: Game[Any], players: str = "") -> ProtocolError:
    return ProtocolError(
        f"not a seat view of this game: a view of {name!r}{players}, but the game is"
        f" {game.name!r} for {game.players} players"
    )


def decide_message(
    view: SeatView, seed: int, move_ms: int | None, remaining_ms: int | None
) -> dict[str, Any]:
    """A request for one action: the view, a seed for the engine's randomness, the time.

    ``move_ms`` is this decision's budget, ``remaining_ms`` what is left of the match's
    clock (``None``: no limit of that kind).
    """
    return {
        "type": "decide",
        "view": view_message(view),
        "seed": seed,
        "time": {"move_ms": move_ms, "remaining_ms": remaining_ms},
    }


def error_message(text: str) -> dict[str, Any]:
    """An ``error`` message (either side may send one)."""
    return {"type": "error", "message": text}
