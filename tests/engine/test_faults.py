"""An engine's faults cost it the match, never the host: the reasons, the ``error`` message it
is sent, its process group killed, its resources limited, the tails of its stderr and info."""

from __future__ import annotations

import json
import random
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tricktable import load_game
from tricktable.core import State
from tricktable.engine import EngineError, SubprocessBot, TimeControl
from tricktable.engine.client import Limits
from tricktable.sim.arena import play_planned

from . import FAULTY, left_running, logged_pids

QUICK = TimeControl(move_ms=300, startup_ms=5000, quit_ms=1000)
"""Short deadlines keep the faults quick."""


def first_decision() -> State:
    state = load_game("euchre").new_match(random.Random(1))
    state.deal_random(random.Random(1))
    return state


def failure(mode: str, log: Path | None = None, **limits: Any) -> EngineError:
    """The ``EngineError`` of an engine in ``mode`` at its first decision."""
    state = first_decision()
    seat = state.current_player
    command = f"{FAULTY} {mode} 0" + ("" if log is None else f" {log}")
    bot = SubprocessBot(state.game, seat, command, QUICK, limits=Limits(**limits))
    with pytest.raises(EngineError) as caught:
        bot.choose(state.view(seat), random.Random(0))
    assert bot._process is None
    return caught.value


@pytest.mark.parametrize(
    ("mode", "says"),
    [
        ("nulloptions", "answered hello with options null; 'options' must be a list of objects"),
        ("numberoptions", "answered hello with options 3; 'options' must be a list of objects"),
        ("wrongtype", "answered decide with 'ok', not 'action'"),
        ("flood", "wrote a line longer than 1024 KiB (line_kb) before answering decide"),
    ],
)
def test_a_malformed_answer_is_a_forfeit_with_its_reason(mode: str, says: str) -> None:
    assert says in failure(mode).reason


def test_reasons_count_seats_for_people_and_give_the_protocol_seat() -> None:
    seat = first_decision().current_player
    assert f" at seat {seat + 1} (protocol seat {seat}) " in failure("illegal").reason


@pytest.mark.parametrize(
    ("mode", "says"),
    [
        ("illegal", "chose the illegal action 'play 2Z'"),
        ("wrongtype", "answered decide with 'ok', not 'action'"),
        ("garbage", "broke the protocol: not a JSON line: 'play AS'"),
    ],
)
def test_the_engine_is_sent_the_error_before_it_is_stopped(
    mode: str, says: str, tmp_path: Path
) -> None:
    log = tmp_path / "received.log"
    reason = failure(mode, log).reason
    received = [json.loads(line) for line in log.read_text().splitlines() if line[:1] == "{"]
    assert received[-1] == {"type": "error", "message": reason}
    assert says in received[-1]["message"]


def test_a_crash_takes_the_processes_it_started_with_it(tmp_path: Path) -> None:
    log = tmp_path / "received.log"
    reason = failure("grandchild", log).reason
    assert "exited before answering decide (exit status 3): crashed, leaving a child" in reason
    pids = logged_pids(log)
    assert len(pids) == 2  # the engine and the process it started
    assert left_running(pids) == []


def test_cpu_time_is_limited() -> None:
    state = first_decision()
    seat = state.current_player
    control = TimeControl(move_ms=60_000, startup_ms=5000, quit_ms=500)
    bot = SubprocessBot(state.game, seat, f"{FAULTY} spin 0", control, limits=Limits(cpu_s=1))
    with pytest.raises(EngineError) as caught:
        bot.choose(state.view(seat), random.Random(0))
    assert "exited before answering decide (killed by SIGXCPU: it used its 1 s of CPU time" in (
        caught.value.reason
    )


def test_memory_is_limited() -> None:
    reason = failure("hog", memory_mb=256).reason
    assert "exited before answering decide (exit status 1): MemoryError" in reason


def test_limits_are_set_in_the_bot_name() -> None:
    from tricktable.bots import make_bot

    bot = make_bot(
        "cmd(cpu_s=5,memory_mb=none,line_kb=64,quit_ms=50):x", load_game("euchre"), trusted=True
    )
    assert isinstance(bot, SubprocessBot)
    assert bot.limits == Limits(cpu_s=5, memory_mb=None, line_kb=64)
    assert bot.time_control.quit_ms == 50


def test_stderr_and_info_tails_go_with_the_forfeit_and_the_match(tmp_path: Path) -> None:
    game = load_game("euchre")
    entries = ["random", f"cmd(move_ms=300,quit_ms=300):{FAULTY} hang 2"]
    outcome, _ = play_planned(game, entries, 0, 7, [0, 1, 0, 1], want_record=True)
    assert outcome.forfeit is not None
    seat, reason = outcome.forfeit
    assert "no answer to decide within 400 ms" in reason
    log = outcome.engine_logs[seat]
    assert log["stderr"] == ["stuck in a loop"]
    assert log["info"][-1] == '{"type": "info", "text": "thinking about decision 1"}'
    partner = (seat + 2) % 4
    assert outcome.engine_logs[partner]["info"]  # the partner engine's notes are kept too


