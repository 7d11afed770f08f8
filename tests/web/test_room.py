"""One card room, several processes: real ``tricktable serve`` processes on loopback sharing
one real PostgreSQL database (docs/architecture.md, "One room, many processes")."""

from __future__ import annotations

import contextlib
import json
import re
import shutil
import subprocess
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
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


@contextlib.contextmanager
def start_room(
    database: str, folder: Path, *flags: str, names: str = "ab"
) -> Iterator[tuple[str, list[Process]]]:
    """``tricktable serve --room`` processes (one per letter of ``names``, each with
    ``flags``) sharing the PostgreSQL ``database``; each logs to ``folder/NAME.log``."""
    started: list[Process] = []
    try:
        for name in names:
            started.append(Process(database, free_port(), folder / f"{name}.log", "--room", *flags))
        yield database, started
    finally:
        for process in started:
            process.stop()


@pytest.fixture
def room(postgres_url: str, tmp_path: Path) -> Iterator[tuple[str, list[Process]]]:
    """Two ``tricktable serve`` processes sharing one PostgreSQL database."""
    with start_room(postgres_url, tmp_path, "--tables-per-address", "3") as started:
        yield started


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
    """The table's stored decisions as ``(decision number, seat, action)``, after checking
    that its events are numbered 0, 1, 2 ... (no fork, no gap)."""
    store = Store(database)
    try:
        stored = store.events_of(table_id)
    finally:
        store.close()
    assert [e.seq for e in stored] == list(range(len(stored)))
    acts = [e for e in stored if e.kind == "act"]
    return [(number, e.seat, e.payload) for number, e in enumerate(acts)]


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
    with contextlib.ExitStack() as opened:
        for seat, token in enumerate(tokens):
            for port in (a.port, b.port):
                pair = [opened.enter_context(socket(port, table_id)) for _ in range(2)]
                for ws in pair:
                    views[seat] = hello(ws, seat, token)["state"]
                sockets[(seat, port)] = pair
        spectator = opened.enter_context(socket(b.port, table_id))
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
    assert seen == list(range(seen[0], decisions + 1))  # each action once, in order
    actions = stored_actions(database, table_id)
    assert [number for number, _, _ in actions] == list(range(decisions))
    for port in (a.port, b.port):
        status, summary = call(port, "GET", f"/api/tables/{table_id}")
        assert status == 200 and summary["decisions"] == decisions


def test_seats_and_presence_changed_on_one_process_reach_the_others_watchers(
    room: tuple[str, list[Process]],
) -> None:
    """A spectator on process a sees, with no request to a, a seat taken on b (its name) and
    then connected on b, then left again: each change as b announced it, in order."""
    _, (a, b) = room
    table = bots_table(a.port, seats=HUMANS, sit=None, autoplay_after=3600)

    def seat_1(ws: ClientConnection) -> dict[str, Any]:
        return dict(receive(ws, "seats")["seats"][1])

    with socket(a.port, table["id"]) as watcher:
        assert not hello(watcher)["table"]["seats"][1]["taken"]
        status, joined = call(
            b.port, "POST", f"/api/tables/{table['id']}/join", {"seat": 1, "name": "Bea"}
        )
        assert status == 200, joined
        seen = seat_1(watcher)
        while not seen["taken"]:
            seen = seat_1(watcher)
        assert seen["name"] == "Bea" and not seen["connected"]
        with socket(b.port, table["id"]) as player:
            hello(player, 1, joined["token"])
            while not seen["connected"]:
                seen = seat_1(watcher)
        while seen["connected"]:
            seen = seat_1(watcher)
        assert seen["taken"] and seen["name"] == "Bea"


