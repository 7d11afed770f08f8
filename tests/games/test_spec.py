"""The game specs: every game names every part, and an incomplete spec fails when it loads."""

from __future__ import annotations

import random
import re
import sys
import types
from collections.abc import Iterator
from pathlib import Path

import pytest

from tricktable.bots.base import Bot
from tricktable.core import Game
from tricktable.errors import RuleError
from tricktable.games import CHECKED_NAMES, GAME_NAMES, all_specs, load_game, load_spec, spec_of
from tricktable.games.euchre.engine import Euchre
from tricktable.games.spec import (
    CONVENTION,
    REQUIRED_PARTS,
    Conformance,
    GameSpec,
    Part,
    PlainWording,
    Prompts,
    SpecError,
    game_spec,
)
from tricktable.search.adapter import SearchAdapter


@pytest.fixture
def fake_package() -> Iterator[types.ModuleType]:
    """A game package made on the fly (removed afterwards)."""
    module = types.ModuleType("tricktable_test_fake_game")
    sys.modules[module.__name__] = module
    yield module
    del sys.modules[module.__name__]


def complete_spec(**changes: object) -> GameSpec:
    parts: dict[str, object] = {
        "name": "fake",
        "title": "Fake",
        "engine": Part("tricktable.games.euchre.engine:Euchre"),
        "heuristic": Part("tricktable.games.euchre.heuristic:EuchreHeuristic"),
        "search": Part("tricktable.games.euchre.search:SEARCH"),
        "decisions": None,
        "card_places": Part("tricktable.games.euchre_family.checks:card_places"),
        "value_unit": "tricks",
    }
    parts.update(changes)
    return GameSpec(**parts)  # type: ignore[arg-type]


@pytest.mark.parametrize("missing", sorted(REQUIRED_PARTS))
def test_an_incomplete_spec_fails_when_the_registry_loads_it(
    fake_package: types.ModuleType, missing: str
) -> None:
    fake_package.SPEC = complete_spec(**{missing: None})  # type: ignore[attr-defined]
    with pytest.raises(SpecError, match=f"game 'fake' is incomplete: no {missing} "):
        load_spec(fake_package.__name__)


def test_a_complete_spec_loads(fake_package: types.ModuleType) -> None:
    fake_package.SPEC = complete_spec()  # type: ignore[attr-defined]
    assert load_spec(fake_package.__name__).name == "fake"


def test_a_part_in_a_missing_module_is_named(fake_package: types.ModuleType) -> None:
    fake_package.SPEC = complete_spec(  # type: ignore[attr-defined]
        heuristic=Part("tricktable.games.nowhere:Bot")
    )
    message = "heuristic names a missing module 'tricktable.games.nowhere'"
    with pytest.raises(SpecError, match=re.escape(message)):
        load_spec(fake_package.__name__)


def test_a_package_without_a_spec_is_refused(fake_package: types.ModuleType) -> None:
    with pytest.raises(SpecError, match="defines no SPEC"):
        load_spec(fake_package.__name__)


def test_a_missing_part_is_named_when_asked_for() -> None:
    spec = complete_spec(heuristic=None)
    with pytest.raises(SpecError, match="game 'fake' has no heuristic"):
        spec.part("heuristic")


def test_a_malformed_part_name_is_refused() -> None:
    with pytest.raises(SpecError, match="'module:attribute'"):
        Part("tricktable.games.euchre.heuristic")


@pytest.mark.parametrize("name", CHECKED_NAMES)
def test_every_game_names_every_part_and_each_loads(name: str) -> None:
    spec = spec_of(name)
    assert spec.name == name
    assert spec.missing() == []
    engine = spec.part("engine")
    assert issubclass(engine, Game) and engine.name == name
    assert isinstance(spec.part("search"), SearchAdapter)
    assert callable(spec.part("card_places"))
    game = load_game(name)
    assert isinstance(spec.part("heuristic")(game, 0), Bot)
    if spec.decisions is not None:
        assert callable(spec.decisions.load())
    assert 1 <= spec.levels.hard <= spec.levels.expert
    assert set(spec.preset_notes) <= set(game.presets), "a preset note names no preset"
    assert isinstance(spec.part("testdata"), Conformance), "the shared suites read it"


