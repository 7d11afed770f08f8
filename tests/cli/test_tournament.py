"""``tricktable tournament``: ratings and a crosstable, engines that fail, resuming, Ray."""

from __future__ import annotations

import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tricktable import load_game
from tricktable.sim.store import TournamentStore
from tricktable.sim.tournament import Tournament, run_tournament

from . import tricktable

EXAMPLE = f"{sys.executable} {Path(__file__).resolve().parents[2] / 'examples' / 'engine.py'}"
FAULTY = f"{sys.executable} {Path(__file__).resolve().parents[1] / 'engine' / 'faulty_engine.py'}"
"""An engine that misbehaves as its first argument says (tests/engine/faulty_engine.py)."""
LINEUP = ["random", "easy", "medium", "hard", f"cmd:{EXAMPLE}"]
"""The lineup the issue asks for: every level and an outside engine."""
RULES = ("two_handed_euchre", {"target": 1})
"""One-deal matches of a quick game keep the tests short."""


def small_tournament() -> Tournament:
    return Tournament(load_game(RULES[0], RULES[1]), tuple(LINEUP), games=1, seed=5)


def test_levels_and_an_engine_rated(tmp_path: Path) -> None:
    args = ["tournament", "two_handed_euchre", "--rules", "target=1", "--games", "1"]
    args += ["--seed", "5", "--bots", ",".join(LINEUP), "--workers", "2"]
    result = tricktable([*args, "--db", str(tmp_path / "a.db"), "--json"])
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["planned"] == data["played"] == 10 * 2
    assert [r["bot"] for r in data["ratings"]] == LINEUP
    assert abs(sum(r["elo"] for r in data["ratings"])) < 1
    for rating in data["ratings"]:
        low, high = rating["ci95"]
        assert low < rating["elo"] < high
        assert rating["matches"] == 8  # 4 opponents x 1 seed x 2 seatings
    assert len(data["pairs"]) == 10
    for pair in data["pairs"]:
        assert pair["matches"] == 2 and 0 <= pair["score"] <= 2
        low, high = pair["ci95"]
        assert low <= pair["win_rate"] <= high
        assert pair["paired_points_per_deal"]["deals"] >= 1
    assert sum(r["score"] for r in data["ratings"]) == 20
    assert not data["forfeits"]
    # the same seed gives the same tournament, in one process or two
    again = tricktable([*args, "--workers", "1", "--db", str(tmp_path / "b.db"), "--json"])
    assert json.loads(again.stdout) == data
    plots = tmp_path / "plots"
    text = tricktable([*args, "--db", str(tmp_path / "b.db"), "--plots", str(plots)])
    assert text.returncode == 0, text.stderr
    names = ["points_per_deal.png", "ratings.png", "win_rates.png"]
    assert sorted(path.name for path in plots.iterdir()) == names
    assert all((plots / name).read_bytes()[:4] == b"\x89PNG" for name in names)
    assert "ratings: Bradley-Terry on the Elo scale" in text.stdout
    assert "crosstable: the row's win rate against the column" in text.stdout
    assert "resuming" in text.stderr and "20 of 20 matches already played" in text.stderr
    ranked = [line.split()[1] for line in text.stdout.splitlines()[4:9]]
    assert sorted(ranked) == ["#1", "#2", "#3", "#4", "#5"]


@pytest.mark.ray
def test_ray_gives_the_same_results(tmp_path: Path) -> None:
    import ray  # the dev extra holds it: CI runs this test

    tournament = small_tournament()
    local = run_tournament(
        tournament, TournamentStore(tmp_path / "local.db", tournament.settings()), workers=2
    )
    ray.init(num_cpus=2, include_dashboard=False, logging_level="warning")
    try:
        on_ray = run_tournament(
            tournament, TournamentStore(tmp_path / "ray.db", tournament.settings()), use_ray=True
        )
    finally:
        ray.shutdown()
    assert on_ray.to_json() == local.to_json()
    assert on_ray.played == 20


def test_failing_engines_forfeit_and_the_tournament_goes_on(tmp_path: Path) -> None:
    bots = ["medium", f"cmd:{FAULTY} crash", f"cmd(move_ms=200):{FAULTY} hang 1"]
    bots.append(f"cmd:{FAULTY} illegal")
    game = load_game(RULES[0], RULES[1])
    tournament = Tournament(game, tuple(bots), games=1, seed=1)
    result = run_tournament(tournament, TournamentStore(tmp_path / "f.db", tournament.settings()))
    assert result.played == result.planned == 12
    medium = result.to_json()["ratings"][0]
    assert medium["score"] == 6  # every engine forfeits every match against medium
    reasons = {f["bot"]: f["reason"] for f in result.forfeits}
    assert "exited before answering decide (exit status 3)" in reasons[bots[1]]
    assert "no answer to decide within 300 ms" in reasons[bots[2]]
    assert "chose the illegal action 'play 2Z'" in reasons[bots[3]]
    assert len(result.forfeits) == 12
    assert all(pair.forfeits == 2 for pair in result.pairs)