def test_a_copy_nobody_asks_for_is_dropped_and_no_longer_followed(postgres_url: str) -> None:
    """Two processes of a room in this test's process: b builds its copy of a's table when
    asked for it, follows it, and drops it once nobody has asked for it there for
    ``COPY_KEEP``; a, which drives it, keeps it; b reads it again when asked."""
    from tests.web.conftest import Server
    from tricktable.web.manager import COPY_KEEP

    a = Server(postgres_url, room=True).start()
    b = Server(postgres_url, room=True).start()
    try:
        table = a.create(game="euchre", seats=HUMANS)
        assert table["id"] not in b.manager.tables  # not built on b: nobody asked there
        assert b.get(f"/api/tables/{table['id']}")["id"] == table["id"]
        assert table["id"] in b.manager.tables
        later = time.monotonic() + COPY_KEEP + 1
        b.call(b.manager.sweep(now=later))
        a.call(a.manager.sweep(now=later))
        assert table["id"] not in b.manager.tables  # dropped: its notices are skipped now
        assert table["id"] in a.manager.tables  # its driver keeps it
        assert b.get(f"/api/tables/{table['id']}")["id"] == table["id"]  # read again
    finally:
        b.stop()
        a.stop()


def test_a_continue_on_one_process_starts_the_timer_where_the_table_is_driven(
    postgres_url: str,
) -> None:
    """Issue 37: the next deal's turn timer starts when the person closes the end-of-deal
    panel (``continue``). The message reaches the process holding their connection (b);
    the process driving the table (a) runs the timer, so it must hear of it (it did not: the
    timer started only at the panel's grace, a minute later)."""
    from tests.web.conftest import Server

    a = Server(postgres_url, room=True).start()
    b = Server(postgres_url, room=True).start()
    try:
        table = a.create(
            game="euchre",
            rules={"target": 10},
            seats=[{"kind": "human"}] + [{"kind": "bot", "bot": "heuristic"}] * 3,
            sit=0,
            bot_delay=0,
            turn_timer=600,
        )
        driven = a.manager.tables[table["id"]]
        with b.socket(table["id"]) as ws:
            view = hello(ws, 0, table["token"])["state"]
            while not (view["deal"] == 2 and view["to_act"] == 0):
                if view["to_act"] == 0 and view["deal"] == 1:
                    act = {"type": "act", "seq": view["seq"], "action": view["legal"][0]}
                    reply_to(ws, act, ("ack",))
                view = receive(ws, "state")["view"]
            assert 0 not in driven.continued
            ws.send(json.dumps({"type": "continue", "deals": 1}))
            receive(ws, "state")  # b took it
            for _ in range(200):  # the announcement reaches a within moments
                if 0 in driven.continued:
                    break
                time.sleep(0.05)
            assert 0 in driven.continued
    finally:
        b.stop()
        a.stop()


def bots_table(port: int, **extra: Any) -> dict[str, Any]:
    """A euchre table of one person (seat 0) and three heuristic bots."""
    status, table = call(
        port,
        "POST",
        "/api/tables",
        {
            "game": "euchre",
            "seats": [{"kind": "human"}] + [{"kind": "bot", "bot": "heuristic"}] * 3,
            "sit": 0,
            "bot_delay": 0.2,
            **extra,
        },
    )
    assert status == 201, table
    return dict(table)


