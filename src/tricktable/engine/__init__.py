"""Bots from outside: the engine protocol (docs/engine-protocol.md).

``SubprocessBot`` runs a program that speaks the protocol as a bot (``make_bot("cmd:...")``);
``serve`` runs one of our bots as such a program (``tricktable engine --bot hard``).
"""

from tricktable.engine.client import EngineError, SubprocessBot, TimeControl
from tricktable.engine.host import serve
from tricktable.engine.protocol import (
    PROTOCOL_VERSION,
    ProtocolError,
    view_from_message,
    view_message,
)

__all__ = [
    "PROTOCOL_VERSION",
    "EngineError",
    "ProtocolError",
    "SubprocessBot",
    "TimeControl",
    "serve",
    "view_from_message",
    "view_message",
]