def test_a_game_without_testdata_is_told_where_to_write_it() -> None:
    with pytest.raises(SpecError, match=r"game 'fake' has no testdata \(testdata.py: TESTDATA\)"):
        complete_spec().part("testdata")


def test_the_registry_lists_every_spec_once() -> None:
    assert [spec.name for spec in all_specs()] == list(GAME_NAMES)
    assert len(set(GAME_NAMES)) == len(GAME_NAMES)


def conventional_package(root: Path, name: str, modules: dict[str, str]) -> str:
    """A game package on disk whose spec finds its parts by convention."""
    package = root / name
    package.mkdir()
    spec_line = f"SPEC = game_spec(__name__, title={name!r}, value_unit='tricks')\n"
    (package / "__init__.py").write_text(
        "from tricktable.games.spec import game_spec\n" + spec_line
    )
    for module, text in modules.items():
        (package / f"{module}.py").write_text(text)
    return name


EUCHRE_PARTS = {
    "engine": "from tricktable.games.euchre.engine import Euchre as GAME_CLASS\n",
    "heuristic": "from tricktable.games.euchre.heuristic import EuchreHeuristic as HEURISTIC_BOT\n",
    "search": "from tricktable.games.euchre.search import SEARCH\n",
    "checks": "from tricktable.games.euchre_family.checks import card_places\n",
}
"""The modules a game package needs, borrowed from euchre."""


@pytest.mark.parametrize(
    ("module", "part"), [(CONVENTION[part].partition(":")[0], part) for part in REQUIRED_PARTS]
)
def test_a_package_lacking_a_conventional_module_fails_naming_the_part(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, module: str, part: str
) -> None:
    monkeypatch.syspath_prepend(str(tmp_path))
    modules = {name: text for name, text in EUCHRE_PARTS.items() if name != module}
    package = conventional_package(tmp_path, f"tricktable_test_without_{module}", modules)
    try:
        with pytest.raises(SpecError, match=f"incomplete: no {part} \\({REQUIRED_PARTS[part]}\\)$"):
            load_spec(package)
    finally:
        sys.modules.pop(package, None)


def test_a_package_with_every_conventional_module_loads_its_parts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.syspath_prepend(str(tmp_path))
    package = conventional_package(tmp_path, "tricktable_test_complete", EUCHRE_PARTS)
    try:
        spec = load_spec(package)
        assert spec.name == package and spec.decisions is None and spec.openspiel is None
        assert spec.part("engine") is Euchre
    finally:
        for name in [name for name in sys.modules if name.startswith(package)]:
            del sys.modules[name]


def test_a_spec_refuses_a_part_it_does_not_know() -> None:
    with pytest.raises(SpecError, match="no part called bidding; parts: engine, heuristic"):
        game_spec("tricktable.games.euchre", title="E", value_unit="points", bidding=None)


@pytest.mark.parametrize("name", CHECKED_NAMES)
def test_every_decision_outside_the_play_has_a_question_in_words(name: str) -> None:
    """The terminal game asks each game's own questions (never "Decision: stand beg.")."""
    spec = spec_of(name)
    assert spec.prompts is not None, f"{name} names no prompts"
    prompts: Prompts = spec.prompts.load()
    assert "e.g." in prompts.answers
    game_class = type(load_game(name))
    for preset in load_game(name).presets:
        try:
            game = game_class.from_spec(f"{name}(preset={preset})")
        except RuleError:  # a preset that needs an option of its own (Oh Hell's hand size)
            continue
        for seed in range(4):
            rng = random.Random(seed)
            state = game.new_match(rng)
            for _ in range(400):
                if state.is_terminal():
                    break
                if state.is_chance():
                    state.deal_random(rng)
                    continue
                view = state.view(state.current_player)
                if view.phase != "play":
                    question = prompts.question(view, PlainWording())
                    assert question, (name, preset, view.phase)
                    assert question[-1] in "?." and "_" not in question, question
                state.apply_text(rng.choice(view.legal))
