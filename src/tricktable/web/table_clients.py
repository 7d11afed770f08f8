"""A table's connections (``Client``) and what they are told: refusals (``Rejected``), the
chat presets."""

from __future__ import annotations

import asyncio
import itertools
import json
from collections.abc import Sequence
from typing import Any

from tricktable.web.limits import RateLimit

CHAT_PRESETS: tuple[str, ...] = (
    "Hello!",
    "Good luck!",
    "Well played!",
    "Nice trick!",
    "Oops!",
    "Thanks!",
    "One more?",
    "Good game!",
)
"""The only chat messages: chosen by index, so no free text reaches other players."""


def compact(message: dict[str, Any]) -> str:
    """A message as JSON text without spaces.

    >>> compact({"type": "pong"})
    '{"type":"pong"}'
    """
    return json.dumps(message, separators=(",", ":"))


class Rejected(Exception):
    """An action or request refused; ``code`` and ``message`` go back to the client."""

    def __init__(self, code: str, message: str, legal: Sequence[str] = ()) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.legal = list(legal)

    def to_json(self) -> dict[str, Any]:
        return {"type": "error", "code": self.code, "message": self.message, "legal": self.legal}


def changed_meanwhile() -> Rejected:
    """The refusal of a change to a table that another process of the room changed first."""
    return Rejected(
        "conflict", "the table's seats changed meanwhile; nothing was changed: try again"
    )


_CONNECTIONS = itertools.count()


class Client:
    """One websocket connection: its seat (``None`` for a spectator) and its outbox.

    Messages are queued and written by the connection's own task, so a slow client never
    holds up a table; a client too far behind is dropped.
    """

    MAX_QUEUE = 256

    def __init__(self, seat: int | None, chat_limit: RateLimit | None = None) -> None:
        self.seat = seat
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.closed = False
        self.chat_limit = chat_limit or RateLimit(0.5, 3)
        """How often this connection may chat."""
        self.number = next(_CONNECTIONS)
        """Connections are numbered in the order they open (the oldest is replaced first)."""

    def send(self, message: dict[str, Any] | str) -> None:
        """Queue a message (a dict, or one already written as JSON text)."""
        if self.closed:
            return
        if self.outbox.qsize() >= self.MAX_QUEUE:
            self.closed = True
            self.outbox.put_nowait(None)
            return
        self.outbox.put_nowait(message if isinstance(message, str) else compact(message))

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.outbox.put_nowait(None)
