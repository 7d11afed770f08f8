"""Profiles and ratings on a real server, on SQLite and on PostgreSQL
(``TRICKTABLE_TEST_POSTGRES``): a name reserved in the room, a profile carried by its code,
one profile one seat, a rated match changing two players' ratings exactly once."""

from __future__ import annotations

import json
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import func, select

from tests.web.conftest import Server
from tricktable.web.profiles import rated, ratings
from tricktable.web.ratings import NEWCOMER, RatingPlan, bot_rating
from tricktable.web.store import Store


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, sqlite_url: str) -> str:
    if request.param == "sqlite":
        return sqlite_url
    return str(request.getfixturevalue("postgres_url"))


@pytest.fixture
def site(url: str) -> Iterator[Server]:
    running = Server(url).start()
    yield running
    running.stop()


def call(
    server: Server, method: str, path: str, body: Any = None, secret: str | None = None
) -> tuple[int, Any]:
    headers = {"Content-Type": "application/json"}
    if secret is not None:
        headers["X-Tricktable-Profile"] = secret
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(server.url + path, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def new_profile(server: Server, name: str) -> tuple[str, str]:
    """A new profile's ``(id, secret)``."""
    status, data = call(server, "POST", "/api/profiles", {"name": name})
    assert status == 201, data
    return data["profile"]["id"], data["secret"]


def table_of_two(server: Server, first: str, **extra: Any) -> dict[str, Any]:
    """A one-hand euchre table: the profile of secret ``first`` at seat 0, seat 1 open, two
    medium bots from the start (rated: fair deals, bots with a measured rating)."""
    body = {
        "game": "euchre",
        "rules": {"target": None},
        "seats": [{"kind": "human"}, {"kind": "human"}] + [{"kind": "bot", "bot": "medium"}] * 2,
        "sit": 0,
        "bot_delay": 0,
        **extra,
    }
    status, data = call(server, "POST", "/api/tables", body, first)
    assert status == 201, data
    return dict(data)


def test_a_name_is_reserved_in_the_room_however_it_is_written(site: Server) -> None:
    ann, secret = new_profile(site, "Ann Lee")
    for taken in ("ann lee", "ANN   LEE", "Ａｎｎ Ｌｅｅ"):
        status, data = call(site, "POST", "/api/profiles", {"name": taken})
        assert (status, data["error"]) == (409, "name_taken"), taken
    status, data = call(site, "POST", "/api/profiles", {"name": "bot:expert"})
    assert status == 400 and "passes for a bot" in data["message"]
    status, data = call(site, "POST", "/api/profiles", {"name": "  "})
    assert status == 400
    # Nobody else sits under the name; its profile sits under it whatever name it sends.
    table = table_of_two(site, secret, name="Someone else")
    assert site.get(f"/api/tables/{table['id']}")["seats"][0]["name"] == "Ann Lee"
    status, data = call(
        site, "POST", f"/api/tables/{table['id']}/join", {"seat": 1, "name": "ann LEE"}
    )
    assert (status, data["error"]) == (409, "name_reserved")
    # One profile, one seat at a table.
    status, data = call(site, "POST", f"/api/tables/{table['id']}/join", {"seat": 1}, secret)
    assert (status, data["error"]) == (409, "profile_seated")
    status, data = call(site, "POST", f"/api/tables/{table['id']}/join", {"seat": 1, "name": "Bo"})
    assert status == 200, data
    assert call(site, "GET", "/api/profile", secret=secret)[1]["profile"] == {
        "id": ann,
        "name": "Ann Lee",
    }
    assert call(site, "GET", "/api/profile", secret="x" * 43)[0] == 401


def test_a_profile_is_carried_to_another_device_by_a_one_use_code(site: Server) -> None:
    ann, secret = new_profile(site, "Ann")
    assert call(site, "POST", "/api/profile/carry")[0] == 401
    status, carried = call(site, "POST", "/api/profile/carry", {}, secret)
    assert status == 200 and carried["link"].endswith(carried["code"])
    code = carried["code"]
    status, data = call(
        site, "POST", "/api/profile/redeem", {"code": code.lower().replace("-", " ")}
    )
    assert status == 200, data
    other = data["secret"]
    assert other != secret and data["profile"] == {"id": ann, "name": "Ann"}
    assert call(site, "GET", "/api/profile", secret=other)[1]["profile"]["id"] == ann
    assert call(site, "GET", "/api/profile", secret=secret)[1]["profile"]["id"] == ann
    status, data = call(site, "POST", "/api/profile/redeem", {"code": code})
    assert (status, data["error"]) == (404, "bad_code")  # once only
    # Only digests are stored: neither the secret nor the code is in the database.
    store = Store(site.database)
    try:
        with store.engine.connect() as conn:
            dumped = " ".join(
                str(row) for row in conn.exec_driver_sql("SELECT * FROM tt_profile_keys")
            )
    finally:
        store.close()
    assert secret not in dumped and other not in dumped and code not in dumped


def finished_record(server: Server, table_id: str) -> dict[str, Any]:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        status, data = server.request("GET", f"/api/records/{table_id}")
        if status == 200:
            return dict(data)
        time.sleep(0.1)
    raise AssertionError("the match did not end")


def test_a_rated_match_rates_both_profiles_once_and_bots_keep_theirs(site: Server) -> None:
    ann, first = new_profile(site, "Ann")
    bo, second = new_profile(site, "Bo")
    # Absent people are played by their fallback bot at once: the hand plays itself.
    table = table_of_two(site, first, autoplay_after=0)
    status, data = call(site, "POST", f"/api/tables/{table['id']}/join", {"seat": 1}, second)
    assert status == 200, data
    record = finished_record(site, table["id"])
    assert "unrated" not in record
    mine = call(site, "GET", "/api/profile", secret=first)[1]
    theirs = site.get(f"/api/players/{bo}")
    euchre = {r["game"]: r for r in mine["ratings"]}["euchre"]
    assert euchre["matches"] == 1 and euchre["sigma"] < NEWCOMER.sigma
    assert euchre["mu"] != NEWCOMER.mu
    assert theirs["ratings"][0]["matches"] == 1
    ann_won = record["names"][0] == "Ann" and 0 in _winners(record)
    assert (euchre["mu"] > NEWCOMER.mu) == ann_won
    match = mine["matches"][0]
    assert match["table"] == table["id"] and match["rating"]["before"]["mu"] == NEWCOMER.mu
    board = site.get("/api/leaderboard/euchre")
    assert {row["profile"]["id"] for row in board["players"]} == {ann, bo}
    assert [row["rank"] for row in board["players"]] == [1, 2]
    medium = bot_rating("euchre", "medium")
    assert (
        medium is not None
        and {"bot": "medium", "label": "Medium bot", **medium.to_json()} in board["bots"]
    )
    strengths = [row["mu"] for row in board["bots"]]  # by strength: Hard above Medium
    assert strengths == sorted(strengths, reverse=True), board["bots"]
    labels = [row["label"] for row in board["bots"]]
    assert labels.index("Hard bot") < labels.index("Medium bot"), labels
    # The record stored again (a process taking over a table whose driver died): no change.
    runtime = site.manager.tables[table["id"]]
    runtime.finished_stored = False
    site.call(runtime._store_finished())
    again = call(site, "GET", "/api/profile", secret=first)[1]["ratings"]
    assert again == mine["ratings"]
    assert call(site, "GET", "/api/leaderboard/whist")[0] == 404


def _winners(record: dict[str, Any]) -> set[int]:
    from tricktable.record import replay_record

    state = replay_record(record)
    winner = state.winner()
    sides = [winner] if isinstance(winner, int) else list(winner or [])
    return {seat for side in sides for seat in state.game.sides[side]}


def test_a_match_is_rated_exactly_once_when_processes_finish_it_together(site: Server) -> None:
    """Several stores (as several processes of a room) store one match's end at once: the
    ratings change once."""
    ann, first = new_profile(site, "Ann")
    bo, second = new_profile(site, "Bo")
    table = table_of_two(site, first, autoplay_after=None)  # nobody plays: it waits
    call(site, "POST", f"/api/tables/{table['id']}/join", {"seat": 1}, second)
    medium = bot_rating("euchre", "medium")
    assert medium is not None
    plan = RatingPlan("euchre", [[0, 2], [1, 3]], [1, 2], {2: medium, 3: medium}, [0, 1])
    runtime = site.manager.tables[table["id"]]
    stores = [Store(site.database) for _ in range(4)]
    barrier = threading.Barrier(len(stores))
    errors: list[BaseException] = []

    def finish(store: Store) -> None:
        try:
            barrier.wait()
            store.finish(
                table["id"], "euchre", {"names": []}, "{}", lambda conn: runtime._rate(conn, plan)
            )
        except BaseException as error:  # reported below
            errors.append(error)

    threads = [threading.Thread(target=finish, args=(store,)) for store in stores]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    try:
        assert errors == []
        with stores[0].engine.connect() as conn:
            assert conn.execute(select(func.count()).select_from(rated)).scalar_one() == 2
            counts = dict(conn.execute(select(ratings.c.profile_id, ratings.c.matches)).all())
    finally:
        for store in stores:
            store.close()
    assert counts == {ann: 1, bo: 1}
    assert site.get(f"/api/players/{ann}")["ratings"][0]["mu"] > NEWCOMER.mu  # side 1 won


def test_a_table_with_known_deals_or_a_bot_seated_later_is_unrated(site: Server) -> None:
    _, first = new_profile(site, "Ann")
    seeded = table_of_two(
        site,
        first,
        seed=4,
        seats=[{"kind": "human"}] + [{"kind": "bot", "bot": "medium"}] * 3,
        autoplay_after=0,
    )
    assert finished_record(site, seeded["id"])["unrated"] == "seeded"
    later = table_of_two(site, first, autoplay_after=0)
    with site.socket(later["id"]) as ws:
        from tests.web.conftest import hello

        hello(ws, later["seat"], later["token"])
        ws.send(json.dumps({"type": "fill", "seats": [1], "bot": "easy"}))
        ws.close()
    assert finished_record(site, later["id"])["unrated"] == "host_bot"
    assert call(site, "GET", "/api/profile", secret=first)[1]["ratings"] == []
