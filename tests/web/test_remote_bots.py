"""Remote bots: a bot account takes a seat its table's host marked "bot wanted" and plays it
over the websocket (``tricktable connect``, or any client); misbehaving costs it the seat,
never the table."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import Server, free_port, hello, receive
from tricktable.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
HIGHEST = f"{sys.executable} {ROOT / 'sdk' / 'python' / 'examples' / 'highest.py'}"
"""The Python SDK's example bot."""
NODE = shutil.which("node")
JS_HIGHEST = f"{NODE} {ROOT / 'sdk' / 'js' / 'examples' / 'highest.js'}"
"""The JavaScript SDK's example bot."""
TRICKTABLE = [sys.executable, "-m", "tricktable"]
ONE_MATCH = ["--matches", "1", "--poll", "0.2"]
"""``tricktable connect`` plays one match, asking for seats five times a second."""
ENV = {**os.environ, "PYTHONPATH": str(ROOT / "src")}


def account(database: str, name: str = "alpha", owner: str = "Ann") -> str:
    """A new bot account's token, made by the command line as an operator would."""
    made = subprocess.run(
        [*TRICKTABLE, "bot-account", "create", name, "--owner", owner, "--database", database],
        capture_output=True,
        text=True,
        env=ENV,
        check=True,
    )
    assert made.stdout.startswith(f"bot account {name} (of {owner}) created")
    return made.stdout.splitlines()[-1]


def wanted_table(server: Server, bot: str | None = "alpha", **settings: Any) -> dict[str, Any]:
    """A euchre table of random bots with seat 2 open and marked "bot wanted" for ``bot``."""
    seats = [{"kind": "bot", "bot": "random"}] * 4
    seats[1] = {"kind": "human", "bot": "random"}
    table = server.create(game="euchre", seats=seats, **{"bot_delay": 0, **settings})
    status, answer = server.request(
        "POST",
        f"/api/tables/{table['id']}/host",
        {"host_token": table["host_token"], "op": "bot_wanted", "seat": 1, "bot": bot},
    )
    assert status == 200, answer
    assert answer["seats"][1]["bot_wanted"] == bot
    return table


def finished(server: Server, table_id: str) -> dict[str, Any]:
    deadline = time.monotonic() + 120
    while True:
        status, record = server.request("GET", f"/api/records/{table_id}")
        if status == 200:
            return dict(record)
        assert time.monotonic() < deadline, "the table did not finish"
        time.sleep(0.1)


def bot_call(server: Server, token: str, method: str, path: str, body: Any = None) -> Any:
    import urllib.error
    import urllib.request

    request = urllib.request.Request(
        server.url + path,
        data=None if body is None else json.dumps(body).encode(),
        method=method,
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def connect(server: Server, token: str, bot: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*TRICKTABLE, "connect", server.url, "--token", token, "--bot", bot, *ONE_MATCH],
        capture_output=True,
        text=True,
        env=ENV,
        timeout=300,
    )


@pytest.mark.parametrize("bot", ["python", "node"])
def test_a_remote_bot_connects_and_plays_a_match_to_the_end(
    server: Server, sqlite_url: str, bot: str
) -> None:
    if bot == "node" and NODE is None:
        pytest.skip("needs node (Node.js 18 or newer) for the JavaScript SDK; CI installs it")
    token = account(sqlite_url)
    table = wanted_table(server)
    played = connect(server, token, f"cmd:{HIGHEST if bot == 'python' else JS_HIGHEST}")
    assert played.returncode == 0, played.stderr
    lines = played.stdout.splitlines()
    assert lines[0] == f"connected to {server.url} as alpha (of Ann)"
    assert f"table {table['id']} seat 2: playing" in lines
    assert lines[-1] == f"table {table['id']} seat 2: the match ended"
    record = finished(server, table["id"])
    assert record["names"][1] == "bot:alpha"
    # Every decision of seat 1 is the remote bot's; a deal in which the seat decided nothing
    # (its partner went alone) lists nobody for it.
    players = [deal["played_by"][1] for deal in record["deals"]]
    assert all(who in (["bot:alpha"], []) for who in players), players
    assert players.count(["bot:alpha"]) > len(players) / 2, players
    seat = server.get(f"/api/tables/{table['id']}")["seats"][1]
    assert seat["remote_bot"] == {"name": "alpha", "owner": "Ann"}
    assert seat["bot_label"] == "Remote bot alpha (of Ann)"
    assert seat["engine_fault"] is None


