"""The server's tables (issue 23, items 2, 5 and 7): per-address caps, a lobby that cannot be
flooded, expiry of tables nobody plays, the cap on tables with searching bots, and the host
token."""

from __future__ import annotations

import asyncio
import http.client
import json
import time
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from tests.web.conftest import Server, hello, receive
from tricktable.web.limits import ServerLimits

BOTS_ONLY = {"game": "euchre", "seats": [{"kind": "bot", "bot": "random"}] * 4, "bot_delay": 10}


def post_from(server: Server, address: str, path: str, body: Any) -> tuple[int, Any]:
    """A POST sent from another loopback address (``127.0.0.2``, ...)."""
    conn = http.client.HTTPConnection(
        "127.0.0.1", server.port, timeout=30, source_address=(address, 0)
    )
    try:
        conn.request("POST", path, json.dumps(body), {"Content-Type": "application/json"})
        response = conn.getresponse()
        return response.status, json.loads(response.read())
    finally:
        conn.close()


def test_one_address_fills_neither_the_server_nor_the_lobby(sqlite_url: str) -> None:
    limits = ServerLimits(tables_per_address=4, lobby_per_address=2)
    server = Server(sqlite_url, request_rate=None, limits=limits).start()
    try:
        for _ in range(4):
            assert post_from(server, "127.0.0.2", "/api/tables", BOTS_ONLY)[0] == 201
        status, answer = post_from(server, "127.0.0.2", "/api/tables", BOTS_ONLY)
        assert status == 429 and answer["error"] == "too_many"
        assert "4 tables open already" in answer["message"]
        server.create(**BOTS_ONLY)  # another address still gets a table
        listed = server.get("/api/tables")["tables"]
        assert len(listed) == 3  # two of the flooding address's four, and the other one
    finally:
        server.stop()


def test_tables_nobody_plays_expire_and_stay_gone_after_a_restart(sqlite_url: str) -> None:
    server = Server(sqlite_url).start()
    try:
        idle = server.create(game="euchre", seats=[{"kind": "human"}] * 4)
        watched = server.create(**BOTS_ONLY)
        with server.socket(watched["id"]) as ws:
            hello(ws)
            later = time.monotonic() + 10 * ServerLimits().table_expiry
            expired = server.call(server.manager.sweep(now=later))
        assert expired == [idle["id"]]  # a table someone watches stays
        assert server.request("GET", f"/api/tables/{idle['id']}")[0] == 404
    finally:
        server.stop()
    restarted = Server(sqlite_url).start()
    try:
        assert idle["id"] not in restarted.manager.tables
        assert watched["id"] in restarted.manager.tables
    finally:
        restarted.stop()


def test_tables_with_searching_bots_are_capped_politely(sqlite_url: str) -> None:
    server = Server(sqlite_url, limits=ServerLimits(search_tables=1)).start()
    try:
        seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "expert"}] * 3
        server.create(game="euchre", seats=seats, sit=0, bot_delay=10)
        status, answer = server.request(
            "POST", "/api/tables", {"game": "euchre", "seats": seats, "bot_delay": 10}
        )
        assert status == 503 and answer["error"] == "busy"
        assert "at most 1 tables with searching bots" in answer["message"]
        assert "heuristic" in answer["message"]
        server.create(game="euchre", seats=[{"kind": "bot"}] * 4, bot_delay=10)  # still fine
    finally:
        server.stop()


def four_seats(server: Server) -> tuple[dict[str, Any], str]:
    """A table of four people's seats, the creator at 0; seat 1 taken by a squatter who never
    connects (no timer, no autoplay: without the host the table would wait forever)."""
    table = server.create(
        game="euchre",
        seats=[{"kind": "human"}] * 4,
        sit=0,
        autoplay_after=None,
        bot_delay=0,
    )
    status, squatter = server.request("POST", f"/api/tables/{table['id']}/join", {"seat": 1})
    assert status == 200
    return table, squatter["token"]


