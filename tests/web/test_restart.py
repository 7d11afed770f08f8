"""Kill the server process in the middle of a deal, start it again, reconnect and finish:
the stored record holds exactly the actions played."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from websockets.sync.client import connect

from tests.web.conftest import free_port, hello, receive
from tests.web.test_websocket import act, wait_my_turn


class Process:
    """``tricktable serve`` as a separate process."""

    def __init__(self, database: str, port: int, log: Path, *extra: str) -> None:
        self.port = port
        self.log = log.open("ab")
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "tricktable",
                "serve",
                "--port",
                str(port),
                "--database",
                database,
                *extra,
            ],
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/tables", timeout=2).read()
                return
            except OSError:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"the server did not start; see {log}") from None
                time.sleep(0.1)

    def kill(self) -> None:
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=30)
        self.log.close()

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=30)
        self.log.close()


@pytest.fixture(params=["sqlite", "postgresql"])
def places(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[str, int, Path]]:
    """A database of each backend, a free port and the server's log file."""
    if request.param == "sqlite":
        database = f"sqlite:///{tmp_path / 'tables.db'}"
    else:
        database = request.getfixturevalue("postgres_url")
    yield database, free_port(), tmp_path / "server.log"


def _post(port: int, path: str, body: object) -> dict[str, object]:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return dict(json.loads(response.read()))


def test_kill_in_the_middle_of_a_deal_then_finish(
    places: tuple[str, int, Path], tmp_path: Path
) -> None:
    database, port, log = places
    server = Process(database, port, log)
    try:
        table = _post(
            port,
            "/api/tables",
            {
                "game": "euchre",
                "rules": {"target": None},
                "seats": [{"kind": "human"}] + [{"kind": "bot", "bot": "heuristic"}] * 3,
                "sit": 0,
                "bot_delay": 0,
                "seed": 21,
            },
        )
        url = f"ws://127.0.0.1:{port}/ws/{table['id']}"
        with connect(url) as ws:
            view = hello(ws, 0, str(table["token"]))["state"]
            for _ in range(3):  # a few decisions of ours, bots acting in between
                view = wait_my_turn(ws, 0, view)
                assert act(ws, view["seq"], view["legal"][0])["type"] == "ack"
                view = receive(ws, "state")["view"]
            assert not view["finished"] and view["history"]  # in the middle of a deal
            seen_before = [text for _, text in view["history"]]
            seq_before = view["seq"]
        server.kill()
    except BaseException:
        server.stop()
        raise
    server = Process(database, port, log)  # the same database after a hard kill
    try:
        with connect(url) as ws:
            view = hello(ws, 0, str(table["token"]))["state"]
            assert view["seq"] >= seq_before
            history = [text for _, text in view["history"]]
            assert history[: len(seen_before)] == seen_before
            while not view["finished"]:
                view = wait_my_turn(ws, 0, view)
                if view["finished"]:
                    break
                assert act(ws, view["seq"], view["legal"][0])["type"] == "ack"
                view = receive(ws, "state")["view"]
        with urllib.request.urlopen(
            f"http://127.0.0.1:{port}/api/records/{table['id']}", timeout=10
        ) as response:
            record = json.loads(response.read())
    finally:
        server.stop()
    actions = [text for deal in record["deals"] for text in deal["actions"]]
    assert len(actions) == view["seq"]  # every decision taken, and nothing else
    last_deal = record["deals"][-1]["actions"]
    assert [text for _, text in view["history"]] == [
        text if not text.startswith("discard") or seat == 0 else "discard"
        for (seat, _), text in zip(view["history"], last_deal, strict=True)
    ]
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    checked = subprocess.run(
        [sys.executable, "-m", "tricktable", "replay", str(path), "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    result = json.loads(checked.stdout)
    assert result["finished"] and result["scores"] == view["scores"]
