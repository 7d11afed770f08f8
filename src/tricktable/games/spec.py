"""The game spec: everything the rest of tricktable needs to know about one game, in one object.

Each game's package (``tricktable.games.<name>``) defines ``SPEC``, a ``GameSpec``; the
registry (``tricktable.games``) is built from those, and no other layer switches on a game's
name. The parts that live in heavier modules (the engine, the heuristic bot, the search
adapter, the evaluators of bids) are named as ``Part("module:attribute")`` and imported when
first used, so that loading the registry imports no bot and imports keep pointing one way.

>>> spec = GameSpec(
...     name="toy", title="Toy", engine=Part("tricktable.games.euchre.engine:Euchre"),
...     heuristic=None, search=None, decisions=None, card_places=None, value_unit="tricks")
>>> spec.check()
Traceback (most recent call last):
...
tricktable.games.spec.SpecError: game 'toy' is incomplete: no heuristic (its heuristic bot), \
no search (its search adapter), no card_places (where each card of a deal lies)
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass, field
from typing import Any

from tricktable.errors import TricktableError


class SpecError(TricktableError):
    """A game spec is incomplete or names a part that does not exist."""


class Part:
    """A part of a game named as ``"module:attribute"``, imported when first used.

    >>> Part("tricktable.cards:parse_card").load()("AS") >= 0
    True
    >>> Part("tricktable.cards:nothing_here").load()
    Traceback (most recent call last):
    ...
    tricktable.games.spec.SpecError: module 'tricktable.cards' has no 'nothing_here'
    """

    __slots__ = ("_loaded", "_value", "attribute", "module")

    def __init__(self, ref: str) -> None:
        module, sep, attribute = ref.partition(":")
        if not sep or not module or not attribute:
            raise SpecError(f"a part is named as 'module:attribute', not {ref!r}")
        self.module = module
        self.attribute = attribute
        self._loaded = False
        self._value: Any = None

    def load(self) -> Any:
        """The attribute itself (imported on the first call)."""
        if not self._loaded:
            module = importlib.import_module(self.module)
            if not hasattr(module, self.attribute):
                raise SpecError(f"module {self.module!r} has no {self.attribute!r}")
            self._value = getattr(module, self.attribute)
            self._loaded = True
        return self._value

    def exists(self) -> bool:
        """Whether the module can be found (without importing it)."""
        try:
            return importlib.util.find_spec(self.module) is not None
        except ModuleNotFoundError:
            return False

    def __repr__(self) -> str:
        return f"Part({self.module}:{self.attribute})"


@dataclass(frozen=True, slots=True)
class Levels:
    """How many worlds the search levels sample per decision in a game."""

    hard: int = 20
    expert: int = 50


REQUIRED_PARTS: dict[str, str] = {
    "engine": "its Game class",
    "heuristic": "its heuristic bot",
    "search": "its search adapter",
    "card_places": "where each card of a deal lies",
}
"""The parts every game must name, with what each is (for the error message)."""


@dataclass(frozen=True)
class GameSpec:
    """One game, as every other layer of tricktable needs to know it."""

    name: str
    """The game's name as records and rule strings spell it."""
    title: str
    """The game's name for people."""
    engine: Part | None
    """The ``Game`` class (``tricktable.core.Game``): rules, presets and the engine."""
    heuristic: Part | None
    """The heuristic bot's class, called as ``factory(game, seat)`` (level ``medium``)."""
    search: Part | None
    """The ``SearchAdapter`` instance (``tricktable.search.adapter``): the play's public facts,
    the solver's position and values, and what resampling must know."""
    decisions: Part | None
    """The evaluator of decisions outside card play by sampled worlds,
    ``evaluate(game, view, rng, worlds) -> dict[str, float] | None`` (``None`` where it does
    not apply), or ``None``: the heuristic takes every decision outside card play."""
    card_places: Part | None
    """``places(state) -> [(label, mask), ...]``: where every card of the deal lies now (the
    card-conservation check of ``tricktable.testing``)."""
    value_unit: str
    """What a hint's values count: ``points``, ``tricks`` or ``score``."""
    levels: Levels = field(default_factory=Levels)
    """Worlds per decision at ``hard`` and ``expert``."""
    solve_limit: int | None = None
    """Cards in play above which a full solve is too slow for a decision (the heuristic plays
    before); ``None``: always solved."""
    bowers: bool = False
    """Whether the jacks of the trump's colour rank as trumps (the euchre family): hands are
    shown with them among the trumps."""
    openspiel: Part | None = None
    """The ``Translation`` of an OpenSpiel game this game plays (``interop.openspiel``), or
    ``None``."""
    egn: Part | None = None
    """The ``Translation`` of Euchre Game Notation's games into this game's records
    (``interop.egn``), or ``None``; one game at most names one."""
    observation: Part | None = None
    """``encoder(game) -> Encoder`` (``games.encoding``): the game's observation vectors,
    action space and mask for the research interfaces (``tricktable.rl``), or ``None``."""

    def missing(self) -> list[str]:
        """The required parts this spec does not name."""
        return [name for name in REQUIRED_PARTS if getattr(self, name) is None]

    def check(self) -> None:
        """Raise ``SpecError`` naming every missing part, or a named module that does not
        exist (without importing anything)."""
        problems = [f"no {name} ({REQUIRED_PARTS[name]})" for name in self.missing()]
        for name in (*REQUIRED_PARTS, "decisions", "openspiel", "egn", "observation"):
            part = getattr(self, name)
            if part is not None and not part.exists():
                problems.append(f"{name} names a missing module {part.module!r}")
        if self.value_unit not in ("points", "tricks", "score"):
            problems.append(f"value_unit {self.value_unit!r} is not points, tricks or score")
        if problems:
            raise SpecError(f"game {self.name!r} is incomplete: " + ", ".join(problems))

    def part(self, name: str) -> Any:
        """A required part, loaded (``SpecError`` when the spec lacks it)."""
        part = getattr(self, name)
        if part is None:
            raise SpecError(f"game {self.name!r} has no {name} ({REQUIRED_PARTS[name]})")
        return part.load()
