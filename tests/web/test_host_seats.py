"""What the table's host may do with a person's seat, and what it may not (the adversarial
review of issue 36): a seat freed during a deal does not hand its cards to whoever the host
seats next, a freed seat can be kept for the person it is meant for, and the finished record
says who played each seat in each deal."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from tests.cli import tricktable
from tests.web.conftest import Server, hello, receive
from tricktable.cards import card_name
from tricktable.web.tables import TableConfig

BOTS = [{"kind": "bot", "bot": "random"}] * 2


def four_seats(server: Server, **extra: Any) -> dict[str, Any]:
    """Euchre to 10: Ann creates it at seat 0 and stays away (a bot plays for her at once),
    seat 1 is for another person, bots at 2 and 3; bots act after ``bot_delay``."""
    body: dict[str, Any] = {
        "game": "euchre",
        "rules": {"target": 10},
        "seats": [{"kind": "human"}, {"kind": "human"}, *BOTS],
        "sit": 0,
        "name": "Ann",
        "bot_delay": 0.2,
        "autoplay_after": 0,
    }
    body.update(extra)
    return server.create(**body)


def host(server: Server, table: dict[str, Any], **body: Any) -> tuple[int, Any]:
    path = f"/api/tables/{table['id']}/host"
    return server.request("POST", path, {"host_token": table["host_token"], **body})


def join(server: Server, table: dict[str, Any], **body: Any) -> tuple[int, Any]:
    return server.request("POST", f"/api/tables/{table['id']}/join", body)


def cards(view: dict[str, Any]) -> list[str]:
    return sorted(card for group in view["hand"] for card in group)


def wait_for(done: Any, what: str, limit: float = 60.0) -> None:
    deadline = time.monotonic() + limit
    while not done():
        assert time.monotonic() < deadline, what
        time.sleep(0.05)


def record_now(server: Server, table_id: str) -> dict[str, Any]:
    """The table's record as it stands (read on the server's event loop)."""
    runtime = server.manager.tables[table_id]

    async def read() -> dict[str, Any]:
        return dict(runtime.record())

    return dict(server.call(read()))


def test_a_seat_freed_during_a_deal_does_not_hand_its_cards_to_the_next_person(
    server: Server,
) -> None:
    """The review: the host freed Bea's seat mid-deal and joined it, and the welcome held
    Bea's hand. Now a bot plays Bea's cards to the end of the deal and the next person sits
    from the next deal, with that deal's cards."""
    table = four_seats(server)
    status, bea = join(server, table, seat=1, name="Bea")
    assert status == 200
    runtime = server.manager.tables[table["id"]]
    with server.socket(table["id"]) as ws:
        hand = cards(hello(ws, 1, bea["token"])["state"])  # Bea sees her cards
        status, summary = host(server, table, op="free_seat", seat=1)
        assert status == 200
        assert receive(ws, "error")["code"] == "seat_freed"
    status, answer = join(server, table, seat=1, name="Host")
    assert status == 409 and answer["error"] == "seat_held", answer
    assert "opens when the next deal starts" in answer["message"]
    assert summary["seats"][1]["held"] is True and summary["seats"][1]["autoplay"] is True
    assert summary["deal"] == 1
    assert runtime.token_hashes[1] is None
    wait_for(lambda: len(runtime.state.deals) == 2, "the bot did not play the deal out")
    wait_for(lambda: not server.get(f"/api/tables/{table['id']}")["seats"][1]["held"], "held")
    status, joined = join(server, table, seat=1, name="Cy")
    assert status == 200
    with server.socket(table["id"]) as ws:
        welcome = hello(ws, 1, joined["token"])
    assert welcome["state"]["deal"] == 2  # counted from 1: Cy sits from the next deal
    dealt = runtime.state.deals[1].hands[1]
    assert cards(welcome["state"]) == sorted(card_name(c) for c in dealt)
    assert cards(welcome["state"]) != hand
    record = record_now(server, table["id"])
    bots = [["bot:random"], ["bot:random"]]
    assert record["deals"][0]["played_by"] == [["Ann"], ["Bea", "bot:medium"], *bots]
    assert record["deals"][1]["played_by"][1] == ["Cy"]


def test_the_host_keeps_a_freed_seat_for_the_person_it_is_meant_for(server: Server) -> None:
    """The review: after ``free_seat`` the squatter polling ``join`` took the seat back and
    the friend got 409. A seat freed with ``"reserve": true`` takes its one-use invite."""
    table = four_seats(server)
    status, squatter = join(server, table, seat=1, name="Sq")
    assert status == 200
    status, answer = host(server, table, op="free_seat", seat=1, reserve="yes")
    assert status == 400 and "'reserve' must be true or false" in answer["message"]
    status, freed = host(server, table, op="free_seat", seat=1, reserve=True)
    assert status == 200 and len(freed["seat_invite"]) >= 43  # 256 bits, like a seat token
    assert freed["seats"][1]["reserved"] is True
    runtime = server.manager.tables[table["id"]]
    wait_for(lambda: len(runtime.state.deals) == 2, "the bot did not play the deal out")
    for _ in range(5):  # the squatter polls
        status, answer = join(server, table, seat=1, name="Sq")
        assert status == 409 and answer["error"] in ("seat_held", "seat_reserved"), answer
    assert answer["error"] == "seat_reserved" and "seat_invite" in answer["message"]
    status, answer = join(server, table, seat=1, name="Sq", seat_invite="x" * 43)
    assert status == 409 and answer["error"] == "seat_reserved"
    status, _ = join(server, table, seat=1, name="Fay", seat_invite=freed["seat_invite"])
    assert status == 200 and runtime.names[1] == "Fay"
    assert not server.get(f"/api/tables/{table['id']}")["seats"][1]["reserved"]
    # Kept in the database with the seat (a restarted server knows who sits and was kept).
    row = server.manager.store.table_row(table["id"])
    stored = TableConfig.from_json(json.loads(row["config"]))
    assert stored.reserved == {} and stored.seat_log == runtime.config.seat_log
    # One use: freed again and kept for someone else, the old invite opens nothing.
    assert host(server, table, op="free_seat", seat=1, reserve=True)[0] == 200
    wait_for(lambda: len(runtime.state.deals) == 3, "the bot did not play the deal out")
    status, answer = join(server, table, seat=1, seat_invite=freed["seat_invite"])
    assert status == 409 and answer["error"] == "seat_reserved"
    assert runtime.token_hashes[1] is None and squatter["token"]


