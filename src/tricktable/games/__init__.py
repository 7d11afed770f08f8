"""The games, found by name: ``load_game("euchre(preset=british)")``.

Each game is one package of ``tricktable.games`` whose ``SPEC`` (a ``GameSpec``,
``tricktable.games.spec``) names everything the other layers need to know about it; the
registry below is built from those specs, and ``GAME_NAMES`` is the one list of names.

>>> load_game("euchre", {"preset": "cornish"}).rules.joker_upcard
'blind_call'
>>> spec_of("all_fours").title
'All Fours / Seven Up'
>>> load_game("whist")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
tricktable.errors.RuleError: unknown game 'whist'; games: euchre, all_fours, romanian_whist, ...
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from tricktable.actions import Verb, add_vocabulary_loader, register_verbs
from tricktable.core import Game
from tricktable.errors import RuleError, TricktableError
from tricktable.games.spec import GameSpec, SpecError
from tricktable.rules import parse_rule_string

GAME_NAMES: tuple[str, ...] = (
    "euchre",
    "all_fours",
    "romanian_whist",
    "two_handed_euchre",
    "three_handed_euchre",
    "bid_euchre",
    "setback_euchre",
    "pitch",
)
"""Every game, by the name of its package (``tricktable.games.<name>``)."""

GAMES = GAME_NAMES
"""Every game name (the name ``tricktable.GAMES`` is exported under)."""

TEMPLATES: tuple[str, ...] = ("plain_whist",)
"""Games kept as models to copy (docs/architecture.md, "Adding a game"): loaded by name and
checked by every shared suite, but listed nowhere a player chooses a game (the lobby, the
command line's lists, ``tricktable rules``), which list ``GAME_NAMES``."""

CHECKED_NAMES: tuple[str, ...] = GAME_NAMES + TEMPLATES
"""Every registered game, the templates among them: what the shared suites check."""

_SPECS: dict[str, GameSpec] = {}


def load_spec(package: str) -> GameSpec:
    """The checked ``SPEC`` of a game package (``SpecError`` when incomplete)."""
    module = importlib.import_module(package)
    spec = getattr(module, "SPEC", None)
    if not isinstance(spec, GameSpec):
        raise SpecError(f"{package} defines no SPEC (a tricktable.games.spec.GameSpec)")
    spec.check()
    return spec


def spec_of(game: Game[Any] | str) -> GameSpec:
    """The spec of a game (or of a game's name)."""
    name = game if isinstance(game, str) else game.name
    spec = _SPECS.get(name)
    if spec is None:
        if name not in CHECKED_NAMES:
            raise RuleError(f"unknown game {name!r}; games: {', '.join(GAME_NAMES)}")
        spec = load_spec(f"tricktable.games.{name}")
        if spec.name != name:
            raise SpecError(f"tricktable.games.{name} names its game {spec.name!r}")
        register_verbs(spec_verbs(spec))
        _SPECS[name] = spec
    return spec


def spec_verbs(spec: GameSpec) -> tuple[Verb, ...]:
    """The verbs a game's spec declares (its package's ``verbs.VERBS``; none where the core's
    are enough), checked to be verbs.

    >>> sorted(verb.words for verb in spec_verbs(spec_of("pitch")))
    ['bid smudge']
    """
    if spec.verbs is None:
        return ()
    declared = spec.verbs.load()
    if not isinstance(declared, tuple) or not all(isinstance(v, Verb) for v in declared):
        raise SpecError(f"game {spec.name!r}: {spec.verbs} is not a tuple of actions.Verb")
    return declared


def _register_every_vocabulary() -> None:
    """Register every registered game's verbs (the grammar's loader: text can name a game's
    verb before anything has loaded that game)."""
    for name in CHECKED_NAMES:
        spec_of(name)


add_vocabulary_loader(_register_every_vocabulary)


def all_specs() -> list[GameSpec]:
    """Every game's spec, in ``GAME_NAMES`` order (each checked as it loads)."""
    return [spec_of(name) for name in GAME_NAMES]


def game_class(name: str) -> type[Game[Any]]:
    """The ``Game`` class of a game name."""
    cls: type[Game[Any]] = spec_of(name).part("engine")
    return cls


PLAYER_COUNTS = range(1, 10)
"""Seat counts tried for each game (a game's ``from_spec`` refuses those it does not allow)."""


def player_counts(name: str) -> tuple[int, ...]:
    """The seat counts game ``name`` accepts under its default rules.

    >>> player_counts("all_fours"), player_counts("euchre")
    ((2, 3, 4), (4,))
    """
    cls = game_class(name)
    counts = []
    for count in PLAYER_COUNTS:
        try:
            cls.from_spec({}, count)
        except TricktableError:
            continue
        counts.append(count)
    return tuple(counts)


def load_game(
    spec: str, rules: Mapping[str, Any] | str | None = None, players: int | None = None
) -> Game[Any]:
    """A game from a name or rule string, optionally with a rules object and player count."""
    name, options = parse_rule_string(spec) if "(" in spec else (spec.strip(), {})
    if isinstance(rules, str):
        rule_game, rule_options = parse_rule_string(rules)
        if rule_game != name:
            raise RuleError(f"rule string is for {rule_game!r}, not {name!r}")
        options = {**options, **rule_options}
    elif rules is not None:
        if not isinstance(rules, Mapping):
            raise RuleError(f"rules must be an object of option names, not {rules!r}")
        options = {**options, **rules}
    return game_class(name).from_spec(options, players)
