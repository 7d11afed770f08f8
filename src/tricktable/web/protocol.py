"""Client messages of the websocket protocol (``docs/protocol.md``): parsing and limits.

Every message is one JSON object of at most ``MAX_MESSAGE`` bytes with a ``type``. Anything
else is refused with a ``Rejected`` that names the problem; nothing here touches a table.

>>> parse_message('{"type": "act", "seq": 3, "action": "play JS"}')
{'type': 'act', 'seq': 3, 'action': 'play JS'}
>>> parse_message('{"type": "act", "seq": "3", "action": "play JS"}')
Traceback (most recent call last):
...
tricktable.web.table_clients.Rejected: 'seq' must be a whole number >= 0
"""

from __future__ import annotations

import json
from typing import Any

from tricktable.web.limits import AddressLimits, RateLimit
from tricktable.web.tables import CHAT_PRESETS, Rejected

__all__ = ["MAX_MESSAGE", "AddressLimits", "RateLimit", "load_json", "parse_message"]

MAX_MESSAGE = 4096
"""The largest client message accepted, in bytes."""

MAX_ACTION = 64
"""The longest action text accepted."""

TYPES = ("hello", "act", "chat", "ping", "fill", "continue")


def load_json(body: str | bytes, what: str = "a message") -> Any:
    """``body`` parsed as UTF-8 JSON, or ``Rejected`` (``malformed``) saying what was wrong.

    Bad encodings and JSON nested too deeply for the parser (``RecursionError``) are refused
    like any other malformed input, never left to fail as an uncaught error.

    >>> load_json(b"[1, 2]")
    [1, 2]
    >>> load_json(b"\\xff\\xfe\\x00", "the body")
    Traceback (most recent call last):
    ...
    tricktable.web.table_clients.Rejected: the body must be UTF-8 text
    >>> load_json("[" * 100_000 + "]" * 100_000)
    Traceback (most recent call last):
    ...
    tricktable.web.table_clients.Rejected: a message is nested too deeply
    """
    if isinstance(body, bytes):
        try:
            body = body.decode("utf-8")
        except UnicodeDecodeError:
            raise Rejected("malformed", f"{what} must be UTF-8 text") from None
    try:
        return json.loads(body)
    except RecursionError:
        raise Rejected("malformed", f"{what} is nested too deeply") from None
    except ValueError:
        raise Rejected("malformed", f"{what} must be JSON") from None


def parse_message(text: str | bytes) -> dict[str, Any]:
    """A checked client message, or ``Rejected`` (codes ``too_large`` / ``malformed``)."""
    if len(text) > MAX_MESSAGE:
        raise Rejected("too_large", f"messages are limited to {MAX_MESSAGE} bytes")
    data = load_json(text)
    if not isinstance(data, dict):
        raise Rejected("malformed", "a message must be one JSON object")
    kind = data.get("type")
    if kind not in TYPES:
        raise Rejected("malformed", f"'type' must be one of {', '.join(TYPES)}")
    if kind == "hello":
        seat = data.get("seat")
        if seat is not None and not _whole(seat):
            raise Rejected("malformed", "'seat' must be a seat number or null")
        for key in ("token", "invite"):
            value = data.get(key)
            if value is not None and (not isinstance(value, str) or len(value) > 200):
                raise Rejected("malformed", f"'{key}' must be a text")
        if seat is not None and data.get("token") is None:
            raise Rejected("malformed", "a seat needs its 'token'")
    elif kind == "act":
        if not _whole(data.get("seq")):
            raise Rejected("malformed", "'seq' must be a whole number >= 0")
        action = data.get("action")
        if not isinstance(action, str) or not action.strip() or len(action) > MAX_ACTION:
            raise Rejected("malformed", f"'action' must be an action text of 1-{MAX_ACTION} chars")
    elif kind == "fill":
        wanted = data.get("seats")
        if not isinstance(wanted, list) or not wanted or not all(_whole(s) for s in wanted):
            raise Rejected("malformed", "'seats' must list the seat numbers to give to a bot")
        bot = data.get("bot")
        if not isinstance(bot, str) or not bot.strip() or len(bot) > 40:
            raise Rejected("malformed", "'bot' must be a bot name, e.g. medium")
    elif kind == "continue":
        if not _whole(data.get("deals")):
            raise Rejected("malformed", "'deals' must be the number of finished deals seen")
    elif kind == "chat":
        preset = data.get("preset")
        if not isinstance(preset, int) or not _whole(preset) or preset >= len(CHAT_PRESETS):
            raise Rejected(
                "malformed", f"'preset' must be a chat preset number 0-{len(CHAT_PRESETS) - 1}"
            )
    return data


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0
