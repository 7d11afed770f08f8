"""The operator's engines at the web table (``tricktable serve --engine NAME=cmd:…``): a real
server seats them beside the levels; a program that fails loses its seat, never the table."""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.engine import FAULTY, left_running, logged_pids
from tests.web.conftest import Server
from tricktable.cli.main import main
from tricktable.web.engines import SeatEngines

ROOT = Path(__file__).resolve().parents[2]
HIGHEST = f"{sys.executable} {ROOT / 'sdk' / 'python' / 'examples' / 'highest.py'}"
"""The Python SDK's example bot."""


@pytest.fixture
def engine_server(sqlite_url: str, tmp_path: Path) -> Iterator[Server]:
    engines = SeatEngines.parse(
        [
            f"highest=cmd:{HIGHEST}",
            f"illegal=cmd:{FAULTY} illegal 3 {tmp_path / 'illegal.log'}",
            f"silent=cmd(move_ms=300):{FAULTY} hang 2 {tmp_path / 'silent.log'}",
            f"crash=cmd:{FAULTY} grandchild 1 {tmp_path / 'crash.log'}",
        ]
    )
    running = Server(sqlite_url, engines=engines).start()
    yield running
    running.stop()


def finished(server: Server, table_id: str) -> dict[str, Any]:
    deadline = time.monotonic() + 120
    while True:
        status, record = server.request("GET", f"/api/records/{table_id}")
        if status == 200:
            return dict(record)
        assert time.monotonic() < deadline, "the table did not finish"
        time.sleep(0.1)


def seats(*bots: str) -> list[dict[str, str]]:
    return [{"kind": "bot", "bot": bot} for bot in bots]


def test_the_lobby_offers_the_servers_engines_beside_the_levels(engine_server: Server) -> None:
    games = engine_server.get("/api/games")
    names = [engine["name"] for engine in games["server_engines"]]
    assert names == ["engine:highest", "engine:illegal", "engine:silent", "engine:crash"]
    assert all(engine["description"] for engine in games["server_engines"])
    assert [level["name"] for level in games["levels"]][:2] == ["easy", "medium"]


def test_an_engine_of_the_sdk_plays_a_whole_match_at_a_table(engine_server: Server) -> None:
    table = engine_server.create(
        game="euchre",
        seats=seats("engine:highest", "random", "engine:highest", "random"),
        bot_delay=0,
    )
    info = engine_server.get(f"/api/tables/{table['id']}")
    assert info["seats"][0]["bot_label"] == "Engine bot highest"
    record = finished(engine_server, table["id"])
    assert record["names"] == ["bot:engine:highest", "bot:random"] * 2
    for deal in record["deals"]:
        assert deal["played_by"][0] == ["bot:engine:highest"]  # never replaced
    runtime = engine_server.manager.tables[table["id"]]
    assert runtime.engine_faults == {}
    deadline = time.monotonic() + 10
    while runtime.bots and time.monotonic() < deadline:  # the programs end with the match
        time.sleep(0.05)
    assert not any(name.startswith("engine:") for _, name in runtime.bots)


@pytest.mark.parametrize(
    ("engine", "says"),
    [
        ("illegal", "chose the illegal action"),
        ("silent", "no answer to decide within"),
        ("crash", "exited before answering decide (exit status 3)"),
    ],
)
def test_a_failing_engine_loses_its_seat_to_a_level_and_the_table_plays_on(
    engine_server: Server, tmp_path: Path, engine: str, says: str
) -> None:
    table = engine_server.create(
        game="euchre", seats=seats(f"engine:{engine}", "random", "random", "random"), bot_delay=0
    )
    record = finished(engine_server, table["id"])
    runtime = engine_server.manager.tables[table["id"]]
    fault = runtime.engine_faults[0]
    assert fault.startswith(f"Engine bot {engine} lost this seat: engine ")
    assert says in fault and fault.endswith("A Medium bot plays it now.")
    shown = engine_server.get(f"/api/tables/{table['id']}")["seats"][0]
    assert shown["bot"] == "medium" and shown["engine_fault"] == fault
    played = [deal["played_by"][0] for deal in record["deals"]]
    assert played[0][0] == "bot:engine:" + engine and played[-1] == ["bot:medium"]
    assert ["bot:engine:" + engine, "bot:medium"] in played  # replaced within a deal
    assert runtime.config.seats[0].bot == "medium"  # stored: a restart seats the level
    stored = engine_server.manager.store.table_row(table["id"])["config"]
    assert json.loads(stored)["faults"] == {"0": fault}
    assert left_running(logged_pids(tmp_path / f"{engine}.log")) == []