def test_an_engines_fault_never_stops_the_tournament(tmp_path: Path) -> None:
    """The faults of issue 38, each an engine of one tournament: ``options: null`` in its
    ``ready``, a crash that leaves a process it started, a line of 50 MB, silence. Each
    forfeits with its reason, the tournament ends, and no process is left behind."""
    modes = ["nulloptions", "grandchild", "flood", "hang"]
    logs = {mode: tmp_path / f"{mode}.log" for mode in modes}
    engines = {
        mode: f"cmd(move_ms=300,quit_ms=300):{FAULTY} {mode} 0 {logs[mode]}" for mode in modes
    }
    args = ["tournament", "two_handed_euchre", "--rules", "target=1", "--games", "1"]
    args += ["--format", "gauntlet", "--bots", ",".join(["random", *engines.values()])]
    db = tmp_path / "faults.db"
    result = subprocess.run(
        [sys.executable, "-m", "tricktable", *args, "--db", str(db), "--json"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["played"] == data["planned"] == 8
    assert data["ratings"][0]["score"] == 8  # random wins every match by forfeit
    reasons = {mode: [f for f in data["forfeits"] if f["bot"] == engines[mode]] for mode in modes}
    assert all(len(found) == 2 for found in reasons.values()), data["forfeits"]
    says = {
        "nulloptions": "answered hello with options null; 'options' must be a list",
        "grandchild": "exited before answering decide (exit status 3): crashed, leaving a child",
        "flood": "wrote a line longer than 1024 KiB (line_kb) before answering decide",
        "hang": "no answer to decide within 400 ms",
    }
    for mode, forfeits in reasons.items():
        for forfeit in forfeits:
            assert says[mode] in forfeit["reason"]
            seat = forfeit["seat"]
            assert f"at seat {seat + 1} (protocol seat {seat}) " in forfeit["reason"]
    assert reasons["hang"][0]["stderr"] == ["stuck in a loop"]
    hang = data["entries"].index(engines["hang"])
    with sqlite3.connect(db) as connection:
        rows = connection.execute("SELECT outcome FROM matches WHERE second = ?", (hang,))
        kept = [json.loads(row[0])["forfeit"] for row in rows]
    assert len(kept) == 2 and all(forfeit["stderr"] == ["stuck in a loop"] for forfeit in kept)
    pids = [pid for log in logs.values() for pid in logged_pids(log)]
    assert len(pids) == 2 * 4 + 2  # one engine per match, and the two grandchildren
    assert left_running(pids) == []


def test_limits_are_set_without_code_run_between_fork_and_exec(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``preexec_fn`` is unsafe in a threaded host (the web server): the limits are set by
    the new process itself, which then becomes the engine (same process, same group)."""
    spawned: list[dict[str, Any]] = []
    real_popen = subprocess.Popen

    def spy(*args: Any, **kwargs: Any) -> Any:
        spawned.append(kwargs)
        return real_popen(*args, **kwargs)

    monkeypatch.setattr(subprocess, "Popen", spy)
    state = first_decision()
    seat = state.current_player
    command = f"{sys.executable} -m tricktable engine --bot random"
    with SubprocessBot(
        state.game, seat, command, QUICK, limits=Limits(cpu_s=7, memory_mb=300)
    ) as bot:
        bot.start(seat)
        process = bot._process
        assert process is not None
        limits = Path(f"/proc/{process.pid}/limits").read_text()
        cmdline = Path(f"/proc/{process.pid}/cmdline").read_bytes().split(b"\0")
    assert spawned and all(kwargs.get("preexec_fn") is None for kwargs in spawned)
    assert spawned[0]["process_group"] == 0
    assert b"tricktable" in cmdline and b"engine" in cmdline  # the engine itself, not a shim
    cpu = next(line for line in limits.splitlines() if line.startswith("Max cpu time"))
    data = next(line for line in limits.splitlines() if line.startswith("Max data size"))
    assert cpu.split()[3:5] == ["7", "8"]
    assert data.split()[3:5] == [str(300 * 1024 * 1024)] * 2


def test_a_missing_program_is_reported_before_anything_starts() -> None:
    state = first_decision()
    seat = state.current_player
    bot = SubprocessBot(state.game, seat, "no-such-engine-program --x", QUICK)
    with pytest.raises(
        EngineError, match="cannot start 'no-such-engine-program --x': No such file"
    ):
        bot.start(seat)