def test_lobby_tables_and_caps_are_the_rooms(room: tuple[str, list[Process]]) -> None:
    """A table created on one process is listed, shown, joined and counted on the other at
    once; the per-address cap (3 here) counts the tables made through both."""
    _, (a, b) = room
    first = bots_table(a.port, seats=HUMANS, sit=None)
    listed = call(b.port, "GET", "/api/tables")[1]["tables"]  # from the database, on b
    assert listed == call(a.port, "GET", "/api/tables")[1]["tables"]  # as a, which holds it
    assert [t["id"] for t in listed] == [first["id"]]
    assert call(b.port, "GET", "/api/health")[1]["tables"] == 0  # listed, not built, on b
    status, shown = call(b.port, "GET", f"/api/tables/{first['id']}")  # at once, on b
    assert call(b.port, "GET", "/api/health")[1]["tables"] == 1  # asked for: b follows it
    assert status == 200 and shown["id"] == first["id"]
    status, joined = call(b.port, "POST", f"/api/tables/{first['id']}/join", {"seat": 2})
    assert status == 200, joined
    status, shown = call(a.port, "GET", f"/api/tables/{first['id']}")
    assert status == 200 and shown["seats"][2]["taken"]
    bots_table(b.port)
    bots_table(a.port)
    status, refused = call(b.port, "POST", "/api/tables", {"game": "euchre", "seats": HUMANS})
    assert status == 429 and refused["error"] == "too_many", refused
    for port in (a.port, b.port):
        listed = {t["id"] for t in call(port, "GET", "/api/tables")[1]["tables"]}
        assert first["id"] in listed and len(listed) == 3


def test_kill_9_the_driving_process_and_the_table_goes_on(
    room: tuple[str, list[Process]],
) -> None:
    """The process that drives a table's bots is killed (SIGKILL) in the middle of a deal:
    the other process takes the table over, its bots play on, the player's connection to the
    surviving process carries on, and every acknowledged action is stored once, in order."""
    database, (a, b) = room
    table = bots_table(a.port)  # a holds its lease: a plays its bots
    acked: list[tuple[int, str]] = []
    with contextlib.ExitStack() as opened:
        watcher = opened.enter_context(socket(a.port, table["id"]))  # a spectator on a
        watched = hello(watcher)["state"]["seq"]
        ws = opened.enter_context(socket(b.port, table["id"]))  # the player is on b
        view = hello(ws, 0, table["token"])["state"]
        for turn in range(6):
            while not (view["to_act"] == 0 or view["finished"]):
                view = receive(ws, "state")["view"]
            assert not view["finished"]
            if turn == 3:
                while watched < view["seq"]:
                    watched = receive(watcher, "state")["view"]["seq"]
                a.kill()  # the driver dies; b must take its lease over
                with pytest.raises(ConnectionClosed):  # after what was sent before the kill
                    while True:
                        receive(watcher, "state")
                moved = view["seq"]
                watcher = opened.enter_context(socket(b.port, table["id"]))  # back, on b
                assert hello(watcher)["state"]["seq"] >= watched
            reply = reply_to(
                ws, {"type": "act", "seq": view["seq"], "action": view["legal"][0]}, ("ack",)
            )
            acked.append((reply["seq"], reply["action"]))
            view = receive(ws, "state")["view"]
        while view["seq"] <= acked[-1][0] + 1:  # a bot acts after our last action (b's now)
            view = receive(ws, "state")["view"]
        while watched < view["seq"]:  # the spectator saw the table go on
            watched = receive(watcher, "state")["view"]["seq"]
    assert view["seq"] > moved + 2
    stored = stored_actions(database, table["id"])
    mine = {seq: text for seq, seat, text in stored if seat == 0}
    for seq, action in acked:
        assert mine[seq] == action  # nothing acknowledged lost


def driving(process: Process) -> int:
    """How many tables ``process`` drives now (its health check says)."""
    return int(call(process.port, "GET", "/api/health")[1]["driving"])


