"""A room's notifications by shard: a process hears the changes of the tables it holds a copy
of and of no other (docs/architecture.md, "One room, many processes"). Two processes of a
room in this test's process, on one real PostgreSQL database."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from websockets.sync.client import ClientConnection

from tests.web.conftest import Server, hello, receive, reply_to
from tricktable.web.manager import COPY_KEEP
from tricktable.web.room import payload_of
from tricktable.web.store import Store

HUMANS = [{"kind": "human"}] * 4


@pytest.fixture
def pair(postgres_url: str) -> Iterator[tuple[Server, Server]]:
    """Processes a and b of one room."""
    a = Server(postgres_url, room=True).start()
    b = Server(postgres_url, room=True).start()
    try:
        yield a, b
    finally:
        b.stop()
        a.stop()


def heard_by(server: Server) -> list[tuple[str, str]]:
    """Every notification the process receives from now on, as ``(table, kind)``."""
    heard: list[tuple[str, str]] = []
    room = server.manager.room
    receive_notice: Callable[[str], None] = room.on_notice

    def counting(note: str) -> None:
        data = payload_of(note)
        heard.append((str(data["t"]), str(data["k"])))
        receive_notice(note)

    room.on_notice = counting
    return heard


def play(ws: ClientConnection, view: dict[str, Any], times: int) -> dict[str, Any]:
    """Seat 0 acts ``times`` times (the bots answer at once); its view once it is seat 0's
    turn again (the table waits for it: nothing more is stored meanwhile)."""
    for _ in range(times):
        while view["to_act"] != 0:
            view = receive(ws, "state")["view"]
        act = {"type": "act", "seq": view["seq"], "action": view["legal"][0]}
        reply_to(ws, act, ("ack",))
        view = receive(ws, "state")["view"]
    while view["to_act"] != 0:
        view = receive(ws, "state")["view"]
    return view


def stored_count(database: str, table_id: str) -> int:
    store = Store(database)
    try:
        return len(store.events_of(table_id))
    finally:
        store.close()


def until(check: Callable[[], bool], seconds: float = 15.0) -> bool:
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def test_a_process_with_no_copy_of_a_table_hears_none_of_its_notifications(
    pair: tuple[Server, Server],
) -> None:
    """b holds a table of its own and none of a's: of a's table it hears the room-wide
    announcement that it exists, and nothing of the actions played there (on one channel for
    the whole room it heard, and skipped, every one). Once b builds a copy it hears them;
    once it drops the copy, it stops listening and hears none again."""
    a, b = pair
    heard_a, heard_b = heard_by(a), heard_by(b)
    table = a.create_with_bots("euchre", seed=7)
    channel = a.manager.store.channel(table["id"])
    own = b.create(game="euchre", seats=HUMANS)
    while b.manager.store.channel(own["id"]) == channel:  # another shard than a's table
        own = b.create(game="euchre", seats=HUMANS)
    with a.socket(table["id"]) as ws:
        view = play(ws, hello(ws, 0, table["token"])["state"], 4)
        status, _ = b.request("POST", f"/api/tables/{own['id']}/join", {"seat": 1})
        assert status == 200
        assert until(lambda: (own["id"], "seats") in heard_b)
        assert until(lambda: sum(t == table["id"] for t, _ in heard_a) >= 4)
        assert [kind for t, kind in heard_b if t == table["id"]] == ["new"]

        assert b.get(f"/api/tables/{table['id']}")["id"] == table["id"]  # b builds a copy
        view = play(ws, view, 2)
        copy = b.manager.tables[table["id"]]
        assert until(lambda: copy.events == stored_count(a.database, table["id"]))
        assert (table["id"], "events") in heard_b

        later = time.monotonic() + COPY_KEEP + 1  # nobody asked b for it: b drops its copy
        b.call(b.manager.sweep(now=later))
        assert table["id"] not in b.manager.tables and own["id"] in b.manager.tables
        assert until(lambda: channel not in b.manager.room.listened)
        before = [note for note in heard_b if note[0] == table["id"]]
        play(ws, view, 3)
        status, _ = b.request("POST", f"/api/tables/{own['id']}/join", {"seat": 2})
        assert status == 200
        # Announced after a's actions, so heard after any of theirs that reached b.
        assert until(lambda: heard_b.count((own["id"], "seats")) == 2)
        assert [note for note in heard_b if note[0] == table["id"]] == before


def test_a_copy_built_after_a_burst_of_actions_is_in_step_and_follows(
    pair: tuple[Server, Server],
) -> None:
    """a plays a burst; b builds its copy, and just after b's last read of the table another
    burst is stored: b must be listening already, so its copy reaches every stored event with
    no further request or action (listening after the read would miss that burst for good).
    Then b follows the next burst too."""
    a, b = pair
    table = a.create_with_bots("euchre", seed=11)
    with a.socket(table["id"]) as ws:
        view = play(ws, hello(ws, 0, table["token"])["state"], 6)
        manager = b.manager
        current = manager.current
        bursts: list[dict[str, Any]] = []

        async def read_then_burst(held: Any) -> Any:
            if bursts:  # b reads the table no more: only what it hears brings it on
                return held
            read = await current(held)  # b's last read of the table, then a plays
            bursts.append(await asyncio.to_thread(play, ws, view, 3))
            return read

        manager.current = read_then_burst
        assert b.get(f"/api/tables/{table['id']}")["id"] == table["id"]
        assert bursts, "the burst ran while b built its copy"
        copy = manager.tables[table["id"]]
        stored = stored_count(a.database, table["id"])
        assert until(lambda: copy.events == stored)
        assert copy.events == a.manager.tables[table["id"]].events

        play(ws, bursts[0], 2)
        stored = stored_count(a.database, table["id"])
        assert until(lambda: copy.events == stored)


def test_a_process_with_another_number_of_shards_says_so(
    postgres_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    """Processes of one room spreading tables over different numbers of shards would miss
    each other's changes: the one that hears of the other's new table logs an error."""
    a = Server(postgres_url, room=True, room_shards=64).start()
    b = Server(postgres_url, room=True).start()
    try:
        with caplog.at_level(logging.ERROR, logger="tricktable.web"):
            a.create(game="euchre", seats=HUMANS)
            assert until(lambda: "the same --room-shards" in caplog.text)
    finally:
        b.stop()
        a.stop()
