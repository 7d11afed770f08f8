"""``tricktable sim`` and the simulation library behind it."""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from tricktable import load_game
from tricktable.cli.sim import UsageError, matches_workers_seed
from tricktable.core import SeatView
from tricktable.sim import play_match, seats_for, simulate, wilson_interval

from . import one_line, tricktable

KEYS = {"game", "rules", "bots", "matches", "deals", "wins", "win_rate", "ci95", "points_per_deal"}
"""The fields the issue specifies; more may follow (``mean_score``)."""


def test_json_shape_and_reproducible() -> None:
    args = ["sim", "euchre", "--bots", "heuristic,random", "--games", "12", "--seed", "4", "--json"]
    first = tricktable(args)
    assert first.returncode == 0, first.stderr
    assert first.stderr == ""
    data = json.loads(one_line(first.stdout))
    assert set(data) >= KEYS
    assert len(data["mean_score"]) == len(data["bots"])
    assert data["game"] == "euchre" and data["bots"] == ["heuristic", "random"]
    assert data["matches"] == 12 and data["deals"] >= 12
    assert sum(data["wins"]) == 12
    assert all(len(data[key]) == 2 for key in ("wins", "win_rate", "ci95", "points_per_deal"))
    for rate, (low, high) in zip(data["win_rate"], data["ci95"], strict=True):
        assert 0 <= low <= rate <= high <= 1
    assert tricktable(args).stdout == first.stdout


