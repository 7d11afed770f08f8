"""The house rules of docs/architecture.md, checked on the sources: one place per game, and
imports that point one way."""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest

from tricktable.games import CHECKED_NAMES

SOURCES = Path(__file__).resolve().parents[1] / "src" / "tricktable"
GAMES = SOURCES / "games"


def imported_modules(path: Path, *, top_level: bool = False) -> set[str]:
    """Every module a source file imports (absolute names), lazily or not; with
    ``top_level`` only those it imports when it is imported (not inside a function)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in tree.body if top_level else ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def within(module: str, packages: tuple[str, ...]) -> bool:
    """Whether ``module`` is one of ``packages`` or inside one of them."""
    return any(module == package or module.startswith(f"{package}.") for package in packages)


def test_no_game_is_named_outside_its_own_package() -> None:
    quoted = re.compile(r"[\"'](" + "|".join(CHECKED_NAMES) + r")[\"']")
    found = []
    for path in SOURCES.rglob("*.py"):
        if GAMES in path.parents:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if quoted.search(line):
                found.append(f"{path.relative_to(SOURCES)}:{number}: {line.strip()}")
    assert not found, "game names outside tricktable/games/:\n" + "\n".join(found)


def test_the_search_layer_has_no_game_mode() -> None:
    """The solver and the rest of ``search/`` name no game in their code (names, not
    docstrings): a game's valuation of a deal lives in its package (``search.valuation``)."""
    common = {"all", "plain", "two", "three", "handed", "bid"}
    words = {word for name in CHECKED_NAMES for word in name.split("_")} - common
    found = []
    paths = sorted((SOURCES / "search").rglob("*.py"))
    assert any(path.name == "solver.py" for path in paths)
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Name):
                name = node.id
            elif isinstance(node, ast.Attribute):
                name = node.attr
            elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                name = node.name
            else:
                continue
            if name.startswith("MODE_") or any(word in name.lower() for word in words):
                found.append(f"{path.relative_to(SOURCES)}:{node.lineno}: {name}")
    assert not found, "game modes in tricktable/search/:\n" + "\n".join(sorted(set(found)))


CORE = (
    "tricktable.cards",
    "tricktable.actions",
    "tricktable.tricks",
    "tricktable.json_fields",
    "tricktable.public_facts",
    "tricktable.core_deal",
    "tricktable.core_summary",
    "tricktable.core_views",
    "tricktable.core_play",
    "tricktable.core_undo",
    "tricktable.core",
)
EVENTS = ("tricktable.events", "tricktable.presentation.events")
"""The deal events and their words: below the core, whose ``DealSummary.to_json`` writes the
records' sentences."""
RULES_CORE = (*CORE, "tricktable.rules", "tricktable.errors", *EVENTS)


@pytest.mark.parametrize(
    "name",
    [
        "cards",
        "actions",
        "tricks",
        "json_fields",
        "public_facts",
        "core_deal",
        "core_summary",
        "core_views",
        "core_play",
        "core_undo",
        "core",
        "rules",
        "errors",
        "events",
        "presentation/events",
    ],
)
def test_the_core_imports_only_the_core(name: str) -> None:
    modules = imported_modules(SOURCES / f"{name}.py")
    outside = {m for m in modules if m.startswith("tricktable.") and not within(m, RULES_CORE)}
    assert not outside, outside
    # mypy_extensions only when the compiled build is made (core.py falls back without it)
    assert set(third_party(modules)) <= {"mypy_extensions", "mypy_extensions.mypyc_attr"}


def test_the_words_of_events_need_only_the_cards_and_the_events() -> None:
    """``presentation.events`` stays below the core; the package's ``__init__`` imports
    nothing, so that importing it does not load the hand layouts (which import the core)."""
    modules = imported_modules(SOURCES / "presentation" / "events.py")
    assert {m for m in modules if m.startswith("tricktable.")} <= {
        "tricktable.cards",
        "tricktable.cards.Card",
        "tricktable.cards.card_name",
        "tricktable.events",
        "tricktable.events.Event",
        "tricktable.events.EventKind",
    }
    assert not imported_modules(SOURCES / "presentation" / "__init__.py")


def engine_modules() -> list[Path]:
    return sorted(GAMES.glob("*/engine.py"))


@pytest.mark.parametrize("path", engine_modules(), ids=lambda p: p.parent.name)
def test_an_engine_imports_only_the_rules_core(path: Path) -> None:
    own = f"tricktable.games.{path.parent.name}"
    families = tuple(f"tricktable.games.{path.name}" for path in GAMES.glob("*_family"))
    allowed = (*RULES_CORE, *families, own)
    modules = imported_modules(path)
    outside = {m for m in modules if m.startswith("tricktable.") and not within(m, allowed)}
    assert not outside, f"{path.parent.name}'s engine imports {sorted(outside)}"
    assert not third_party(modules), f"{path.parent.name}'s engine imports {third_party(modules)}"


def third_party(modules: set[str]) -> list[str]:
    """The modules neither of tricktable nor of the standard library."""
    return sorted(
        m for m in modules if m.split(".")[0] not in (*sys.stdlib_module_names, "tricktable")
    )


@pytest.mark.parametrize("name", CHECKED_NAMES)
def test_a_game_package_imports_no_other_game(name: str) -> None:
    others = tuple(f"tricktable.games.{other}" for other in CHECKED_NAMES if other != name)
    for path in (GAMES / name).glob("*.py"):
        borrowed = {m for m in imported_modules(path) if within(m, others)}
        assert not borrowed, f"{path.relative_to(SOURCES)} imports {sorted(borrowed)}"


def verb_declarations(path: Path) -> list[int]:
    """The lines of ``path`` that declare a verb (an ``actions.Verb(...)`` call)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name | ast.Attribute)
        and (node.func.id if isinstance(node.func, ast.Name) else node.func.attr) == "Verb"
    ]


def test_a_game_declares_its_verbs_in_its_own_package() -> None:
    """Outside ``games/`` only ``actions`` declares verbs, and only those several game packages
    use (``CoreKind``); a game's verbs are declared in its package's ``verbs`` module."""
    outside = [
        f"{path.relative_to(SOURCES)}:{line}"
        for path in SOURCES.rglob("*.py")
        if GAMES not in path.parents and path != SOURCES / "actions.py"
        for line in verb_declarations(path)
    ]
    assert not outside, f"verbs declared outside a game's package: {outside}"
    elsewhere = [
        f"{path.relative_to(SOURCES)}:{line}"
        for path in GAMES.rglob("*.py")
        if path.name != "verbs.py"
        for line in verb_declarations(path)
    ]
    assert not elsewhere, f"game verbs declared outside a verbs module: {elsewhere}"
    from tricktable.actions import CoreKind

    for name in (name for name in vars(CoreKind) if name.isupper()):
        users = {
            path.parent.name
            for path in GAMES.glob("*/*.py")
            if f"CoreKind.{name}" in path.read_text(encoding="utf-8")
        }
        assert len(users) >= 2, f"the core's {name} is used by {sorted(users)} alone"
