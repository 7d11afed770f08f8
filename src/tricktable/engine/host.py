"""One of our bots served as an engine: ``tricktable engine --bot hard``.

``serve(bot_name, stdin, stdout)`` answers the engine protocol on a pair of byte streams
until ``quit`` or the end of input. It is the other side of ``SubprocessBot``, so every
bot tricktable has can be run by any program that speaks the protocol, and the protocol
is tested in both directions.

>>> import io, json
>>> lines = [{"type": "hello", "protocol": 1}, {"type": "quit"}]
>>> out = io.BytesIO()
>>> serve("random", io.BytesIO(b"".join(encode(m) for m in lines)), out)
0
>>> json.loads(out.getvalue())["name"]
'random'
"""

from __future__ import annotations

import random
from typing import IO, Any

from tricktable.bots import Bot, make_bot
from tricktable.core import Game
from tricktable.engine.protocol import (
    PROTOCOL_VERSION,
    ProtocolError,
    decode,
    encode,
    error_message,
    view_from_message,
)
from tricktable.errors import TricktableError


def serve(bot_name: str, stdin: IO[bytes], stdout: IO[bytes]) -> int:
    """Answer the protocol with the bot ``bot_name``; the exit status (0 after ``quit``).

    Every message gets one answer line; a message that cannot be served gets an
    ``error`` answer and the engine carries on.
    """
    game: Game[Any] | None = None
    bot: Bot | None = None
    for line in stdin:
        if not line.strip():
            continue
        try:
            message = decode(line)
            kind = message["type"]
            if kind == "quit":
                return 0
            if kind == "error":  # tricktable says why it stopped listening to us
                continue
            if kind == "hello":
                reply = _ready(bot_name, message)
            elif kind == "options":
                reply = _options(message)
            elif kind == "game":
                from tricktable.games import load_game

                game = load_game(str(message["rules"]), players=int(message["players"]))
                bot = make_bot(bot_name, game, int(message["seat"]), trusted=True)
                reply = {"type": "ok"}
            elif kind == "decide":
                if bot is None or game is None:
                    raise ProtocolError("decide before game")
                view = view_from_message(message["view"], game)
                action = bot.choose(view, random.Random(int(message["seed"])))
                reply = {"type": "action", "action": action}
            else:
                raise ProtocolError(
                    f"unknown message type {kind!r}; types: hello, options, game, decide, quit"
                )
        except (TricktableError, KeyError, TypeError, ValueError) as error:
            reply = error_message(str(error))
        stdout.write(encode(reply))
        stdout.flush()
    return 0


def _ready(bot_name: str, hello: dict[str, Any]) -> dict[str, Any]:
    if hello.get("protocol") != PROTOCOL_VERSION:
        raise ProtocolError(
            f"protocol {hello.get('protocol')!r} is not spoken here; this engine speaks"
            f" {PROTOCOL_VERSION}"
        )
    return {
        "type": "ready",
        "protocol": PROTOCOL_VERSION,
        "name": bot_name,
        "author": "tricktable",
        "options": [],
    }


def _options(message: dict[str, Any]) -> dict[str, Any]:
    values = message.get("values", {})
    if values:
        raise ProtocolError(f"no options here; got {', '.join(map(str, values))}")
    return {"type": "ok"}