def test_the_host_frees_a_squatted_seat(server: Server) -> None:
    table, squatter = four_seats(server)
    path = f"/api/tables/{table['id']}/host"
    status, answer = server.request("POST", path, {"host_token": "x" * 43, "op": "free_seat"})
    assert status == 403 and answer["error"] == "bad_token"
    with server.socket(table["id"]) as held:
        hello(held, 1, squatter)
        status, summary = server.request(
            "POST", path, {"host_token": table["host_token"], "op": "free_seat", "seat": 1}
        )
        assert status == 200 and summary["seats"][1]["taken"] is False
        assert receive(held, "error")["code"] == "seat_freed"
    with server.socket(table["id"]) as again:  # the squatter's token no longer works
        again.send(json.dumps({"type": "hello", "seat": 1, "token": squatter}))
        assert json.loads(again.recv(timeout=10))["code"] == "bad_token"
    status, answer = server.request("POST", f"/api/tables/{table['id']}/join", {"seat": 1})
    # The squatter may have seen this deal's cards: nobody sits there before the next deal
    # (tests/web/test_host_seats.py plays on to it).
    assert status == 409 and answer["error"] == "seat_held"


def test_the_host_gives_a_seat_to_a_bot_and_changes_the_settings(server: Server) -> None:
    table, _ = four_seats(server)
    path = f"/api/tables/{table['id']}/host"
    token = table["host_token"]
    status, summary = server.request(
        "POST", path, {"host_token": token, "op": "bot_seat", "seat": 1, "bot": "random"}
    )
    assert status == 200
    assert summary["seats"][1]["kind"] == "bot" and summary["seats"][1]["bot"] == "random"
    status, summary = server.request(
        "POST", path, {"host_token": token, "op": "settings", "turn_timer": 30, "autoplay_after": 5}
    )
    assert status == 200 and summary["turn_timer"] == 30 and summary["autoplay_after"] == 5
    status, answer = server.request(
        "POST", path, {"host_token": token, "op": "settings", "bot_delay": 99}
    )
    assert status == 400 and "'bot_delay'" in answer["message"]
    status, answer = server.request("POST", path, {"host_token": token, "op": "close"})
    assert status == 400 and "'op' must be" in answer["message"]
    runtime = server.manager.tables[table["id"]]
    assert runtime.config.seats[1].kind == "bot"
    stored = json.loads(server.manager.store.table_row(table["id"])["config"])
    assert stored["seats"][1] == {"kind": "bot", "bot": "random"} and stored["turn_timer"] == 30
    # the settings change keeps who created the table (it was lost: the creator could no
    # longer seat bots from the page)
    assert runtime.config.creator == 0 and stored["creator"] == 0


def test_a_seat_freed_by_the_host_closes_its_connection(server: Server) -> None:
    table, squatter = four_seats(server)
    with server.socket(table["id"]) as held:
        hello(held, 1, squatter)
        server.request(
            "POST",
            f"/api/tables/{table['id']}/host",
            {"host_token": table["host_token"], "op": "bot_seat", "seat": 1},
        )
        with pytest.raises(ConnectionClosed):
            for _ in range(50):
                held.recv(timeout=10)


def test_a_seat_change_is_tried_once_more_when_another_process_changed_the_table() -> None:
    from tricktable.web.manager import once_more_if_changed
    from tricktable.web.store import ConfigChanged, ProfileSeated
    from tricktable.web.tables import Rejected

    asked: list[bool] = []

    def attempts(*outcomes: Exception | None) -> Any:
        left = list(outcomes)

        async def attempt(again: bool) -> str:
            asked.append(again)
            outcome = left.pop(0)
            if outcome is not None:
                raise outcome
            return "seated"

        return attempt

    assert asyncio.run(once_more_if_changed(attempts(ConfigChanged(), None))) == "seated"
    assert asked == [True, False]
    with pytest.raises(Rejected) as refused:
        asyncio.run(once_more_if_changed(attempts(ConfigChanged(), ConfigChanged())))
    assert refused.value.code == "conflict"
    with pytest.raises(Rejected) as refused:
        asyncio.run(once_more_if_changed(attempts(ProfileSeated()), "Ann"))
    assert refused.value.code == "profile_seated"
    assert refused.value.message.startswith("Ann holds another seat")
    with pytest.raises(ProfileSeated):
        asyncio.run(once_more_if_changed(attempts(ProfileSeated())))
