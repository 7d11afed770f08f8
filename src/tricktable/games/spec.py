"""The game spec: everything the rest of tricktable needs to know about one game, in one object.

Each game's package (``tricktable.games.<name>``) defines ``SPEC``, a ``GameSpec``; the
registry (``tricktable.games``) is built from those, and no other layer switches on a game's
name. The parts that live in heavier modules (the engine, the heuristic bot, the search
adapter, the evaluators of bids) are named as ``Part("module:attribute")`` and imported when
first used, so that loading the registry imports no bot and imports keep pointing one way.

A game's package finds its parts by convention (``game_spec``): each part is a module of
the package with a known attribute (``CONVENTION``), and the spec declares only what differs.

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
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from tricktable.cards import SUIT_NAMES, Card, card_name
from tricktable.core import SeatView
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


@dataclass(frozen=True, slots=True)
class Guided:
    """A guided first match of a game's own, besides its family's (``Learn.more``): Pitch
    in the All Fours family, Oh Hell (a preset of Romanian whist) among the whists.

    >>> Guided("oh_hell", "Oh Hell", "oh_hell", 4, (("hand_size", 7),)).rules()
    {'preset': 'oh_hell', 'hand_size': 7}
    """

    name: str
    """Its name in the web table's addresses (``/api/learn/<name>``); no family's page's."""
    title: str
    """The match as its button names it (``Pitch``)."""
    preset: str
    players: int
    options: tuple[tuple[str, Any], ...] = ()
    """Rule options beyond the preset's (``hand_size`` for Oh Hell's single deal)."""

    def rules(self) -> dict[str, Any]:
        """The match's rules as a table is created with them."""
        return {"preset": self.preset, **dict(self.options)}


@dataclass(frozen=True, slots=True)
class Learn:
    """Where a newcomer learns a game (the web table's "Learn to play"): its family's how-to
    page and, on the one game of the family that hosts it, the guided first match.

    >>> Learn("euchre", "Euchre", guided=("north_american", 4)).guided
    ('north_american', 4)
    """

    page: str
    """The family's how-to page (``web/pages/learn/<page>.html``), named by every game it
    describes."""
    family: str
    """The family as the page heads it."""
    guided: tuple[str, int] | None = None
    """The preset and number of players of the family's guided first match, on the game
    that hosts it; ``None`` on the family's other games."""
    more: tuple[Guided, ...] = ()
    """The game's guided first matches of its own (``Guided``), linked from the page too."""


class Wording(Protocol):
    """How an interface names what a game's questions mention (``Prompts``)."""

    def seat(self, seat: int, verb: str = "") -> str:
        """A seat's name, with ``verb`` agreeing with it ("You pick", "North picks")."""
        ...

    def card(self, card: Card) -> str:
        """A card as the person reads it (``10♥``)."""
        ...

    def suit(self, suit: int) -> str:
        """A suit's name (``hearts``)."""
        ...


class PlainWording:
    """``Wording`` without an interface's dressing: ``seat 2 picks``, ``AH``, ``hearts``
    (for doctests, tests and plain logs).

    >>> from tricktable.cards import parse_card
    >>> words = PlainWording()
    >>> words.seat(2, "picks"), words.card(parse_card("AH")), words.suit(1)
    ('seat 2 picks', 'AH', 'hearts')
    """

    def seat(self, seat: int, verb: str = "") -> str:
        return f"seat {seat} {verb}".strip()

    def card(self, card: Card) -> str:
        return card_name(card)

    def suit(self, suit: int) -> str:
        return SUIT_NAMES[suit]


@dataclass(frozen=True, slots=True)
class Prompts:
    """What a person is told at a decision of the game (the terminal game asks with it)."""

    answers: str
    """How to answer in this game: lines of ``what  e.g. examples``, shown by ``help``."""
    question: Callable[[SeatView, Wording], str | None]
    """The question at the view's decision, in plain words ("Stand or beg?"), or ``None``
    where the game has none for that phase."""


@dataclass(frozen=True, slots=True)
class Perft:
    """A perft count recorded for the shared suite: where the position is, as
    ``tricktable.testing.describe`` says it, and the number of action sequences from it."""

    where: str
    count: int


@dataclass(frozen=True, slots=True)
class Conformance:
    """What the shared suites check of one game beyond its contract, kept in the game's
    package (``testdata.py``: ``TESTDATA``), so that adding a game edits no shared test.

    The perft counts are recorded once by ``python -m tricktable.testing perft GAME`` (on one
    state, by ``push`` and ``pop``) and checked by ``tests/games/test_perft.py`` in two more
    ways (a clone per branch, every position rebuilt from its record).
    """

    opening: Perft
    """The perft of the first decision of the first deal whose seat to act holds at least
    five cards, ``tricktable.testing.OPENING_DEPTH`` decisions deep."""
    late: Perft
    """The perft of the start of a trick once each seat to act holds three cards, to the end
    of the deal."""
    facts_reference: Callable[[Any, int], dict[str, Any]]
    """``reference(state, seat)``: the JSON of the seat's public facts, written from the
    state's own fields, not from the facts class (``tests/games/test_facts.py``)."""
    goldens: tuple[int, int]
    """At least this many golden records that replay and that must fail
    (``tests/golden/<name>/``, written by ``tests/golden/build_<name>.py``)."""
    facts_cases: tuple[str, ...] = ()
    """Rule strings besides the default whose facts are checked too (the presets that show
    other facts)."""
    may_not_end: Mapping[int, str] = field(default_factory=dict)
    """Player counts at which a whole match of random play need not end, with why (its
    contract is still checked)."""


