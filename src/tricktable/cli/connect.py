"""``tricktable connect URL --token T --bot cmd:…``: a remote bot for a web card room.

It asks the room which seats want its bot account (``GET /api/bots/wanted``: seats a
table's host marked "bot wanted", for any bot or for this one), takes each
(``POST /api/bots/join``) and plays it over the table's websocket, carrying the engine
protocol to the local program: each state of its seat that asks it to act holds the
protocol's ``decide`` (``engine``), which goes to the program as is, and its action goes
back as the seat's ``act``. One table at a time per ``--tables`` (every seat of it that
wants the bot: a ladder's table may want it at two seats); it asks for seats also while
all are played, so the room knows it is connected (the bot ladder enters connected bots).
It runs until interrupted, or until ``--matches`` matches have ended (docs/remote-bots.md).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from typing import Any

from tricktable.engine.client import EngineError, SubprocessBot
from tricktable.errors import TricktableError

POLL_S = 2.0
"""Seconds between two asks for wanted seats."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("url", help="the card room's address, e.g. https://cards.example.org")
    parser.add_argument(
        "--token", required=True, help="the bot account's token (tricktable bot-account create)"
    )
    parser.add_argument(
        "--bot",
        required=True,
        metavar="cmd:COMMAND",
        help="the program that plays (the engine protocol, docs/engine-protocol.md); time"
        " and limits in brackets, as everywhere: cmd(move_ms=2000):./mybot",
    )
    parser.add_argument(
        "--tables", type=int, default=1, metavar="N", help="tables played at once (default 1)"
    )
    parser.add_argument(
        "--matches",
        type=int,
        metavar="N",
        help="stop after N matches have ended (default: play until interrupted)",
    )
    parser.add_argument(
        "--poll", type=float, default=POLL_S, metavar="S", help="seconds between asks for seats"
    )