def test_four_bots_rules_and_save(tmp_path: Path) -> None:
    save = tmp_path / "records"
    result = tricktable(
        [
            "sim",
            "euchre",
            "--bots",
            "heuristic,random,heuristic,random",
            "--games",
            "4",
            "--seed",
            "1",
            "--rules",
            "preset=british,target=3",
            "--json",
            "--save",
            str(save),
        ]
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["rules"] == "euchre(preset=british,target=3)"
    assert len(data["wins"]) == 4 and data["wins"][0] == data["wins"][2]
    files = sorted(save.glob("*.json"))
    assert len(files) == 4
    lines = "".join(path.read_text() for path in files)
    replay = tricktable(["replay", "--jsonl", "-"], lines)
    assert replay.returncode == 0, replay.stderr
    results = [json.loads(line) for line in replay.stdout.splitlines()]
    assert [r["finished"] for r in results] == [True] * 4
    record = json.loads(files[0].read_text())
    assert sorted(record["names"]) == ["bot:heuristic"] * 2 + ["bot:random"] * 2


def test_rule_forms_agree() -> None:
    forms = ["euchre(preset=british,target=11)", "preset=british,target=11"]
    outputs = [
        tricktable(["sim", "euchre", "--games", "2", "--json", "--rules", form]).stdout
        for form in forms
    ]
    assert outputs[0] == outputs[1]
    assert json.loads(outputs[0])["rules"] == "euchre(preset=british,target=11)"
    preset = tricktable(["sim", "euchre", "--games", "2", "--json", "--rules", "tournament"])
    assert json.loads(preset.stdout)["rules"] == "euchre(preset=tournament)"


def test_table() -> None:
    result = tricktable(["sim", "euchre", "--games", "3", "--seed", "2"])
    assert result.returncode == 0, result.stderr
    assert "win rate" in result.stdout and "95% CI" in result.stdout
    assert "heuristic" in result.stdout and "random" in result.stdout
    assert "count down" not in result.stdout


def test_table_says_when_lower_scores_are_better() -> None:
    bots = "heuristic,random,random,random"
    result = tricktable(["sim", "bid_euchre", "--bots", bots, "--games", "2", "--seed", "2"])
    assert result.returncode == 0, result.stderr
    assert "bid_euchre scores count down to 0: lower points/deal" in result.stdout


def test_errors() -> None:
    cases = {
        ("sim", "whist"): "games: euchre",
        ("sim", "euchre", "--rules", "nonesuch"): "presets: north_american",
        ("sim", "euchre", "--rules", "colour=blue"): "options: deck",
        ("sim", "euchre", "--rules", "target=zero"): "allowed",
        ("sim", "euchre", "--bots", "heuristic,oracle"): "bots: random, heuristic",
        ("sim", "euchre", "--bots", "random,random,random,random,random"): (
            "euchre seats 4 players: give 1 to 4 bot names, one per seat (or 2, one per side);"
            " fewer are cycled round the seats; got 5"
        ),
        ("sim", "euchre", "--games", "0"): "--games must be an integer >= 1",
        ("sim", "euchre", "--games", "many"): "--games must be an integer >= 1",
    }
    for args, message in cases.items():
        result = tricktable(args)
        assert result.returncode == 2, args
        assert message in one_line(result.stderr), result.stderr
        assert result.stdout == ""


def test_fewer_bots_than_seats_are_cycled_round_them() -> None:
    """Pitch seats four players, each for themself: the default ``--bots heuristic,random``
    fills them heuristic, random, heuristic, random, and says so."""
    result = tricktable(["sim", "pitch", "--games", "2", "--seed", "1", "--json"])
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["bots"] == ["heuristic", "random", "heuristic", "random"]
    assert sum(data["wins"]) == 2
    text = tricktable(["sim", "euchre", "--bots", "heuristic,random,easy", "--games", "2"])
    assert text.returncode == 0, text.stderr
    assert "3 --bots cycled round the 4 seats: heuristic, random, easy, heuristic" in text.stdout
    assert "partners: heuristic (1st) & easy (3rd); random (2nd) & heuristic (4th)" in text.stdout
    usage = tricktable(["sim", "--help"])
    assert "fewer than the seats are cycled round them" in " ".join(usage.stdout.split())


class FirstLegal:
    """A bot that takes the first legal action."""

    def choose(self, view: SeatView, rng: random.Random) -> str:
        return view.legal[0]


def test_matches_workers_and_seed_are_checked_in_order() -> None:
    """``sim``, ``tournament`` and ``train data`` read their counts the same way: the
    matches under the command's own flag, then ``--workers``, then ``--seed``."""
    args = argparse.Namespace(matches="3", workers="2", seed="-5")
    assert matches_workers_seed(args, "--matches") == (3, 2, -5)
    cases = {
        ("0", "x", "x"): "--matches must be an integer >= 1, not '0'",
        ("3", "0", "x"): "--workers must be an integer >= 1, not '0'",
        ("3", "2", "1.5"): "--seed must be an integer, not '1.5'",
    }
    for (matches, workers, seed), message in cases.items():
        args = argparse.Namespace(matches=matches, workers=workers, seed=seed)
        with pytest.raises(UsageError, match=message):
            matches_workers_seed(args, "--matches")


def test_library() -> None:
    game = load_game("euchre(target=3)")
    state = play_match(game, [FirstLegal()] * 4, random.Random(1))
    assert state.is_terminal()
    assert seats_for(game, 2, 0) == [0, 1, 0, 1]
    assert seats_for(game, 2, 1) == [1, 0, 1, 0]
    assert seats_for(game, 4, 1) == [3, 0, 1, 2]
    first = simulate(game, ["random", "random"], 6, seed=9)
    again = simulate(game, ["random", "random"], 6, seed=9)
    assert first.to_json() == again.to_json()
    assert sum(first.wins) + sum(first.ties) // 2 == 6
    assert wilson_interval(0, 10)[0] == 0.0
    assert wilson_interval(10, 10)[1] == 1.0
    low, high = wilson_interval(30, 100)
    assert low < 0.3 < high


def test_duplicate_plays_every_seed_in_both_seatings() -> None:
    from tricktable.sim.arena import match_plan

    game = load_game("euchre")
    plan = match_plan(game, 2, 3, seed=5, duplicate=True)
    assert len(plan) == 6
    for first, second in zip(plan[::2], plan[1::2], strict=True):
        assert first[1] == second[1]  # the same cards
        assert first[2] == [1 - owner for owner in second[2]]  # the seats swapped
    plain = match_plan(game, 2, 3, seed=5)
    assert [p[1] for p in plain] == [p[1] for p in plan[::2]]


def test_duplicate_deals_are_the_same_in_both_seatings() -> None:
    game = load_game("euchre")
    seen: list[list[object]] = []
    simulate(
        game,
        ["heuristic", "random"],
        2,
        seed=8,
        duplicate=True,
        on_match=lambda match: seen.append(
            [deal.hands for deal in match.state.deals] if match.state else []
        ),
    )
    for first, second in zip(seen[::2], seen[1::2], strict=True):
        shared = min(len(first), len(second))
        assert shared >= 1 and first[:shared] == second[:shared]


def test_workers_give_the_same_result_as_one() -> None:
    game = load_game("all_fours", players=3)
    one = simulate(game, ["heuristic", "random", "random"], 6, seed=2, duplicate=True)
    two = simulate(game, ["heuristic", "random", "random"], 6, seed=2, duplicate=True, workers=2)
    assert one.to_json() == two.to_json()
    assert one.matches == 18


def test_cli_duplicate_and_workers() -> None:
    args = ["sim", "euchre", "--bots", "heuristic,random", "--games", "3", "--duplicate"]
    one = tricktable([*args, "--json"])
    two = tricktable([*args, "--json", "--workers", "2"])
    assert one.returncode == 0, one.stderr
    data = json.loads(one_line(one.stdout))
    assert data["matches"] == 6 and data["duplicate"] is True
    assert one.stdout == two.stdout
    text = tricktable(args)
    assert "duplicate" in text.stdout
    bad = tricktable([*args, "--workers", "0"])
    assert bad.returncode == 2


def test_save_with_workers_writes_the_same_records(tmp_path: Path) -> None:
    base = ["sim", "euchre", "--bots", "heuristic,random", "--games", "2", "--duplicate"]
    for workers in ("1", "2"):
        result = tricktable([*base, "--workers", workers, "--save", str(tmp_path / workers)])
        assert result.returncode == 0, result.stderr
    one = sorted(p.name for p in (tmp_path / "1").iterdir())
    assert one == sorted(p.name for p in (tmp_path / "2").iterdir()) and len(one) == 4
    for name in one:
        assert (tmp_path / "1" / name).read_text() == (tmp_path / "2" / name).read_text()


def test_duplicate_reports_the_paired_difference() -> None:
    args = ["sim", "euchre", "--games", "3", "--seed", "2", "--rules", "target=3", "--duplicate"]
    forward = tricktable([*args, "--bots", "heuristic,random", "--json"])
    backward = tricktable([*args, "--bots", "random,heuristic", "--json"])
    assert forward.returncode == 0, forward.stderr
    paired = json.loads(forward.stdout)["paired_points_per_deal"]
    reverse = json.loads(backward.stdout)["paired_points_per_deal"]
    assert paired["seeds"] == 3 and paired["deals"] >= 3
    low, high = paired["ci95"]
    assert low <= paired["mean"] <= high
    assert reverse["mean"] == pytest.approx(-paired["mean"])
    assert reverse["deals"] == paired["deals"]
    text = tricktable([*args, "--bots", "heuristic,random"])
    assert "paired points per deal, heuristic minus random on the same deals:" in text.stdout


def test_progress_lines_off_a_terminal_and_plots(tmp_path: Path) -> None:
    args = ["sim", "euchre", "--bots", "heuristic,random", "--games", "2", "--duplicate"]
    args += ["--rules", "target=2", "--plots", str(tmp_path / "plots")]
    result = subprocess.run(
        [sys.executable, "-m", "tricktable", *args],
        capture_output=True,
        text=True,
        env={**os.environ, "TRICKTABLE_PROGRESS_SECONDS": "0"},
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    lines = result.stderr.splitlines()
    assert lines[0].startswith("sim euchre heuristic vs random duplicate: 1/4 matches (25%),")
    assert lines[3].startswith("sim euchre heuristic vs random duplicate: 4/4 matches (100%)")
    names = ["paired_difference.png", "points_per_deal.png", "win_rates.png"]
    assert sorted(p.name for p in (tmp_path / "plots").iterdir()) == names
    for name in names:
        assert (tmp_path / "plots" / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_sim_help_prints_percent_once() -> None:
    result = tricktable(["sim", "--help"])
    assert "95% Wilson interval" in " ".join(result.stdout.split()) and "%%" not in result.stdout


def test_sim_names_sides_by_their_bots_not_by_number() -> None:
    result = tricktable(["sim", "euchre", "--games", "2", "--bots", "heuristic,random"])
    assert result.returncode == 0, result.stderr
    rows = result.stdout.splitlines()
    assert any(row.startswith("heuristic ") for row in rows)
    assert any(row.startswith("random ") for row in rows)
    assert "side 1" not in result.stdout and "side 2" not in result.stdout