def test_a_seat_wanted_for_another_bot_is_not_offered(server: Server, sqlite_url: str) -> None:
    account(sqlite_url)  # alpha, the one invited
    token = account(sqlite_url, "beta", "Bea")
    table = wanted_table(server, "alpha")
    status, wanted = bot_call(server, token, "GET", "/api/bots/wanted")
    assert status == 200 and wanted["seats"] == []
    status, answer = bot_call(
        server, token, "POST", "/api/bots/join", {"table": table["id"], "seat": 1}
    )
    assert status == 409 and answer["message"] == "seat 2 wants no bot 'beta'"
    status, answer = bot_call(server, "not-a-token", "GET", "/api/bots/wanted")
    assert status == 401 and answer["error"] == "no_bot_account"


def test_the_host_cannot_invite_an_account_the_room_lacks(server: Server) -> None:
    """An invitation by name needs an existing bot account (one mistyped would wait for
    ever): the refusal says so, and the seat stays as it was."""
    seats = [{"kind": "bot", "bot": "random"}] * 4
    seats[1] = {"kind": "human", "bot": "random"}
    table = server.create(game="euchre", seats=seats, bot_delay=5)
    status, answer = server.request(
        "POST",
        f"/api/tables/{table['id']}/host",
        {"host_token": table["host_token"], "op": "bot_wanted", "seat": 1, "bot": "nobody"},
    )
    assert status == 404 and answer["error"] == "unknown_bot"
    assert answer["message"].startswith("this room has no bot account 'nobody'")
    assert server.get(f"/api/tables/{table['id']}")["seats"][1]["bot_wanted"] is None


def joined_socket(server: Server, token: str, table: dict[str, Any]) -> tuple[Any, Any]:
    """The bot's websocket at seat 2 of ``table``, with the state its welcome held."""
    status, joined = bot_call(
        server, token, "POST", "/api/bots/join", {"table": table["id"], "seat": 1}
    )
    assert status == 200, joined
    ws = server.socket(table["id"])
    return ws, hello(ws, 1, joined["token"])["state"]


def engine_turn(ws: Any, first: dict[str, Any]) -> dict[str, Any]:
    """The first state, from ``first`` on, that asks the bot to act (with the engine
    protocol's decide)."""
    if first.get("engine"):
        return first
    while True:
        view = receive(ws, "state", timeout=60)["view"]
        if view.get("engine"):
            return dict(view)


@pytest.mark.parametrize(
    ("misbehave", "says"),
    [
        ("illegal", "sent a bad message: 'play 2Z' is not an action"),
        ("flood", "flooded the table with messages"),
        ("silent", "did not act within its turn (1 s)"),
    ],
)
def test_a_misbehaving_remote_bot_loses_its_seat_and_the_table_plays_on(
    server: Server, sqlite_url: str, misbehave: str, says: str
) -> None:
    token = account(sqlite_url)
    table = wanted_table(server, "", turn_timer=1 if misbehave == "silent" else None)
    ws, first = joined_socket(server, token, table)
    with ws:
        view = engine_turn(ws, first)
        assert view["engine"]["type"] == "decide" and view["engine"]["view"]["seat"] == 1
        if misbehave == "illegal":
            ws.send(json.dumps({"type": "act", "seq": view["seq"], "action": "play 2Z"}))
        elif misbehave == "flood":
            with contextlib.suppress(Exception):  # the room may close it before the last
                for _ in range(200):
                    ws.send(json.dumps({"type": "ping"}))
        lost = receive(ws, "error", timeout=30)
        while lost["code"] != "seat_lost":
            lost = receive(ws, "error", timeout=30)
    assert lost["message"].startswith("Remote bot alpha (of Ann) lost this seat: ")
    assert says in lost["message"] and lost["message"].endswith("A Medium bot plays it now.")
    record = finished(server, table["id"])
    played = [deal["played_by"][1] for deal in record["deals"]]
    # the seat is lost in the first deal it has a decision in (a lone hand may sit it out
    # of deal 1): the bot before, the level from then on
    changed = played.index(["bot:alpha", "bot:medium"])
    assert played[:changed] == [["bot:alpha"]] * changed
    assert played[changed + 1 :] == [["bot:medium"]] * (len(played) - changed - 1)
    seat = server.get(f"/api/tables/{table['id']}")["seats"][1]
    assert seat["bot"] == "medium" and seat["engine_fault"] == lost["message"]
    assert "remote_bot" not in seat


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("medium", "cannot name a bot account"),
        ("policy", "cannot name a bot account"),  # every kind of bot the registry names
        ("A b", "cannot name a bot account"),
    ],
)
def test_a_bot_account_name_is_checked(
    sqlite_url: str, name: str, says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["bot-account", "create", name, "--owner", "Ann", "--database", sqlite_url])
    assert code == 2 and says in capsys.readouterr().err