class Room:
    """The card room at ``url``, as the bot account of ``token`` sees it."""

    def __init__(self, url: str, token: str) -> None:
        self.url = url.rstrip("/")
        self.token = token

    def call(self, method: str, path: str, body: Any = None) -> Any:
        """A JSON request with the account's token; ``TricktableError`` with the room's
        words when it refuses."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            self.url + path,
            data=data,
            method=method,
            headers={"Content-Type": "application/json", "Authorization": f"Bearer {self.token}"},
        )
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return json.loads(response.read())
        except urllib.error.HTTPError as error:
            try:
                message = json.loads(error.read()).get("message", "")
            except ValueError:
                message = ""
            raise TricktableError(f"{method} {path}: {error.code} {message}".strip()) from None
        except (urllib.error.URLError, OSError) as error:
            raise TricktableError(f"cannot reach {self.url}: {error}") from None

    def socket_url(self, table_id: str) -> str:
        parts = urllib.parse.urlsplit(self.url)
        scheme = "wss" if parts.scheme == "https" else "ws"
        return f"{scheme}://{parts.netloc}{parts.path}/ws/{table_id}"


def play_seat(room: Room, joined: dict[str, Any], bot_spec: str, say: Any) -> str:
    """Play the seat ``joined`` (the answer of ``/api/bots/join``) to the end of its match,
    the program ``bot_spec`` deciding; returns how it ended."""
    from websockets.sync.client import connect

    from tricktable.bots import make_bot
    from tricktable.engine.protocol import view_from_message
    from tricktable.games import load_game

    game = load_game(joined["rules"])
    seat = int(joined["seat"])
    bot = make_bot(bot_spec, game, seat, trusted=True)
    assert isinstance(bot, SubprocessBot)
    where = f"table {joined['table']} seat {seat + 1}"
    answered = -1
    try:
        with connect(room.socket_url(joined["table"]), open_timeout=30) as ws:
            ws.send(json.dumps({"type": "hello", "seat": seat, "token": joined["token"]}))
            while True:
                message = json.loads(ws.recv(timeout=600))
                kind = message.get("type")
                if kind == "error":
                    if message.get("code") in ("seat_lost", "seat_freed", "bad_token"):
                        return f"{where}: lost the seat: {message.get('message')}"
                    say(f"{where}: the room refused: {message.get('message')}")
                    continue
                view = (message.get("state") if kind == "welcome" else message.get("view")) or {}
                if kind not in ("welcome", "state") or not view:
                    continue
                if view.get("finished"):
                    return f"{where}: the match ended"
                question = view.get("engine")
                seq = view.get("seq")
                if question is None or not isinstance(seq, int) or seq <= answered:
                    continue
                seat_view = view_from_message(question["view"], game)
                action = bot.choose(seat_view, random.Random(question["seed"]))
                answered = seq
                ws.send(json.dumps({"type": "act", "seq": seq, "action": action}))
    except EngineError as error:
        return f"{where}: the program failed: {error.reason}"
    except TimeoutError:
        return f"{where}: the room was silent for 10 minutes"
    except Exception as error:  # the connection went: the room gives the seat to a level
        return f"{where}: the connection ended: {error}"
    finally:
        bot.close()


def run(args: argparse.Namespace) -> int:
    try:
        import websockets.sync.client  # noqa: F401
    except ImportError:
        print(
            "error: tricktable connect needs the 'web' extra (websockets); install it with:"
            " pip install 'tricktable[web]'",
            file=sys.stderr,
        )
        return 2
    if not args.bot.startswith(("cmd:", "cmd(")):
        print(f"error: --bot must be cmd:COMMAND, not {args.bot!r}", file=sys.stderr)
        return 2
    if args.tables < 1 or (args.matches is not None and args.matches < 1) or args.poll <= 0:
        print("error: --tables and --matches must be 1 or more, --poll above 0", file=sys.stderr)
        return 2
    room = Room(args.url, args.token)
    try:
        me = room.call("GET", "/api/bots/wanted")["bot"]
    except TricktableError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    lock = threading.Lock()

    def say(line: str) -> None:
        with lock:
            print(line, flush=True)

    say(f"connected to {room.url} as {me['name']} (of {me['owner']})")
    playing: dict[str, list[threading.Thread]] = {}  # per table, its seats' players
    ended = 0

    def play(joined: dict[str, Any]) -> None:
        say(play_seat(room, joined, args.bot, say))

    try:
        while args.matches is None or ended < args.matches:
            for key in [key for key, threads in playing.items() if not any_alive(threads)]:
                del playing[key]
                with lock:
                    ended += 1
            started = ended + len(playing)
            room_left = args.tables - len(playing)
            if args.matches is not None:
                room_left = min(room_left, args.matches - started)
            with contextlib.suppress(TricktableError):  # asked also when full: it is connected
                wanted = room.call("GET", "/api/bots/wanted")["seats"]
                for table_id, seats in by_table(wanted, set(playing))[: max(0, room_left)]:
                    threads = []
                    for seat in seats:  # every seat of the table that wants it (a ladder's)
                        try:
                            joined = room.call("POST", "/api/bots/join", seat)
                        except TricktableError as error:
                            say(f"table {table_id} seat {seat['seat'] + 1}: {error}")
                            continue
                        say(f"table {joined['table']} seat {joined['seat'] + 1}: playing")
                        thread = threading.Thread(target=play, args=(joined,), daemon=True)
                        threads.append(thread)
                        thread.start()
                    if threads:
                        playing[table_id] = threads
            time.sleep(args.poll)
    except KeyboardInterrupt:
        return 130
    for threads in playing.values():
        for thread in threads:
            thread.join()
    return 0


def any_alive(threads: list[threading.Thread]) -> bool:
    return any(thread.is_alive() for thread in threads)


def by_table(
    seats: list[dict[str, Any]], playing: set[str]
) -> list[tuple[str, list[dict[str, Any]]]]:
    """The wanted ``seats`` (``/api/bots/wanted``) grouped by table, in the order the room
    gave them, without the tables being played already.

    >>> by_table([{"table": "a", "seat": 0}, {"table": "b", "seat": 1},
    ...           {"table": "a", "seat": 2}], {"b"})
    [('a', [{'table': 'a', 'seat': 0}, {'table': 'a', 'seat': 2}])]
    """
    grouped: dict[str, list[dict[str, Any]]] = {}
    for seat in seats:
        if seat["table"] not in playing:
            grouped.setdefault(seat["table"], []).append(seat)
    return list(grouped.items())
