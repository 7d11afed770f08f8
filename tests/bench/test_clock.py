"""bench/engine.py and bench/bots.py timed by the process's CPU time (``--clock cpu``): a tiny
run of each gives every figure, says its clock, and leaves the default on the wall clock."""

from __future__ import annotations

import importlib.util
import json
import sys
import time
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"


def load(monkeypatch: pytest.MonkeyPatch, name: str) -> ModuleType:
    """The script as a module. ``--python`` in the arguments keeps engine.py from putting a
    compiled build on the path: the tests measure the tricktable they import."""
    monkeypatch.setattr(sys, "argv", [f"{name}.py", "--python"])
    spec = importlib.util.spec_from_file_location(f"bench_{name}", BENCH / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, module)
    spec.loader.exec_module(module)
    return module


def test_engine_by_cpu_time_gives_every_figure(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    engine = load(monkeypatch, "engine")
    assert engine.CLOCK[0] is time.perf_counter
    argv = ["--python", "--clock", "cpu", "--seconds", "0.02", "--rounds", "1", "--json"]
    assert engine.main(argv) == 0
    assert engine.CLOCK[0] is time.process_time
    result = json.loads(capsys.readouterr().out)
    assert result["clock"] == "cpu"
    assert set(result) == {
        "build",
        "clock",
        "euchre",
        "oh_hell",
        "all_fours",
        "romanian_whist",
        "euchre_north_american_hands_per_s",
        "state_bytes_mid_play",
    }
    assert set(result["euchre"]) == set(result["oh_hell"]) == {"tricktable", "openspiel", "ratio"}
    assert result["euchre"]["tricktable"] > 0 and result["oh_hell"]["tricktable"] > 0
    assert set(result["all_fours"]) == {"deals_per_s_2_players", "deals_per_s_4_players"}
    assert all(value > 0 for value in result["all_fours"].values())
    assert result["romanian_whist"]["deals_per_s_4_players"] > 0
    assert result["euchre_north_american_hands_per_s"] > 0
    assert result["state_bytes_mid_play"] > 0


def test_engine_table_names_its_clock(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    engine = load(monkeypatch, "engine")
    assert engine.main(["--python", "--seconds", "0.02", "--rounds", "1"]) == 0
    assert engine.CLOCK[0] is time.perf_counter
    assert "clock: wall" in capsys.readouterr().out


def test_solver_figures_by_cpu_time(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    bots = load(monkeypatch, "bots")
    monkeypatch.setattr(bots, "EUCHRE_POSITIONS", 3)
    monkeypatch.setattr(bots, "WHIST_POSITIONS", 1)
    bots.main(["--solver-only", "--clock", "cpu", "--json"])
    assert bots.CLOCK[0] is time.process_time
    result = json.loads(capsys.readouterr().out)
    assert set(result) == {
        "solver_compiled",
        "clock",
        "euchre_solves_per_s",
        "euchre_solves",
        "whist_8x4_solves_per_s",
        "whist_8x4_solves",
    }
    assert result["clock"] == "cpu"
    assert (result["euchre_solves"], result["whist_8x4_solves"]) == (3, 1)
    assert result["euchre_solves_per_s"] > 0 and result["whist_8x4_solves_per_s"] > 0
    bots.report(result)
    assert "clock: cpu" in capsys.readouterr().out