def test_a_process_that_comes_back_takes_its_share_and_the_timers_go_on(
    postgres_url: str, tmp_path: Path
) -> None:
    """Four tables driven by the one process of a room; a second process starts (one that
    comes back): it takes its fair share, two tables, handed over by the first (which loses
    no lease: its own two never stop), and at every table the turn timer of the absent person
    at seat 1 goes on firing, whichever process drives it now."""
    with start_room(postgres_url, tmp_path, names="a") as (database, (a,)):
        tables = [bots_table(a.port, turn_timer=1, autoplay_after=3600)["id"] for _ in range(4)]
        assert driving(a) == 4
        with start_room(postgres_url, tmp_path, names="b") as (_, (b,)):
            deadline = time.monotonic() + 60
            while (driving(a), driving(b)) != (2, 2):
                assert time.monotonic() < deadline, (driving(a), driving(b))
                time.sleep(0.2)
            handed = {t: len(stored_actions(database, t)) for t in tables}
            deadline = time.monotonic() + 60  # the hand-over's time is not the timers'
            for table_id in tables:  # the timer plays seat 1's turns after the hand-over too
                while not any(
                    number >= handed[table_id] and seat == 0
                    for number, seat, _ in stored_actions(database, table_id)
                ):
                    assert time.monotonic() < deadline, table_id
                    time.sleep(0.2)
    assert "lease lost" not in (tmp_path / "a.log").read_text()


def test_an_ipv6_client_counts_once_per_64(sqlite_url: str) -> None:
    """Addresses of one IPv6 /64 are one client for the per-address table cap; another /64
    is another client (addresses given by a trusted proxy's X-Forwarded-For)."""
    from tests.web.conftest import Server
    from tricktable.web.limits import ServerLimits

    server = Server(sqlite_url, limits=ServerLimits(tables_per_address=2)).start()
    try:

        def create(address: str) -> int:
            request = urllib.request.Request(
                server.url + "/api/tables",
                data=json.dumps({"game": "euchre", "seats": HUMANS}).encode(),
                method="POST",
                headers={"Content-Type": "application/json", "X-Forwarded-For": address},
            )
            try:
                with urllib.request.urlopen(request, timeout=30) as response:
                    return int(response.status)
            except urllib.error.HTTPError as error:
                return int(error.code)

        assert create("2001:db8:7:1::1") == 201
        assert create("2001:db8:7:1:ffff:ffff:ffff:fffe") == 201
        assert create("2001:db8:7:1:abcd::42") == 429  # the same /64: its third table
        assert create("2001:db8:7:2::1") == 201  # the next /64 is another client
    finally:
        server.stop()


DEPLOY = Path(__file__).resolve().parents[2] / "docs" / "deploy.md"


def haproxy_config(port: int, backends: list[int]) -> str:
    """docs/deploy.md's haproxy configuration, listening on ``port`` of loopback, in front
    of the servers on ``backends`` (only the addresses are changed)."""
    text = DEPLOY.read_text(encoding="utf-8")
    config = re.search(r"```haproxy\n(.*?)```", text, re.S)
    assert config is not None, "docs/deploy.md has no haproxy configuration"
    body = re.sub(r"(?m)^(\s*bind) .*$", rf"\1 127.0.0.1:{port}", config.group(1))
    servers = re.findall(r"(?m)^\s*server .*$", body)
    assert len(servers) == len(backends)
    for line, backend in zip(servers, backends, strict=True):
        name = line.split()[1]
        body = body.replace(line, f"    server {name} 127.0.0.1:{backend} check", 1)
    return body


def healthy(port: int) -> bool:
    """Whether ``GET /api/health`` on ``port`` answers 200 (through a proxy: a server is up)."""
    try:
        return call(port, "GET", "/api/health")[0] == 200
    except (OSError, ValueError):
        return False


@pytest.fixture
def proxied(
    room_of_processes: tuple[str, list[Process]], tmp_path: Path
) -> Iterator[tuple[str, list[Process], int]]:
    """docs/deploy.md's haproxy in front of two processes of one room."""
    haproxy = shutil.which("haproxy") or (
        "/usr/sbin/haproxy" if Path("/usr/sbin/haproxy").exists() else None
    )
    if haproxy is None:
        pytest.skip("haproxy is not installed (.ci/run installs Debian's)")
    database, processes = room_of_processes
    port = free_port()
    config = tmp_path / "haproxy.cfg"
    config.write_text(haproxy_config(port, [p.port for p in processes]))
    log = (tmp_path / "haproxy.log").open("wb")
    proxy = subprocess.Popen([haproxy, "-db", "-f", str(config)], stdout=log, stderr=log)
    try:
        deadline = time.monotonic() + 30
        while not healthy(port):
            assert proxy.poll() is None and time.monotonic() < deadline, "haproxy did not start"
            time.sleep(0.2)
        yield database, processes, port
    finally:
        proxy.terminate()
        proxy.wait(timeout=30)
        log.close()


