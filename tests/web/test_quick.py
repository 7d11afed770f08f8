"""Quick play (``web.quick``): "Play now" seats a person at a table waiting for people, or
at a bot's seat that gives way at the end of the deal, or opens a table of bots that give
way; the lobby lists who waits for what."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from websockets.sync.client import ClientConnection

from tests.web.conftest import Server, hello, receive, reply_to
from tests.web.test_restart import Process
from tests.web.test_room import call, room
from tests.web.test_room import socket as room_socket
from tricktable.web.limits import ServerLimits
from tricktable.web.store import Store
from tricktable.web.tables import TableConfig

__all__ = ["room"]  # the fixture of two processes on PostgreSQL

EUCHRE = {"game": "euchre", "rules": {"preset": "north_american"}}


@pytest.fixture
def quick_server(sqlite_url: str) -> Iterator[Server]:
    """Bots that decide at once; a person's seat is never played for them while away."""
    limits = ServerLimits(quick_bot_delay=0, quick_turn_timer=None, quick_autoplay_after=3600)
    running = Server(sqlite_url, limits=limits).start()
    yield running
    running.stop()


def play_now(server: Server, name: str, **request: Any) -> dict[str, Any]:
    status, seated = server.request("POST", "/api/quick", {**EUCHRE, "name": name, **request})
    assert status == 200, seated
    return dict(seated)


def play_until(ws: ClientConnection, seat: int, view: dict[str, Any], deal: int) -> None:
    """Take ``seat``'s first legal choice at each of its turns until deal ``deal`` starts."""
    while view["deal"] < deal:
        if view["to_act"] == seat and view["legal"]:
            reply_to(ws, {"type": "act", "seq": view["seq"], "action": view["legal"][0]}, ("ack",))
        view = receive(ws, "state")["view"]


def test_play_now_opens_a_table_whose_bots_give_way(quick_server: Server) -> None:
    first = play_now(quick_server, "Ann")
    assert first["opened"] and first["seat"] == 0 and not first["queued"]
    table = quick_server.get(f"/api/tables/{first['id']}")
    assert not table["private"] and table["unrated"] is None  # fair deals: a table of people
    assert [s["kind"] for s in table["seats"]] == ["human", "bot", "bot", "bot"]
    assert [s["yields"] for s in table["seats"]] == [False, True, True, True]
    assert table["creator"] is None  # nobody hosts a quick-play table
    status, _ = quick_server.request("POST", f"/api/tables/{first['id']}/host", {"op": "x"})
    assert status == 404
    waiting = quick_server.get("/api/tables")["waiting"]
    assert waiting == [
        {
            "game": "euchre",
            "rules": table["rules"],
            "rules_text": table["rules_text"],
            "preset": "north_american",
            "options": waiting[0]["options"],
            "players": 4,
            "tables": 1,
            "open_seats": 0,
            "yielding_seats": 3,
            "people": 1,
        }
    ]
    assert waiting[0]["options"]["preset"] == "north_american"  # as POST /api/quick takes it


def test_a_newcomer_waits_for_the_deal_to_end_then_sits_without_seeing_earlier_cards(
    quick_server: Server,
) -> None:
    first = play_now(quick_server, "Ann")
    second = play_now(quick_server, "Bea")
    assert second["id"] == first["id"] and second["queued"] and second["seat"] == 1
    table_id, seat = first["id"], second["seat"]
    runtime = quick_server.manager.tables[table_id]
    assert runtime.current_deal() == 0
    with quick_server.socket(table_id) as ann, quick_server.socket(table_id) as bea:
        ann_view = hello(ann, 0, first["token"])["state"]
        welcome = hello(bea, seat, second["token"])
        assert welcome["seat"] == seat
        assert welcome["table"]["seats"][seat]["held"]  # a bot plays it to the deal's end
        assert welcome["table"]["seats"][seat]["name"] == "Bea"
        queued = welcome["state"]
        assert queued["queued"] and queued["hand"] == [] and queued["legal"] == []
        refused = reply_to(
            bea, {"type": "act", "seq": queued["seq"], "action": "pass"}, ("error", "ack")
        )
        assert refused["code"] == "seat_held" and refused["legal"] == []
        play_until(ann, 0, ann_view, deal=2)
        # Everything Bea was shown during the first deal held no card of her seat.
        view = receive(bea, "state")["view"]
        while view["deal"] < 2:
            assert view["queued"] and view["hand"] == [] and view["legal"] == []
            view = receive(bea, "state")["view"]
        assert not view["queued"] and sum(len(group) for group in view["hand"]) == 5
    # Stored: Bea holds the seat; the record will say the bot played deal 1, Bea from deal 2.
    store = Store(quick_server.database)
    try:
        row = store.table_row(table_id)
        assert row is not None
        config = TableConfig.from_json(json.loads(row["config"]))
        assert config.seats[seat].kind == "human" and config.yielding == [2, 3]
        assert store.seat_rows(table_id)[seat]["name"] == "Bea"
    finally:
        store.close()
    record = quick_server.manager.tables[table_id].record()
    assert record["deals"][0]["played_by"][seat] == ["bot:medium"]
    assert record["deals"][1]["played_by"][seat] == ["Bea"]


