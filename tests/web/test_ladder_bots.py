"""Remote bots in the room's bot ladder: a bot account connected with ``tricktable connect``
is entered, plays its ladder matches at real tables of the room (its seats "bot wanted"
for it), and is rated with the levels and engines; leaving mid-match forfeits that match,
and the ladder goes on."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import free_port
from tests.web.test_ladder import get
from tests.web.test_remote_bots import HIGHEST, TRICKTABLE, account
from tricktable.sim.ratings import bradley_terry

ROOT = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
SLOW = """\
import sys, time
sys.path.insert(0, {sdk!r})
from tricktable_bot import run

def slow(view):
    time.sleep(0.2)  # a match lasts long enough to leave in the middle of it
    return view.rng.choice(view.legal)

run(slow, name="slow", author="tests")
"""
"""A bot of the Python SDK that takes its time: a random legal action after 0.2 s."""


class Room:
    """A ``tricktable serve --ladder euchre`` of two levels, on a SQLite file."""

    def __init__(self, tmp_path: Path) -> None:
        self.database = tmp_path / "room.db"
        self.url = f"http://127.0.0.1:{free_port()}"
        self.log = (tmp_path / "serve.log").open("w")
        self.process = subprocess.Popen(
            [
                *(*TRICKTABLE, "serve", "--port", self.url.rsplit(":", 1)[1]),
                *("--database", str(self.database), "--ladder", "euchre"),
                *("--ladder-bots", "random,easy", "--ladder-pause", "1"),
            ],
            env=ENV,
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )

    def ladder(self) -> dict[str, Any]:
        assert self.process.poll() is None, "the server stopped"
        try:
            return dict(get(f"{self.url}/api/ladder")["ladder"])
        except OSError:
            return {}  # not listening yet

    def until(self, test: Any, what: str, seconds: float = 240) -> dict[str, Any]:
        deadline = time.monotonic() + seconds
        while not test(ladder := self.ladder()):
            assert time.monotonic() < deadline, what
            time.sleep(0.2)
        return ladder

    def stop(self) -> None:
        self.process.send_signal(signal.SIGINT)
        self.process.wait(timeout=60)
        self.log.close()


@pytest.fixture
def room(tmp_path: Path) -> Iterator[Room]:
    started = Room(tmp_path)
    try:
        started.until(lambda ladder: ladder, "the server did not start", 60)
        yield started
    finally:
        started.stop()


def connected(room: Room, token: str, bot: str, out: Path) -> subprocess.Popen[str]:
    """``tricktable connect`` playing as the account of ``token`` until stopped."""
    return subprocess.Popen(
        [*TRICKTABLE, "connect", room.url, "--token", token, "--bot", bot, "--poll", "0.2"],
        env=ENV,
        stdout=out.open("w"),
        stderr=subprocess.STDOUT,
        text=True,
    )


def rating(ladder: dict[str, Any], bot: str) -> dict[str, Any] | None:
    return next((row for row in ladder.get("ratings", []) if row["bot"] == bot), None)


def test_a_connected_remote_bot_plays_its_ladder_matches_at_tables_and_is_rated(
    room: Room, tmp_path: Path
) -> None:
    """The SDK's example bot over ``tricktable connect``: its matches against both levels
    (both seatings of one deal seed each) are tables it plays at, and its rating in
    ``/api/ladder`` is the Bradley-Terry fit of the stored matches, with its owner."""
    token = account(str(room.database), "alpha", "Ann")
    bot = connected(room, token, f"cmd:{HIGHEST}", tmp_path / "connect.log")
    try:
        ladder = room.until(
            lambda ladder: (row := rating(ladder, "alpha")) is not None and row["matches"] >= 4,
            "the remote bot played no ladder match",
        )
    finally:
        bot.send_signal(signal.SIGINT)
        bot.wait(timeout=60)
    said = (tmp_path / "connect.log").read_text()
    assert said.startswith(f"connected to {room.url} as alpha (of Ann)")
    assert said.count(": the match ended") >= 4
    row = rating(ladder, "alpha")
    assert row is not None
    assert row["owner"] == "Ann" and row["label"] == "Remote bot alpha (of Ann)"
    assert ladder["bots"] == ["random", "easy", "alpha"]
    with sqlite3.connect(room.database) as db:
        entered = db.execute("SELECT number, account FROM tt_ladder_bots").fetchall()
        rows = db.execute(
            "SELECT first, second, number, outcome FROM tt_ladder_matches ORDER BY finished"
        ).fetchall()
        tables = db.execute("SELECT seed, config FROM tt_tables").fetchall()
    assert entered == [(0, "alpha")]
    remote = [(a, b, n) for a, b, n, _ in rows if 2 in (a, b)]
    assert {(a, b) for a, b, _ in remote} == {(0, 2), (1, 2)}
    # each pairing's two seatings are played on one deal seed: tables dealt alike
    seeds = {seed for seed, _ in tables}
    assert all(seed.startswith("ladder-") for seed in seeds) and len(seeds) < len(tables)
    assert all('"remote_bots": {"' in config for _, config in tables)
    # the ratings shown are the fit of the stored matches at the time
    import json

    fixed = [(a, b, json.loads(o)["score"]) for a, b, _, o in rows]
    met: dict[tuple[int, int], list[float]] = {}
    for a, b, score in fixed[: ladder["played"]]:
        met.setdefault((a, b), []).append(score)
    fit = bradley_terry(3, [(a, b, sum(s), len(s)) for (a, b), s in met.items()])
    assert row["elo"] == pytest.approx(fit.elo[2], abs=0.01)
    assert row["ci95"][0] <= row["elo"] <= row["ci95"][1]


def test_a_remote_bot_that_leaves_mid_match_forfeits_it_and_the_ladder_goes_on(
    room: Room, tmp_path: Path
) -> None:
    """Its ``tricktable connect`` is killed while it plays a ladder table: once it has been
    away ``AWAY_S`` on its turn it loses the seat, the match is stored as its forfeit, and
    the ladder plays on (its next round)."""
    token = account(str(room.database), "alpha", "Ann")
    slow = tmp_path / "slow.py"
    slow.write_text(SLOW.format(sdk=str(ROOT / "sdk" / "python")))
    out = tmp_path / "connect.log"
    bot = connected(room, token, f"cmd:{sys.executable} {slow}", out)
    try:
        deadline = time.monotonic() + 240
        while out.read_text().count(": playing") < 2:  # both its seats of a euchre table
            assert bot.poll() is None, out.read_text()
            assert time.monotonic() < deadline, "the remote bot took no ladder table"
            time.sleep(0.1)
        time.sleep(1.0)  # a few of its decisions: the match is under way
    finally:
        bot.kill()
        bot.wait(timeout=60)
    assert ": the match ended" not in out.read_text()
    ladder = room.until(lambda ladder: ladder["forfeits"], "the match was not forfeited", 120)
    forfeit = ladder["forfeits"][-1]
    assert forfeit["bot"] == "alpha" and forfeit["against"] in ("random", "easy")
    assert "Remote bot alpha (of Ann)" in forfeit["reason"], forfeit
    played = ladder["rounds"]
    later = room.until(lambda ladder: ladder["rounds"] > played, "the ladder stopped", 120)
    row = rating(later, "alpha")
    assert row is not None and row["matches"] >= 1
    assert all(f["bot"] == "alpha" for f in later["forfeits"])


def test_in_a_room_the_remote_bot_plays_the_ladder_through_either_process(
    postgres_url: str, tmp_path: Path
) -> None:
    """Two ``tricktable serve --room --ladder`` processes on one PostgreSQL database: the
    one holding the ladder's lease opens the tables, the bot connects to the other, and its
    matches are played and rated all the same."""
    from tests.web.test_restart import Process

    ladder_args = ("--ladder", "euchre", "--ladder-bots", "random,easy", "--ladder-pause", "1")
    started = [
        Process(postgres_url, free_port(), tmp_path / f"{name}.log", "--room", *ladder_args)
        for name in "ab"
    ]
    out = tmp_path / "connect.log"
    try:
        a, b = (f"http://127.0.0.1:{process.port}" for process in started)
        token = account(postgres_url, "alpha", "Ann")
        bot = subprocess.Popen(
            [*TRICKTABLE, "connect", b, "--token", token, "--bot", f"cmd:{HIGHEST}"],
            env=ENV,
            stdout=out.open("w"),
            stderr=subprocess.STDOUT,
        )
        try:
            deadline = time.monotonic() + 240
            while (row := rating(get(f"{a}/api/ladder")["ladder"], "alpha")) is None or row[
                "matches"
            ] < 4:
                assert time.monotonic() < deadline, out.read_text()
                time.sleep(0.2)
        finally:
            bot.send_signal(signal.SIGINT)
            bot.wait(timeout=60)
        assert row["owner"] == "Ann"
        assert out.read_text().count(": the match ended") >= 4
        assert rating(get(f"{b}/api/ladder")["ladder"], "alpha") is not None
    finally:
        for process in started:
            process.stop()


def test_an_account_that_never_takes_its_seats_forfeits_and_the_table_plays_out(
    server: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A ladder table whose bot account does not sit within ``JOIN_S``: the match is its
    forfeit, and the seats it left open go to a level, so the table plays to its end."""
    import threading

    from tricktable.web import ladder as ladder_module
    from tricktable.web.ladder import LadderTables, TableMatch
    from tricktable.web.remote_bots import account_of, create_account, mark_present

    monkeypatch.setattr(ladder_module, "JOIN_S", 1.0)
    store = server.manager.store
    account = account_of(store, create_account(store, "alpha", "Ann"))
    assert account is not None
    mark_present(store, account)  # connected, but it never asks for its seats
    tables = LadderTables(server.manager, server.manager.loop)
    match = TableMatch("euchre", (0, 2, 1), ("random", "alpha"), (False, True), 7, (1, 0, 1, 0))
    outcome = tables.play(match, threading.Event(), lambda: True)
    assert outcome is not None
    assert outcome["forfeit"]["reason"] == "did not take its seat within 1 s"
    assert outcome["forfeit"]["entry"] == 1 and outcome["score"] == 1.0
    assert outcome["seed"] == 7 and outcome["owner"] == [1, 0, 1, 0]
    (table,) = [t for t in server.manager.tables.values() if t.seed == "ladder-7"]
    assert table.private and table.config.bot_wanted == {}
    assert [seat.kind for seat in table.config.seats] == ["bot"] * 4
    deadline = time.monotonic() + 120
    while not table.state.is_terminal():
        assert time.monotonic() < deadline, "the ladder's table did not play out"
        time.sleep(0.1)
