"""Fixtures of the web tests: a real server on loopback, HTTP and websocket helpers, and
PostgreSQL (from ``TRICKTABLE_TEST_POSTGRES``, or a cluster started here when Debian's
PostgreSQL is installed)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.request
import weakref
from collections.abc import Iterator
from glob import glob
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed")

import uvicorn
from websockets.sync.client import ClientConnection, connect

from tricktable.web.app import create_app
from tricktable.web.connections import ConnectionLimits, server_config


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Server:
    """A tricktable server run by uvicorn in a thread of the test process."""

    def __init__(
        self, database: str, connections: ConnectionLimits | None = None, **options: Any
    ) -> None:
        self.database = database
        self.port = free_port()
        options.setdefault("worker_processes", False)
        self.app = create_app(database, **options)
        config = server_config(
            self.app, "127.0.0.1", self.port, connections or ConnectionLimits(), log_level="warning"
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def manager(self) -> Any:
        return self.app.state.manager

    def start(self) -> Server:
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the server did not start")
            time.sleep(0.02)
        return self

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=30)

    def call(self, coro: Any) -> Any:
        """Run a coroutine on the server's event loop (for checks of its tables)."""
        loop = self.manager.loop
        return asyncio.run_coroutine_threadsafe(coro, loop).result(timeout=30)

    # -- HTTP ---------------------------------------------------------------------------------
    def request(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            self.url + path, data=data, method=method, headers={"Content-Type": "application/json"}
        )
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                raw = response.read()
                status = response.status
        except urllib.error.HTTPError as error:
            raw = error.read()
            status = error.code
        try:
            return status, json.loads(raw)
        except ValueError:
            return status, raw.decode()

    def get(self, path: str) -> Any:
        status, data = self.request("GET", path)
        assert status == 200, data
        return data

    def create(self, **body: Any) -> dict[str, Any]:
        status, data = self.request("POST", "/api/tables", body)
        assert status == 201, data
        return dict(data)

    def create_with_bots(self, game: str, seed: int, players: int | None = None) -> dict[str, Any]:
        """A seeded table of ``game`` (its default player count unless given): the caller at
        seat 0, heuristic bots that act at once at the others."""
        if players is None:
            info = next(g for g in self.get("/api/games")["games"] if g["name"] == game)
            players = int(info["default_players"])
        return self.create(
            game=game,
            players=players,
            seats=[{"kind": "human"}] + [{"kind": "bot", "bot": "heuristic"}] * (players - 1),
            sit=0,
            bot_delay=0,
            seed=seed,
        )

    # -- websocket ----------------------------------------------------------------------------
    def socket(self, table_id: str) -> ClientConnection:
        return connect(f"ws://127.0.0.1:{self.port}/ws/{table_id}", open_timeout=10)


_KEPT: weakref.WeakKeyDictionary[ClientConnection, list[dict[str, Any]]] = (
    weakref.WeakKeyDictionary()
)
"""Messages read while waiting for a reply, kept for later ``receive`` calls (per socket;
weak keys, so a new socket never sees a closed one's messages)."""


def receive(ws: ClientConnection, kind: str, timeout: float = 20.0) -> dict[str, Any]:
    """The next message of type ``kind`` (earlier ones of other types are skipped)."""
    kept = _KEPT.setdefault(ws, [])
    while kept:
        message = kept.pop(0)
        if message["type"] == kind:
            return message
    deadline = time.monotonic() + timeout
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError(f"no {kind!r} message")
        message = json.loads(ws.recv(timeout=left))
        if message["type"] == kind:
            return dict(message)


def reply_to(
    ws: ClientConnection, message: dict[str, Any], kinds: tuple[str, ...]
) -> dict[str, Any]:
    """Send ``message`` and return the first reply of one of ``kinds``; other messages read
    meanwhile are kept for ``receive``."""
    ws.send(json.dumps(message))
    kept = _KEPT.setdefault(ws, [])
    while True:
        answer = dict(json.loads(ws.recv(timeout=20)))
        if answer["type"] in kinds:
            return answer
        kept.append(answer)


def hello(
    ws: ClientConnection, seat: int | None = None, token: str | None = None, **extra: Any
) -> dict[str, Any]:
    ws.send(json.dumps({"type": "hello", "seat": seat, "token": token, **extra}))
    return receive(ws, "welcome")


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'tables.db'}"


@pytest.fixture
def server(sqlite_url: str) -> Iterator[Server]:
    running = Server(sqlite_url).start()
    yield running
    running.stop()


# -- PostgreSQL ------------------------------------------------------------------------------
def _start_cluster() -> tuple[str, Any] | str:
    """A throwaway PostgreSQL cluster: ``(url, stop)``, or why none could be started."""
    initdbs = sorted(glob("/usr/lib/postgresql/*/bin/initdb"))
    if not initdbs:
        return "PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb)"
    bin_dir = Path(initdbs[-1]).parent
    run_as: list[str] = []
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            return "running as root and there is no 'postgres' user to run PostgreSQL"
        run_as = ["runuser", "-u", "postgres", "--"]
    base = Path(tempfile.mkdtemp(prefix="tt-pg-"))
    if run_as:
        shutil.chown(base, "postgres")
    data = base / "data"
    port = free_port()
    try:
        subprocess.run(
            [*run_as, str(bin_dir / "initdb"), "-D", str(data), "-A", "trust", "-U", "tt"],
            check=True,
            capture_output=True,
        )
        subprocess.run(
            [
                *run_as,
                str(bin_dir / "pg_ctl"),
                "-D",
                str(data),
                "-w",
                "-l",
                str(base / "log"),
                "-o",
                f"-p {port} -k {base} -c listen_addresses=127.0.0.1 -c fsync=off",
                "start",
            ],
            check=True,
            capture_output=True,
        )
    except (subprocess.CalledProcessError, OSError) as error:
        shutil.rmtree(base, ignore_errors=True)
        return f"could not start PostgreSQL: {error}"

    def stop() -> None:
        subprocess.run(
            [*run_as, str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"],
            capture_output=True,
        )
        shutil.rmtree(base, ignore_errors=True)

    return f"postgresql://tt@127.0.0.1:{port}/postgres", stop


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """A PostgreSQL URL: ``TRICKTABLE_TEST_POSTGRES``, else a cluster started for the tests."""
    url = os.environ.get("TRICKTABLE_TEST_POSTGRES")
    if url:
        yield url
        return
    started = _start_cluster()
    if isinstance(started, str):
        pytest.skip(f"no PostgreSQL: {started}; set TRICKTABLE_TEST_POSTGRES to use one")
    url, stop = started
    try:
        yield url
    finally:
        stop()


@pytest.fixture
def postgres_url(postgres_server: str) -> Iterator[str]:
    """A fresh, empty database on the PostgreSQL server for one test."""
    import psycopg

    name = f"tt_{os.getpid()}_{time.monotonic_ns()}"
    with psycopg.connect(postgres_server, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    base, _, _ = postgres_server.rpartition("/")
    yield f"{base}/{name}"
    with contextlib.suppress(Exception), psycopg.connect(postgres_server, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE "{name}" WITH (FORCE)')