def test_in_a_room_the_bot_plays_through_another_process_than_the_tables(
    postgres_url: str, tmp_path: Path
) -> None:
    """Two ``tricktable serve`` processes, one room: the table is made on one, the bot
    connects to the other (the one a proxy might send it to) and plays the match out."""
    from tests.web.test_restart import Process
    from tests.web.test_room import call

    started = [
        Process(postgres_url, free_port(), tmp_path / f"{name}.log", "--room") for name in "ab"
    ]
    try:
        a, b = (process.port for process in started)
        token = account(postgres_url)
        seats = [{"kind": "bot", "bot": "random"}] * 4
        seats[1] = {"kind": "human", "bot": "random"}
        status, table = call(
            a, "POST", "/api/tables", {"game": "euchre", "seats": seats, "bot_delay": 0}
        )
        assert status == 201, table
        status, answer = call(
            a,
            "POST",
            f"/api/tables/{table['id']}/host",
            {"host_token": table["host_token"], "op": "bot_wanted", "seat": 1, "bot": "alpha"},
        )
        assert status == 200, answer
        bot = ["--token", token, "--bot", f"cmd:{HIGHEST}", *ONE_MATCH]
        played = subprocess.run(
            [*TRICKTABLE, "connect", f"http://127.0.0.1:{b}", *bot],
            capture_output=True,
            text=True,
            env=ENV,
            timeout=300,
        )
        assert played.returncode == 0, played.stderr
        assert played.stdout.splitlines()[-1] == f"table {table['id']} seat 2: the match ended"
        deadline = time.monotonic() + 60
        while (found := call(a, "GET", f"/api/records/{table['id']}"))[0] != 200:
            assert time.monotonic() < deadline, "the table did not finish"
            time.sleep(0.1)
        record = found[1]
        # as in the one-process test: a deal in which the seat decided nothing (its partner
        # went alone) lists nobody for it
        players = [deal["played_by"][1] for deal in record["deals"]]
        assert all(who in (["bot:alpha"], []) for who in players), players
        assert players.count(["bot:alpha"]) > len(players) / 2, players
    finally:
        for process in started:
            process.stop()


def test_the_host_frees_a_remote_bots_seat_as_anyones(server: Server, sqlite_url: str) -> None:
    token = account(sqlite_url)
    table = wanted_table(server, "", bot_delay=5)
    ws, _ = joined_socket(server, token, table)
    with ws:
        status, answer = server.request(
            "POST",
            f"/api/tables/{table['id']}/host",
            {"host_token": table["host_token"], "op": "free_seat", "seat": 1},
        )
        assert status == 200, answer
        assert receive(ws, "error")["code"] == "seat_freed"
    seat = answer["seats"][1]
    assert "remote_bot" not in seat and seat["bot_wanted"] is None and not seat["taken"]
    assert server.manager.tables[table["id"]].config.remote_bots == {}
