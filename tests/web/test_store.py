"""Storage on SQLite (always) and PostgreSQL (CI starts one; see ``.ci/run``)."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator

import pytest

from tests.web.conftest import Server, hello, receive
from tests.web.test_websocket import act, play_to_end, wait_my_turn
from tricktable.record import record_of, replay_record
from tricktable.web.store import Event, EventWriter, Store

BACKENDS = ["sqlite", "postgresql"]


@pytest.fixture(params=BACKENDS)
def database(request: pytest.FixtureRequest) -> Iterator[str]:
    """A fresh database URL of each backend."""
    if request.param == "sqlite":
        yield request.getfixturevalue("sqlite_url")
    else:
        yield request.getfixturevalue("postgres_url")


def table_row(table_id: str, private: bool = False) -> dict[str, object]:
    return {
        "id": table_id,
        "game": "euchre",
        "rules": json.dumps({"preset": "north_american"}),
        "players": 4,
        "private": private,
        "invite": "code-" + table_id if private else None,
        "config": "{}",
        "seed": "1",
        "first_dealer": 0,
        "status": "playing",
        "created": 1.0,
    }


def test_tables_seats_events_and_records(database: str) -> None:
    store = Store(database)
    try:
        store.create_table(table_row("t1"), ["A", "B", "C", "D"])
        store.create_table(table_row("t2", private=True), ["A", "B", "C", "D"])
        assert {row["id"] for row in store.active_tables()} == {"t1", "t2"}
        assert store.claim_seat("t1", 2, "Cid", "h" * 64)
        assert not store.claim_seat("t1", 2, "Eve", "e" * 64)  # taken: the first holder keeps it
        seats = store.seat_rows("t1")
        assert [s["name"] for s in seats] == ["A", "B", "Cid", "D"]
        assert seats[2]["token_hash"] == "h" * 64 and seats[0]["token_hash"] is None
        store.append([Event("t1", 0, "deal", None, "{}"), Event("t1", 1, "act", 1, "pass")])
        with pytest.raises(Exception):  # noqa: B017 - the driver's own IntegrityError
            store.append([Event("t1", 2, "act", 2, "pass"), Event("t1", 1, "act", 2, "order")])
        assert [(e.seq, e.payload) for e in store.events_of("t1")] == [(0, "{}"), (1, "pass")]
        store.finish("t1", "euchre", {"names": ["A"], "scores": [10, 3]}, '{"game": "euchre"}')
        store.finish("t1", "euchre", {"names": ["A"], "scores": [0, 0]}, "{}")  # idempotent
        store.finish("t2", "euchre", {"names": ["B"], "scores": [1, 10]}, '{"game": "euchre"}')
        assert [row["id"] for row in store.active_tables()] == []
        listed = store.list_records()
        assert [(r["table"], r["scores"]) for r in listed] == [("t1", [10, 3])]  # t2 is private
        assert store.record_text("t1") == '{"game": "euchre"}'
        assert store.record_text("nothing") is None
    finally:
        store.close()
    again = Store(database)  # the migrations run again on an existing schema: nothing to do
    try:
        assert again.record_text("t1") == '{"game": "euchre"}'
    finally:
        again.close()


def test_group_commit_isolates_a_failing_batch(database: str) -> None:
    store = Store(database)
    writer = EventWriter(store)
    try:
        for name in ("a", "b"):
            store.create_table(table_row(name), ["A", "B", "C", "D"])

        async def write_all() -> list[BaseException | None]:
            good = [writer.write([Event("a", i, "act", 0, f"x{i}")]) for i in range(50)]
            clash = writer.write([Event("b", 0, "act", 0, "one"), Event("b", 0, "act", 0, "two")])
            results = await asyncio.gather(*good, clash, return_exceptions=True)
            return list(results)

        results = asyncio.run(write_all())
        assert results[:50] == [None] * 50
        assert isinstance(results[50], Exception)
        assert len(store.events_of("a")) == 50
        assert store.events_of("b") == []
    finally:
        writer.close()
        store.close()


def test_a_match_is_stored_and_rebuilt_after_a_restart(database: str) -> None:
    server = Server(database).start()
    body = {
        "game": "euchre",
        "rules": {"target": None},
        "seats": [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * 3,
        "sit": 0,
        "bot_delay": 0,
        "seed": 3,
    }
    try:
        table = server.create(**body)
        with server.socket(table["id"]) as ws:
            view = wait_my_turn(ws, 0, hello(ws, 0, table["token"])["state"])
            assert act(ws, view["seq"], view["legal"][0])["type"] == "ack"
            view = wait_my_turn(ws, 0, receive(ws, "state")["view"])
        before = server.call(_record(server, table["id"]))
    finally:
        server.stop()
    server = Server(database).start()  # a new server on the same database
    try:
        assert server.call(_record(server, table["id"])) == before
        with server.socket(table["id"]) as ws:
            again = hello(ws, 0, table["token"])["state"]
            assert (again["seq"], again["hand"], again["legal"]) == (
                view["seq"],
                view["hand"],
                view["legal"],
            )
            final = play_to_end(ws, 0, again)
        assert final["finished"]
        status, text = server.request("GET", f"/api/records/{table['id']}")
        assert status == 200
        stored = json.loads(text) if isinstance(text, str) else text
        assert (
            stored["deals"][0]["actions"][: len(before["deals"][0]["actions"])]
            == (before["deals"][0]["actions"])
        )
        assert replay_record(stored).is_terminal()
    finally:
        server.stop()


async def _record(server: Server, table_id: str) -> dict[str, object]:
    table = server.manager.tables[table_id]
    async with table.lock:
        return record_of(table.state)


def test_a_table_stored_before_its_first_deal_is_dealt_on_restart(database: str) -> None:
    store = Store(database)
    config = {"seats": [{"kind": "bot", "bot": "random"}] * 4, "bot_delay": 0.0}
    row = {**table_row("early"), "config": json.dumps(config)}
    store.create_table(row, ["a", "b", "c", "d"])
    store.close()
    server = Server(database).start()
    try:
        deadline = time.monotonic() + 30
        table = server.manager.tables["early"]
        while not table.state.is_terminal() and table.seq < 10:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        stored = Store(database)
        try:
            kinds = [event.kind for event in stored.events_of("early")]
        finally:
            stored.close()
        assert kinds[0] == "deal" and "act" in kinds
    finally:
        server.stop()


def test_a_table_that_cannot_be_rebuilt_does_not_stop_the_server(database: str) -> None:
    store = Store(database)
    config = {"seats": [{"kind": "human", "bot": "random"}] * 4, "bot_delay": 0.0}
    for name in ("good", "bad"):
        store.create_table({**table_row(name), "config": json.dumps(config)}, ["a"] * 4)
    store.append([Event("bad", 0, "deal", None, '{"hands": [["ZZ"]]}')])
    store.close()
    server = Server(database).start()
    try:
        assert set(server.manager.tables) == {"good"}
    finally:
        server.stop()


@pytest.mark.parametrize(("setting", "pragma"), [("full", 2), ("normal", 1)])
def test_sqlite_syncs_every_commit_by_default(sqlite_url: str, setting: str, pragma: int) -> None:
    """An acknowledged action survives an OS crash: SQLite syncs the log at each commit
    (``synchronous=FULL``) unless the operator asks for ``normal``."""
    from sqlalchemy import text

    store = Store(sqlite_url) if setting == "full" else Store(sqlite_url, setting)
    try:
        with store.engine.connect() as conn:
            assert conn.execute(text("PRAGMA synchronous")).scalar() == pragma
            assert conn.execute(text("PRAGMA journal_mode")).scalar() == "wal"
    finally:
        store.close()
