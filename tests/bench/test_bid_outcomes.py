"""bench/bid_outcomes.py: a tiny run of Oh Hell deals bid by ``hard`` and played out by
``hard`` and by ``medium``, its report and the training examples it writes."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tricktable.sim.selfplay import read_examples

BENCH = Path(__file__).resolve().parents[2] / "bench"


@pytest.fixture
def bench(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    monkeypatch.syspath_prepend(str(BENCH))
    spec = importlib.util.spec_from_file_location("bid_outcomes", BENCH / "bid_outcomes.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, module)
    spec.loader.exec_module(module)
    return module


def run(bench: ModuleType, monkeypatch: pytest.MonkeyPatch, *argv: str) -> None:
    monkeypatch.setattr(sys, "argv", ["bid_outcomes.py", *argv])
    bench.main()


def without_times(path: Path) -> list[dict[str, Any]]:
    deals = [json.loads(line) for line in path.read_text().splitlines()]
    return [
        {key: value for key, value in deal.items() if not key.startswith("cpu")} for deal in deals
    ]


def test_deals_are_played_both_ways_from_the_same_bids_and_reported(
    bench: ModuleType,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    out, again = tmp_path / "deals.jsonl", tmp_path / "again.jsonl"
    tiny = ["--deals", "3", "--size", "2", "--seed", "3", "--explore", "0.5"]
    run(bench, monkeypatch, *tiny, "--out", str(out))
    run(bench, monkeypatch, *tiny, "--out", str(again))
    deals = without_times(out)
    assert deals == without_times(again) and len(deals) == 3
    for deal in deals:
        seats = deal["seats"]
        assert isinstance(seats, list) and [seat["seat"] for seat in seats] == [0, 1, 2, 3]
        for play in ("hard", "medium"):
            assert sum(seat[f"tricks_{play}"] for seat in seats) == 2
        assert all(seat["action"] == f"bid {seat['aim']}" and seat["most"] == 2 for seat in seats)
    explored = [seat["explored"] for deal in deals for seat in deal["seats"]]
    assert True in explored and False in explored

    examples = tmp_path / "examples.jsonl.gz"
    run(bench, monkeypatch, "--report", str(out), "--examples", str(examples))
    printed = capsys.readouterr().out
    assert "12 examples written" in printed and "\nall | 12 | " in printed
    rows = read_examples(examples)
    assert [row.tricks for row in rows] == [
        seat["tricks_hard"] for deal in deals for seat in deal["seats"]
    ]
    assert {row.match for row in rows} == {0, 1, 2} and {row.most for row in rows} == {2}
