"""bench/decision_times.py: the decisions it times, and a clear error (not an endless search)
for phases no decision is in."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tricktable.games import load_game

BENCH = Path(__file__).resolve().parents[2] / "bench"


@pytest.fixture
def bench(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """The script as a module (``bench`` on the path for its ``phases`` import)."""
    monkeypatch.syspath_prepend(str(BENCH))
    spec = importlib.util.spec_from_file_location("decision_times", BENCH / "decision_times.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, module)
    spec.loader.exec_module(module)
    return module


def test_views_are_decisions_with_a_choice_in_the_phases_asked_for(bench: ModuleType) -> None:
    views = bench.decision_views(load_game("euchre"), 4, 2, ("bid1",))
    assert len(views) == 4
    assert all(view.phase == "bid1" and len(view.legal) > 1 for view in views)


def test_a_phase_never_met_gets_a_clear_error(bench: ModuleType) -> None:
    with pytest.raises(ValueError, match="no decision in the phases discard in 20 matches"):
        bench.decision_views(load_game("euchre"), 4, 2, ("discard",))