REQUIRED_PARTS: dict[str, str] = {
    "engine": "its Game class",
    "heuristic": "its heuristic bot",
    "search": "its search adapter",
    "card_places": "where each card of a deal lies",
}
"""The parts every game must name, with what each is (for the error message)."""


CONVENTION: dict[str, str] = {
    "engine": "engine:GAME_CLASS",
    "heuristic": "heuristic:HEURISTIC_BOT",
    "search": "search:SEARCH",
    "decisions": "bidding:evaluate",
    "card_places": "checks:card_places",
    "openspiel": "openspiel:TRANSLATION",
    "egn": "egn:TRANSLATION",
    "prompts": "prompts:PROMPTS",
    "observation": "observation:encoder",
    "learned": "learned:LEARNED",
    "testdata": "testdata:TESTDATA",
    "verbs": "verbs:VERBS",
}
"""Where ``game_spec`` looks for each part: ``module:attribute`` within the game's package."""


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
    prompts: Part | None = None
    """The game's ``Prompts`` (the terminal game's questions and help), or ``None``: the
    decisions are listed without a question."""
    observation: Part | None = None
    """``encoder(game) -> Encoder`` (``games.encoding``): the game's observation vectors,
    action space and mask for the research interfaces (``tricktable.rl``), or ``None``."""
    preset_notes: Mapping[str, str] = field(default_factory=dict)
    """What a preset is, in words, where the options it sets do not say it (a preset that
    picks another form of the game); ``tricktable rules`` shows it beside the preset."""
    learned: Part | None = None
    """The game's ``LearnedDecisions`` (``tricktable.learn.part``): the decisions a model
    trained on self-play values (features of the seat's view, the shipped weights), or
    ``None``."""
    learn: Learn | None = None
    """Where a newcomer learns the game (``Learn``), or ``None``: no how-to page describes it."""
    testdata: Part | None = None
    """The game's ``Conformance``: its perft counts, facts reference and golden minimums, which
    the shared suites read (required of a registered game by ``tests/games/test_spec.py``)."""
    verbs: Part | None = None
    """The verbs of the game's actions beyond the core's play, discard, pass and bid: a tuple
    of ``actions.Verb`` (the registry registers them), or ``None``: the core's are enough."""

    def missing(self) -> list[str]:
        """The required parts this spec does not name."""
        return [name for name in REQUIRED_PARTS if getattr(self, name) is None]

    def check(self) -> None:
        """Raise ``SpecError`` naming every missing part, or a named module that does not
        exist (without importing anything)."""
        problems = [f"no {name} ({REQUIRED_PARTS[name]})" for name in self.missing()]
        optional = (
            "decisions",
            "openspiel",
            "egn",
            "prompts",
            "observation",
            "learned",
            "testdata",
            "verbs",
        )
        for name in (*REQUIRED_PARTS, *optional):
            part = getattr(self, name)
            if part is not None and not part.exists():
                problems.append(f"{name} names a missing module {part.module!r}")
        if self.value_unit not in ("points", "tricks", "score"):
            problems.append(f"value_unit {self.value_unit!r} is not points, tricks or score")
        if problems:
            raise SpecError(f"game {self.name!r} is incomplete: " + ", ".join(problems))

    def part(self, name: str) -> Any:
        """A part, loaded (``SpecError`` when the spec lacks it)."""
        part = getattr(self, name)
        if part is None:
            what = REQUIRED_PARTS.get(name) or CONVENTION[name].replace(":", ".py: ")
            raise SpecError(f"game {self.name!r} has no {name} ({what})")
        return part.load()


def game_spec(
    package: str,
    *,
    title: str,
    value_unit: str,
    shared: str | None = None,
    levels: Levels | None = None,
    solve_limit: int | None = None,
    bowers: bool = False,
    preset_notes: Mapping[str, str] | None = None,
    learn: Learn | None = None,
    **declared: Part | None,
) -> GameSpec:
    """The spec of the game whose package is ``package`` (its ``__init__`` passes
    ``__name__``), each part found by ``CONVENTION``.

    A part whose module the package lacks is looked for in the ``shared`` package (what a
    family of games shares), else the spec lacks it and ``check`` names it. ``declared``
    parts are taken as given (``None``: the game has none). Nothing is imported here.

    >>> spec = game_spec("tricktable.games.euchre", title="Euchre", value_unit="points")
    >>> spec.name, spec.engine, spec.decisions
    ('euchre', Part(tricktable.games.euchre.engine:GAME_CLASS), \
Part(tricktable.games.euchre.bidding:evaluate))
    >>> game_spec("tricktable.games.nowhere", title="None", value_unit="points").check()
    Traceback (most recent call last):
    ...
    tricktable.games.spec.SpecError: game 'nowhere' is incomplete: no engine (its Game class), \
no heuristic (its heuristic bot), no search (its search adapter), no card_places (where each \
card of a deal lies)
    """
    unknown = sorted(set(declared) - set(CONVENTION))
    if unknown:
        raise SpecError(
            f"{package}: no part called {', '.join(unknown)}; parts: {', '.join(CONVENTION)}"
        )
    parts: dict[str, Part | None] = {}
    for name, where in CONVENTION.items():
        if name in declared:
            parts[name] = declared[name]
            continue
        places = (package,) if shared is None else (package, shared)
        found = (Part(f"{place}.{where}") for place in places)
        parts[name] = next((part for part in found if part.exists()), None)
    return GameSpec(
        name=package.rpartition(".")[2],
        title=title,
        value_unit=value_unit,
        levels=levels or Levels(),
        solve_limit=solve_limit,
        bowers=bowers,
        preset_notes=dict(preset_notes or {}),
        learn=learn,
        **parts,
    )