def test_play_now_prefers_a_table_waiting_for_people_of_the_same_rules(server: Server) -> None:
    bot = {"kind": "bot", "bot": "random"}
    seats = [{"kind": "human"}, bot, {"kind": "human"}, bot]
    other_rules = server.create(
        game="euchre", rules={"preset": "canadian"}, seats=seats, sit=0, bot_delay=0
    )
    private = server.create(**EUCHRE, seats=seats, sit=0, bot_delay=0, private=True)
    practice = server.create(**EUCHRE, seats=[*seats[:2], bot, bot], sit=0, seed=7)
    waiting = server.create(**EUCHRE, seats=seats, sit=0, bot_delay=0)
    seated = play_now(server, "Cy")
    assert seated["id"] == waiting["id"] and seated["seat"] == 2 and not seated["queued"]
    assert not seated["opened"]
    assert {other_rules["id"], private["id"], practice["id"]}.isdisjoint({seated["id"]})
    assert server.get(f"/api/tables/{waiting['id']}")["seats"][2]["name"] == "Cy"
    listed = server.get("/api/tables")["waiting"]
    assert [(w["game"], w["preset"], w["open_seats"]) for w in listed] == [
        ("euchre", "canadian", 1)
    ]
    # The table is full of people now: the next one opens a table of its own.
    assert play_now(server, "Di")["opened"]


def test_play_now_never_gives_one_page_two_seats_of_a_table(quick_server: Server) -> None:
    first = play_now(quick_server, "Ann")
    again = play_now(quick_server, "Ann", avoid=[first["id"]])  # the page holds a seat there
    assert again["opened"] and again["id"] != first["id"]
    assert play_now(quick_server, "Bea")["id"] == first["id"]  # the oldest table first
    status, refused = quick_server.request("POST", "/api/quick", {**EUCHRE, "avoid": "all"})
    assert status == 400 and "'avoid'" in refused["message"]


def test_a_spectator_takes_a_yielding_seat_of_the_table_they_watch(quick_server: Server) -> None:
    older = play_now(quick_server, "Ann")
    watched = play_now(quick_server, "Bea", avoid=[older["id"]])
    status, seated = quick_server.request(
        "POST", "/api/quick", {"table": watched["id"], "name": "Cy"}
    )
    assert status == 200 and seated["id"] == watched["id"] and seated["queued"], seated
    status, refused = quick_server.request(
        "POST", "/api/quick", {"table": "no-such-table", "name": "Cy"}
    )
    assert status == 404, refused
    for _ in range(2):  # its last two bots give way; then no seat is left there
        assert quick_server.request("POST", "/api/quick", {"table": watched["id"]})[0] == 200
    status, refused = quick_server.request("POST", "/api/quick", {"table": watched["id"]})
    assert status == 409 and refused["error"] == "seat_taken", refused


def test_play_now_refuses_a_game_it_does_not_know(server: Server) -> None:
    status, refused = server.request("POST", "/api/quick", {"game": "bridge"})
    assert status == 400 and "euchre" in refused["message"]
    status, refused = server.request("POST", "/api/quick", {**EUCHRE, "name": "bot:expert"})
    assert status == 400 and "bot" in refused["message"]


def test_quick_play_holds_across_a_room_of_processes(
    room: tuple[str, list[Process]],
) -> None:
    """On PostgreSQL, two processes: a table quick play opened on one takes the next person
    who asks the other; two asking both processes at once never get the same seat."""
    _, (a, b) = room
    body = {**EUCHRE, "name": "Ann"}
    status, first = call(a.port, "POST", "/api/quick", body)
    assert status == 200 and first["opened"], first
    status, second = call(b.port, "POST", "/api/quick", {**body, "name": "Bea"})
    assert status == 200 and second["id"] == first["id"] and second["queued"], second
    for port in (a.port, b.port):
        seats = call(port, "GET", f"/api/tables/{first['id']}")[1]["seats"]
        assert seats[second["seat"]]["name"] == "Bea" and seats[second["seat"]]["held"]
        waiting = call(port, "GET", "/api/tables")[1]["waiting"]
        assert [(w["yielding_seats"], w["people"]) for w in waiting] == [(2, 2)]
    with room_socket(a.port, first["id"]) as ws:  # Bea on the process she did not ask
        queued = hello(ws, second["seat"], second["token"])["state"]
        assert queued["queued"] and queued["hand"] == []
    answers: list[dict[str, Any]] = []

    def ask(port: int, name: str) -> None:
        answers.append(call(port, "POST", "/api/quick", {**body, "name": name})[1])

    threads = [threading.Thread(target=ask, args=(p.port, n)) for p, n in ((a, "Cy"), (b, "Di"))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    places = {(answer["id"], answer["seat"]) for answer in answers}
    assert len(places) == 2 and (first["id"], second["seat"]) not in places, answers


def test_play_now_seats_a_profile_under_its_name_and_keeps_its_name_from_others(
    quick_server: Server,
) -> None:
    """Quick play takes the caller's profile as creating and joining a table do: the seat
    under the profile's name, one seat a table, and its name refused to anyone else."""
    from tests.web.test_profiles import call, new_profile

    _, secret = new_profile(quick_server, "Dora")
    body = {**EUCHRE, "name": "ignored"}
    status, first = call(quick_server, "POST", "/api/quick", body, secret)
    assert status == 200 and first["opened"], first
    table = quick_server.get(f"/api/tables/{first['id']}")
    assert table["seats"][first["seat"]]["name"] == "Dora"
    status, again = call(quick_server, "POST", "/api/quick", {**body, "table": first["id"]}, secret)
    assert status == 409 and again["error"] in ("profile_seated", "seat_taken"), again
    status, refused = call(quick_server, "POST", "/api/quick", {**EUCHRE, "name": "dora"})
    assert status == 409 and refused["error"] == "name_reserved", refused