def test_a_seat_cannot_be_kept_for_someone_at_a_table_of_known_deals(server: Server) -> None:
    table = server.create(
        game="euchre",
        seats=[{"kind": "human"}, {"kind": "bot"}, *BOTS],
        sit=0,
        seed=3,
        bot_delay=10,
    )
    status, answer = host(server, table, op="free_seat", seat=0, reserve=True)
    assert status == 403 and answer["error"] == "known_deal"
    assert server.manager.tables[table["id"]].token_hashes[0] is not None  # nothing changed


def test_the_record_says_who_played_each_seat_in_each_deal(server: Server, tmp_path: Path) -> None:
    """The review: after the host gave Bea's seat to a bot, the finished record named that
    seat ``bot:random`` for the whole match. Now each deal says who played each seat."""
    table = four_seats(server, rules={"target": None}, bot_delay=0.1)  # one deal
    status, _ = join(server, table, seat=1, name="Bea")
    assert status == 200
    runtime = server.manager.tables[table["id"]]
    wait_for(lambda: runtime.seq >= 3, "nobody played")
    status, _ = host(server, table, op="bot_seat", seat=1, bot="random")
    assert status == 200
    deadline = time.monotonic() + 60
    while True:
        status, record = server.request("GET", f"/api/records/{table['id']}")
        if status == 200:
            break
        assert time.monotonic() < deadline, "the table did not finish"
        time.sleep(0.05)
    assert record["names"] == ["Ann", "bot:random", "bot:random", "bot:random"]  # at the end
    assert record["deals"][0]["played_by"] == [
        ["Ann"],
        ["Bea", "bot:random"],
        ["bot:random"],
        ["bot:random"],
    ]
    assert record["unrated"] == "host_bot"  # fair deals, but the host seated a bot mid-match
    # The replay, the viewer and the fairness check read the new record as before.
    saved = tmp_path / "match.json"
    saved.write_text(json.dumps(record))
    replayed = tricktable(["replay", "--json", str(saved)])
    assert replayed.returncode == 0, replayed.stderr
    assert json.loads(replayed.stdout)["finished"] is True
    assert tricktable(["replay", str(saved)]).returncode == 0
    status, frames = server.request("POST", "/api/replay", record)
    assert status == 200 and frames["names"][1] == "West"
    old = json.loads(json.dumps(record))
    del old["deals"][0]["played_by"]
    assert server.request("POST", "/api/replay", old)[1] == frames


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_holds_reservations_and_who_played_survive_a_restart(
    request: pytest.FixtureRequest, backend: str
) -> None:
    database = request.getfixturevalue("sqlite_url" if backend == "sqlite" else "postgres_url")
    server = Server(database).start()
    try:
        table = four_seats(server, bot_delay=10)  # nothing moves while the server restarts
        assert join(server, table, seat=1, name="Bea")[0] == 200
        status, freed = host(server, table, op="free_seat", seat=1, reserve=True)
        assert status == 200
        before = server.manager.tables[table["id"]].config
        old = server.create(game="euchre", seats=[{"kind": "human"}] * 4, bot_delay=10)
        config = json.loads(server.manager.store.table_row(old["id"])["config"])
        del config["seat_log"]  # a table stored before who played was kept
        server.manager.store.set_config(old["id"], json.dumps(config))
    finally:
        server.stop()
    again = Server(database).start()
    try:
        rebuilt = again.manager.tables[table["id"]]
        assert rebuilt.config == before and rebuilt.held_now(1)
        status, answer = join(again, table, seat=1, seat_invite=freed["seat_invite"])
        assert status == 409 and answer["error"] == "seat_held"  # still this deal
        assert again.get(f"/api/tables/{table['id']}")["seats"][1]["reserved"] is True
        assert again.manager.tables[old["id"]].config.seat_log is None
        assert join(again, old, seat=2, name="Cid")[0] == 200
        record = record_now(again, old["id"])
        assert all("played_by" not in deal for deal in record["deals"])  # not made up
    finally:
        again.stop()


@pytest.mark.parametrize("op", ["free_seat", "bot_seat", "bot_wanted"])
@pytest.mark.parametrize("seat", [4, -1, True, "1", None])
def test_the_hosts_seat_operations_refuse_a_seat_the_table_lacks(
    server: Server, op: str, seat: Any
) -> None:
    table = server.create(
        game="euchre", seats=[{"kind": "human"}, *BOTS, {"kind": "human"}], sit=0, bot_delay=10
    )
    status, answer = host(server, table, op=op, seat=seat)
    assert status == 400
    assert answer["error"] == "bad_request"
    assert answer["message"] == "'seat' must be a seat 0-3"
