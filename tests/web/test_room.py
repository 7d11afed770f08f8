"""One card room, several processes: real ``tricktable serve`` processes on loopback sharing
one real PostgreSQL database (docs/architecture.md, "One room, many processes")."""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import ClientConnection, connect

from tests.web.conftest import free_port, hello, receive, reply_to
from tests.web.test_restart import Process
from tricktable.web.store import Store

HUMANS = [{"kind": "human"}] * 4


def call(port: int, method: str, path: str, body: Any = None) -> tuple[int, Any]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}",
        data=data,
        method=method,
        headers={"Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def socket(port: int, table_id: str) -> ClientConnection:
    return connect(f"ws://127.0.0.1:{port}/ws/{table_id}", open_timeout=10)


@pytest.fixture
def room(postgres_url: str, tmp_path: Path) -> Iterator[tuple[str, list[Process]]]:
    """Two ``tricktable serve`` processes sharing one PostgreSQL database."""
    started: list[Process] = []
    try:
        for name in ("a", "b"):
            started.append(
                Process(
                    postgres_url,
                    free_port(),
                    tmp_path / f"{name}.log",
                    "--tables-per-address",
                    "3",
                )
            )
        yield postgres_url, started
    finally:
        for process in started:
            process.stop()


def people_table(a: int, b: int) -> tuple[str, list[str]]:
    """A euchre table of four people, created on ``a``; seats 1 and 2 joined on ``b``,
    seat 3 on ``a``. Returns its id and the seats' tokens."""
    status, table = call(
        a,
        "POST",
        "/api/tables",
        {
            "game": "euchre",
            "seats": HUMANS,
            "sit": 0,
            "name": "Ann",
            "autoplay_after": 3600,
        },
    )
    assert status == 201, table
    tokens = [table["token"]]
    for seat, port in ((1, b), (2, b), (3, a)):
        status, joined = call(port, "POST", f"/api/tables/{table['id']}/join", {"seat": seat})
        assert status == 200, joined
        tokens.append(joined["token"])
    return table["id"], tokens


def at_once(sends: list[tuple[ClientConnection, dict[str, Any]]]) -> list[dict[str, Any]]:
    """Send each message on its socket at the same moment (one thread each); the ack or
    error that answers each."""
    barrier = threading.Barrier(len(sends))
    replies: list[dict[str, Any]] = [{} for _ in sends]

    def send(index: int, ws: ClientConnection, message: dict[str, Any]) -> None:
        barrier.wait()
        replies[index] = reply_to(ws, message, ("ack", "error"))

    threads = [
        threading.Thread(target=send, args=(index, ws, message))
        for index, (ws, message) in enumerate(sends)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return replies


def stored_actions(database: str, table_id: str) -> list[tuple[int, int | None, str]]:
    store = Store(database)
    try:
        return [(e.seq, e.seat, e.payload) for e in store.events_of(table_id) if e.kind == "act"]
    finally:
        store.close()


def test_duplicate_and_racing_actions_on_two_processes_apply_exactly_one(
    room: tuple[str, list[Process]],
) -> None:
    """Each turn, the seat to act sends the same action twice and another legal action twice,
    at once, through connections on both processes: exactly one is applied, the same action
    is acknowledged as a duplicate, the other refused; both processes agree throughout."""
    database, (a, b) = room
    table_id, tokens = people_table(a.port, b.port)
    sockets: dict[tuple[int, int], list[ClientConnection]] = {}
    views: dict[int, dict[str, Any]] = {}
    try:
        for seat, token in enumerate(tokens):
            for port in (a.port, b.port):
                pair = [socket(port, table_id), socket(port, table_id)]
                for ws in pair:
                    views[seat] = hello(ws, seat, token)["state"]
                sockets[(seat, port)] = pair
        spectator = socket(b.port, table_id)
        seen = [hello(spectator)["state"]["seq"]]
        decisions = 10
        for seq in range(decisions):
            seat = views[0]["to_act"]
            view = views[seat]
            while view["seq"] != seq:  # this seat's own copy of the latest view
                view = receive(sockets[(seat, a.port)][0], "state")["view"]
            legal = view["legal"]
            chosen, other = legal[0], legal[-1]
            racers = [
                (ws, chosen if index % 2 == 0 else other)
                for index, ws in enumerate(sockets[(seat, a.port)] + sockets[(seat, b.port)])
            ]
            replies = at_once(
                [(ws, {"type": "act", "seq": seq, "action": action}) for ws, action in racers]
            )
            applied = [r for r in replies if r["type"] == "ack" and not r["duplicate"]]
            assert len(applied) == 1, replies
            winner = applied[0]["action"]
            for reply, (_, action) in zip(replies, racers, strict=True):
                if reply is applied[0]:
                    continue
                if action == winner:
                    assert reply["type"] == "ack" and reply["duplicate"], replies
                else:
                    assert reply["type"] == "error" and reply["code"] == "stale", replies
            for other_seat in range(4):  # every seat's view, on both processes, moves on
                ws = sockets[(other_seat, b.port)][0]
                views[other_seat] = receive(ws, "state")["view"]
                while views[other_seat]["seq"] != seq + 1:
                    views[other_seat] = receive(ws, "state")["view"]
            while seen[-1] != seq + 1:
                seen.append(receive(spectator, "state")["view"]["seq"])
        spectator.close()
    finally:
        for pair in sockets.values():
            for ws in pair:
                ws.close()
    assert seen == list(range(seen[0], decisions + 1))  # each action once, in order
    actions = stored_actions(database, table_id)
    assert [seq for seq, _, _ in actions] != []
    assert len(actions) == decisions
    for port in (a.port, b.port):
        status, summary = call(port, "GET", f"/api/tables/{table_id}")
        assert status == 200 and summary["decisions"] == decisions
