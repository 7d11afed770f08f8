"""The SDKs' example bots as tricktable meets them: ``engine-check`` passes them over every
game, and they play whole matches in ``sim`` and ``tournament`` without a forfeit."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tricktable import load_game
from tricktable.games import GAME_NAMES
from tricktable.sim import simulate

from . import JS_EXAMPLE, NO_NODE, NODE, PYTHON_EXAMPLE

NEEDS_NODE = pytest.mark.skipif(NODE is None, reason=NO_NODE)
EXAMPLES = [
    pytest.param(PYTHON_EXAMPLE, id="python"),
    pytest.param(JS_EXAMPLE, id="js", marks=NEEDS_NODE),
]


def tricktable(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tricktable", *args],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )


@pytest.mark.parametrize("example", EXAMPLES)
def test_engine_check_passes_the_example_over_every_game(example: str) -> None:
    result = tricktable("engine-check", f"cmd:{example}", "--positions", "12", "--json")
    report = json.loads(result.stdout)
    assert result.returncode == 0 and report["passed"] is True, result.stdout
    plays = {
        check["game"]: check["passed"] for check in report["checks"] if check["check"] == "plays"
    }
    assert [game.split("(")[0] for game in plays] == list(GAME_NAMES)
    assert set(plays.values()) == {True}  # every game played, none declined
    assert "as 'highest', options: lowest" in report["checks"][0]["detail"]


@pytest.mark.parametrize("example", EXAMPLES)
def test_engine_check_sets_the_examples_option(example: str) -> None:
    name = f"cmd(lowest=true,move_ms=2000):{example}"
    result = tricktable("engine-check", name, "--game", "pitch", "--positions", "6", "--json")
    assert result.returncode == 0, result.stdout
    assert json.loads(result.stdout)["passed"] is True


@pytest.mark.parametrize(
    ("rules", "bots"),
    [
        ("euchre(preset=north_american,target=3)", ["medium", "js", "python", "medium"]),
        ("pitch(preset=auction,target=4)", ["js", "easy", "python", "random"]),
        (
            "romanian_whist(preset=romanian_whist,schedule=single,hand_size=5)",
            ["python", "js", "medium"],
        ),
    ],
)
def test_the_examples_play_whole_matches_in_sim(rules: str, bots: list[str]) -> None:
    if NODE is None and "js" in bots:
        pytest.skip(NO_NODE)
    commands = {"js": f"cmd:{JS_EXAMPLE}", "python": f"cmd:{PYTHON_EXAMPLE}"}
    names = [commands.get(bot, bot) for bot in bots]
    game = load_game(rules, players=len(bots))
    result = simulate(game, names, 1, seed=5)
    assert result.matches == 1 and result.forfeits == []
    again = simulate(game, names, 1, seed=5)  # the seeded generators: the same match again
    assert again.to_json() == result.to_json()


def test_the_examples_play_a_tournament(tmp_path: Path) -> None:
    js = [] if NODE is None else [f"cmd:{JS_EXAMPLE}"]  # without node: the Python one alone
    bots = ",".join(["easy", *js, f"cmd:{PYTHON_EXAMPLE}"])
    args = ["euchre", "--rules", "target=3", "--bots", bots, "--games", "1", "--seed", "2"]
    result = tricktable("tournament", *args, "--db", str(tmp_path / "t.db"), "--json")
    assert result.returncode == 0, result.stderr
    report: dict[str, Any] = json.loads(result.stdout)
    assert report["forfeits"] == []
    entries = bots.split(",")
    pairings = len(entries) * (len(entries) - 1) // 2
    assert report["played"] == report["planned"] == 2 * pairings
    assert report["entries"] == entries
    assert {rating["matches"] for rating in report["ratings"]} == {2 * (len(entries) - 1)}
