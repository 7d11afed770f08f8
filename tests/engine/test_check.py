"""``tricktable engine-check``: a checklist that passes a good engine and names each fault."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from . import FAULTY, OURS

GAMES = ["--game", "euchre", "--game", "pitch(preset=auction)"]
QUICK = "cmd(move_ms=300,quit_ms=300)"


def engine_check(*args: str) -> tuple[int, dict[str, Any], str]:
    """The exit status, the JSON report and the stderr of ``tricktable engine-check``."""
    positions = [] if "--positions" in args else ["--positions", "8"]
    result = subprocess.run(
        [sys.executable, "-m", "tricktable", "engine-check", *args, *positions],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    report = json.loads(result.stdout) if result.stdout.startswith("{") else {}
    return result.returncode, report, result.stderr


def marks(report: dict[str, Any]) -> dict[tuple[str, str | None], bool | None]:
    return {(check["check"], check["game"]): check["passed"] for check in report["checks"]}


def test_a_good_engine_passes_every_check() -> None:
    status, report, _ = engine_check(f"cmd:{OURS} --bot medium", *GAMES, "--json")
    assert status == 0 and report["passed"] is True
    assert marks(report) == {
        ("handshake", None): True,
        **{
            (check, game): True
            for game in ("euchre(preset=north_american)", "pitch(preset=auction)")
            for check in ("plays", "legal answers", "time")
        },
        ("clean exit", None): True,
    }
    details = {check["check"]: check["detail"] for check in report["checks"]}
    assert "ready in" in details["handshake"] and "as 'medium'" in details["handshake"]
    assert details["legal answers"] == "8 legal answers from as many positions"
    assert details["clean exit"].startswith("all ") and "exit status 0" in details["clean exit"]


def test_the_checklist_for_people() -> None:
    args = ["engine-check", f"cmd:{OURS} --bot random", "--game", "euchre", "--positions", "3"]
    result = subprocess.run(
        [sys.executable, "-m", "tricktable", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == f"engine-check cmd:{OURS} --bot random"
    assert lines[1].startswith("  [ok]   handshake: ready in ")
    assert "  [ok]   euchre(preset=north_american): legal answers: 3 legal answers" in lines[3]
    assert lines[-1] == "5 of 5 checks passed"


@pytest.mark.parametrize(
    ("engine", "check", "says"),
    [
        ("crash 2", "legal answers", "exited before answering decide (exit status 3)"),
        ("illegal 1", "legal answers", "chose the illegal action 'play 2Z'"),
        ("hang 1", "time", "no answer to decide within 400 ms"),
        ("old", "handshake", "speaks protocol 0; tricktable speaks 1"),
        ("nulloptions", "handshake", "'options' must be a list"),
        ("stubborn", "clean exit", "did not leave cleanly after quit"),
    ],
)
def test_each_fault_fails_its_check(engine: str, check: str, says: str) -> None:
    status, report, _ = engine_check(f"{QUICK}:{FAULTY} {engine}", "--game", "euchre", "--json")
    assert status == 1 and report["passed"] is False
    failed = [c for c in report["checks"] if c["passed"] is False]
    assert [c["check"] for c in failed] == [check], failed
    assert says in failed[0]["detail"]


def test_a_declined_game_is_noted_not_failed() -> None:
    status, report, _ = engine_check(f"{QUICK}:{FAULTY} refuse", "--game", "euchre", "--json")
    declined = [c for c in report["checks"] if c["passed"] is None]
    assert [c["detail"] for c in declined] == ["declines it: I only play chess"]
    # declining every game checked is a failure of its own
    assert status == 1
    assert [c["detail"] for c in report["checks"] if c["passed"] is False] == [
        "plays none of the games checked"
    ]


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["medium"], "engine-check checks an engine, cmd:COMMAND, not 'medium'"),
        (["cmd:x", "--game", "whist"], "unknown game 'whist'"),
        (["cmd:x", "--positions", "0"], "--positions must be an integer >= 1"),
    ],
)
def test_bad_arguments_say_what_is_allowed(args: list[str], says: str) -> None:
    status, _, stderr = engine_check(*args)
    assert status == 2 and says in stderr
