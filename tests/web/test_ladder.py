"""The room's bot ladder (``tricktable serve --ladder``): rounds of duplicate deals among the
operator's bot levels and engines, stored in the room's database, rated by Bradley-Terry
with 95% intervals, one process playing it at a time."""

from __future__ import annotations

import json
import signal
import sqlite3
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import free_port
from tricktable.cli.main import main
from tricktable.sim.ratings import bradley_terry
from tricktable.web.engines import SeatEngines
from tricktable.web.ladder import Ladder, LadderSettings, LadderStore
from tricktable.web.store import Store

ROOT = Path(__file__).resolve().parents[2]
HIGHEST = f"{sys.executable} {ROOT / 'sdk' / 'python' / 'examples' / 'highest.py'}"
"""The Python SDK's example bot."""
ENV_PATH = str(ROOT / "src")


def get(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=30) as response:
        body = response.read().decode()
    return json.loads(body) if body.lstrip().startswith("{") else body


def test_serve_runs_a_ladder_whose_ratings_are_those_of_its_stored_matches(
    tmp_path: Path,
) -> None:
    """Two levels and the SDK's example engine: after the first round (each pair on one
    deal, in both seatings; a long pause follows), the ratings ``/api/ladder`` shows are the
    Bradley-Terry fit of the matches in the database, each inside its 95% interval."""
    database, port = tmp_path / "room.db", free_port()
    server = subprocess.Popen(
        [
            *(sys.executable, "-m", "tricktable", "serve", "--port", str(port)),
            *("--database", str(database), "--ladder", "euchre"),
            *("--ladder-bots", "random,easy", "--ladder-pause", "3600"),
            *("--engine", f"highest=cmd:{HIGHEST}"),
        ],
        env={"PYTHONPATH": ENV_PATH, "PATH": "/usr/bin:/bin"},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                ladder = get(f"{url}/api/ladder")["ladder"]
                if ladder["played"] == 6:
                    break
            except OSError:
                pass  # not listening yet
            assert server.poll() is None, server.stdout.read() if server.stdout else ""
            assert time.monotonic() < deadline, "the ladder played no round"
            time.sleep(0.1)
        page = get(f"{url}/ladder")
        board = get(f"{url}/leaderboard")
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(timeout=60)
    assert ladder["bots"] == ["random", "easy", "engine:highest"]
    assert ladder["rounds"] == 1 and ladder["running"] is True
    assert 'data-page="ladder"' in page and "/static/ladder.js" in page
    assert 'href="/ladder"' in board
    with sqlite3.connect(database) as db:
        rows = db.execute("SELECT first, second, outcome FROM tt_ladder_matches").fetchall()
    assert len(rows) == 6
    met: dict[tuple[int, int], list[float]] = {}
    for first, second, outcome in rows:
        met.setdefault((first, second), []).append(json.loads(outcome)["score"])
    assert sorted(met) == [(0, 1), (0, 2), (1, 2)]
    fitted = bradley_terry(3, [(a, b, sum(s), len(s)) for (a, b), s in met.items()])
    shown = {row["bot"]: row for row in ladder["ratings"]}
    for index, bot in enumerate(ladder["bots"]):
        assert shown[bot]["elo"] == fitted.elo[index]
        assert shown[bot]["ci95"] == list(fitted.ci95[index])
        assert shown[bot]["ci95"][0] <= shown[bot]["elo"] <= shown[bot]["ci95"][1]
        assert shown[bot]["matches"] == 4  # two opponents, two seatings each
    elos = [row["elo"] for row in ladder["ratings"]]
    assert elos == sorted(elos, reverse=True)


def test_rounds_add_new_deals_and_keep_the_earlier_ones(sqlite_url: str) -> None:
    settings = LadderSettings.parse("euchre", ["random", "easy"], SeatEngines())
    store = Store(sqlite_url)
    ladder = Ladder(store, settings)
    assert ladder.rows.take()
    ladder.play_round()
    first = ladder.rows.outcomes()
    assert ladder.rows.standings()["played"] == 2
    ladder.play_round()
    outcomes = ladder.rows.outcomes()
    assert outcomes[:2] == first
    assert [key for key, _ in outcomes] == [(0, 1, n) for n in range(4)]
    seeds = settings.tournament(2).deal_seeds()
    assert [outcome["seed"] for _, outcome in outcomes] == [seeds[0]] * 2 + [seeds[1]] * 2
    standings = ladder.rows.standings()
    assert standings["rounds"] == 2 and standings["played"] == 4
    store.close()


def test_a_failing_engine_forfeits_its_matches_and_the_ladder_goes_on(
    sqlite_url: str, tmp_path: Path
) -> None:
    engines = SeatEngines.parse([f"broken=cmd:{tmp_path / 'no-such-program'}"])
    settings = LadderSettings.parse("euchre", ["random"], engines)
    store = Store(sqlite_url)
    ladder = Ladder(store, settings)
    assert ladder.rows.take()
    ladder.play_round()
    ladder.play_round()
    standings = ladder.rows.standings()
    assert standings["played"] == 4
    assert [f["bot"] for f in standings["forfeits"]] == ["engine:broken"] * 4
    assert all(f["against"] == "random" and f["reason"] for f in standings["forfeits"])
    assert [row["bot"] for row in standings["ratings"]] == ["random", "engine:broken"]
    store.close()


@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_one_process_plays_the_ladder_at_a_time(
    database: str, request: pytest.FixtureRequest
) -> None:
    """The lease: a second process cannot take it while the first renews it, and takes it
    once the first hands it over (stops)."""
    url = request.getfixturevalue("sqlite_url" if database == "sqlite" else "postgres_url")
    settings = LadderSettings.parse("euchre", ["random", "easy"], SeatEngines())
    first_store, second_store = Store(url), Store(url)
    first = LadderStore(first_store, settings, "first")
    second = LadderStore(second_store, settings, "second")
    assert not first.running()
    assert first.take() and first.take()  # taken, then renewed
    assert not second.take()
    assert second.running()
    first.release()
    assert second.take() and not first.take()
    first_store.close()
    second_store.close()


def test_another_game_or_other_bots_make_another_ladder() -> None:
    engines = SeatEngines()
    euchre = LadderSettings.parse("euchre", ["random", "easy"], engines)
    assert euchre.key == LadderSettings.parse("euchre", ["random", "easy"], engines).key
    assert euchre.key != LadderSettings.parse("euchre", ["random", "hard"], engines).key
    assert euchre.key != LadderSettings.parse("pitch", ["random", "easy"], engines).key


def test_the_api_says_when_the_room_runs_no_ladder(server: Any) -> None:
    assert server.get("/api/ladder") == {"ladder": None}


@pytest.mark.parametrize(
    ("arguments", "says"),
    [
        (["--ladder", "euchre", "--ladder-bots", "random"], "--ladder needs at least 2 bots"),
        (["--ladder", "euchre", "--ladder-bots", "random,wizard"], "--ladder-bots 'wizard'"),
        (["--ladder", "euchre", "--ladder-bots", "random,random"], "each bot may enter once"),
        (["--ladder", "nosuchgame", "--ladder-bots", "random,easy"], "--ladder 'nosuchgame'"),
        (["--ladder-bots", "random,easy"], "--ladder-bots names the bots of a --ladder"),
        (
            ["--ladder", "euchre", "--ladder-bots", "random,easy", "--ladder-pause", "-1"],
            "--ladder-pause must be 0 or more",
        ),
    ],
)
def test_serve_says_what_is_wrong_with_a_ladder(
    arguments: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["serve", "--port", "0", *arguments]) == 2
    assert says in capsys.readouterr().err


@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_two_processes_of_a_room_play_the_ladder_one_at_a_time(
    database: str, request: pytest.FixtureRequest
) -> None:
    """Two processes' ladders on one database: only the one holding the lease plays rounds;
    when it stops, the other takes the ladder over and carries on from the stored rounds."""
    url = request.getfixturevalue("sqlite_url" if database == "sqlite" else "postgres_url")
    settings = LadderSettings.parse("euchre", ["random", "easy"], SeatEngines(), pause=0.05)
    stores = [Store(url), Store(url)]
    ladders = [Ladder(store, settings) for store in stores]
    rounds = [0, 0]
    for index, ladder in enumerate(ladders):

        def counted(ladder: Ladder = ladder, index: int = index) -> None:
            rounds[index] += 1
            Ladder.play_round(ladder)

        ladder.play_round = counted  # type: ignore[method-assign]
    reader = LadderStore(stores[0], settings, "reader")

    def wait_for(played: int) -> None:
        deadline = time.monotonic() + 120
        while reader.standings()["played"] < played:
            assert time.monotonic() < deadline, "the ladder stopped"
            time.sleep(0.05)

    ladders[0].start()
    wait_for(2)
    ladders[1].start()
    wait_for(reader.standings()["played"] + 4)
    assert rounds[1] == 0  # the second process waited
    ladders[0].stop()
    before = reader.standings()["played"]
    wait_for(before + 4)
    ladders[1].stop()
    assert rounds[1] >= 2
    standings = reader.standings()
    assert standings["running"] is False
    keys = sorted(reader.finished())  # a round the first left half-played was completed
    assert keys == [(0, 1, n) for n in range(standings["played"])]
    for store in stores:
        store.close()