def test_a_seat_may_name_only_the_servers_engines_and_only_for_a_bot(
    engine_server: Server,
) -> None:
    status, data = engine_server.request(
        "POST",
        "/api/tables",
        {"game": "euchre", "seats": seats("engine:nobody", "random", "random", "random")},
    )
    assert status == 400
    assert "no engine 'engine:nobody' here; the server's engines: engine:highest" in data["message"]
    person = [{"kind": "human", "bot": "engine:highest"}, *seats("random", "random", "random")]
    status, data = engine_server.request("POST", "/api/tables", {"game": "euchre", "seats": person})
    assert status == 400
    assert "an engine plays a bot's seat, not a person's" in data["message"]


def test_a_server_without_engines_refuses_an_engine_seat(server: Server) -> None:
    assert server.get("/api/games")["server_engines"] == []
    status, data = server.request(
        "POST",
        "/api/tables",
        {"game": "euchre", "seats": seats("engine:highest", "random", "random", "random")},
    )
    assert status == 400
    assert "the server's engines: none" in data["message"]


@pytest.mark.parametrize(
    ("setting", "says"),
    [
        ("highest", "give NAME=cmd:COMMAND"),
        ("Top Bot=cmd:x", "give NAME=cmd:COMMAND"),
        ("top=python x.py", "the command must start with cmd:"),
        ("top=cmd(move_ms=fast):x", "move_ms must be an integer"),
    ],
)
def test_serve_says_what_is_wrong_with_an_engine_setting(
    setting: str, says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["serve", "--port", "0", "--engine", setting]) == 2
    error = capsys.readouterr().err
    assert error.startswith(f"error: --engine {setting!r}") and says in error


def test_an_engine_named_twice_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--port", "0", "--engine", "a=cmd:x", "--engine", "a=cmd:y"]) == 2
    assert "the engine 'a' is named twice" in capsys.readouterr().err


def test_the_server_answers_while_an_engine_thinks(sqlite_url: str, tmp_path: Path) -> None:
    """An engine's decision waits in a thread: while it thinks (here: never answers, within
    a 30 s limit), the server serves pages and other connections, and the seat is still
    the engine's when they are answered."""
    log = tmp_path / "thinking.log"
    engines = SeatEngines.parse([f"thinker=cmd(move_ms=30000):{FAULTY} hang 0 {log}"])
    server = Server(sqlite_url, engines=engines).start()
    try:
        table = server.create(
            game="euchre", seats=seats(*["engine:thinker"] * 4), bot_delay=0, seed="fixed"
        )
        runtime = server.manager.tables[table["id"]]
        deadline = time.monotonic() + 60
        while "decide" not in (log.read_text() if log.exists() else ""):
            assert time.monotonic() < deadline, "the engine was never asked"
            time.sleep(0.05)
        assert server.get("/api/games")["server_engines"]  # answered meanwhile
        with server.socket(table["id"]) as ws:
            ws.send(json.dumps({"type": "hello", "seat": None}))
            assert json.loads(ws.recv(timeout=10))["type"] == "welcome"
        assert runtime.config.seats[runtime.state.current_player].bot == "engine:thinker"
        assert runtime.engine_faults == {}  # still thinking
    finally:
        server.stop()
    assert left_running(logged_pids(log)) == []


def test_tables_with_engines_count_toward_the_heavy_tables_a_server_holds(
    sqlite_url: str,
) -> None:
    from tricktable.web.limits import ServerLimits

    engines = SeatEngines.parse([f"highest=cmd:{HIGHEST}"])
    server = Server(sqlite_url, engines=engines, limits=ServerLimits(search_tables=1)).start()
    try:
        body = {"game": "euchre", "seats": seats("engine:highest", *["random"] * 3)}
        body["bot_delay"] = 10  # the first table stays open
        assert server.request("POST", "/api/tables", body)[0] == 201
        status, answer = server.request("POST", "/api/tables", body)
        assert status == 503 and "at most 1 tables with searching bots" in answer["message"]
    finally:
        server.stop()