@pytest.fixture
def room_of_processes(postgres_url: str, tmp_path: Path) -> Iterator[tuple[str, list[Process]]]:
    """Two processes of one room as behind a proxy (per-address connections not capped
    by the servers: every connection comes from the proxy)."""
    with start_room(postgres_url, tmp_path, "--connections-per-address", "0") as started:
        yield started


def test_through_haproxy_a_player_carries_on_after_kill_9(
    proxied: tuple[str, list[Process], int],
) -> None:
    """Through docs/deploy.md's haproxy (round robin, no sticky sessions): a player plays,
    the process driving the table is killed, the player's page reconnects through the proxy
    with its token and plays on; every acknowledged action is stored once, in order."""
    database, processes, port = proxied
    table = bots_table(port)
    assert call(port, "GET", "/api/health")[0] == 200
    drivers = [p for p in processes if call(p.port, "GET", "/api/health")[1]["driving"]]
    assert len(drivers) == 1
    acked: list[tuple[int, str]] = []

    def play(turns: int, ws: ClientConnection, view: dict[str, Any]) -> dict[str, Any]:
        for _ in range(turns):
            while not (view["to_act"] == 0 or view["finished"]):
                view = receive(ws, "state")["view"]
            reply = reply_to(
                ws, {"type": "act", "seq": view["seq"], "action": view["legal"][0]}, ("ack",)
            )
            acked.append((reply["seq"], reply["action"]))
            view = receive(ws, "state")["view"]
        return view

    with socket(port, table["id"]) as ws:
        view = play(3, ws, hello(ws, 0, table["token"])["state"])
        drivers[0].kill()
        with contextlib.suppress(ConnectionClosed):  # on the survivor, it carries on as it is
            view = play(1, ws, view)
    for _ in range(60):  # the page reconnects (its backoff) until the proxy finds the survivor
        try:
            with socket(port, table["id"]) as ws:
                view = hello(ws, 0, table["token"])["state"]
                assert view["seq"] >= acked[-1][0] + 1
                view = play(3, ws, view)
                break
        except (ConnectionClosed, OSError, TimeoutError):
            time.sleep(0.5)
    else:
        raise AssertionError("the player could not carry on through the proxy")
    stored = stored_actions(database, table["id"])
    mine = {number: text for number, seat, text in stored if seat == 0}
    assert [mine.get(seq) for seq, _ in acked] == [action for _, action in acked]


def test_serve_processes_n_is_one_room_on_one_port(postgres_url: str, tmp_path: Path) -> None:
    """``tricktable serve --processes 2`` answers on one port from two processes of one
    room: a table made through one is played through the other."""
    port = free_port()
    server = Process(postgres_url, port, tmp_path / "serve.log", "--processes", "2")
    try:
        seen: set[str] = set()
        deadline = time.monotonic() + 30
        while len(seen) < 2:  # new connections are spread over the processes by the kernel
            assert time.monotonic() < deadline, f"one process answered: {seen}"
            seen.add(call(port, "GET", "/api/health")[1]["process"])
        table = bots_table(port, bot_delay=0)
        with socket(port, table["id"]) as ws:
            view = hello(ws, 0, table["token"])["state"]
            while not (view["to_act"] == 0 or view["finished"]):
                view = receive(ws, "state")["view"]
            reply = reply_to(
                ws, {"type": "act", "seq": view["seq"], "action": view["legal"][0]}, ("ack",)
            )
            assert reply["type"] == "ack"
    finally:
        server.stop()