def test_a_killed_tournament_resumes_without_replaying(tmp_path: Path) -> None:
    db = tmp_path / "killed.db"
    bots = ("medium", f"cmd:{FAULTY} slow")
    args = ["tournament", "two_handed_euchre", "--rules", "target=1", "--bots", ",".join(bots)]
    args += ["--games", "4", "--seed", "3", "--json"]
    command = [sys.executable, "-m", "tricktable", *args, "--db", str(db)]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        stored = 0
        deadline = time.monotonic() + 60
        while stored < 2 and process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
            if db.exists():
                with sqlite3.connect(db) as connection:
                    try:
                        stored = connection.execute("SELECT COUNT(*) FROM matches").fetchone()[0]
                    except sqlite3.OperationalError:  # the table is not made yet
                        stored = 0
        os.kill(process.pid, signal.SIGKILL)
    finally:
        process.wait()
    with sqlite3.connect(db) as connection:
        before = {
            tuple(row[:3]): row[3]
            for row in connection.execute("SELECT first, second, number, outcome FROM matches")
        }
    assert 2 <= len(before) < 8, "the tournament was not stopped half way"
    resumed = tricktable([*args, "--db", str(db)], timeout=120)
    assert resumed.returncode == 0, resumed.stderr
    tournament = Tournament(load_game(RULES[0], RULES[1]), bots, 4, 3)
    store = TournamentStore(db, tournament.settings())
    runs = store.runs_of()
    assert len(runs) == 8
    assert all(runs[key] == 1 for key in before)  # played before the kill, kept as they were
    assert sum(run == 2 for run in runs.values()) == 8 - len(before)
    assert all(store.outcomes()[i][1] for i in range(8))
    fresh = tricktable([*args, "--db", str(tmp_path / "fresh.db")], timeout=120)
    assert json.loads(resumed.stdout) == json.loads(fresh.stdout)


def test_progress_lines_off_a_terminal(tmp_path: Path) -> None:
    env = {**os.environ, "TRICKTABLE_PROGRESS_SECONDS": "0"}
    args = ["tournament", "two_handed_euchre", "--rules", "target=1", "--bots", "random,medium"]
    result = subprocess.run(
        [sys.executable, "-m", "tricktable", *args, "--games", "2", "--db", str(tmp_path / "p.db")],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    lines = result.stderr.splitlines()
    assert lines[0].startswith("tournament two_handed_euchre: 1/4 matches (25%),")
    assert "ETA" in lines[0] and lines[-1].startswith("tournament two_handed_euchre: 4/4")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.mark.parametrize(
    ("address", "says"),
    [
        ("127.0.0.1:{port}", "no Ray cluster answers at 127.0.0.1:{port} (Connection refused)"),
        ("ray://127.0.0.1:{port}", "no Ray cluster answers at ray://127.0.0.1:{port}"),
        ("nowhere", "--ray nowhere: give HOST:PORT (the head node's address, e.g."),
    ],
)
def test_ray_without_a_cluster_there_stops_at_once(tmp_path: Path, address: str, says: str) -> None:
    pytest.importorskip("ray")
    port = free_port()
    args = ["tournament", "two_handed_euchre", "--bots", "random,easy", "--games", "1"]
    args += ["--db", str(tmp_path / "r.db"), "--ray", address.format(port=port)]
    result = tricktable(args, timeout=60)
    assert result.returncode == 2
    assert says.format(port=port) in result.stderr
    assert "Traceback" not in result.stderr


def test_ray_at_an_address_where_something_else_listens_stops_at_once(tmp_path: Path) -> None:
    pytest.importorskip("ray")
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen(5)  # accepts connections, answers nothing
        address = f"127.0.0.1:{server.getsockname()[1]}"
        args = ["tournament", "two_handed_euchre", "--bots", "random,easy", "--games", "1"]
        result = tricktable([*args, "--db", str(tmp_path / "r.db"), "--ray", address], timeout=60)
    assert result.returncode == 2
    assert f"something answers at {address}, but not a Ray cluster (no gRPC there)" in (
        result.stderr
    )


@pytest.mark.ray
def test_a_ray_cluster_passes_the_address_check() -> None:
    import ray

    from tricktable.sim.tournament import check_ray_address

    ray.init(num_cpus=1, include_dashboard=False, logging_level="warning")
    try:
        check_ray_address(ray.get_runtime_context().gcs_address)  # no RayUnavailable
    finally:
        ray.shutdown()


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["euchre", "--bots", "random"], "a tournament needs at least 2 bots"),
        (["euchre", "--bots", "random,random"], "each bot may enter once"),
        (["euchre", "--bots", "random,oracle"], "unknown bot 'oracle'"),
        (["three_handed_euchre", "--bots", "random,easy"], "cannot seat two bots equally"),
        (["euchre", "--bots", "random,easy", "--games", "0"], "--games must be an integer >= 1"),
    ],
)
def test_bad_settings_say_what_is_allowed(tmp_path: Path, args: list[str], says: str) -> None:
    result = tricktable(["tournament", *args, "--db", str(tmp_path / "x.db")])
    assert result.returncode == 2
    assert says in result.stderr


def test_a_database_of_another_tournament_is_refused(tmp_path: Path) -> None:
    db = str(tmp_path / "t.db")
    args = ["tournament", "two_handed_euchre", "--rules", "target=1", "--games", "1"]
    assert tricktable([*args, "--bots", "random,easy", "--db", db]).returncode == 0
    other = tricktable([*args, "--bots", "random,medium", "--db", db])
    assert other.returncode == 2
    assert "holds another tournament" in other.stderr and "bots random, easy" in other.stderr
