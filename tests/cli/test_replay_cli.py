"""``tricktable replay``: text, --json, --jsonl and errors (RECORDS.md)."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from tricktable import load_game
from tricktable.record import record_of

from . import one_line, tricktable


def _match_record(seed: int, stop_after: int | None = None) -> dict[str, Any]:
    """A record of random play; ``stop_after`` decisions cuts it mid-match."""
    rng = random.Random(seed)
    game = load_game("euchre(target=4)")
    state = game.new_match(rng)
    decisions = 0
    while not state.is_terminal() and (stop_after is None or decisions < stop_after):
        if state.is_chance():
            state.deal_random(rng)
        else:
            state.apply_text(rng.choice(state.legal_texts()))
            decisions += 1
    return record_of(state, names=["Ann", "Bob", "Cid", "Dee"], seed=seed)


@pytest.fixture()
def finished(tmp_path: Path) -> Path:
    path = tmp_path / "finished.json"
    path.write_text(json.dumps(_match_record(1)))
    return path


def _write(tmp_path: Path, name: str, record: Any) -> Path:
    path = tmp_path / name
    path.write_text(record if isinstance(record, str) else json.dumps(record))
    return path


def test_text(finished: Path) -> None:
    result = tricktable(["replay", str(finished)])
    assert result.returncode == 0, result.stderr
    assert "Score sheet" in result.stdout and "Result:" in result.stdout
    assert "Ann" in result.stdout


def test_json(finished: Path) -> None:
    result = tricktable(["replay", "--json", str(finished)])
    assert result.returncode == 0, result.stderr
    data = json.loads(one_line(result.stdout))
    assert data["finished"] is True and data["winner"] in (0, 1)
    assert data["sides"] == [[0, 2], [1, 3]]
    assert len(data["deals"]) == len(json.loads(finished.read_text())["deals"])


def test_json_partial(tmp_path: Path) -> None:
    path = _write(tmp_path, "partial.json", _match_record(2, stop_after=3))
    data = json.loads(tricktable(["replay", "--json", str(path)]).stdout)
    assert data["finished"] is False
    assert data["deals"][-1]["complete"] is False
    assert data["to_act"] in range(4) and data["legal"]


def test_jsonl_mixed(tmp_path: Path) -> None:
    good = [_match_record(3), _match_record(4, stop_after=10)]
    illegal = copy.deepcopy(good[0])
    illegal["deals"][0]["actions"][0] = "call S alone"
    lines = [json.dumps(good[0]), "{not json", json.dumps(good[1]), json.dumps(illegal)]
    path = _write(tmp_path, "many.jsonl", "\n".join(lines) + "\n")
    result = tricktable(["replay", "--jsonl", str(path)])
    assert result.returncode == 2
    out = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(out) == 4
    for index in (0, 1):
        single = tricktable(
            ["replay", "--json", str(_write(tmp_path, f"g{index}.json", good[index]))]
        )
        assert out[2 * index] == json.loads(single.stdout)
    assert set(out[1]) == {"error"} and "not valid JSON" in out[1]["error"]
    assert set(out[3]) == {"error"} and "deal 0, action 0" in out[3]["error"]
    from_stdin = tricktable(["replay", "--jsonl", "-"], "\n".join(lines) + "\n")
    assert from_stdin.stdout == result.stdout and from_stdin.returncode == 2


def _error(tmp_path: Path, record: Any) -> str:
    path = _write(tmp_path, "bad.json", record)
    for args in (["replay", str(path)], ["replay", "--json", str(path)]):
        result = tricktable(args)
        assert result.returncode == 2
        assert result.stdout == ""
        line = one_line(result.stderr)
    return line


def test_illegal_action(tmp_path: Path) -> None:
    record = _match_record(5)
    record["deals"][0]["actions"][1] = "call S"  # round 1 allows only pass / order
    line = _error(tmp_path, record)
    assert "deal 0, action 1 'call S'" in line
    assert "legal actions: order, order alone, pass" in line


def test_illegal_card(tmp_path: Path) -> None:
    record = _match_record(6)
    deal = record["deals"][0]
    first_play = next(i for i, a in enumerate(deal["actions"]) if a.startswith("play"))
    deal["actions"][first_play] = "play 2C"
    line = _error(tmp_path, record)
    assert f"deal 0, action {first_play} 'play 2C'" in line and "legal actions: play" in line


def test_unknown_option(tmp_path: Path) -> None:
    record = _match_record(7)
    record["rules"] = {"preset": "north_american", "colour": "blue"}
    assert "unknown option 'colour'" in _error(tmp_path, record)


def test_duplicate_card(tmp_path: Path) -> None:
    record = _match_record(8)
    hands = record["deals"][0]["hands"]
    hands[1][0] = hands[0][0]
    assert "appears twice" in _error(tmp_path, record)


def test_wrong_hand_size(tmp_path: Path) -> None:
    record = _match_record(9)
    record["deals"][0]["hands"][2].pop()
    line = _error(tmp_path, record)
    assert "deal 0" in line and "holds 4 cards, expected 5" in line


def test_malformed(tmp_path: Path) -> None:
    assert "not valid JSON" in _error(tmp_path, '{"game": "euchre",')
    assert "lacks field" in _error(tmp_path, {"game": "euchre"})


def test_missing_file(tmp_path: Path) -> None:
    result = tricktable(["replay", str(tmp_path / "nowhere.json")])
    assert result.returncode == 2 and "cannot read" in one_line(result.stderr)


def test_replay_names_seats_by_name_and_sides_by_their_members(tmp_path: Path) -> None:
    record = _match_record(1)
    record["names"] = ["Ann", "bot:pimc", "Cid", "bot:heuristic"]
    path = tmp_path / "named.json"
    path.write_text(json.dumps(record))
    result = tricktable(["replay", str(path)])
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Seats: Ann, West (PIMC bot), Cid, East (Medium bot)" in out
    assert "bot:" not in out and "side 0" not in out and "side 1" not in out
    assert "Ann & Cid" in out and "West & East" in out
    winner = json.loads(tricktable(["replay", str(path), "--json"]).stdout)["winner"]
    assert f"Result: {['Ann & Cid', 'West & East'][winner]} win" in out
