"""bench/bid_decisions.py: a tiny run (positions, tables, choices, the JSON written and read
back) and the clear errors on a ``--tables`` file that does not fit the run."""

from __future__ import annotations

import importlib.util
import json
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tricktable.games import load_game

BENCH = Path(__file__).resolve().parents[2] / "bench"
TINY = ["--game", "euchre", "--positions", "3", "--continue", "medium", "--seed", "2"]


@pytest.fixture
def bench(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """The script as a module (``bench`` on the path for its ``paired`` import)."""
    monkeypatch.syspath_prepend(str(BENCH))
    spec = importlib.util.spec_from_file_location("bid_decisions", BENCH / "bid_decisions.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, module)
    spec.loader.exec_module(module)
    return module


def test_positions_are_decisions_before_the_play(bench: ModuleType) -> None:
    game = load_game("all_fours")
    positions = bench.make_positions(game, 6, 3)
    assert len(positions) == 6
    for position in positions:
        view = position.state.view(position.seat)
        assert position.state.current_player == position.seat
        assert view.phase == position.phase != "play"
        assert len(position.legal) > 1 and position.legal == view.legal
    only = bench.make_positions(game, 4, 3, phases=("stand_beg",))
    assert {position.phase for position in only} == {"stand_beg"}


def test_a_phase_never_met_gets_a_clear_error_not_an_endless_search(
    bench: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        bench.main([*TINY, "--phases", "discard"])
    error = capsys.readouterr().err
    assert "no decision in the phases discard in 20 matches" in error
    assert "bid1, bid2, dealer_discard" in error


def test_a_thrown_in_deal_is_worth_nothing_to_either_side(bench: ModuleType) -> None:
    game = load_game("euchre")
    state = game.new_match(random.Random(3))
    state.deal_random(random.Random(4))
    while not state.is_chance():
        state.apply_text("pass")
    assert state.summaries()[0].thrown_in
    assert bench.deal_value(game, state, 0, 0) == bench.deal_value(game, state, 0, 1) == 0.0


def test_a_tiny_run_writes_tables_it_reads_back(
    bench: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    written = tmp_path / "tables.json"
    bench.main([*TINY, "--bots", "medium,random", "--json", str(written)])
    first = capsys.readouterr().out
    assert "best in hindsight" in first and "against medium" in first
    data = json.loads(written.read_text())
    assert len(data["positions"]) == 3
    for row, position in zip(data["positions"], bench.POSITIONS, strict=True):
        assert sorted(row["table"]) == sorted(position.legal)
        assert row["choices"]["medium"] in position.legal
    assert bench.value_table(1) == data["positions"][1]["table"]  # seeded: made again the same
    again = tmp_path / "again.json"
    bench.main([*TINY, "--bots", "medium", "--tables", str(written), "--json", str(again)])
    assert "tables read from" in capsys.readouterr().out
    rows = json.loads(again.read_text())["positions"]
    assert [row["table"] for row in rows] == [row["table"] for row in data["positions"]]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("not json", "not JSON"),
        ('{"positions": []}', "not a file written by --json"),
        ('{"format": "bid_decisions 1", "setup": 3}', "made for another run"),
    ],
)
def test_a_malformed_tables_file_gets_a_clear_error(
    bench: ModuleType,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    content: str,
    message: str,
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(content)
    with pytest.raises(SystemExit):
        bench.main([*TINY, "--tables", str(bad)])
    assert message in capsys.readouterr().err


def test_tables_of_another_run_or_other_actions_are_refused(
    bench: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    written = tmp_path / "tables.json"
    bench.main([*TINY, "--bots", "medium", "--json", str(written)])
    capsys.readouterr()
    with pytest.raises(SystemExit):
        bench.main([*TINY, "--seed", "3", "--tables", str(written)])
    assert "seed 2 there, 3 here" in capsys.readouterr().err
    data = json.loads(written.read_text())
    table = data["positions"][0]["table"]
    table.pop(next(iter(table)))
    written.write_text(json.dumps(data))
    with pytest.raises(SystemExit):
        bench.main([*TINY, "--tables", str(written)])
    assert "position 0: the table must value exactly the legal actions" in capsys.readouterr().err


def test_where_scores_count_down_a_deal_lowering_a_side_is_worth_more(bench: ModuleType) -> None:
    game = load_game("setback_euchre")
    state = game.new_match(random.Random(3))
    bots = [bench.make_bot("medium", game, seat) for seat in range(game.players)]
    rng = random.Random(5)
    while not state.summaries() or state.summaries()[-1].points == [0] * game.players:
        if state.is_chance():
            state.deal_random(rng)
        else:
            state.apply_text(
                bots[state.current_player].choose(state.view(state.current_player), rng)
            )
    deal = len(state.summaries()) - 1
    points = state.summaries()[deal].points
    lowest = points.index(min(points))
    assert bench.deal_value(game, state, deal, lowest) > 0
